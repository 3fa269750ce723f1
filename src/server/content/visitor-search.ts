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
import type { SearchHit } from '../../shared/site-search';
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

/** Results on a page of the search. */
export const SEARCH_PAGE_SIZE = 10;
/** The words of a query that are looked for; the rest are ignored (a pasted paragraph is not a query). */
const MOST_WORDS = 8;
/** Where the database's excerpt marks a found word (characters no text holds). */
const HIT_START = '\u0002';
const HIT_END = '\u0003';

export type SearchPage = Paged<SearchHit>;

/** The words of a query: letters, marks (Bangla's vowel signs) and digits; everything else separates. */
export function queryWords(query: string): string[] {
  return (query.normalize('NFC').match(/[\p{L}\p{M}\p{N}]+/gu) ?? []).slice(0, MOST_WORDS);
}

/** An excerpt with the database's marks taken out, and where they were; white space collapsed first. */
export function markedExcerpt(marked: string): { excerpt: string; matches: [number, number][] } {
  const matches: [number, number][] = [];
  let excerpt = '';
  let start = -1;
  for (const character of marked.replace(/\s+/g, ' ').trim()) {
    if (character === HIT_START) start = excerpt.length;
    else if (character === HIT_END) {
      if (start >= 0 && excerpt.length > start) matches.push([start, excerpt.length]);
      start = -1;
    } else excerpt += character;
  }
  return { excerpt, matches };
}

interface IndexRow {
  resource: string;
  record_id: number;
  locale: string;
  title: string;
  excerpt: string;
}

export function visitorSearch(ctx: AppContext) {
  const { db } = ctx.database;
  const postgres = isPostgresDb(db);

  /** The ids visitors may read of each searched entity, as subqueries. */
  const readable = (appKey: string) =>
    SEARCHED_ENTITIES.map(([name, def]) => {
      const ids = serviceFor(ctx.services, name)
        .repo.listQuery(appKey, forVisitors(def))
        .clearSelect()
        .clearOrderBy()
        .select('id');
      return sql`(s.resource = ${def.resource} and s.record_id in (${ids}))`;
    });

  /**
   * Which of a record's rows a language reads: the default language its own (locale ''), another
   * its translation, or its own where it has none.
   */
  const inLanguage = (locale: string, defaultLocale: string) =>
    locale === defaultLocale
      ? sql`s.locale = ''`
      : sql`(s.locale = ${locale} or (s.locale = '' and not exists (
          select 1 from translations t where t.resource = s.resource and t.record_id = s.record_id and t.locale = ${locale})))`;

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
      const where = sql`s.app_key = ${appKey} and ${inLanguage(language, locales[0]!)} and (${sql.join(readable(appKey), sql` or `)})`;
      // What each database says for: the rows with every word (each as a word beginning, `ঋণ:*` or
      // "ঋণ"*; only letters, marks and digits reach the query, so no word is read as an operator),
      // the excerpt around them, and the order (bm25's weights: a word in the title counts for ten).
      const asked = postgres ? words.map((word) => `${word}:*`).join(' & ') : words.map((word) => `"${word}"*`).join(' ');
      const { found, excerpt, best } = postgres
        ? {
            found: sql`s.document @@ to_tsquery('simple', ${asked})`,
            excerpt: sql`ts_headline('simple', s.body, to_tsquery('simple', ${asked}),
              ${`StartSel=${HIT_START}, StopSel=${HIT_END}, MaxWords=32, MinWords=16, MaxFragments=1, FragmentDelimiter=" … "`})`,
            best: sql`ts_rank(s.document, to_tsquery('simple', ${asked})) desc, s.key`,
          }
        : {
            found: sql`visitor_search match ${asked}`,
            excerpt: sql`snippet(visitor_search, 1, ${HIT_START}, ${HIT_END}, ' … ', 32)`,
            best: sql`bm25(visitor_search, 10.0, 1.0), s.rowid`,
          };
      const matching = sql`${found} and ${where}`;
      const total = (await sql<{ n: number }>`select count(*) as n from visitor_search s where ${matching}`.execute(db)).rows[0]!
        .n;
      const { rows } = await sql<IndexRow>`select s.resource, s.record_id, s.locale, s.title, ${excerpt} as excerpt
        from visitor_search s where ${matching} order by ${best}
        limit ${SEARCH_PAGE_SIZE} offset ${(page - 1) * SEARCH_PAGE_SIZE}`.execute(db);
      const addresses = await paths(appKey, rows, language, locales);
      return {
        data: rows.map((row, i) => ({
          resource: row.resource,
          id: Number(row.record_id),
          title: row.title,
          ...markedExcerpt(row.excerpt),
          path: addresses[i]!,
        })),
        current_page: page,
        last_page: Math.max(1, Math.ceil(total / SEARCH_PAGE_SIZE)),
        total,
      };
    },
  };
}
