/**
 * A record's text in the other locales of its site (migration 014): one row per record and
 * locale, holding the record's localized fields (`localized: true` in its definition) with a
 * version of its own. Reads fall back field by field: a field with no text in the asked locale
 * keeps the default locale's, and `text_locales` says, for each localized field, which locale
 * its text is in.
 */
import { type Insertable, type Selectable, sql } from 'kysely';
import type { TranslationsTable } from '../db/schema';
import { type AnyRecord, type EntityDef, localizedFields } from '../../shared/entities';
import { localesOf } from '../../shared/locales';
import { badRequest } from '../errors';
import { type DB, isPostgresDb, now } from '../db/database';
import { searchText } from '../db/migrations/012_search_index';
import type { Cache } from '../cache/cache';
import { countScope, likePattern, TRIGRAM, type WriteValues } from './repository';

/** Which locale each localized field's text is in (`{title: 'bn', content: 'en'}`). */
export type TextLocales = Record<string, string>;

export interface Translation {
  locale: string;
  /** The translated fields; a field missing or empty falls back to the default locale's text. */
  data: Record<string, string | null>;
  version: number;
  updated_at: string;
}

const textOf = (value: unknown) => (typeof value === 'string' ? value : null);

/**
 * A translated slug: the words of the title in its own script (a Bangla page's address is Bangla),
 * lower case, joined by '-'. None is made when none is given: the page keeps its default slug.
 */
export function localSlug(text: string): string {
  return text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '');
}

/** The locales of a site: its list, the default first. */
export const siteLocales = (site: { locales?: unknown } | undefined) => localesOf(textOf(site?.locales));

/**
 * The locale a read asks for, checked against the site's: undefined when it asks for none, a 400
 * naming `locale` when the site is not written in it.
 */
export function askedLocale(site: { locales?: unknown } | undefined, locale: string | undefined): string | undefined {
  if (locale === undefined || locale === '') return undefined;
  const locales = siteLocales(site);
  if (!locales.includes(locale)) {
    const message = `This site is written in ${locales.join(', ')}`;
    throw badRequest(`${message}: there is no “${locale}”`, { locale: message });
  }
  return locale;
}

/** `row` with `translation`'s text where it has some, field by field, and which locale each field is in. */
export function withTranslation(
  def: EntityDef,
  row: AnyRecord,
  locale: string,
  defaultLocale: string,
  translation: Translation | undefined,
): AnyRecord {
  const out: AnyRecord = { ...row };
  const textLocales: TextLocales = {};
  for (const field of localizedFields(def)) {
    const text = locale === defaultLocale ? undefined : translation?.data[field];
    if (text !== undefined && text !== null && text !== '') {
      out[field] = text;
      textLocales[field] = locale;
    } else textLocales[field] = defaultLocale;
  }
  out.text_locales = textLocales;
  return out;
}

/**
 * A record's text in one locale, as the admin API answers `?locale=`: its id, the locale, the
 * translation's own version (0 before there is one) and the localized fields that have text there
 * (one without is left out: the default's shows through).
 */
export function translationRecord(
  def: EntityDef,
  row: AnyRecord,
  locale: string,
  translation: Translation | undefined,
): AnyRecord {
  return {
    id: row.id,
    locale,
    version: translation?.version ?? 0,
    updated_at: translation?.updated_at ?? row.updated_at,
    ...Object.fromEntries(
      localizedFields(def).flatMap((field) => (translation?.data[field] ? [[field, translation.data[field]]] : [])),
    ),
  };
}

export class Translations {
  constructor(
    private readonly db: DB,
    /** Where the records' search totals are kept (Repository), which a translation's text changes. */
    private readonly cache?: Cache,
  ) {}

  private get table() {
    return this.db.selectFrom('translations');
  }

  private parse(row: Selectable<TranslationsTable>): Translation {
    return {
      locale: row.locale,
      data: JSON.parse(row.data) as Translation['data'],
      version: row.version,
      updated_at: row.updated_at,
    };
  }

  /** The translations into `locale` of these records of `resource`, by record id. */
  async of(resource: string, locale: string, ids: readonly number[]): Promise<Map<number, Translation>> {
    if (ids.length === 0) return new Map();
    const rows = await this.table
      .selectAll()
      .where('resource', '=', resource)
      .where('locale', '=', locale)
      .where('record_id', 'in', [...ids])
      .execute();
    return new Map(rows.map((row) => [row.record_id, this.parse(row)]));
  }

  /** One record's translation into `locale`, or none. */
  async get(resource: string, recordId: number, locale: string): Promise<Translation | undefined> {
    return (await this.of(resource, locale, [recordId])).get(recordId);
  }

  /** The locales a record has a translation in (its default locale aside). */
  async localesOf(resource: string, recordId: number): Promise<string[]> {
    const rows = await this.table.select('locale').where('resource', '=', resource).where('record_id', '=', recordId).execute();
    return rows.map((row) => row.locale).sort();
  }

  /** Each record's slug in each locale it is translated into (null where its translation has none), by record id. */
  async slugsOf(resource: string, ids: readonly number[]): Promise<Map<number, Map<string, string | null>>> {
    const bySlug = new Map<number, Map<string, string | null>>();
    if (ids.length === 0) return bySlug;
    const rows = await this.table
      .select(['record_id', 'locale', 'slug'])
      .where('resource', '=', resource)
      .where('record_id', 'in', [...ids])
      .execute();
    for (const row of rows) bySlug.set(row.record_id, (bySlug.get(row.record_id) ?? new Map()).set(row.locale, row.slug));
    return bySlug;
  }

  /** The record a translated slug names, in any locale of the site. */
  async recordWithSlug(appKey: string, resource: string, slug: string): Promise<number | undefined> {
    const row = await this.table
      .select('record_id')
      .where('app_key', '=', appKey)
      .where('resource', '=', resource)
      .where('slug', '=', slug)
      .executeTakeFirst();
    return row?.record_id;
  }

  /**
   * Writes the localized fields of `values` as the record's text in `locale`, merged over what the
   * translation held. With `basedOn`, only if the translation is still at that version (0: there
   * is none yet): undefined when another save came first.
   */
  async put(
    appKey: string,
    def: EntityDef,
    recordId: number,
    locale: string,
    values: WriteValues,
    basedOn?: number,
  ): Promise<Translation | undefined> {
    const fields = localizedFields(def);
    const existing = await this.get(def.resource, recordId, locale);
    if (basedOn !== undefined && (existing?.version ?? 0) !== basedOn) return undefined;
    const data: Translation['data'] = { ...existing?.data };
    for (const field of fields) if (values[field] !== undefined) data[field] = textOf(values[field]);
    const slugField = def.slug?.field;
    if (slugField && data[slugField]) data[slugField] = localSlug(data[slugField]!) || null;
    const slug = slugField && fields.includes(slugField) ? textOf(data[slugField]) || null : null;
    const search = fields
      .filter((field) => def.fields[field]!.searchable)
      .map((field) => data[field] ?? '')
      .join('\u001f');
    const stamp = now();
    const written = { data: JSON.stringify(data), slug, search_text: search, updated_at: stamp };
    const db = this.db;
    if (!existing) {
      await db
        .insertInto('translations')
        .values({
          app_key: appKey,
          resource: def.resource,
          record_id: recordId,
          locale,
          ...written,
          version: 1,
          created_at: stamp,
        } as Insertable<TranslationsTable>)
        .execute();
      this.forgetSearchTotals(def);
      return { locale, data, version: 1, updated_at: stamp };
    }
    const result = await db
      .updateTable('translations')
      .set({ ...written, version: existing.version + 1 })
      .where('resource', '=', def.resource)
      .where('record_id', '=', recordId)
      .where('locale', '=', locale)
      .where('version', '=', existing.version)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return undefined;
    this.forgetSearchTotals(def);
    return { locale, data, version: existing.version + 1, updated_at: stamp };
  }

  /** A list's search matches its records' translations too, so the totals kept for it are stale. */
  private forgetSearchTotals(def: EntityDef): void {
    this.cache?.invalidate(countScope(def.table));
  }

  /** Removes a record's translation into `locale`; false when there was none. */
  async remove(def: EntityDef, recordId: number, locale: string): Promise<boolean> {
    const db = this.db;
    const result = await db
      .deleteFrom('translations')
      .where('resource', '=', def.resource)
      .where('record_id', '=', recordId)
      .where('locale', '=', locale)
      .executeTakeFirst();
    this.forgetSearchTotals(def);
    return Number(result.numDeletedRows) > 0;
  }

  /** The ids of `resource`'s records of a site that have a translation into `locale`. */
  recordsIn(appKey: string, resource: string, locale: string) {
    return this.db
      .selectFrom('translations')
      .select('record_id')
      .where('app_key', '=', appKey)
      .where('resource', '=', resource)
      .where('locale', '=', locale);
  }

  /**
   * The ids of `resource`'s records of a site whose text in `locale` (in any of its locales when
   * none is given) has `search` (case-insensitive).
   */
  matching(appKey: string, resource: string, locale: string | undefined, search: string) {
    const db = this.db;
    let base = db
      .selectFrom('translations')
      .select('record_id as id')
      .where('app_key', '=', appKey)
      .where('resource', '=', resource);
    if (locale !== undefined) base = base.where('locale', '=', locale);
    const pattern = likePattern(search);
    if (isPostgresDb(this.db)) return base.where(sql<boolean>`(${searchText(['search_text'])}) ilike ${pattern} escape '\\'`);
    if ([...search].length >= TRIGRAM) {
      const phrase = `"${search.replace(/"/g, '""')}"`;
      return base.where(
        'translations.id',
        'in',
        sql<number>`(select rowid from translations_search where translations_search match ${phrase})`,
      );
    }
    return base.where(sql<boolean>`search_text like ${pattern} escape '\\'`);
  }
}
