/**
 * The site's search (content/visitor-search.ts, migration 029): words and word beginnings in the
 * text of pages and posts visitors may read, ranked, with an excerpt and an address in the language
 * asked, kept in step with every write by the database itself, and never kept per query.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITIES } from '../../src/shared/entities';
import { VISITOR_SEARCHED } from '../../src/server/db/migrations/029_visitor_search';
import { SEARCHED_ENTITIES } from '../../src/server/content/visitor-search';
import { SEARCH_MOST_COUNTED, type SearchHit } from '../../src/shared/site-search';
import { APP_KEY, dialects, OTHER_APP_KEY, createOtherApplication, newlyKept, startTestApp, type TestApp } from './harness';

it('indexes what the definitions say visitors search, as migration 029 made it', () => {
  const searched = Object.fromEntries(
    SEARCHED_ENTITIES.map(([, def]) => [def.table, { title: def.public!.search!.title, text: [...def.public!.search!.text] }]),
  );
  const migrated = Object.fromEntries(
    Object.entries(VISITOR_SEARCHED).map(([table, { title, text }]) => [table, { title, text: [...text] }]),
  );
  expect(searched).toEqual(migrated);
  expect(Object.keys(searched)).toEqual([ENTITIES.pages.table, ENTITIES.posts.table]);
});

describe.each(await dialects())('the site’s search on %s', (dialect) => {
  let t: TestApp;
  const search = async (query: string, extra = '') => {
    const res = await t.visitor('GET', `/cms/search?q=${encodeURIComponent(query)}${extra}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { data: SearchHit[]; total: number; current_page: number; last_page: number; more?: boolean };
  };
  const post = async (values: Record<string, unknown>) => {
    const res = await t.admin('POST', '/cms/api/posts', { status: 1, ...values });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: number; version: number; slug: string };
  };

  beforeAll(async () => {
    t = await startTestApp(dialect);
    await createOtherApplication(t);
  });
  afterAll(() => t?.close());

  it('finds a word of a post’s text and a word’s beginning, with an excerpt that marks it and its address', async () => {
    const written = await post({
      title: 'Savings for farmers',
      slug: 'savings-for-farmers',
      content: '<p>Our <strong>microloans</strong> reach 4,000 farmers &amp; fishers in the Haor wetlands every season.</p>',
    });
    for (const query of ['microloans', 'microlo', 'MICROLOANS wetlands']) {
      const found = await search(query);
      expect(found.total, query).toBe(1);
      const [hit] = found.data;
      expect(hit).toMatchObject({
        resource: 'posts',
        id: written.id,
        title: 'Savings for farmers',
        path: '/news/savings-for-farmers',
      });
      // Plain text, the markup gone and its entity decoded.
      expect(hit!.excerpt).toContain('microloans reach 4,000 farmers & fishers');
      expect(hit!.matches.map(([start, end]) => hit!.excerpt.slice(start, end).toLowerCase())).toContain('microloans');
    }
    // A word's middle is not a word's beginning; words that are all absent find nothing.
    expect((await search('croloans')).total).toBe(0);
    expect((await search('microloans nowhere')).total).toBe(0);
  });

  it('ranks a record with the words in its title above one with them in its text', async () => {
    const inText = await post({ title: 'A report', slug: 'a-report', content: '<p>On irrigation pumps, briefly.</p>' });
    const inTitle = await post({ title: 'Irrigation pumps', slug: 'irrigation-pumps', content: '<p>Details follow.</p>' });
    const found = await search('irrigation');
    expect(found.data.map((hit) => hit.id)).toEqual([inTitle.id, inText.id]);
  });

  it('finds only what visitors may read: not an inactive, scheduled or trashed record, nor another site’s', async () => {
    const hidden = await post({ title: 'Zephyrine hidden', slug: 'zephyrine-hidden', status: 0 });
    const later = await post({ title: 'Zephyrine later', slug: 'zephyrine-later', publish_at: '2999-01-01 00:00:00' });
    const trashed = await post({ title: 'Zephyrine trashed', slug: 'zephyrine-trashed' });
    expect((await t.admin('DELETE', `/cms/api/posts/${trashed.id}`)).statusCode).toBe(200);
    const other = await t.admin(
      'POST',
      '/cms/api/pages',
      { title: 'Zephyrine elsewhere', status: 1 },
      { app_key: OTHER_APP_KEY },
    );
    expect(other.statusCode, other.body).toBe(201);
    expect((await search('zephyrine')).total).toBe(0);
    // Published (a write), it is found at once: the next search after the acknowledged write.
    const shown = await t.admin('PUT', `/cms/api/posts/${hidden.id}`, { status: 1, version: hidden.version });
    expect(shown.statusCode, shown.body).toBe(200);
    expect((await search('zephyrine')).data.map((hit) => hit.id)).toEqual([hidden.id]);
    expect(later.id).toBeGreaterThan(0);
  });

  it('follows an edit and a deletion at once: the old words are gone, the new ones found', async () => {
    const written = await post({ title: 'Quillwort survey', slug: 'quillwort-survey' });
    const edited = await t.admin('PUT', `/cms/api/posts/${written.id}`, {
      title: 'Bladderwort survey',
      version: written.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await search('quillwort')).total).toBe(0);
    expect((await search('bladderwort')).total).toBe(1);
    expect((await t.admin('DELETE', `/cms/api/posts/${written.id}`)).statusCode).toBe(200);
    expect((await search('bladderwort')).total).toBe(0);
  });

  it('finds Bangla words and their beginnings in a translation, at the translation’s address', async () => {
    expect((await t.admin('PUT', `/cms/api/applications/${APP_KEY}`, { locales: 'en,bn' })).statusCode).toBe(200);
    const page = (
      await t.admin('POST', '/cms/api/pages', {
        title: 'Loans',
        slug: 'loans-test',
        content: '<p>Small loans for small businesses.</p>',
        status: 1,
      })
    ).json().data as { id: number };
    const translated = await t.admin('PUT', `/cms/api/pages/${page.id}?locale=bn`, {
      title: 'ঋণ কার্যক্রম',
      slug: 'ঋণ-কার্যক্রম',
      content: '<p>ক্ষুদ্র ব্যবসার জন্য ঝিনুকমালা ক্ষুদ্রঋণ সুবিধা। ঋণের কিস্তি মাসে একবার।</p>',
      version: 0,
    });
    expect(translated.statusCode, translated.body).toBe(200);
    // The demo's Bangla pages speak of loans too: this page is among what is found.
    for (const query of ['ঋণ', 'ক্ষুদ্রঋণ', 'ক্ষুদ্র ব্যবসা']) {
      const found = await search(query, '&locale=bn');
      expect(
        found.data.find((hit) => hit.id === page.id && hit.resource === 'pages'),
        query,
      ).toMatchObject({
        title: 'ঋণ কার্যক্রম',
        path: `/bn/${encodeURIComponent('ঋণ-কার্যক্রম')}`,
      });
    }
    // A found word is marked whole, its vowel signs with it (ঋণের, not ঋণ and a stray ের).
    const loans = (await search('ঋণ', '&locale=bn')).data.find((hit) => hit.id === page.id)!;
    expect(loans.matches.map(([start, end]) => loans.excerpt.slice(start, end))).toContain('ঋণের');
    // A word of its own, and that word's beginning, find it alone.
    for (const query of ['ঝিনুকমালা', 'ঝিনুক']) {
      expect(
        (await search(query, '&locale=bn')).data.map((hit) => hit.id),
        query,
      ).toEqual([page.id]);
    }
    // In English the page reads in English: its Bangla words are not what an English reader sees.
    expect((await search('ঝিনুকমালা')).total).toBe(0);
    expect((await search('loans')).data.map((hit) => hit.path)).toContain('/loans-test');
    // A Bangla reader of a record with no Bangla text reads it in English, and finds it so.
    expect((await search('microloans', '&locale=bn')).data.map((hit) => hit.path)).toEqual(['/bn/news/savings-for-farmers']);
  });

  it('finds a word beginning that new writes give more words, whoever writes them', async () => {
    const ids = (found: { data: SearchHit[] }) => found.data.map((hit) => hit.id).sort((a, b) => a - b);
    const first = await post({ title: 'Mangrove nursery', slug: 'mangrove-nursery' });
    expect(ids(await search('mangro'))).toEqual([first.id]);
    // A new word that begins the same way, written through the API, then another written into the
    // database by SQL, as an import or a command-line tool would: each is found at once.
    const second = await post({ title: 'Mangroves of the delta', slug: 'mangroves-of-the-delta' });
    expect(ids(await search('mangro'))).toEqual([first.id, second.id].sort((a, b) => a - b));
    await sql`update posts set title = 'Mangrovekeepers' where id = ${first.id}`.execute(t.app.ctx.database.db);
    expect(ids(await search('mangro'))).toEqual([first.id, second.id].sort((a, b) => a - b));
    expect((await search('mangrovekeep')).data.map((hit) => hit.id)).toEqual([first.id]);
    expect((await search('mangrove nursery')).total).toBe(0);
  });

  it('finds every word of a beginning that many words share, with the query’s other words', async () => {
    const written = [];
    for (let i = 0; i < 40; i++) written.push(await post({ title: `Wombat${i}x survey`, slug: `wombat-survey-${i}` }));
    expect((await search('survey wombat')).total).toBe(40);
    expect((await search('survey wombat1')).total).toBe(11);
    expect((await search('wombat39x survey')).data.map((hit) => hit.id)).toEqual([written[39]!.id]);
  });

  it('pages through many results, ten at a time', async () => {
    for (let i = 0; i < 12; i++) await post({ title: `Xanthoria note ${i}`, slug: `xanthoria-note-${i}` });
    const first = await search('xanthoria');
    expect(first).toMatchObject({ total: 12, current_page: 1, last_page: 2 });
    expect(first.data).toHaveLength(10);
    const second = await search('xanthoria', '&page=2');
    expect(second.data).toHaveLength(2);
    expect(new Set([...first.data, ...second.data].map((hit) => hit.id)).size).toBe(12);
  });

  it('counts at most SEARCH_MOST_COUNTED results and says there are more; pages stop there', async () => {
    // Written straight to the store, in one transaction: a thousand API writes would be the test's whole time.
    const posts = t.app.ctx.services.posts.repo;
    await t.app.ctx.database.db.transaction().execute(async (trx) => {
      for (let i = 0; i <= SEARCH_MOST_COUNTED + 4; i++)
        await posts.insert(APP_KEY, { title: `Quokka census ${i}`, slug: `quokka-census-${i}`, status: 1 }, trx);
    });
    // One hidden among them is neither found nor counted.
    await posts.insert(APP_KEY, { title: 'Quokka census hidden', slug: 'quokka-census-hidden', status: 0 });
    const first = await search('quokka');
    expect(first).toMatchObject({ total: SEARCH_MOST_COUNTED, more: true, last_page: SEARCH_MOST_COUNTED / 10 });
    expect(first.data).toHaveLength(10);
    const last = await search('quokka', `&page=${SEARCH_MOST_COUNTED / 10}`);
    expect(last).toMatchObject({ total: SEARCH_MOST_COUNTED, more: true });
    expect(last.data).toHaveLength(10);
    const past = await search('quokka', `&page=${SEARCH_MOST_COUNTED / 10 + 1}`);
    expect(past).toMatchObject({ total: SEARCH_MOST_COUNTED, more: true, data: [] });
    // Under the bound the count is exact and says nothing more; a page past the last still counts.
    // (`100` is a word's beginning: census 100 and 1000 to 1004.)
    const few = await search('quokka census 100');
    expect(few).toMatchObject({ total: 6, last_page: 1 });
    expect(few.more).toBeUndefined();
    expect(await search('quokka census 100', '&page=2')).toMatchObject({ total: 6, data: [] });
  });

  it('finds and ranks alike when a word is in most of the index (asked as a filter, not weighed)', async () => {
    const { db } = t.app.ctx.database;
    const indexRows = async () =>
      Number((await sql<{ n: number }>`select count(*) as n from visitor_search`.execute(db)).rows[0]!.n);
    const posts = t.app.ctx.services.posts.repo;
    const common = (await indexRows()) + 10;
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < common; i++)
        await posts.insert(APP_KEY, { title: `Ledger entry ${i}`, slug: `ledger-entry-${i}`, status: 1 }, trx);
    });
    // Weighed alone, `ledger` would put the second first; with both words weighed, `sorghum` decides.
    const sorghum = [
      await post({ title: 'Sorghum harvest', slug: 'sorghum-harvest', content: '<p>Kept in the ledger.</p>' }),
      await post({
        title: 'Ledger, ledger book',
        slug: 'ledger-book',
        content: '<p>A long text about the season and the rains, which names sorghum once, near its end.</p>',
      }),
      await post({ title: 'Notes', slug: 'season-notes', content: '<p>Sorghum in the ledger.</p>' }),
    ];
    // The premise: `ledger` is in more than half of the index's rows, so bm25 weighs it at nothing.
    expect(common * 2).toBeGreaterThan(await indexRows());
    const found = await search('ledger sorghum');
    expect(found.total).toBe(3);
    expect(new Set(found.data.map((hit) => hit.id))).toEqual(new Set(sorghum.map((written) => written.id)));
    if (dialect === 'sqlite') {
      // In the order bm25 gives when it weighs both words, as the search asked it before.
      const weighedBoth = await sql<{ record_id: number }>`select record_id from visitor_search
        where visitor_search match ${'"ledger" AND "sorghum"'} order by bm25(visitor_search, 10.0, 1.0), rowid`.execute(db);
      expect(found.data.map((hit) => hit.id)).toEqual(weighedBoth.rows.map((row) => Number(row.record_id)));
    }
  });

  it('answers a query that is missing, too long or in a language the site does not have with a 400 naming it', async () => {
    for (const [url, field] of [
      ['/cms/search', 'q'],
      ['/cms/search?q=%20%20', 'q'],
      [`/cms/search?q=${'a'.repeat(201)}`, 'q'],
      ['/cms/search?q=loan&page=0', 'page'],
      ['/cms/search?q=loan&locale=fr', 'locale'],
    ] as const) {
      const res = await t.visitor('GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(Object.keys(res.json().errors ?? {}), url).toContain(field);
    }
    // Punctuation alone asks for nothing, and finds nothing; the index's own syntax is only words.
    expect((await search('?!…')).total).toBe(0);
    expect((await search('"Xanthoria"*:* & !(')).total).toBe(12);
  });

  it('keeps no answer per query: a flood of searches leaves the cache as it was', async () => {
    await search('harvest');
    const before = t.app.ctx.cache.liveKeys();
    for (let i = 0; i < 200; i++) await search(`harvest${i}`);
    expect(newlyKept(t, before)).toEqual([]);
  });
});
