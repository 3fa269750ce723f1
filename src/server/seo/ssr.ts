/**
 * Renders every page to HTML with the build's server bundle (`<staticDir>/.ssr/entry-server.js`,
 * made by `npm run build`; src/client/entry-server.tsx): public pages finished, so visitors and
 * crawlers get them in the first answer and the browser only hydrates them; the back-office and
 * the offline app shell as the document the browser then fills. The bundle's reads are answered
 * in-process from the services (routes/public.ts, inProcessReads), exactly as the public API would
 * answer them, without a trip through HTTP. A page that cannot be rendered is sent as the app
 * shell, for the browser to render: slower, never broken.
 *
 * A module cannot be loaded twice under one URL, and the bundle's chunks import its entry by its
 * plain URL, so a bundle replaced under a running server is not reloaded: the server says so and
 * goes on with the bundle it has until it restarts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { FormOutcome } from '../../shared/public-forms';
import type { RenderPage, RenderResult, ViteManifest } from '../../shared/ssr';
import { SERVER_PATHS } from '../../shared/address-space';
import { inProcessReads } from '../routes/public';
import { keepPublicRead, siteScope } from '../cache/public-answers';
import { defaultLocaleAddress, documentLocale } from '../../shared/locales';
import { siteLocales } from '../content/translations';
import { siteByKey } from '../plugins/tenant';

/** Pages rendered at once at most; a render is CPU work that holds the event loop. */
const RENDER_SLOTS = 2;
/** How long a page waits for a slot before it is sent unrendered (the browser draws it). */
const RENDER_WAIT_MS = 2_000;

/** A counting semaphore whose waiters give up after a while. */
export class Slots {
  private free: number;
  private readonly waiting: (() => void)[] = [];

  constructor(count: number) {
    this.free = count;
  }

  /** True when a slot was taken; false when none freed up within `timeoutMs`. */
  acquire(timeoutMs: number): Promise<boolean> {
    if (this.free > 0) {
      this.free -= 1;
      return Promise.resolve(true);
    }
    return new Promise((resolve) => {
      const take = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(take), 1);
        resolve(false);
      }, timeoutMs);
      this.waiting.push(take);
    });
  }

  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.free += 1;
  }
}

/** Where a build keeps what the server renders with; neither is served (dotfiles are not). */
export const buildFiles = (staticDir: string) => ({
  bundle: path.join(staticDir, '.ssr', 'entry-server.js'),
  manifest: path.join(staticDir, '.vite', 'manifest.json'),
});

/** A file read again when it changes on disk. */
class Watched<T> {
  private cached: { mtimeMs: number; value: T } | undefined;
  constructor(
    readonly file: string,
    private readonly read: (file: string) => T | Promise<T>,
  ) {}

  /** The file's value, or none while the file is missing. */
  async value(): Promise<T | undefined> {
    const stat = fs.statSync(this.file, { throwIfNoEntry: false });
    if (!stat) return undefined;
    if (this.cached?.mtimeMs !== stat.mtimeMs) this.cached = { mtimeMs: stat.mtimeMs, value: await this.read(this.file) };
    return this.cached.value;
  }

  get mtimeMs(): number | undefined {
    return this.cached?.mtimeMs;
  }
}

/** An in-process read as kept: its status and JSON, weighed by its length. */
interface KeptRead {
  status: number;
  text: string;
  size: number;
}

/** A render's result, with the API paths the page read (what it is made from). */
/** `locale`: the language the address is in ('' on a site written in one). */
export type RenderedPage = RenderResult & { reads?: string[]; locale?: string };

export interface PageOptions {
  /** The offline app shell rather than the page (also what a page that cannot be rendered gets). */
  shell?: boolean;
  /** A visitor's form post the page is drawn with: their words and each refusal beside its field. */
  form?: FormOutcome;
  /** A sign-in address from a browser without a staff session: the sign-in screen as an islands document. */
  signedOut?: boolean;
  /** False: reuse no kept part and keep none (RenderOptions.keepParts). */
  keepParts?: boolean;
  /** The kept page of an unknown address in each language (spa.ts): sent for this one if it is unknown too. */
  notFound?: (locale: string) => string | undefined;
}

export class PageRenderer {
  private readonly slots = new Slots(RENDER_SLOTS);
  private readonly bundle: Watched<RenderPage>;
  private readonly manifest: Watched<ViteManifest>;
  private loadedBundle: { mtimeMs: number; render: RenderPage } | undefined;
  private warnedStale = false;
  private readonly reads: ReturnType<typeof inProcessReads>;

  constructor(
    private readonly app: FastifyInstance,
    staticDir: string,
  ) {
    const files = buildFiles(staticDir);
    this.bundle = new Watched(
      files.bundle,
      async (file) => ((await import(pathToFileURL(file).href)) as { render: RenderPage }).render,
    );
    this.manifest = new Watched(files.manifest, (file) => JSON.parse(fs.readFileSync(file, 'utf8')) as ViteManifest);
    this.reads = inProcessReads(app);
  }

  /**
   * One read of a page render, kept like a public API answer: until a write changes what it was
   * made from (cache/public-answers.ts, readParts). A page made again after a write to the slides
   * reads the slides afresh and the rest (menus, the latest posts and their count, the site) as
   * kept. Kept as the JSON text, so no render can change what another one is given; what the
   * read's route does not keep (a preview's reads, the search's, refusals) is never kept here either.
   */
  private async read(apiUrl: string, appKey: string): Promise<{ status: number; text: string }> {
    const { cache } = this.app.ctx;
    const scope = siteScope(appKey);
    const key = `read ${apiUrl}`;
    const kept = cache.get<KeptRead>(scope, key);
    if (kept) return kept.value;
    // Taken before anything is read: a write that lands while this read is made makes it old.
    const began = cache.generation(scope);
    const { status, text, keep } = await this.reads(apiUrl, appKey);
    const read: KeptRead = { status, text, size: text.length };
    if (keep) await keepPublicRead(this.app, appKey, began, key, read, apiUrl);
    return read;
  }

  /** The bundle's render function, as first loaded; none without a build. */
  private async renderer(): Promise<RenderPage | undefined> {
    if (!this.loadedBundle) {
      const render = await this.bundle.value();
      if (!render) return undefined;
      this.loadedBundle = { mtimeMs: this.bundle.mtimeMs!, render };
    }
    const stat = fs.statSync(this.bundle.file, { throwIfNoEntry: false });
    if (stat && stat.mtimeMs !== this.loadedBundle.mtimeMs && !this.warnedStale) {
      this.app.log.warn('The site was rebuilt: restart the server to render pages with the new build.');
      this.warnedStale = true;
    }
    return this.loadedBundle.render;
  }

  /** True once the build is there to render with. */
  hasBuild(): boolean {
    return fs.existsSync(this.bundle.file) && fs.existsSync(this.manifest.file);
  }

  /**
   * Loads the bundle ahead of the first visitor (importing it takes a moment), then renders the
   * home page once in the background and throws it away: a process's first render runs its code
   * cold, many times slower than once V8 has compiled it, and without this the first visitor after
   * a start would wait for that. Resolves once that render is over.
   */
  async warm(): Promise<void> {
    try {
      await this.renderer();
    } catch (error) {
      this.app.log.error({ err: error }, 'the server-rendering bundle could not be loaded');
      return;
    }
    const origin = this.app.ctx.config.publicUrl ?? 'http://localhost';
    // No collection after it (gc()): docs/performance.md, "Node flags for a small host", says why.
    await this.render('/', origin).catch(() => undefined);
  }

  /**
   * The document for `url`: the page itself, or (when that fails or too many are rendering) the
   * app shell for the browser to render; none when even that cannot be made.
   */
  async render(url: string, origin: string, options: PageOptions = {}): Promise<RenderedPage | undefined> {
    if (!options.shell) {
      if (!(await this.slots.acquire(RENDER_WAIT_MS))) {
        this.app.log.warn({ url }, 'too many pages rendering at once; this one is left to the browser');
        return this.render(url, origin, { ...options, shell: true });
      }
      try {
        return await this.renderOnce(url, origin, options);
      } catch (error) {
        this.app.log.error({ err: error, url }, 'server rendering failed; the browser renders the page');
        return this.render(url, origin, { ...options, shell: true });
      } finally {
        this.slots.release();
      }
    }
    try {
      return await this.renderOnce(url, origin, options);
    } catch (error) {
      this.app.log.error({ err: error, url }, 'the app shell could not be rendered');
      return undefined;
    }
  }

  private async renderOnce(
    url: string,
    origin: string,
    { shell = false, form, signedOut, keepParts, notFound }: PageOptions,
  ): Promise<RenderedPage | undefined> {
    const [render, manifest] = await Promise.all([this.renderer(), this.manifest.value()]);
    if (!render || !manifest) return undefined;
    const { appKey } = this.app.ctx.config;
    // On a site written in several languages, the address says which one the page is in.
    const locales = siteLocales(await siteByKey(this.app.ctx, appKey));
    const { pathname, search } = new URL(url, origin);
    // The default language lives at the addresses without a prefix: `/en/about` is `/about`.
    const unprefixed = defaultLocaleAddress(locales, pathname);
    if (unprefixed !== undefined && !shell) return { redirect: `${unprefixed}${search}`, status: 301 };
    const locale = documentLocale(locales, pathname);
    const reads: string[] = [];
    const result = await render({
      url,
      origin,
      shell,
      form,
      signedOut,
      keepParts,
      notFound: shell || form ? undefined : notFound?.(locale?.locale ?? ''),
      manifest,
      config: { apiBase: SERVER_PATHS.api, appKey, locale },
      // A page reads what visitors may read, from the services, as the public API answers it.
      transport: async (apiUrl, init) => {
        if (init.method !== 'GET') throw new Error(`A page render sent ${init.method} ${apiUrl}: pages only read`);
        reads.push(apiUrl);
        return this.read(apiUrl, init.headers['app-key'] ?? appKey);
      },
    });
    return { ...result, reads, locale: locale?.locale ?? '' };
  }
}
