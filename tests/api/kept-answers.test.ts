/**
 * What the server keeps and who it gives it to (cache/public-answers.ts, plugins/spa.ts; issue #53,
 * H1 and L7): what is kept is said by the route that answered, never by the address's text; nothing
 * answered to a request with credentials is ever answered to one without them, on any route; one
 * spelling of every address; and addresses nobody links to do not take room from the site's pages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizedAddress } from '../../src/shared/address-space';
import { siteScope } from '../../src/server/cache/public-answers';
import { APP_KEY, dialects, sourceBuild, newlyKept, startTestApp, type TestApp } from './harness';
import { routePaths, withParams } from './routes';

/** A sample value for each kind of route parameter, so most routes answer something real. */
const SAMPLE: Record<string, string> = { appKey: APP_KEY, key: APP_KEY, slug: 'about', size: '320', file: 'x.png' };
const sampleUrl = (route: string) =>
  withParams(
    route.replace(/:([A-Za-z]\w*)/g, (_match, name: string) => SAMPLE[name] ?? '1'),
    'x',
  );
/** The same address with each letter of its path's second segment percent-encoded: `/cms/%61%70%69/users`. */
const encoded = (url: string) => {
  const [, first = '', second = '', ...rest] = url.split('/');
  const spelled = [...second].map((c) => (/[a-z]/i.test(c) ? `%${c.charCodeAt(0).toString(16)}` : c)).join('');
  return ['', first, spelled, ...rest].join('/');
};

describe('one spelling of every address', () => {
  it.each([
    ['/cms/%61pi/users?x=1', '/cms/api/users?x=1'],
    ['/cms/%61%70%69/users', '/cms/api/users'],
    ['/%41bout', '/About'],
    ['/cms/%2e%2e/api', '/cms/%2e%2e/api'],
    ['/cms/%2E/api', '/cms/%2E/api'],
    ['/news/%e0%a6%95', '/news/%E0%A6%95'],
    ['/a%2Fb', '/a%2Fb'],
    ['/about?q=%61', '/about?q=%61'],
    ['/plain', '/plain'],
  ])('%s is %s', (address, normal) => {
    expect(normalizedAddress(address)).toBe(normal);
  });
});

describe.each(await dialects())('kept answers on %s', (dialect) => {
  let t: TestApp;
  const staticDir = sourceBuild();
  const anonymous = (url: string) => t.visitor('GET', url, undefined, { accept: 'text/html' });
  const withToken = (url: string) => t.admin('GET', url, undefined, { accept: 'text/html' });
  beforeAll(async () => {
    t = await startTestApp(dialect, { staticDir });
  }, 60_000);
  afterAll(() => t?.close());

  it('answers the admin API under any spelling as the admin API: never kept, 401 without a token (H1)', async () => {
    for (const url of ['/cms/%61pi/users?x=1', '/cms/%61pi/messages?x=1', '/cms/%61pi/webhooks?x=1', '/cms/%61pi/activity?x=1']) {
      const staff = await withToken(url);
      expect(staff.statusCode, url).toBe(200);
      const visitor = await anonymous(url);
      expect(visitor.statusCode, url).toBe(401);
      expect(visitor.body).not.toContain('admin@example.com');
    }
  });

  it('never keeps what a request with credentials was answered, even on a route whose answers are kept', async () => {
    const before = t.app.ctx.cache.liveKeys();
    const staff = await withToken('/cms/sliders?per_page=3');
    expect(staff.statusCode).toBe(200);
    expect(newlyKept(t, before)).toEqual([]);
    await anonymous('/cms/sliders?per_page=3');
    expect(newlyKept(t, before)).not.toEqual([]);
  });

  /** The answers and pages kept for the demo site that would answer now. */
  const keptAnswers = () => t.app.ctx.cache.keysIn(siteScope(APP_KEY)).filter((key) => !key.startsWith('next-publish'));
  /** Compared by key rather than by `cache.size`: an entry that expired or a write made old still counts in the size. */
  const keptSince = (before: readonly string[]) => keptAnswers().filter((key) => !before.includes(key));

  it('keeps a read once, by the query its route reads: unknown parameters and other spellings make no entries (L7)', async () => {
    const first = await anonymous('/cms/socials');
    expect(first.statusCode).toBe(200);
    for (let n = 0; n < 30; n++) {
      const junk = await anonymous(`/cms/socials?junk=${n}`);
      expect(junk.statusCode).toBe(200);
      expect(junk.body).toBe(first.body);
    }
    expect(keptAnswers().filter((key) => key.startsWith('/cms/socials'))).toEqual(['/cms/socials']);
    // Read as page 1, answered, but kept only as it is spelled when read.
    const before = keptAnswers();
    expect((await anonymous('/cms/posts?page=1')).statusCode).toBe(200);
    for (const spelling of ['/cms/posts?page=01', '/cms/posts?page=1&page=1', '/cms/p%6fsts?page=1']) {
      expect((await anonymous(spelling)).statusCode, spelling).toBeLessThan(500);
    }
    expect(keptSince(before)).toEqual(['/cms/posts?page=1']);
  });

  it('keeps no page for addresses that are not pages, so they cannot push the pages out (L7)', async () => {
    expect((await anonymous('/about')).statusCode).toBe(200);
    const before = keptAnswers();
    expect(before.some((key) => key.endsWith('/about'))).toBe(true);
    for (let n = 0; n < 20; n++) {
      expect((await anonymous(`/no-such-page-${n}`)).statusCode).toBe(404);
      expect((await anonymous(`/en/about-${n}`)).statusCode).toBeLessThan(500);
    }
    // Pages only: the 404 page is drawn from the site's menus and settings, which are kept again if
    // they expired (10 s) since `before`, as they would be for any page.
    expect(keptSince(before).filter((key) => key.startsWith('page '))).toEqual([]);
  });

  it('answers no request without credentials with what a request with them was answered, on every route', async () => {
    const urls = [...routePaths(t.app).map(sampleUrl), '/about', '/admin', '/no-such-page', '/admin/dashboard'];
    expect(urls.length).toBeGreaterThan(100);
    const leaks: string[] = [];
    for (const url of urls) {
      const spellings = [url, encoded(url)];
      // What someone without credentials is answered when nothing is kept.
      const fresh = new Map<string, { statusCode: number; body: string }>();
      for (const spelling of spellings) {
        t.app.ctx.cache.invalidate();
        fresh.set(spelling, await anonymous(spelling));
      }
      // What they are answered after someone with credentials asked first, in either spelling.
      for (const [staffAsks, visitorAsks] of [...spellings.map((s) => [s, s]), [spellings[1]!, url]] as const) {
        t.app.ctx.cache.invalidate();
        const staff = await withToken(staffAsks);
        const after = await anonymous(visitorAsks);
        const before = fresh.get(visitorAsks)!;
        const told = `${staffAsks} with a token, then ${visitorAsks} without`;
        if (after.statusCode !== before.statusCode) leaks.push(`${told}: ${before.statusCode} → ${after.statusCode}`);
        else if (staff.statusCode === 200 && after.body === staff.body && before.body !== staff.body)
          leaks.push(`${told}: the staff answer`);
      }
    }
    expect(leaks).toEqual([]);
  }, 180_000);
});
