/**
 * Every redirect the server sends stays on the site's origin (issue 53, M1 and its invariant).
 *
 * - The default language's prefix (`/en//evil.example/x`, `/en/\evil.example`) and the router's
 *   own redirects are sent to a path of this site, never to a host a browser reads out of `//` or
 *   `\`, and the redirect kept for the next visitor is the same.
 * - Every GET route of the built app (read from its router, so a route added later is tried too)
 *   is asked with hostile redirect targets in its path parameters and its query, and every page
 *   address with them under each language's prefix: any 3xx answer's Location resolves to the
 *   site's own origin.
 * SQLite and PostgreSQL; pages rendered from the app's source.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sitePath } from '../../src/server/plugins/same-origin-redirects';
import { APP_KEY, dialects, sourceBuild, startTestApp, type TestApp } from './harness';
import { routePaths, withParams } from './routes';

const SITE = 'http://127.0.0.1:3000';
/** What a redirect target may be made of to send a browser elsewhere, as path text and as a query value. */
const HOSTILE = [
  '//evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  '%2F%2Fevil.example',
  '%5Cevil.example',
  '%5C%5Cevil.example',
  '/%5Cevil.example',
  'https://evil.example',
  'https:evil.example',
  '%09/evil.example',
];
/** Query names a route might take a place to go from. */
const REDIRECT_PARAMS = ['next', 'redirect', 'url', 'to', 'return_to', 'returnTo', 'page', 'preview', 'form', 'sent'];

/** A browser's reading of a Location: a path of the site (one `/`, then neither `/` nor `\`), or the site itself. */
function staysOnSite(location: string, origins: string[]): boolean {
  try {
    return origins.includes(new URL(location, SITE).origin) && (/^\/(?![/\\])/.test(location) || /^https?:\/\//.test(location));
  } catch {
    return false;
  }
}

describe('sitePath', () => {
  it.each([
    ['//evil.example/x', '/evil.example/x'],
    ['/\\evil.example', '/evil.example'],
    ['\\\\evil.example', '/evil.example'],
    ['/\t/evil.example', '/evil.example'],
    [' //evil.example', '/evil.example'],
    ['/./\\evil.example', '/evil.example'],
    ['/a/../..//evil.example', '/evil.example'],
    ['https://evil.example/x', '/'],
    ['https:evil.example', '/'],
    ['javascript:alert(1)', '/'],
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
    ['/%5Cevil.example', '/%5Cevil.example'],
    ['/about?page=2#top', '/about?page=2#top'],
    ['/', '/'],
  ])('%j → %j', (target, path) => {
    expect(sitePath(target)).toBe(path);
    expect(staysOnSite(sitePath(target), [SITE])).toBe(true);
  });
});

describe.each(await dialects())('redirects on %s', (dialect) => {
  let t: TestApp;
  let origins: string[];
  const staticDir = sourceBuild();
  const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

  beforeAll(async () => {
    t = await startTestApp(dialect, { staticDir });
    expect((await t.admin('PUT', `/cms/api/applications/${APP_KEY}`, { locales: 'en,bn' })).statusCode).toBe(200);
    origins = [SITE, t.app.ctx.origin.configured];
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  it.each([
    ['/en//evil.example/x', '/evil.example/x'],
    ['/en/\\evil.example', '/evil.example'],
    ['/en/\\/evil.example', '/evil.example'],
    ['/en/%2F%2Fevil.example', '/%2F%2Fevil.example'],
    ['/en/%5Cevil.example', '/%5Cevil.example'],
    ['/en/%5C%5Cevil.example', '/%5C%5Cevil.example'],
    ['/en//%5Cevil.example', '/%5Cevil.example'],
    ['/en//\\evil.example', '/evil.example'],
  ])('sends %s under the default language’s prefix to a path of the site (%s), now and from the kept copy', async (url, path) => {
    for (let visit = 0; visit < 2; visit++) {
      const res = await page(url);
      expect(res.statusCode).toBe(301);
      expect(res.headers.location).toBe(path);
    }
  });

  it('keeps a redirect of the router’s own (a trailing slash, a moved page) on the site', async () => {
    for (const url of ['//evil.example/', '/\\evil.example/', '/%5Cevil.example/', '/details?page=//evil.example']) {
      const res = await page(url);
      if (res.statusCode >= 300 && res.statusCode < 400)
        expect(staysOnSite(res.headers.location as string, origins), url).toBe(true);
    }
  });

  it('sends every redirect of every GET route, whatever its parameters and query say, to the site’s own origin', async () => {
    const routes = routePaths(t.app);
    // The listing is the router's own: each path read from it is a route it answers.
    expect(routes.length).toBeGreaterThan(50);
    for (const route of routes) expect(t.app.hasRoute({ method: 'GET', url: route }), route).toBe(true);
    const escaped: string[] = [];
    const tried = async (url: string, headers: Record<string, string>) => {
      const res = await t.app.inject({ method: 'GET', url, headers });
      const location = res.headers.location;
      if (res.statusCode >= 300 && res.statusCode < 400 && !(typeof location === 'string' && staysOnSite(location, origins))) {
        escaped.push(`${url} → ${res.statusCode} ${String(location)}`);
      }
    };
    // Credentials and the site's key both ways: a route that redirects only the signed-in is asked too.
    const headers = { authorization: `Bearer ${t.token}`, app_key: APP_KEY, 'app-key': APP_KEY, accept: 'text/html' };
    const anyQuery = (value: string) => `?${REDIRECT_PARAMS.map((name) => `${name}=${encodeURIComponent(value)}`).join('&')}`;
    for (const route of routes) {
      const urls = HOSTILE.flatMap((value) => [
        ...(/[:*]/.test(route) ? [withParams(route, value), withParams(route, encodeURIComponent(value))] : []),
        `${withParams(route, '1')}${anyQuery(value)}`,
      ]);
      for (const url of urls) await tried(url, headers);
    }
    // The page catch-all is live: a page under the default language's prefix is redirected.
    expect((await page('/en/about')).headers.location).toBe('/about');
    // Every page address, under each language's prefix and none, through the page catch-all. One
    // at a time, as everywhere here: renders waiting for a slot are answered with the app shell,
    // which redirects nothing.
    for (const prefix of ['/en/', '/bn/', '/', '/en', '/bn', '/admin/']) {
      for (const value of HOSTILE) {
        for (const url of [`${prefix}${value}`, `${prefix}${value}/x`, `${prefix}${value}/`]) {
          await tried(url, { 'app-key': APP_KEY, accept: 'text/html' });
        }
      }
    }
    expect(escaped).toEqual([]);
  }, 300_000);

  it('answers a plain form post on a hostile address with a redirect to the site', async () => {
    for (const url of [
      '/en//evil.example?form=subscribe',
      '/en/\\evil.example?form=subscribe',
      '//evil.example?form=subscribe',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
        payload: `email=${encodeURIComponent(`someone-${dialect}@example.com`)}`,
      });
      if (res.statusCode >= 300 && res.statusCode < 400)
        expect(staysOnSite(res.headers.location as string, origins), url).toBe(true);
    }
  });
});
