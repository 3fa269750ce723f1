/**
 * The site's own search (`/search`, issue 58): the records visitors may read whose words begin
 * with every word asked, best first by the database's full-text rank, a page at a time, each with
 * its title, an excerpt around the words found and its address in the language asked. The index is
 * migration 029's, kept by triggers; who may read a record is asked of the record itself, through
 * the same rule as every public read (forVisitors), so a draft, a scheduled post not yet out or a
 * record in the Trash is never found.
 *
 * In a language other than the site's first, a record is searched in its translation when it has
 * one in that language, and in its own words otherwise: what a visitor of that language reads.
 */
import { sql } from 'kysely';
import { ENTITIES, type EntityDef, publicPathOf, type ResourceName } from '../../shared/entities';
import { inLocale, localeAt } from '../../shared/locales';
import { SEARCH_MOST_COUNTED, SEARCH_PAGE_SIZE, type SearchAnswer } from '../../shared/site-search';
import type { AppContext } from '../plugins/context';
import { serviceFor } from '../plugins/context';
import { isPostgresDb } from '../db/database';
import { forVisitors } from './visibility';
import { askedLocale, siteLocales } from './translations';
import { siteByKey } from '../plugins/tenant';

/** The entities a visitor's search finds: those whose definition says what it reads (`public.search`). */
export const SEARCHED_ENTITIES = (Object.entries(ENTITIES) as [ResourceName, EntityDef][]).filter(
  ([, def]) => def.public?.search && def.public.path,
);

/** The words of a query that are looked for; the rest are ignored (a pasted paragraph is not a query). */
const MOST_WORDS = 8;
/** Words in an excerpt, and how many of them come before the first word found. */
const EXCERPT_WORDS = 32;
const EXCERPT_LEAD = 8;
/** The most index words a word beginning is asked as, one by one (`indexWords`). */
const MOST_BEGUN = 32;
/** The most word beginnings whose index words are remembered between two changes of the index. */
const MOST_REMEMBERED = 2_000;

export type SearchPage = SearchAnswer;

const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/** The words of a query: letters, marks (Bangla's vowel signs) and digits; everything else separates. */
export function queryWords(query: string): string[] {
  return (query.normalize('NFC').match(WORD) ?? []).slice(0, MOST_WORDS);
}

/**
 * A word as the indexes compare it: lower case, Latin accents gone (FTS5's remove_diacritics).
 * Only the combining accents of Latin letters go: Bangla's vowel signs are marks too, and part of
 * their words.
 */
const folded = (word: string) =>
  word
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC');

/**
 * The excerpt of a found record's text: its words around the first that begins with a word asked,
 * and where each such word is. Made here rather than by each database (FTS5's snippet, PostgreSQL's
 * ts_headline) so the two databases mark alike, and only for the page's ten rows: a database
 * makes its excerpt for every hit before it sorts them.
 */
export function excerptOf(body: string, words: readonly string[]): { excerpt: string; matches: [number, number][] } {
  const text = body.replace(/\s+/g, ' ').trim();
  const asked = words.map(folded);
  const spans = [...text.matchAll(WORD)].map((m) => ({ from: m.index, to: m.index + m[0].length, hit: false }));
  for (const span of spans) span.hit = asked.some((word) => folded(text.slice(span.from, span.to)).startsWith(word));
  if (spans.length === 0) return { excerpt: '', matches: [] };
  const first = Math.max(
    0,
    spans.findIndex((span) => span.hit),
  );
  const start = Math.max(0, Math.min(first - EXCERPT_LEAD, spans.length - EXCERPT_WORDS));
  const shown = spans.slice(start, start + EXCERPT_WORDS);
  const cutAtEnd = start + EXCERPT_WORDS < spans.length;
  // Whole ends keep their punctuation; a cut end is a word's and says so.
  const from = start > 0 ? shown[0]!.from : 0;
  const to = cutAtEnd ? shown.at(-1)!.to : text.length;
  const lead = start > 0 ? '… ' : '';
  const excerpt = `${lead}${text.slice(from, to)}${cutAtEnd ? ' …' : ''}`;
  const matches = shown
    .filter((span) => span.hit)
    .map((span): [number, number] => [lead.length + span.from - from, lead.length + span.to - from]);
  return { excerpt, matches };
}

interface IndexRow {
  key: number;
  resource: string;
  record_id: number;
  locale: string;
  title: string;
  body: string;
}

/**
 * The index rows (as `s`) that visitors of `locale` read on the site: each readable record's row in
 * that language (its own in the site's first language; in another, its translation there, or its
 * own where it has none). Who may read a record is asked of that one record, by its key, so a
 * search pays for the rows it finds rather than for every readable record of the site.
 */
export function rowsVisitorsRead(ctx: AppContext, appKey: string, locale: string, defaultLocale: string) {
  const readable = SEARCHED_ENTITIES.map(([name, def]) => {
    const record = serviceFor(ctx.services, name)
      .repo.listQuery(appKey, forVisitors(def))
      .clearSelect()
      .clearOrderBy()
      .select(sql`1`.as('one'))
      .where(sql.ref(`${def.table}.id`), '=', sql.ref('s.record_id'));
    return sql`(s.resource = ${def.resource} and exists ${record})`;
  });
  const inLanguage =
    locale === defaultLocale
      ? sql`s.locale = ''`
      : sql`(s.locale = ${locale} or (s.locale = '' and not exists (
          select 1 from translations t where t.resource = s.resource and t.record_id = s.record_id and t.locale = ${locale})))`;
  return sql`s.app_key = ${appKey} and ${inLanguage} and (${sql.join(readable, sql` or `)})`;
}

/** A word of a query as asked of the SQLite index, and the most rows one of its index words is in. */
interface IndexWord {
  asked: string;
  rows?: number;
}

/**
 * What PostgreSQL is asked for (the rows with every word, each as a word beginning, `ঋণ:*`), the
 * score, lowest first, and a row's key.
 */
function postgresSearch(asked: string) {
  return {
    found: sql`s.document @@ to_tsquery('simple', ${asked})`,
    best: sql`-ts_rank(s.document, to_tsquery('simple', ${asked}))`,
    key: sql.raw('key'),
  };
}

/**
 * What SQLite is asked for: the rows with every word, scored by bm25 (a word in the title counts for
 * ten), lowest first, and a row's key.
 *
 * A word in half the index's rows or more (`update` in a site of news updates) weighs nothing in
 * bm25: FTS5 floors its weight at 1e-6. Yet bm25 counts every row of each word it scores, over the
 * whole index, on every search: most of the time of a search with such a word. Such a word is asked
 * as a filter instead, and bm25 scores the others: the same hits, in the same order.
 * `+s.rowid` keeps the filter a lookup in the hits of every word: as a constraint on the rowid,
 * FTS5 would start the scored search again for each of them.
 */
function sqliteSearch(words: IndexWord[], indexRows: number) {
  const every = words.map((word) => word.asked).join(' AND ');
  const weighed = words.filter((word) => word.rows === undefined || word.rows * 2 < indexRows);
  const filtered = weighed.length > 0 && weighed.length < words.length;
  const scored = weighed.map((word) => word.asked).join(' AND ');
  return {
    found: filtered
      ? sql`visitor_search match ${scored} and +s.rowid in (select rowid from visitor_search where visitor_search match ${every})`
      : sql`visitor_search match ${every}`,
    best: sql`bm25(visitor_search, 10.0, 1.0)`,
    key: sql.raw('rowid'),
  };
}

export function visitorSearch(ctx: AppContext) {
  const { db } = ctx.database;
  const postgres = isPostgresDb(db);

  /** Each record's address in `locale`: its translation's slug there, or its own. */
  async function paths(appKey: string, rows: IndexRow[], locale: string, locales: readonly string[]): Promise<string[]> {
    const byResource = new Map<string, number[]>();
    for (const row of rows) byResource.set(row.resource, [...(byResource.get(row.resource) ?? []), row.record_id]);
    const records = new Map<string, Record<string, unknown>>();
    for (const [resource, ids] of byResource) {
      const [name, def] = SEARCHED_ENTITIES.find(([, d]) => d.resource === resource)!;
      const own = await serviceFor(ctx.services, name).repo.listQuery(appKey, {}).where('id', 'in', ids).execute();
      const translated = locale === locales[0] ? new Map() : await ctx.translations.slugsOf(resource, ids);
      for (const record of own as Record<string, unknown>[]) {
        const slug = def.slug ? (translated.get(record.id as number)?.get(locale) ?? record[def.slug.field]) : undefined;
        records.set(`${resource} ${record.id}`, { ...record, ...(def.slug ? { [def.slug.field]: slug } : {}) });
      }
    }
    const at = localeAt(locales, locale);
    return rows.map((row) => {
      const def = SEARCHED_ENTITIES.find(([, d]) => d.resource === row.resource)![1];
      const record = records.get(`${row.resource} ${row.record_id}`);
      const path = record && publicPathOf(def, record);
      return path ? inLocale(at, path) : inLocale(at, '/');
    });
  }

  /**
   * SQLite: a word of the query as the index's own words that begin with it (`("update" OR
   * "updates")`), read from its table of words (migration 042), so that FTS5 reads each word's
   * rows only where the query's other words are, rather than merging every row of every word that
   * begins so first. Asked as a beginning (`"update"*`) when the index has no word beginning so
   * (the query finds nothing then, or the tokenizer splits the word where the table cannot say)
   * or more than MOST_BEGUN, where the list would cost more than the merge.
   *
   * The table counts each word's rows as it reads it, so what it said is remembered (at most
   * MOST_REMEMBERED beginnings) until the index next changes (`visitor_search_changes`), with the
   * most rows one of its index words is in (`rows`; none for a word asked as a beginning).
   */
  const remembered = new Map<string, IndexWord>();
  let rememberedAt: number | undefined;
  async function indexWords(words: readonly string[]): Promise<IndexWord[]> {
    const [{ count }] = (await sql<{ count: number }>`select count from visitor_search_changes`.execute(db)).rows as [
      { count: number },
    ];
    if (count !== rememberedAt || remembered.size > MOST_REMEMBERED) remembered.clear();
    rememberedAt = count;
    return Promise.all(
      words.map(async (word) => {
        const from = folded(word);
        const known = remembered.get(from);
        if (known !== undefined) return known;
        const { rows } = await sql<{ term: string; doc: number }>`select term, doc from visitor_search_terms
          where term >= ${from} and term < ${`${from}\u{10FFFF}`} limit ${MOST_BEGUN + 1}`.execute(db);
        const each = rows.map(({ term }) => `"${term.replaceAll('"', '""')}"`);
        const asked: IndexWord =
          rows.length === 0 || rows.length > MOST_BEGUN
            ? { asked: `"${word}"*` }
            : {
                asked: each.length === 1 ? each[0]! : `(${each.join(' OR ')})`,
                rows: Math.max(...rows.map(({ doc }) => Number(doc))),
              };
        // Kept only if no search has seen a later change meanwhile: this one's words may be older.
        if (rememberedAt === count) remembered.set(from, asked);
        return asked;
      }),
    );
  }

  /** The rows of the index, all sites' (bm25's N): FTS5 keeps one row per row in its docsize table. */
  async function indexRows(): Promise<number> {
    const { rows } = await sql<{ rows: number }>`select count(*) as rows from visitor_search_docsize`.execute(db);
    return Number(rows[0]?.rows ?? 0);
  }

  return {
    /** One page of what `query` finds on the site, in `locale` (the site's first when none is named). */
    async search(appKey: string, query: string, page: number, locale?: string): Promise<SearchPage> {
      const site = await siteByKey(ctx, appKey);
      const locales = siteLocales(site);
      const language = askedLocale(site, locale) ?? locales[0]!;
      const words = queryWords(query);
      if (words.length === 0) return { data: [], current_page: page, last_page: 1, total: 0 };
      const where = rowsVisitorsRead(ctx, appKey, language, locales[0]!);
      // What each database is asked for: each word as a word beginning (only letters, marks and
      // digits reach the query, so no word is read as an operator).
      const { found, best, key } = postgres
        ? postgresSearch(words.map((word) => `${word}:*`).join(' & '))
        : sqliteSearch(await indexWords(words), await indexRows());
      // The words' hits are ranked first, by the index alone; whether a hit is this site's, in this
      // language and readable is then asked of the hits in rank order, only until the page is full.
      // Asked of every hit, it read each one's stored row and record (a common word has thousands).
      // A scan of the ranked list keeps its order: it has no sort, join or grouping of its own.
      const shown = sql`exists (select 1 from visitor_search s where s.${key} = r.k and ${where})`;
      // Pages end with the count: none is read past SEARCH_MOST_COUNTED results.
      const offset = (page - 1) * SEARCH_PAGE_SIZE;
      const room = Math.max(0, Math.min(SEARCH_PAGE_SIZE, SEARCH_MOST_COUNTED - offset));
      // One statement: the count reads the ranked list already made, rather than a second search.
      // A page past the last still answers the count.
      const ranked = (
        await sql<{ k: number | null; counted: number }>`with r as materialized (
            select s.${key} as k, ${best} as score from visitor_search s where ${found} order by score, k),
          counted as (select count(*) as counted from (select 1 from r where ${shown} limit ${SEARCH_MOST_COUNTED + 1}) as c),
          shown as (select k from r where ${shown} limit ${room} offset ${offset})
          select shown.k, counted.counted from counted left join shown on true`.execute(db)
      ).rows;
      const counted = Number(ranked[0]?.counted ?? 0);
      const more = counted > SEARCH_MOST_COUNTED;
      const total = Math.min(counted, SEARCH_MOST_COUNTED);
      const keys = ranked.flatMap((row) => (row.k === null ? [] : [row.k]));
      const read =
        keys.length === 0
          ? []
          : (
              await sql<IndexRow>`select ${key} as key, resource, record_id, locale, title, body from visitor_search
                where ${key} in (${sql.join(keys)})`.execute(db)
            ).rows;
      const byKey = new Map(read.map((row) => [Number(row.key), row]));
      // A row a write removed between the two reads is left out of the page, not failed on.
      const rows = keys.map((k) => byKey.get(Number(k))).filter((row): row is IndexRow => row !== undefined);
      const addresses = await paths(appKey, rows, language, locales);
      return {
        data: rows.map((row, i) => ({
          resource: row.resource,
          id: Number(row.record_id),
          title: row.title,
          ...excerptOf(row.body, words),
          path: addresses[i]!,
        })),
        current_page: page,
        last_page: Math.max(1, Math.ceil(total / SEARCH_PAGE_SIZE)),
        total,
        ...(more ? { more } : {}),
      };
    },
  };
}
