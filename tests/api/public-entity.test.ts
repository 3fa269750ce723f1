/**
 * A public entity is its definition: a throwaway one, added to a copy of the registry (as its
 * definition file and registry line would add it) with its table made as its migration would,
 * gets its list and detail reads, its page on the site (drawn from its definition: it has no
 * screen file), its sitemap entries and its preview links, with no other file naming it.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import fs from 'node:fs';
import { dialects, sourceBuild, startTestApp, type TestApp } from './harness';

vi.mock('../../src/shared/entities/index', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/shared/entities/index')>();
  const { defineEntity, f } = real;
  const notices = defineEntity({
    resource: 'notices',
    title: 'Notices',
    formTitle: 'Notice',
    labelField: 'title',
    publishedFrom: 'publish_at',
    slug: { field: 'slug', from: 'title' },
    public: { list: { size: 10 }, detail: true, path: '/notices/:slug', sitemap: true, preview: 'detail' },
    fields: {
      title: f.text('Title', { required: true, searchable: true }),
      slug: f.text('Slug', { unique: true, searchable: true }),
      body: f.html('Body'),
      status: f.status(),
      publish_at: f.publishAt(),
    },
    columns: [{ label: 'Title', field: 'title' }],
  });
  return { ...real, ENTITIES: { ...real.ENTITIES, notices } };
});

describe.each(await dialects())('a public entity made of its definition, on %s', (dialect) => {
  let t: TestApp;
  const staticDir = sourceBuild();
  const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
  beforeAll(async () => {
    t = await startTestApp(dialect, { staticDir });
    // What its migration would make.
    const id = dialect === 'postgres' ? sql`id serial primary key` : sql`id integer primary key autoincrement`;
    await sql`create table notices (${id}, app_key text not null, title text not null, slug text, body text,
      status integer not null default 1, publish_at text, created_at text not null, updated_at text not null,
      version integer not null default 1, deleted_at text)`.execute(t.app.ctx.database.db);
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  it('is listed and read by slug by visitors, listed in the sitemap, and previewed where the site shows it', async () => {
    const live = await t.admin('POST', '/cms/api/notices', {
      title: 'Office closed on Friday',
      body: '<p>For the holiday.</p>',
      status: 1,
    });
    expect(live.statusCode, live.body).toBe(201);
    const hidden = await t.admin('POST', '/cms/api/notices', { title: 'Not yet', status: 0 });
    expect(hidden.statusCode).toBe(201);

    const list = await t.visitor('GET', '/cms/notices');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.data.map((row: { title: string }) => row.title)).toEqual(['Office closed on Friday']);
    const one = await t.visitor('GET', '/cms/notices/office-closed-on-friday');
    expect(one.json().data.body).toBe('<p>For the holiday.</p>');
    expect((await t.visitor('GET', '/cms/notices/not-yet')).statusCode).toBe(404);

    const shown = await page('/notices/office-closed-on-friday');
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toMatch(/<h1[^>]*>Office closed on Friday<\/h1>/);
    expect(shown.body).toContain('<p>For the holiday.</p>');
    expect(shown.body).toContain('<title>Office closed on Friday · ');
    expect(shown.body).toContain('<meta name="description" content="For the holiday."/>');
    expect((await page('/notices/not-yet')).statusCode).toBe(404);

    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.body).toContain('/notices/office-closed-on-friday</loc>');
    expect(sitemap.body).not.toContain('/notices/not-yet');

    const link = await t.admin('POST', `/cms/api/notices/${hidden.json().data.id}/preview-link`);
    expect(link.statusCode, link.body).toBe(200);
    const { url } = link.json() as { url: string };
    expect(url).toMatch(/\/notices\/not-yet\?preview=/);
    const token = new URL(url).searchParams.get('preview')!;
    const previewed = await t.visitor('GET', `/cms/notices/not-yet?preview=${encodeURIComponent(token)}`);
    expect(previewed.statusCode).toBe(200);
    expect(previewed.json().data.title).toBe('Not yet');
    const previewPage = await page(new URL(url).pathname + new URL(url).search);
    expect(previewPage.statusCode).toBe(200);
    expect(previewPage.body).toMatch(/<h1[^>]*>Not yet<\/h1>/);
    expect(previewPage.body).toContain('<meta name="robots" content="noindex, nofollow"/>');

    const documented = (await t.app.inject({ method: 'GET', url: '/cms/docs/json' })).json().paths;
    expect(documented['/cms/notices/{slug}'].get.operationId).toBe('public.notices.get');
  });
});
