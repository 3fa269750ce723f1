/**
 * Renders public pages to HTML with the build's server bundle (`<staticDir>/.ssr/entry-server.js`,
 * made by `npm run build`), so visitors and crawlers get the finished page in the first answer and
 * the browser only hydrates it. The bundle's API reads are answered in-process (inject), exactly as
 * the public API would answer them. Without a bundle, or if rendering fails, the page is sent
 * empty and the browser renders it as before: slower, never broken.
 *
 * A module cannot be loaded twice under one URL, and the bundle's chunks import its entry by its
 * plain URL, so a bundle replaced under a running server is not reloaded: pages are left to the
 * browser (whose new code would not match the old markup) until the server restarts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { JSDOM } from 'jsdom';
import { type RenderPage, type RenderResult, SSR_STATE_ID, type SsrState } from '../../shared/ssr';
import { dataBlock } from './head';

export type RenderedPage = Exclude<RenderResult, { skipped: string }>;

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

export class PageRenderer {
  private readonly slots = new Slots(RENDER_SLOTS);
  private loaded: { mtimeMs: number; render: RenderPage } | undefined;
  private warnedStale = false;
  /** Made on the first render: a server without a build never needs a DOM. */
  private sanitizerWindow: unknown;

  constructor(
    private readonly app: FastifyInstance,
    private readonly staticDir: string,
  ) {}

  get bundle(): string {
    return path.join(this.staticDir, '.ssr', 'entry-server.js');
  }

  /** The bundle's render function, or none when there is no bundle or it changed since loading. */
  private async renderer(): Promise<RenderPage | undefined> {
    const stat = fs.statSync(this.bundle, { throwIfNoEntry: false });
    if (!stat) return undefined;
    if (!this.loaded) {
      const module = (await import(pathToFileURL(this.bundle).href)) as { render: RenderPage };
      this.loaded = { mtimeMs: stat.mtimeMs, render: module.render };
    }
    if (this.loaded.mtimeMs !== stat.mtimeMs) {
      if (!this.warnedStale) this.app.log.warn('The site was rebuilt: restart the server to render pages with the new build.');
      this.warnedStale = true;
      return undefined;
    }
    return this.loaded.render;
  }

  /** Loads the bundle ahead of the first visitor (importing it takes a moment). */
  async warm(): Promise<void> {
    try {
      await this.renderer();
    } catch (error) {
      this.app.log.error({ err: error }, 'the server-rendering bundle could not be loaded; pages are rendered by the browser');
    }
  }

  async render(url: string): Promise<RenderedPage | undefined> {
    const { appKey } = this.app.ctx.config;
    if (!(await this.slots.acquire(RENDER_WAIT_MS))) {
      this.app.log.warn({ url }, 'too many pages rendering at once; this one is left to the browser');
      return undefined;
    }
    try {
      const render = await this.renderer();
      if (!render) return undefined;
      const result = await render({
        url,
        config: { apiBase: '/cms', appKey },
        sanitizerWindow: (this.sanitizerWindow ??= new JSDOM('').window),
        transport: async (apiUrl, init) => {
          const res = await this.app.inject({
            method: init.method as 'GET',
            url: apiUrl,
            headers: init.headers,
            ...(init.body === undefined ? {} : { payload: init.body }),
          });
          return { status: res.statusCode, text: res.body };
        },
      });
      if ('skipped' in result) {
        this.app.log.warn({ url, reason: result.skipped }, 'page left to the browser to render');
        return undefined;
      }
      return result;
    } catch (error) {
      this.app.log.error({ err: error, url }, 'server rendering failed; the browser renders the page');
      return undefined;
    } finally {
      this.slots.release();
    }
  }
}

/** The answers a rendered page was drawn with, as the data block the browser reads (client/ssr-state.ts). */
export function ssrStateTag(state: SsrState): string {
  return dataBlock(`id="${SSR_STATE_ID}" type="application/json"`, JSON.stringify(state));
}
