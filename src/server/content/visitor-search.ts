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
import type { Paged } from '../../shared/envelope';
import { SEARCH_PAGE_SIZE, type SearchHit } from '../../shared/site-search';
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

export type SearchPage = Paged<SearchHit>;

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

  return {
    /** One page of what `query` finds on the site, in `locale` (the site's first when none is named). */
    async search(appKey: string, query: string, page: number, locale?: string): Promise<SearchPage> {
      const site = await siteByKey(ctx, appKey);
      const locales = siteLocales(site);
      const language = askedLocale(site, locale) ?? locales[0]!;
      const words = queryWords(query);
      if (words.length === 0) return { data: [], current_page: page, last_page: 1, total: 0 };
      const where = rowsVisitorsRead(ctx, appKey, language, locales[0]!);
      // What each database says for: the rows with every word (each as a word beginning, `ঋণ:*` or
      // "ঋণ"*; only letters, marks and digits reach the query, so no word is read as an operator),
      // the score, lowest first (bm25's weights: a word in the title counts for ten) and a row's key.
      const asked = postgres ? words.map((word) => `${word}:*`).join(' & ') : words.map((word) => `"${word}"*`).join(' ');
      const { found, best, key } = postgres
        ? {
            found: sql`s.document @@ to_tsquery('simple', ${asked})`,
            best: sql`-ts_rank(s.document, to_tsquery('simple', ${asked}))`,
            key: sql.raw('key'),
          }
        : {
            found: sql`visitor_search match ${asked}`,
            best: sql`bm25(visitor_search, 10.0, 1.0)`,
            key: sql.raw('rowid'),
          };
      // The hits are found and checked once: the page is read from them and the total counted.
      const ranked = (
        await sql<{ k: number; total: number }>`with hits as materialized (
            select s.${key} as k, ${best} as score from visitor_search s where ${found} and ${where})
          select k, (select count(*) from hits) as total from hits order by score, k
          limit ${SEARCH_PAGE_SIZE} offset ${(page - 1) * SEARCH_PAGE_SIZE}`.execute(db)
      ).rows;
      const total =
        ranked.length > 0
          ? Number(ranked[0]!.total)
          : page === 1
            ? 0
            : Number(
                (await sql<{ n: number }>`select count(*) as n from visitor_search s where ${found} and ${where}`.execute(db))
                  .rows[0]!.n,
              );
      const keys = ranked.map((row) => row.k);
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
      };
    },
  };
}
