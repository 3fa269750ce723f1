/**
 * The contract between the server and its page-rendering bundle (src/client/entry-server.tsx,
 * loaded by src/server/seo/ssr.ts), and the state a rendered page carries to the browser.
 */

/** How an API request is answered: `fetch` in the browser, in-process on the server. */
export type ApiTransport = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string; signal?: AbortSignal },
) => Promise<{ status: number; text: string }>;

export interface RenderOptions {
  /** Path and query of the page. */
  url: string;
  config: { apiBase: string; appKey: string };
  /** Answers the API requests the page makes. */
  transport: ApiTransport;
  /** A DOM window (jsdom) for DOMPurify: the server has none of its own. */
  sanitizerWindow: unknown;
}

export type RenderResult =
  | { html: string; state: SsrState }
  /** The URL leads elsewhere (a redirecting route, or a non-canonical address of a page). */
  | { redirect: string; status: number }
  /** Left to the browser to render, and why. */
  | { skipped: string };

export type RenderPage = (options: RenderOptions) => Promise<RenderResult>;

/** The id of the JSON data block that carries SsrState (a data block: the CSP allows no inline script). */
export const SSR_STATE_ID = 'ssr-state';

/** The answers a server-rendered page was drawn with. */
export interface SsrState {
  /** Path and query the HTML was rendered for. */
  url: string;
  queries: { key: readonly unknown[]; data: unknown }[];
}
