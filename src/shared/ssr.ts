/**
 * The contract between the server and its page-rendering bundle (src/client/entry-server.tsx,
 * loaded by src/server/seo/ssr.ts).
 */
import type { DocumentLocale } from './locales';
import type { FormOutcome } from './public-forms';

/**
 * How an API request is answered: `fetch` in the browser (the body as text); on the server, read
 * in-process (the body as the value it would have been sent as).
 */
export type ApiTransport = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string; signal?: AbortSignal },
) => Promise<{ status: number; text: string } | { status: number; body: unknown }>;

/**
 * The name of the public site's one shared chunk (scripts/vite/public-chunks.ts). The layout around
 * every public screen is gathered into it, so its styles are that chunk's, not a route chunk's.
 */
export const SITE_CHUNK = 'site';

/** One chunk of Vite's build manifest (`.vite/manifest.json`), keyed by its source file. */
export interface ViteChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
  /** Chunks it loads on demand (`import()`). */
  dynamicImports?: string[];
  /** The chunk's name: the build's own (the public site's shared chunk), or its main module's file name. */
  name?: string;
}
export type ViteManifest = Record<string, ViteChunk>;

export interface RenderOptions {
  /** Path and query of the page. */
  url: string;
  /** Scheme and host the page is served from. */
  origin: string;
  /** The offline app shell: the document with the root route only, opened by the browser at any URL. */
  shell?: boolean;
  /** A visitor's refused form post: the page shows it with their words and the refusals. */
  form?: FormOutcome;
  /**
   * A sign-in address asked for by a browser without a staff session (no staff cookie,
   * shared/stored-session.ts; the server decides, cache/public-answers.ts wantsSignInDocument): the
   * sign-in screen is sent as an islands document, not as the app.
   */
  signedOut?: boolean;
  /**
   * Whether the render may reuse and keep parts drawn from their inputs alone (islands/KeptPart.tsx):
   * yes unless told otherwise. A page holding one visitor's form post keeps none of it; the
   * kept-parts test draws every page with none reused, to compare with a render that reused them.
   */
  keepParts?: boolean;
  /**
   * The document an unknown address of this language was last drawn as (server/plugins/spa.ts):
   * sent again, not drawn, when this address is not there either. The router still loads the
   * address, so a page made since is found; only the drawing of the same "not found" is spared.
   */
  notFound?: string;
  /** The site the page shows, and the locale its address is in (shared/locales.ts). */
  config: { apiBase: string; appKey: string; locale?: DocumentLocale };
  /** Answers the API requests the page makes. */
  transport: ApiTransport;
  /** The browser build's manifest: which scripts and styles each route needs. */
  manifest: ViteManifest;
}

export type RenderResult =
  /** The finished document and the status the router chose (404 for what is not there). */
  | { html: string; status: number }
  /** The URL leads elsewhere (a redirecting route, or a non-canonical address of a page). */
  | { redirect: string; status: number };

export type RenderPage = (options: RenderOptions) => Promise<RenderResult>;
