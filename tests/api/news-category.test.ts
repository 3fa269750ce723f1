/**
 * The news page's category filter (issue #56): the public posts list reads one category
 * (`?category_id=`), visitors read the categories, and /news?category=<id> is drawn by the server
 * with that category's posts only, its filter links plain links; the demo's menu links News and Career.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PageRenderer } from '../../src/server/seo/ssr';
import { dialects, sourceBuild, startTestApp, type TestApp } from './harness';

interface Post {
  id: number;
  title: string;
  slug: string;
  category_id: number | null;
}

describe.each(await dialects())('news by category on %s', (dialect) => {
  let t: TestApp;
  let pages: PageRenderer;
  const staticDir = sourceBuild();
  beforeAll(async () => {
    t = await startTestApp(dialect, { staticDir });
    pages = new PageRenderer(t.app, staticDir);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  it('lists one category’s posts, and draws /news?category= with them only', async () => {
    const categories = (await t.visitor('GET', '/cms/post-categories')).json().data as { id: number; name: string }[];
    const all = (await t.visitor('GET', '/cms/posts?size=100')).json().data.data as Post[];
    const used = categories.filter((c) => all.some((post) => post.category_id === c.id));
    expect(used.length).toBeGreaterThan(1);
    const category = used[0]!;
    const mine = all.filter((post) => post.category_id === category.id);
    const filtered = (await t.visitor('GET', `/cms/posts?size=100&category_id=${category.id}`)).json().data.data as Post[];
    expect(filtered.map((post) => post.id).sort()).toEqual(mine.map((post) => post.id).sort());
    expect(filtered.length).toBeLessThan(all.length);

    const drawn = await pages.render(`/news?category=${category.id}`, 'http://localhost');
    const { html } = drawn as { html: string };
    expect(html).not.toContain('server rendering errored');
    const linked = [...html.matchAll(/href="\/news\/([^"]+)"/g)].map((match) => decodeURIComponent(match[1]!));
    expect(linked.length).toBeGreaterThan(0);
    const slugs = new Set(mine.map((post) => post.slug));
    expect(linked.filter((slug) => !slugs.has(slug))).toEqual([]);
    // The filter: plain links, this category's marked as the page's.
    expect(html).toContain(`href="/news?category=${category.id}" aria-current="page"`);
    expect(html).toMatch(/href="\/news"/);
  });

  it('links News and Career from the demo’s top menu', async () => {
    const menus = (await t.visitor('GET', '/cms/menus')).json().data as { slug: string; shortcode: string }[];
    const top = menus.filter((menu) => menu.shortcode === 'TOPMENU').map((menu) => menu.slug);
    expect(top).toContain('/news');
    expect(top).toContain('/career');
  });
});
