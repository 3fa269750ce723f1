/**
 * Kept parts (islands/KeptPart.tsx) are a contract: a part's markup is a function of its declared
 * inputs alone. Nothing checks that by reading the code (a part drawing something it was not given
 * would serve stale markup with no error), so this draws every demo address, in both languages,
 * twice: once reusing the parts earlier renders kept, once with none reused, and the two documents
 * must be the same, byte for byte. It does so after the demo is first drawn, and again after
 * writes to what parts show (a post in the news section, a menu, the site's settings, a post's
 * Bangla address in the header's language switcher), each with every address drawn in between.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PageRenderer } from '../../src/server/seo/ssr';
import { dialects, sourceBuild, startTestApp, type TestApp } from './harness';

const ORIGIN = 'http://localhost';

describe.each(await dialects())('kept parts on %s', (dialect) => {
  let t: TestApp;
  let pages: PageRenderer;
  const staticDir = sourceBuild();
  beforeAll(async () => {
    t = await startTestApp(dialect, { staticDir });
    pages = new PageRenderer(t.app, staticDir);
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  /** Every public address of the demo: the sitemap's (both languages), and the screens it leaves out. */
  async function demoAddresses(): Promise<string[]> {
    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.statusCode).toBe(200);
    const listed = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
    const screens = ['/', '/news', '/news?page=2', '/gallery', '/contact', '/careers', '/no-such-page'];
    return [...new Set([...listed, ...screens.flatMap((screen) => [screen, `/bn${screen}`])])];
  }

  /** Every address drawn once, so each later render meets parts kept from the others. */
  async function drawAll(addresses: string[]): Promise<void> {
    for (const address of addresses) await pages.render(address, ORIGIN);
  }

  /** Each address drawn reusing kept parts and with none reused: the documents side by side. */
  async function drawEach(addresses: string[]): Promise<{ address: string; warm: string; cold: string }[]> {
    const drawn = [];
    for (const address of addresses) {
      const warm = await pages.render(address, ORIGIN);
      const cold = await pages.render(address, ORIGIN, { keepParts: false });
      expect(warm && 'html' in warm, `${address} is drawn`).toBe(true);
      drawn.push({ address, warm: (warm as { html: string }).html, cold: (cold as { html: string }).html });
    }
    return drawn;
  }

  function expectSame(drawn: { address: string; warm: string; cold: string }[]) {
    const differ = drawn.filter(({ warm, cold }) => warm !== cold).map(({ address }) => address);
    expect(differ, 'addresses whose kept parts differ from a render that kept none').toEqual([]);
  }

  it('draws every demo address the same with kept parts as without, in both languages', async () => {
    const addresses = await demoAddresses();
    // Both languages, and more than the handful of fixed screens.
    expect(addresses.filter((address) => address.startsWith('/bn/')).length).toBeGreaterThan(5);
    expect(addresses.length).toBeGreaterThan(20);
    await drawAll(addresses);
    expectSame(await drawEach(addresses));
  }, 120_000);

  it('stays the same after writes to what the parts show', async () => {
    const addresses = await demoAddresses();
    const posts = (await t.admin('GET', '/cms/api/posts?size=100')).json().data.data as { id: number; slug: string }[];
    // The demo's post written in both languages.
    const post = posts.find((candidate) => candidate.slug === 'coremf-5-brings-mobile-agent-banking')!;
    const menus = (await t.admin('GET', '/cms/api/menus?size=1')).json().data.data as { id: number }[];
    const writes = [
      // The home page's news section shows the latest posts.
      () => t.admin('PUT', `/cms/api/posts/${post.id}`, { title: 'A post retitled' }),
      // The header's language switcher names the post's Bangla address.
      () => t.admin('PUT', `/cms/api/posts/${post.id}?locale=bn`, { title: 'নতুন শিরোনাম', slug: 'নতুন-ঠিকানা' }),
      // The header's mega-menu.
      () => t.admin('PUT', `/cms/api/menus/${menus[0]!.id}`, { title: 'A menu renamed' }),
      // The header's strip and the footer.
      () => t.admin('PUT', '/cms/api/applications/demo', { title: 'A tagline rewritten', phone: '+880 1700 000000' }),
    ];
    // Each write meets every part kept before it: the first by the draw below, the others by the
    // draws after the write before.
    await drawAll(addresses);
    for (const write of writes) {
      const res = await write();
      expect(res.statusCode, res.body).toBe(200);
      expectSame(await drawEach(addresses));
    }
  }, 240_000);
});
