/**
 * The admin search with an index (migration 012): substring matches, case-insensitive, in any
 * searchable column, answered by SQLite's trigram FTS tables or PostgreSQL's pg_trgm indexes,
 * kept in step with every write, and built for rows that were there before the index.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { Repository } from '../../src/server/content/repository';
import { ENTITIES, searchableFields } from '../../src/shared/entities';
import { dialects, emptyDatabase, startTestApp, type TestApp } from './harness';

describe.each(await dialects())('search on %s', (dialect) => {
  let t: TestApp;
  // Digits only: a stamp in letters and digits could hold a term searched for below ('q3' did, once in CI).
  const stamp = String(Date.now());
  const titles = (search: string) =>
    t
      .admin('GET', `/cms/api/posts?size=100&search_key=${encodeURIComponent(search)}`)
      // Only this test's posts: the demo content has words of its own.
      .then((res) =>
        (res.json().data.data as { title: string }[])
          .map((row) => row.title)
          .filter((title) => title.includes(stamp))
          .sort(),
      );
  const post = async (values: Record<string, unknown>) => {
    const res = await t.admin('POST', '/cms/api/posts', { status: 1, ...values });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: number; version: number };
  };

  const found = async (resource: string, search: string, field = 'title') => {
    const res = await t.admin('GET', `/cms/api/${resource}?size=100&search_key=${encodeURIComponent(search)}`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as { total: number; data: Record<string, unknown>[] };
    expect(data.total, search).toBe(data.data.length);
    return data.data.map((row) => row[field]);
  };

  beforeAll(async () => {
    t = await startTestApp(dialect);
    await post({ title: `Harvest report ${stamp}`, tags: 'agriculture' });
    await post({ title: `Branch OPENING in Sylhet ${stamp}`, sub_title: 'Café and 100% fun' });
    await post({ title: `Quarterly figures ${stamp}`, tags: 'q3, under_score' });
  });
  afterAll(() => t?.close());

  it("every entity's search index holds exactly its searchable columns", async () => {
    const db = t.app.ctx.database.db;
    for (const def of Object.values(ENTITIES)) {
      const fields = searchableFields(def);
      if (fields.length === 0) continue;
      if (dialect === 'sqlite') {
        const { rows } = await sql<{ name: string }>`select name from pragma_table_info(${`${def.table}_search`})`.execute(db);
        expect([def.table, rows.map((row) => row.name)]).toEqual([def.table, fields]);
      } else {
        const { rows } = await sql<{ indexdef: string }>`select indexdef from pg_indexes
          where schemaname = current_schema() and indexname = ${`${def.table}_search_trgm`}`.execute(db);
        const indexed = [...(rows[0]?.indexdef ?? '').matchAll(/COALESCE\((\w+),/g)].map((match) => match[1]);
        expect([def.table, indexed]).toEqual([def.table, fields]);
      }
    }
  });

  it('finds a substring inside a word, in any case, in any searchable column', async () => {
    expect(await titles(`vest rep`)).toEqual([`Harvest report ${stamp}`]);
    expect(await titles(`opening in SYLHET`)).toEqual([`Branch OPENING in Sylhet ${stamp}`]);
    expect(await titles('ricultur')).toEqual([`Harvest report ${stamp}`]); // tags
    expect(await titles('AFÉ')).toEqual([`Branch OPENING in Sylhet ${stamp}`]); // sub_title, beyond ASCII
    expect(await titles(`no such text ${stamp}`)).toEqual([]);
  });

  it('takes the search literally: quotes, % and _ are characters, not syntax', async () => {
    expect(await titles('100%')).toEqual([`Branch OPENING in Sylhet ${stamp}`]);
    expect(await titles('under_score')).toEqual([`Quarterly figures ${stamp}`]);
    expect(await titles('under%score')).toEqual([]);
    expect(await titles('"Harvest')).toEqual([]);
    const res = await t.admin('GET', `/cms/api/posts?search_key=${encodeURIComponent('" OR 1=1 --')}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.total).toBe(0);
  });

  it('a search shorter than the index reads (two characters) still matches, and counts agree with rows', async () => {
    expect(await titles('q3')).toEqual([`Quarterly figures ${stamp}`]);
    const paged = (await t.admin('GET', `/cms/api/posts?size=1&search_key=${stamp}`)).json().data;
    expect(paged.total).toBe(3);
    expect(paged.data).toHaveLength(1);
  });

  it('every page of a search, and a page past the last, carries the same total, the rows in order and only record fields', async () => {
    const page = async (n: number, size: number) =>
      (await t.admin('GET', `/cms/api/posts?size=${size}&page=${n}&search_key=${encodeURIComponent(` ${stamp}`)}`)).json()
        .data as { total: number; data: Record<string, unknown>[] };
    // A first search reads its rows and total together from the index; pages after it know the
    // total, and on SQLite walk the list in order instead (Repository.walk): the same rows.
    const whole = await page(1, 100);
    expect(whole.total).toBe(3);
    const ids: unknown[] = [];
    for (const n of [1, 2, 3]) {
      const { total, data } = await page(n, 2);
      expect(total, `page ${n}`).toBe(3);
      expect(data, `page ${n}`).toHaveLength([2, 1, 0][n - 1]!);
      for (const row of data) expect(Object.keys(row)).not.toContain('__total');
      ids.push(...data.map((row) => row.id));
    }
    expect(ids).toEqual(whole.data.map((row) => row.id));
    const past = await t.admin('GET', `/cms/api/posts?size=2&page=5&search_key=${encodeURIComponent(`figures ${stamp}`)}`);
    expect(past.json().data).toMatchObject({ total: 1, data: [] });
  });

  it('stays in step with every write: a changed title, the Trash and a restore', async () => {
    const row = await post({ title: `Old wording ${stamp}` });
    expect(await titles(`old wording ${stamp}`)).toEqual([`Old wording ${stamp}`]);
    const saved = await t.admin('PUT', `/cms/api/posts/${row.id}`, { title: `New wording ${stamp}`, version: row.version });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await titles(`old wording ${stamp}`)).toEqual([]);
    expect(await titles(`new wording ${stamp}`)).toEqual([`New wording ${stamp}`]);
    await t.admin('DELETE', `/cms/api/posts/${row.id}`);
    expect(await titles(`new wording ${stamp}`)).toEqual([]);
    await t.admin('POST', `/cms/api/posts/${row.id}/restore`);
    expect(await titles(`new wording ${stamp}`)).toEqual([`New wording ${stamp}`]);
  });

  // SQLite's case only (PostgreSQL's GIN index is kept by its autovacuum): not registered there.
  if (dialect === 'sqlite') {
    it('upkeep merges the search index that writes left in pieces, and searches find the same', async () => {
      const sqlite = t.app.ctx.database.sqlite!;
      const segments = () => sqlite.prepare('select count(distinct segid) from posts_search_idx').pluck().get() as number;
      for (const word of ['Alpha', 'Beta', 'Gamma']) await post({ title: `${word} piece ${stamp}` });
      expect(segments()).toBeGreaterThan(1);
      t.app.ctx.database.optimize();
      expect(segments()).toBe(1);
      expect(await titles(`piece ${stamp}`)).toEqual([`Alpha piece ${stamp}`, `Beta piece ${stamp}`, `Gamma piece ${stamp}`]);
    });
  }

  it('the database answers a search from the index, not by reading every row', async () => {
    // Enough other rows that reading them all would cost more than the index.
    const db = t.app.ctx.database.db;
    const at = new Date().toISOString();
    await sql`insert into posts (app_key, title, slug, status, created_at, updated_at)
      select ${t.config.appKey}, 'Filler number ' || n, ${`filler-${stamp}-`} || n, 1, ${at}, ${at}
      from (with recursive counter(n) as (select 1 union all select n + 1 from counter where n < 20000) select n from counter) as numbers`.execute(
      db,
    );
    // As autovacuum would: statistics, and the GIN index's pending entries moved into the index.
    if (dialect === 'postgres') await sql`vacuum analyze posts`.execute(db);
    const repo = new Repository(t.app.ctx.database.db, ENTITIES.posts);
    const planOf = (params: Parameters<typeof repo.listQuery>[1]) =>
      t.app.ctx.database.db.connection().execute(async (connection) => {
        const query = repo.listQuery(t.config.appKey, params).compile();
        const explained = await connection.executeQuery<Record<string, string>>({
          ...query,
          sql: `${dialect === 'postgres' ? 'explain' : 'explain query plan'} ${query.sql}`,
        });
        return explained.rows.map((row) => Object.values(row).join(' ')).join('\n');
      });
    // Alone, and with the records' translations (the list of a site in several languages).
    const translations = t.app.ctx.translations;
    for (const plan of [
      await planOf({ search: 'harvest' }),
      await planOf({
        search: 'harvest',
        alsoMatching: (text) => translations.matching(t.config.appKey, 'posts', undefined, text),
      }),
    ]) {
      if (dialect === 'sqlite') expect(plan).toMatch(/VIRTUAL TABLE INDEX \d+:/);
      else expect(plan).toMatch(/Bitmap Index Scan on posts_search_trgm/);
    }
  });

  it('rows written before the index existed are found once it is built', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'orgsite-search-'));
    const target = await emptyDatabase(dialect, dir);
    const database = openDatabase(target.databaseUrl, target.pgSchema);
    try {
      await migrateToLatest(database.db, target.pgSchema, '011_site_relative_uploads');
      const at = new Date().toISOString();
      await sql`insert into applications (app_key, name, created_at, updated_at) values ('x', 'X', ${at}, ${at})`.execute(
        database.db,
      );
      await sql`insert into posts (app_key, title, slug, status, created_at, updated_at) values ('x', 'Written before the index', 'before', 1, ${at}, ${at})`.execute(
        database.db,
      );
      await migrateToLatest(database.db, target.pgSchema);
      const found = await new Repository(database.db, ENTITIES.posts).list('x', { page: 1, size: 10, search: 'before the ind' });
      expect(found.rows.map((row) => row.title)).toEqual(['Written before the index']);
    } finally {
      await database.close();
      await target.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  // The demo site is written in English and Bangla; its CoreMF post's Bangla title is
  // 'কোরএমএফ ৫: গ্রামের সদস্যদের কাছে মোবাইল এজেন্ট ব্যাংকিং'.
  it("finds a record by its Bangla text, a whole word or a word's beginning, in every list, and by its English text still", async () => {
    const coremf = 'CoreMF 5 brings mobile agent banking to rural members';
    expect(await found('posts', 'কোরএমএফ')).toContain(coremf);
    expect(await found('posts', 'কোর')).toContain(coremf);
    expect(await found('posts', 'এজেন্ট ব্যাংকিং')).toContain(coremf);
    expect(await found('posts', 'কো')).toContain(coremf); // shorter than the trigram index reads
    expect(await found('posts', 'CoreMF')).toContain(coremf);
    expect(await found('posts', 'কোরএমএফ নেই')).toEqual([]);
    expect(await found('pages', 'আমাদের কথা')).toContain('About Us');
    expect(await found('pages', 'আমাদের')).toContain('About Us');
    expect(await found('pages', 'About')).toContain('About Us');
    expect(await found('menus', 'বার্ষিক প্রতিবেদন')).toContain('Annual Reports');
    expect(await found('menus', 'বার্ষি')).toContain('Annual Reports');
    // `?locale=` still searches that language alone.
    const inBangla = await t.admin('GET', `/cms/api/posts?size=100&locale=bn&search_key=CoreMF`);
    expect(inBangla.json().data.total).toBe(0);
  });

  it('finds Bangla in a record’s own text, on lists with no translations', async () => {
    const res = await t.admin('POST', '/cms/api/subscribers', { name: 'রহিম উদ্দিন', email: `rahim-${Date.now()}@example.com` });
    expect(res.statusCode, res.body).toBe(201);
    expect(await found('subscribers', 'উদ্দিন', 'name')).toEqual(['রহিম উদ্দিন']);
    expect(await found('subscribers', 'রহি', 'name')).toEqual(['রহিম উদ্দিন']);
  });

  it('a translation written or removed after a search changes what the same search finds, and its total', async () => {
    const at = Date.now();
    const word = `সমবায়${at}`;
    const created = await t.admin('POST', '/cms/api/posts', { status: 1, title: `Cooperative news ${at}` });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json().data as { id: number };
    // A page of one row: a full page takes its total from what a search before it kept.
    const total = async () =>
      (await t.admin('GET', `/cms/api/posts?size=1&search_key=${encodeURIComponent(word)}`)).json().data.total as number;
    expect(await total()).toBe(0);
    expect(await found('posts', word)).toEqual([]);
    const written = await t.admin('PUT', `/cms/api/posts/${id}?locale=bn`, { title: `সমবায় সংবাদ ${word}` });
    expect(written.statusCode, written.body).toBe(200);
    expect(await total()).toBe(1);
    expect(await found('posts', word)).toEqual([`Cooperative news ${at}`]);
    const removed = await t.admin('DELETE', `/cms/api/posts/${id}/translations/bn`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await total()).toBe(0);
    expect(await found('posts', word)).toEqual([]);
  });
});
