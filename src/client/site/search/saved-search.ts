/**
 * The site's search answered in the browser, from the Pagefind index of the page's language
 * (server/content/offline-search.ts) that the service worker keeps (pwa/sw.ts): what the search
 * page shows when the server cannot be reached or is too slow (docs/offline.md). Loaded only then:
 * Pagefind's script comes from the index's own directory, never with the site's code.
 */
import { offlineIndexPath, SEARCH_PAGE_SIZE, type SearchHit, type SearchResults } from '../../../shared/site-search';

/** The part of Pagefind's browser API used here (pagefind.js, its `search` and each result's `data`). */
interface PagefindResult {
  id: string;
  data(): Promise<{ url: string; excerpt: string; meta: { title?: string } }>;
}
interface Pagefind {
  options(options: Record<string, unknown>): Promise<void>;
  search(term: string): Promise<{ results: PagefindResult[] } | null>;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'", nbsp: '\u00a0' };
const decode = (text: string) => text.replace(/&(amp|lt|gt|quot|#39|#x27|nbsp);/g, (_, name: string) => ENTITIES[name]!);

/**
 * Pagefind's excerpt (escaped text whose found words are in <mark>) as the server search gives
 * one: plain text, and where the found words are.
 */
export function excerptOf(html: string): Pick<SearchHit, 'excerpt' | 'matches'> {
  const matches: [number, number][] = [];
  let excerpt = '';
  for (const [i, part] of html.split(/<\/?mark>/).entries()) {
    const text = decode(part.replace(/<[^>]*>/g, ''));
    // Odd parts are those between <mark> and </mark>.
    if (i % 2 === 1 && text) matches.push([excerpt.length, excerpt.length + text.length]);
    excerpt += text;
  }
  return { excerpt: excerpt.replace(/\s+/g, ' '), matches };
}

const loaded = new Map<string, Promise<Pagefind>>();

/** Pagefind's script of `locale`'s index, once per page; on the main thread (a worker would load the wasm again). */
function pagefindOf(locale: string): Promise<Pagefind> {
  const path = offlineIndexPath(locale);
  let pagefind = loaded.get(path);
  if (!pagefind) {
    pagefind = (import(/* @vite-ignore */ `${path}pagefind.js`) as Promise<Pagefind>).then(async (module) => {
      await module.options({ basePath: path, noWorker: true, excerptLength: 30 });
      return module;
    });
    pagefind.catch(() => loaded.delete(path));
    loaded.set(path, pagefind);
  }
  return pagefind;
}

/** A page of what `q` finds in the saved index of `locale`, as the search page shows the server's. */
export async function searchSavedCopy(q: string, page: number, locale: string): Promise<SearchResults> {
  const pagefind = await pagefindOf(locale);
  const results = (await pagefind.search(q))?.results ?? [];
  const shown = results.slice((page - 1) * SEARCH_PAGE_SIZE, page * SEARCH_PAGE_SIZE);
  // A result whose fragment this device has not kept (a large site's, never looked at) is left out.
  const data = (await Promise.all(shown.map((result) => result.data().catch(() => undefined)))).flatMap((found, i) =>
    found
      ? [
          {
            resource: 'saved',
            id: i + (page - 1) * SEARCH_PAGE_SIZE,
            title: found.meta.title ?? found.url,
            path: found.url,
            ...excerptOf(found.excerpt),
          } satisfies SearchHit,
        ]
      : [],
  );
  return {
    data,
    current_page: page,
    last_page: Math.max(1, Math.ceil(results.length / SEARCH_PAGE_SIZE)),
    total: results.length,
    saved: true,
  };
}
