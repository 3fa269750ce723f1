/** The address a page is served at, as the server keeps and renders it. */
import type { FastifyRequest } from 'fastify';
import { newsListSearch } from '../../shared/news-search';

export function siteOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The part of a page address that decides what is drawn: the path, and `page` when it is a page
 * number the listings read (newsListSearch, a whole number from 2). Any other query parameter
 * would only make anyone's `?x=1`, `?x=2` … a new render; a preview link is answered apart.
 */
export function meaningfulUrl(url: string): string {
  const [pathname = '/', query = ''] = url.split('?', 2);
  const { page } = newsListSearch(Object.fromEntries(new URLSearchParams(query)));
  return page === undefined ? pathname : `${pathname}?page=${page}`;
}
