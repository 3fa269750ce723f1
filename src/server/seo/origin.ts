/** The address a page is served at, as the server keeps and renders it. */
import type { FastifyRequest } from 'fastify';
import { CAREER_PARAM, careerFromSearch } from '../../shared/career-search';
import { newsListSearch } from '../../shared/news-search';
import { outcomeFromSearch, SENT_PARAM } from '../../shared/public-forms';

/** The origin links of this request name: never one its Host header made up (public-origin.ts). */
export function siteOrigin(request: FastifyRequest): string {
  return request.server.ctx.origin.of(request);
}

/**
 * Addresses in stored HTML made absolute on `origin`: what is read away from the site (a feed
 * reader, a mail client) has no page address to resolve a site path against.
 */
export function absoluteLinks(html: string, origin: string): string {
  const absolute = (url: string) => (url.startsWith('/') && !url.startsWith('//') ? `${origin}${url}` : url);
  return html
    .replace(/\b(src|href)="([^"]*)"/g, (_, name: string, url: string) => `${name}="${absolute(url)}"`)
    .replace(/\bsrcset="([^"]*)"/g, (_, set: string) => {
      const entries = set.split(',').map((entry) => entry.trim().replace(/^\S+/, (url) => absolute(url)));
      return `srcset="${entries.join(', ')}"`;
    });
}

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The part of a page address that decides what is drawn: the path, `category` and `page` when
 * they are what the news listing reads (newsListSearch: a category's id, a page number from 2), and `sent` when it names a
 * public form (the confirmation after a plain form post, form-posts.ts), and `career` when it names
 * one opening on the career page (shared/career-search.ts). Any other query parameter
 * would only make anyone's `?x=1`, `?x=2` … a new render; a preview link is answered apart.
 */
export function meaningfulUrl(url: string): string {
  const [pathname = '/', query = ''] = url.split('?', 2);
  const search = new URLSearchParams(query);
  const { page, category } = newsListSearch(Object.fromEntries(search));
  const sent = outcomeFromSearch(query)?.form;
  const career = careerFromSearch(search);
  const kept = new URLSearchParams();
  if (career !== undefined) kept.set(CAREER_PARAM, String(career));
  if (category !== undefined) kept.set('category', String(category));
  if (page !== undefined) kept.set('page', String(page));
  if (sent) kept.set(SENT_PARAM, sent);
  return kept.size === 0 ? pathname : `${pathname}?${kept.toString()}`;
}
