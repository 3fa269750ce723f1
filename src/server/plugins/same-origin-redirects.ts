/**
 * A redirect never leaves the site (issue 53, M1). Where a redirect's target is made from the
 * request's own address (the default language's prefix dropped, the router's trailing slash, a
 * form's page), a browser reads `//host`, `/\host` or `\\host` as another site. `sitePath` turns
 * any target into a path of this site, and the hook below passes every redirect's Location
 * through it, so a route that forgets to is kept on the site all the same.
 *
 * An absolute http(s) Location is left as it is: only configuration makes one (STORAGE_PUBLIC_URL,
 * a signed bucket address; media/uploads.ts), never a request. tests/api/redirect-invariant.test.ts
 * asks every route with hostile targets.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** A base no address of this site names: only a target resolving under it is a path of the site. */
const BASE = 'http://site.invalid';

/**
 * `target` as a path of this site (`/about?page=2`): leading slashes and backslashes are one `/`,
 * what a browser drops (tabs, newlines, leading spaces) is dropped first, and a target naming
 * another origin (`https://evil.example`, `javascript:`) is the home page.
 */
export function sitePath(target: string): string {
  const text = target.replace(/[\t\n\r]/g, '');
  let start = 0;
  while (start < text.length && (text.charCodeAt(start) <= 0x20 || text[start] === '/' || text[start] === '\\')) start++;
  const collapsed = start > 0 ? `/${text.slice(start)}` : text;
  let url: URL;
  try {
    url = new URL(collapsed, `${BASE}/`);
  } catch {
    return '/';
  }
  if (url.origin !== BASE) return '/';
  // `/.//x` and `/a/..//x` resolve to a path that starts with `//` again.
  return url.pathname.replace(/^\/+/, '/') + url.search + url.hash;
}

const isAbsoluteHttp = (location: string) => /^https?:\/\//i.test(location);

export const sameOriginRedirects = fp(
  async (app: FastifyInstance) => {
    // A callback hook: every answer passes it, and only a redirect has anything to do here.
    app.addHook('onSend', function redirectsStayOnSite(_request, reply, payload, done) {
      if (reply.statusCode >= 300 && reply.statusCode < 400) {
        const location = reply.getHeader('location');
        if (typeof location === 'string' && !isAbsoluteHttp(location)) reply.header('location', sitePath(location));
      }
      done(null, payload);
    });
  },
  { name: 'same-origin-redirects' },
);
