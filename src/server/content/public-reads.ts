/**
 * What visitors may read of a site (spec §7.1), made from each definition's `public` block: a list
 * read, a read by slug, the children they embed, how a preview link shows a draft, and the site's
 * own settings. Only what visitors may see is read: active rows (status 1) whose publish time has
 * come (content/visibility.ts).
 *
 * Two callers, one code: the public API's routes (routes/public.ts), and the server's own page
 * renders (seo/ssr.ts), which read here directly rather than through HTTP.
 */
import { type ColumnValue, type EntityDef, ENTITIES, type ResourceName } from '../../shared/entities';
import { paged, type ListEnvelope } from '../../shared/envelope';
import { LIMITS } from '../../shared/limits';
import { notFound } from '../errors';
import { type AppContext, serviceFor } from '../plugins/context';
import type { Row } from './repository';
import { getDraft } from './drafts';
import { forVisitors } from './visibility';
import { askedLocale, siteLocales, type Translation, withTranslation } from './translations';
import { siteByKey } from '../plugins/tenant';

/** Entities with public reads, each with its definition's `public` block. */
export const PUBLIC_ENTITIES = (Object.entries(ENTITIES) as [ResourceName, EntityDef][]).filter(([, def]) => def.public);

/** What a list read was asked: paging, a preview token, and the fields it filters by. */
export type ListAsked = Record<string, ColumnValue | undefined> & {
  page?: number;
  size?: number;
  preview?: string;
  locale?: string;
};

export type PublicReads = ReturnType<typeof publicReads>;

export function publicReads(ctx: AppContext) {
  const { services } = ctx;

  /** The locale a read asks for, checked against its site's, with the site's default. */
  const localeOf = async (appKey: string, asked: string | undefined) => {
    if (asked === undefined) return undefined;
    const site = await siteByKey(ctx, appKey);
    const locale = askedLocale(site, asked)!;
    return { locale, defaultLocale: siteLocales(site)[0]! };
  };

  /** `rows` (and the children each embeds) in `locale`, field by field, saying which locale each text is in. */
  const localized = async (def: EntityDef, rows: Row[], at: { locale: string; defaultLocale: string }): Promise<Row[]> => {
    // The default locale's text is the record's own: it has no translations to look up.
    const translations =
      at.locale === at.defaultLocale
        ? new Map<number, Translation>()
        : await ctx.translations.of(
            def.resource,
            at.locale,
            rows.map((row) => row.id as number),
          );
    const out = [];
    for (const row of rows) {
      const translated = withTranslation(def, row, at.locale, at.defaultLocale, translations.get(row.id as number));
      for (const embed of def.public?.embeds ?? []) {
        const children = row[embed.name];
        if (Array.isArray(children)) {
          translated[embed.name] = await localized(ENTITIES[embed.entity as ResourceName] as EntityDef, children, at);
        }
      }
      out.push(translated);
    }
    return out;
  };

  /**
   * A record's address in each locale it is written in: its own slug in the default locale, and
   * in each translated one the translation's slug, or the default's where it has none. What a
   * page's alternate-language links and the language switcher point to.
   */
  const slugsOf = async (def: EntityDef, row: Row, defaultLocale: string): Promise<Record<string, string>> => {
    const own = String(row[def.slug!.field]);
    const translated = (await ctx.translations.slugsOf(def.resource, [row.id as number])).get(row.id as number) ?? [];
    return { [defaultLocale]: own, ...Object.fromEntries([...translated].map(([locale, slug]) => [locale, slug || own])) };
  };

  /** `rows` with the children each embeds, as visitors see them, found in one read per kind. */
  const withEmbeds = async (appKey: string, def: EntityDef, rows: Row[]): Promise<Row[]> => {
    let result = rows;
    for (const embed of def.public?.embeds ?? []) {
      if (result.length === 0) return result;
      const childDef = ENTITIES[embed.entity as ResourceName] as EntityDef;
      const ids = result.map((row) => row.id as number);
      const children = await serviceFor(services, embed.entity as ResourceName).repo.list(appKey, {
        page: 1,
        size: LIMITS.maxPageSize,
        ...forVisitors(childDef, {}, (qb) => qb.where(embed.by, 'in', ids)),
      });
      const withTheirs = await withEmbeds(appKey, childDef, children.rows as Row[]);
      result = result.map((row) => ({ ...row, [embed.name]: withTheirs.filter((child) => child[embed.by] === row.id) }));
    }
    return result;
  };

  /**
   * The record a valid preview link names, as its draft would have it, whatever its status or
   * publish time. Any other link is a 404, as if there were nothing.
   */
  const previewed = async (appKey: string, name: ResourceName, token: string): Promise<Row> => {
    const def = ENTITIES[name] as EntityDef;
    const target = await ctx.previews.open(token);
    const row = target?.resource === def.resource ? await serviceFor(services, name).repo.get(appKey, target.id) : undefined;
    if (!row) throw notFound(def.formTitle);
    const draft = await getDraft(ctx.database.db, def.resource, target!.id);
    // A draft holds values the write schemas checked: a record's columns.
    return { ...row, ...(draft?.data as Row | undefined) };
  };

  return {
    /** A list read: a page of rows (or, unpaged, all of them), a previewed one first where the list shows previews. */
    async list(appKey: string, name: ResourceName, asked: ListAsked): Promise<ListEnvelope<Row> | { data: Row[] }> {
      const def = ENTITIES[name] as EntityDef;
      const { list, preview } = def.public!;
      const filters = list!.filters ?? [];
      const page = list!.unpaged ? 1 : (asked.page ?? 1);
      const size = list!.unpaged ? LIMITS.maxPageSize : (asked.size ?? list!.size);
      const where = Object.fromEntries(filters.flatMap((f) => (asked[f] === undefined ? [] : [[f, asked[f]]])));
      const at = await localeOf(appKey, asked.locale);
      const { rows, total } = await serviceFor(services, name).repo.list(appKey, { page, size, ...forVisitors(def, where) });
      const embedded = await withEmbeds(appKey, def, rows as Row[]);
      const shown = at ? await localized(def, embedded, at) : embedded;
      if (list!.unpaged) return { data: shown };
      if (asked.preview === undefined || preview !== 'list') return paged(shown, page, size, total);
      // A record previewed in a list (a slide on the home page's slider) comes first, as its draft has it.
      const previewRow = await withEmbeds(appKey, def, [await previewed(appKey, name, asked.preview)]);
      const [first] = at ? await localized(def, previewRow, at) : previewRow;
      const others = shown.filter((row) => row.id !== first!.id);
      return paged([first!, ...others], page, size, others.length + 1);
    },

    /** One record by its slug (or, with a preview token where the detail shows previews, the one the link names). */
    async detail(
      appKey: string,
      name: ResourceName,
      slug: string,
      previewToken?: string,
      locale?: string,
    ): Promise<{ data: Row }> {
      const def = ENTITIES[name] as EntityDef;
      const at = await localeOf(appKey, locale);
      const token = def.public!.preview === 'detail' ? previewToken : undefined;
      const visible = async (where: Readonly<Record<string, ColumnValue>>) =>
        (await serviceFor(services, name).repo.first(appKey, forVisitors(def, where))) as Row | undefined;
      let row = token ? await previewed(appKey, name, token) : await visible({ [def.slug!.field]: slug });
      // A slug may be a translation's: the page is found by its address in any locale.
      if (!row && !token && def.fields[def.slug!.field]!.localized) {
        const id = await ctx.translations.recordWithSlug(appKey, def.resource, slug);
        if (id !== undefined) row = await visible({ id });
      }
      if (!row) throw notFound(def.formTitle);
      const embedded = await withEmbeds(appKey, def, [row]);
      if (!at) return { data: embedded[0]! };
      const [shown] = await localized(def, embedded, at);
      return { data: { ...shown!, slugs: await slugsOf(def, row, at.defaultLocale) } };
    },

    /**
     * The settings of the site the request names (`appKey`) when `asked` is that site (the answer's
     * schema leaves out the owner's id), in `locale`'s words where it is given. Another site's key reads nothing, as an unknown one: a
     * site switched off is not there for visitors, whichever site's key asks for it.
     */
    async site(appKey: string, asked: string, locale?: string): Promise<{ data: Row }> {
      const row = asked === appKey ? await services.applications.repo.findBy(null, 'app_key', appKey) : undefined;
      if (!row || Number(row.status) !== 1) throw notFound('Application');
      const at = await localeOf(appKey, locale);
      if (!at) return { data: row as Row };
      const [shown] = await localized(ENTITIES.applications as EntityDef, [row as Row], at);
      return { data: shown! };
    },
  };
}
