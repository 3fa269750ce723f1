/**
 * Scheduling, drafts and preview links for pages, posts and slides. A row is public when its
 * status is 1 and its publish time is empty or has come; what the server keeps for a site expires
 * at the next publish time, so a scheduled post appears by itself. Drafts change nothing live
 * until published; a preview link shows the draft for an hour, to whoever holds it, unindexed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITIES, type EntityDef, isPublishable } from '../../src/shared/entities';
import { LIMITS } from '../../src/shared/limits';
import { dateTimeOf } from '../../src/shared/date-time';
import { siteScope } from '../../src/server/cache/public-answers';
import { APP_KEY, dialects, startTestApp, type TestApp } from './harness';

const publishable = Object.values(ENTITIES).filter((def) => isPublishable(def)) as EntityDef[];

describe.each(await dialects())('publishing on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t?.close());

  const hour = 3_600_000;
  /** Whether visitors can read a record now, by its own public address. */
  async function visible(def: EntityDef, row: { id: number; slug?: string }): Promise<boolean> {
    if (def.resource === 'sliders') {
      return ((await t.visitor('GET', '/cms/sliders')).json().data.data as { id: number }[]).some((r) => r.id === row.id);
    }
    const res = await t.visitor('GET', `/cms/${def.resource}/${row.slug}`);
    if (res.statusCode === 404) return false;
    expect(res.statusCode, res.body).toBe(200);
    return true;
  }

  it.each(publishable.map((def) => [def.resource, def] as const))(
    '%s: public when publish_at is empty or past, hidden while it is ahead',
    async (_name, def) => {
      const make = async (publishAt: string | null) => {
        const res = await t.admin('POST', `/cms/api/${def.resource}`, {
          title: `At ${publishAt}`,
          status: 1,
          publish_at: publishAt,
        });
        expect(res.statusCode, res.body).toBe(201);
        return res.json().data as { id: number; slug?: string };
      };
      expect(await visible(def, await make(null))).toBe(true);
      expect(await visible(def, await make(dateTimeOf(Date.now() - hour)))).toBe(true);
      const future = await make(dateTimeOf(Date.now() + hour));
      expect(await visible(def, future)).toBe(false);
      // Staff still see and edit it.
      expect((await t.admin('GET', `/cms/api/${def.resource}/${future.id}`)).json().data.publish_at).toMatch(/^\d{4}-/);
      // Published now by clearing the time.
      await t.admin('PUT', `/cms/api/${def.resource}/${future.id}`, { publish_at: null });
      expect(await visible(def, future)).toBe(true);
    },
  );

  it('refuses a publish time that is not a date and time, naming the field', async () => {
    const res = await t.admin('POST', '/cms/api/posts', { title: 'Bad time', publish_at: 'tomorrow' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('publish_at');
  });

  it('a scheduled post appears by itself at its time, though its list was kept before', async () => {
    // Whole seconds: publish times are stored to the second.
    const at = Math.ceil((Date.now() + 1_500) / 1000) * 1000;
    const slug = `scheduled-${dialect}`;
    const created = await t.admin('POST', '/cms/api/posts', { title: 'Scheduled', slug, status: 1, publish_at: dateTimeOf(at) });
    expect(created.statusCode, created.body).toBe(201);
    const slugs = async () =>
      ((await t.visitor('GET', '/cms/posts?size=50')).json().data.data as { slug: string }[]).map((p) => p.slug);
    expect(await slugs()).not.toContain(slug);
    // Asked again: answered from what the server kept.
    expect(await slugs()).not.toContain(slug);
    expect((await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body).not.toContain(slug);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now()) + 50));
    expect(await slugs()).toContain(slug);
    expect((await t.visitor('GET', `/cms/posts/${slug}`)).statusCode).toBe(200);
  });

  it('a scheduled slide appears at its time though other kinds were written after it was scheduled', async () => {
    const at = Math.ceil((Date.now() + 1_500) / 1000) * 1000;
    const created = await t.admin('POST', '/cms/api/sliders', {
      title: 'Scheduled slide',
      status: 1,
      publish_at: dateTimeOf(at),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    const ids = async () =>
      ((await t.visitor('GET', '/cms/sliders')).json().data.data as { id: number }[]).map((slide) => slide.id);
    expect(await ids()).not.toContain(id);
    // A page and a post written now: the next publish time of each of those kinds is asked again,
    // the slides' one is kept, and still ends what was kept at the slide's time.
    expect((await t.admin('POST', '/cms/api/pages', { title: `Written after ${dialect}`, status: 1 })).statusCode).toBe(201);
    expect((await t.admin('POST', '/cms/api/posts', { title: `Written after ${dialect}`, status: 1 })).statusCode).toBe(201);
    expect(await ids()).not.toContain(id);
    expect(await ids()).not.toContain(id);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now()) + 50));
    expect(await ids()).toContain(id);
  });

  it("a write asks its kind's next publish time again by itself, before any page or read needs it", async () => {
    const scope = siteScope(APP_KEY);
    const nextPages = () => t.app.ctx.cache.get<unknown>(scope, 'next-publish pages')?.value;
    const at = dateTimeOf(Math.ceil((Date.now() + hour) / 1000) * 1000);
    expect(
      (await t.admin('POST', '/cms/api/pages', { title: `Scheduled ${dialect}`, status: 1, publish_at: at })).statusCode,
    ).toBe(201);
    // Asked once the write's answer has gone: no visitor read in between.
    await expect.poll(nextPages).toBe(at);
  });

  it("the dashboard's waiting list: drafts newest first, scheduled items soonest first, of this site only", async () => {
    const at = (ms: number) => dateTimeOf(Date.now() + ms);
    const later = (
      await t.admin('POST', '/cms/api/posts', { title: 'Goes out tomorrow', status: 1, publish_at: at(24 * hour) })
    ).json().data;
    const sooner = (
      await t.admin('POST', '/cms/api/sliders', { title: 'Goes out in an hour', status: 1, publish_at: at(hour) })
    ).json().data;
    await t.admin('POST', '/cms/api/posts', { title: 'Inactive, not waiting', status: 0, publish_at: at(hour) });
    const page = (await t.admin('POST', '/cms/api/pages', { title: 'Has a draft', status: 1 })).json().data;
    const trashed = (await t.admin('POST', '/cms/api/posts', { title: 'Drafted then trashed', status: 1 })).json().data;
    await t.admin('PUT', `/cms/api/posts/${trashed.id}/draft`, { title: 'x', version: 1 });
    await t.admin('PUT', `/cms/api/pages/${page.id}/draft`, { title: 'Draft of the page', version: 1 });
    await t.admin('DELETE', `/cms/api/posts/${trashed.id}`);

    const res = await t.admin('GET', '/cms/api/waiting');
    expect(res.statusCode, res.body).toBe(200);
    const { drafts, scheduled } = res.json().data as Record<
      'drafts' | 'scheduled',
      { resource: string; id: number; label: string }[]
    >;
    expect(drafts[0]).toMatchObject({
      resource: 'pages',
      id: page.id,
      label: 'Has a draft',
      kind: 'Page',
      by: expect.any(String),
    });
    expect(drafts.some((d) => d.id === trashed.id && d.resource === 'posts')).toBe(false);
    const ours = scheduled.filter((s) => [later.id, sooner.id].includes(s.id));
    expect(ours.map((s) => [s.resource, s.label])).toEqual([
      ['sliders', 'Goes out in an hour'],
      ['posts', 'Goes out tomorrow'],
    ]);
    expect(scheduled.some((s) => s.label === 'Inactive, not waiting')).toBe(false);
    const other = await t.admin('GET', '/cms/api/waiting', undefined, { app_key: 'no-such-site' });
    expect(other.statusCode).not.toBe(200);
  });

  describe('drafts', () => {
    it('a draft leaves the live record alone until it is published as the next version', async () => {
      const post = (await t.admin('POST', '/cms/api/posts', { title: 'Live title', slug: 'drafted', status: 1 })).json().data;
      const saved = await t.admin('PUT', `/cms/api/posts/${post.id}/draft`, { title: 'Draft title', version: 1 });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().data).toMatchObject({ data: { title: 'Draft title' }, version: 1, user_name: expect.any(String) });
      expect((await t.visitor('GET', '/cms/posts/drafted')).json().data.title).toBe('Live title');
      expect((await t.admin('GET', `/cms/api/posts/${post.id}`)).json().data).toMatchObject({ title: 'Live title', version: 1 });
      // A later draft save adds to the draft.
      await t.admin('PUT', `/cms/api/posts/${post.id}/draft`, { sub_title: 'Draft sub' });
      expect((await t.admin('GET', `/cms/api/posts/${post.id}/draft`)).json().data.data).toEqual({
        title: 'Draft title',
        sub_title: 'Draft sub',
      });

      const published = await t.admin('POST', `/cms/api/posts/${post.id}/publish`);
      expect(published.statusCode, published.body).toBe(200);
      expect(published.json().data).toMatchObject({ title: 'Draft title', sub_title: 'Draft sub', version: 2 });
      expect((await t.visitor('GET', '/cms/posts/drafted')).json().data.title).toBe('Draft title');
      expect((await t.admin('GET', `/cms/api/posts/${post.id}/draft`)).json().data).toBeNull();
      const history = (await t.admin('GET', `/cms/api/posts/${post.id}/revisions`)).json().data.data;
      expect(history[0]).toMatchObject({ version: 1 });
      expect((await t.admin('POST', `/cms/api/posts/${post.id}/publish`)).statusCode).toBe(404);
    });

    it('publishing a draft over a record saved since is a 409 with the stored record; the draft stays', async () => {
      const page = (await t.admin('POST', '/cms/api/pages', { title: 'Base', status: 1 })).json().data;
      await t.admin('PUT', `/cms/api/pages/${page.id}/draft`, { title: 'My draft' }, { 'if-match': '"1"' });
      await t.admin('PUT', `/cms/api/pages/${page.id}`, { title: 'Their live fix' }, { 'if-match': '"1"' });
      const stale = await t.admin('POST', `/cms/api/pages/${page.id}/publish`);
      expect(stale.statusCode).toBe(409);
      expect(stale.json().current).toMatchObject({ title: 'Their live fix', version: 2 });
      expect((await t.admin('GET', `/cms/api/pages/${page.id}/draft`)).json().data.data.title).toBe('My draft');
      // Rebased by the person who chose: the draft names the version they compared with.
      await t.admin('PUT', `/cms/api/pages/${page.id}/draft`, { title: 'My draft', version: 2 });
      expect((await t.admin('POST', `/cms/api/pages/${page.id}/publish`)).json().data).toMatchObject({
        title: 'My draft',
        version: 3,
      });
    });

    it('a discarded draft is gone; a draft is validated like a save', async () => {
      const slide = (await t.admin('POST', '/cms/api/sliders', { title: 'Slide' })).json().data;
      const bad = await t.admin('PUT', `/cms/api/sliders/${slide.id}/draft`, { link_url: 'javascript:alert(1)' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toHaveProperty('link_url');
      await t.admin('PUT', `/cms/api/sliders/${slide.id}/draft`, { title: 'Draft slide' });
      expect((await t.admin('DELETE', `/cms/api/sliders/${slide.id}/draft`)).statusCode).toBe(200);
      expect((await t.admin('GET', `/cms/api/sliders/${slide.id}/draft`)).json().data).toBeNull();
      expect((await t.admin('DELETE', `/cms/api/sliders/${slide.id}/draft`)).statusCode).toBe(404);
    });
  });

  describe('preview links', () => {
    it('shows the draft to whoever holds the link, unkept and unindexed, while the live page is unchanged', async () => {
      const post = (await t.admin('POST', '/cms/api/posts', { title: 'Published text', slug: 'previewed', status: 1 })).json()
        .data;
      await t.admin('PUT', `/cms/api/posts/${post.id}/draft`, { title: 'Draft text' });
      const link = await t.admin('POST', `/cms/api/posts/${post.id}/preview-link`);
      expect(link.statusCode, link.body).toBe(200);
      const { url, expires_at } = link.json();
      expect(url).toMatch(/^https?:\/\/[^/]+\/news\/previewed\?preview=/);
      const minutes = (Date.parse(expires_at) - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(LIMITS.previewLinkMinutes - 1);
      expect(minutes).toBeLessThanOrEqual(LIMITS.previewLinkMinutes);
      const token = new URL(url).searchParams.get('preview')!;

      const preview = await t.visitor('GET', `/cms/posts/previewed?preview=${encodeURIComponent(token)}`);
      expect(preview.statusCode, preview.body).toBe(200);
      expect(preview.json().data.title).toBe('Draft text');
      expect(preview.headers['x-robots-tag']).toBe('noindex');
      expect(preview.headers['cache-control']).toMatch(/no-store/);
      expect((await t.visitor('GET', '/cms/posts/previewed')).json().data.title).toBe('Published text');
    });

    it('shows a record visitors cannot see yet (inactive or scheduled)', async () => {
      const page = (
        await t.admin('POST', '/cms/api/pages', {
          title: 'Not yet',
          slug: 'not-yet',
          status: 1,
          publish_at: dateTimeOf(Date.now() + hour),
        })
      ).json().data;
      expect((await t.visitor('GET', '/cms/pages/not-yet')).statusCode).toBe(404);
      const { url } = (await t.admin('POST', `/cms/api/pages/${page.id}/preview-link`)).json();
      const token = new URL(url).searchParams.get('preview')!;
      const preview = await t.visitor('GET', `/cms/pages/not-yet?preview=${encodeURIComponent(token)}`);
      expect(preview.json().data).toMatchObject({ title: 'Not yet', sections: [] });

      const slide = (await t.admin('POST', '/cms/api/sliders', { title: 'Hidden slide', status: 0 })).json().data;
      const slideLink = (await t.admin('POST', `/cms/api/sliders/${slide.id}/preview-link`)).json().url as string;
      expect(new URL(slideLink).pathname).toBe('/');
      const slideToken = new URL(slideLink).searchParams.get('preview')!;
      const slides = (await t.visitor('GET', `/cms/sliders?preview=${encodeURIComponent(slideToken)}`)).json().data.data;
      expect(slides[0]).toMatchObject({ id: slide.id, title: 'Hidden slide' });
    });

    it('a guessed, altered, misdirected or expired link is a 404', async () => {
      const post = (await t.admin('POST', '/cms/api/posts', { title: 'Guarded', slug: 'guarded', status: 0 })).json().data;
      const { url } = (await t.admin('POST', `/cms/api/posts/${post.id}/preview-link`)).json();
      const token = new URL(url).searchParams.get('preview')!;
      const [resource, id, expires, signature] = token.split('.');
      const other = `${resource}.${Number(id) + 1}.${expires}.${signature}`;
      const later = `${resource}.${id}.${Number(expires) + 3_600_000}.${signature}`;
      const { token: expired } = await t.app.ctx.previews.make({ resource: 'posts', id: post.id }, Date.now() - 2 * hour);
      for (const guess of ['guess', other, later, expired, `${token}x`]) {
        expect((await t.visitor('GET', `/cms/posts/guarded?preview=${encodeURIComponent(guess)}`)).statusCode).toBe(404);
      }
      // A post's link opens no page.
      expect((await t.visitor('GET', `/cms/pages/guarded?preview=${encodeURIComponent(token)}`)).statusCode).toBe(404);
      expect((await t.visitor('GET', `/cms/posts/guarded?preview=${encodeURIComponent(token)}`)).statusCode).toBe(200);
    });
  });
});
