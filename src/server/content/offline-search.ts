/**
 * The site's search as the browser answers it without the server (issue 58, docs/offline.md): a
 * Pagefind index per site and per language, built here from what the server search finds (the
 * searched entities' records visitors may read, each in the language's words: its translation
 * there, or its own) and served as files under /search-index/<locale>/.
 *
 * It is built when first asked for after a write, never ahead: a write only drops it, through the
 * one cache every kept answer lives in (cache/cache.ts), kept under the parts of the site the
 * search reads. So a request that starts after a write was acknowledged gets an index made after
 * it, on every instance (peers forget through shared-versions.ts), and concurrent askers of one
 * index wait for one build. What is kept is bounded by the site's languages, never by what anyone
 * asks, and weighs its bytes in the cache's LRU.
 *
 * The index holds the same records in the same order on every instance, and Pagefind names its
 * chunks by their content, so two instances serve the same names for the same content.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { createIndex } from 'pagefind';
import { sql } from 'kysely';
import { publicPathOf } from '../../shared/entities';
import { inLocale, localeAt } from '../../shared/locales';
import { SERVER_PATHS } from '../../shared/address-space';
import { serviceFor } from '../plugins/context';
import { siteByKey } from '../plugins/tenant';
import { fromParts } from '../cache/cache';
import { expireAtNextPublish, readParts, siteScope } from '../cache/public-answers';
import { forVisitors } from './visibility';
import { siteLocales } from './translations';
import { rowsVisitorsRead, SEARCHED_ENTITIES } from './visitor-search';
import { OFFLINE_INDEX_MANIFEST } from '../../shared/site-search';

/** The files of an index the browser needs: Pagefind's search code, its word index and its pages' fragments. */
const SERVED =
  /^(pagefind\.js|pagefind-worker\.js|pagefind-entry\.json|wasm\.[a-z-]+\.pagefind|pagefind\.[\w-]+\.pf_meta|index\/[\w-]+\.pf_index|fragment\/[\w-]+\.pf_fragment)$/;
/**
 * The fragments (a page's title, address and text) a device keeps ahead of any query, at most:
 * past this, a site's fragments come as queries need them. The word index and the code are kept whole.
 */
const KEPT_FRAGMENT_BYTES = 1024 * 1024;

export interface OfflineIndexFile {
  body: Buffer;
  /** A strong validator of the bytes (the files without a hash in their name are revalidated). */
  etag: string;
}

export interface OfflineIndex {
  files: Map<string, OfflineIndexFile>;
  /** Bytes kept, for the cache's LRU. */
  size: number;
}

/** Ids asked in one query: well under SQLite's and PostgreSQL's limits on parameters. */
const IDS_AT_ONCE = 5000;

interface Row {
  resource: string;
  record_id: number;
  title: string;
  body: string;
}

/** Each searched record visitors may read, in `locale`'s words, with its address there, in a fixed order. */
async function readableRecords(app: FastifyInstance, appKey: string, locale: string, locales: readonly string[]) {
  const { ctx } = app;
  const { db } = ctx.database;
  // What the site's search reads in this language, the same rows.
  const { rows } = await sql<Row>`select s.resource, s.record_id, s.title, s.body from visitor_search s
    where ${rowsVisitorsRead(ctx, appKey, locale, locales[0]!)}
    order by s.resource, s.record_id`.execute(db);
  const at = localeAt(locales, locale);
  const records: { url: string; title: string; content: string }[] = [];
  for (const [name, def] of SEARCHED_ENTITIES) {
    const ids = rows.filter((row) => row.resource === def.resource).map((row) => Number(row.record_id));
    if (ids.length === 0) continue;
    // The records visitors may read, all at once: a list of ids would outgrow the databases' parameters.
    const own = (await serviceFor(ctx.services, name).repo.listQuery(appKey, forVisitors(def)).execute()) as Record<
      string,
      unknown
    >[];
    const byId = new Map(own.map((record) => [Number(record.id), record]));
    const translated = new Map<number, Map<string, string | null>>();
    if (locale !== locales[0]) {
      for (let at = 0; at < ids.length; at += IDS_AT_ONCE) {
        for (const [id, slugs] of await ctx.translations.slugsOf(def.resource, ids.slice(at, at + IDS_AT_ONCE))) {
          translated.set(id, slugs);
        }
      }
    }
    for (const row of rows.filter((r) => r.resource === def.resource)) {
      const record = byId.get(Number(row.record_id));
      if (!record) continue;
      const slug = def.slug ? (translated.get(Number(row.record_id))?.get(locale) ?? record[def.slug.field]) : undefined;
      const path = publicPathOf(def, def.slug ? { ...record, [def.slug.field]: slug } : record);
      if (!path) continue;
      records.push({ url: inLocale(at, path), title: row.title, content: `${row.title}\n${row.body}` });
    }
  }
  return records;
}

const etagOf = (body: Buffer) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

/** Builds `locale`'s index of the site with Pagefind's Node API; the manifest lists what a device keeps. */
async function build(app: FastifyInstance, appKey: string, locale: string, locales: readonly string[]): Promise<OfflineIndex> {
  const records = await readableRecords(app, appKey, locale, locales);
  const { index, errors } = await createIndex({ forceLanguage: locale });
  if (!index) throw new Error(`Pagefind could not start an index: ${errors.join('; ')}`);
  try {
    for (const record of records) {
      const added = await index.addCustomRecord({ ...record, language: locale, meta: { title: record.title } });
      if (added.errors.length > 0) throw new Error(`Pagefind refused ${record.url}: ${added.errors.join('; ')}`);
    }
    const made = await index.getFiles();
    if (made.errors.length > 0) throw new Error(`Pagefind could not write the index: ${made.errors.join('; ')}`);
    const files = new Map<string, OfflineIndexFile>();
    for (const { path, content } of made.files) {
      const name = path.replace(/^\/+/, '');
      if (!SERVED.test(name)) continue;
      const body = Buffer.from(content);
      files.set(name, { body, etag: etagOf(body) });
    }
    // Everything but the fragments; the fragments too while they are few enough to keep on any phone.
    const names = [...files.keys()].sort();
    const fragments = names.filter((name) => name.startsWith('fragment/'));
    const fragmentBytes = fragments.reduce((sum, name) => sum + files.get(name)!.body.length, 0);
    const kept = names.filter(
      (name) => !name.endsWith('.json') && (!name.startsWith('fragment/') || fragmentBytes <= KEPT_FRAGMENT_BYTES),
    );
    const manifest = Buffer.from(JSON.stringify({ locale, pages: records.length, files: kept }));
    files.set(OFFLINE_INDEX_MANIFEST, {
      body: manifest,
      etag: etagOf(Buffer.concat([manifest, files.get('pagefind-entry.json')!.body])),
    });
    let size = 0;
    for (const file of files.values()) size += file.body.length;
    return { files, size };
  } finally {
    await index.deleteIndex();
  }
}

/** The parts of a site the index is made from: those the searched entities' public reads are made from. */
const partsRead = (appKey: string) => [
  ...new Set(SEARCHED_ENTITIES.flatMap(([, def]) => readParts(appKey, `${SERVER_PATHS.api}/${def.resource}`))),
];

/**
 * The site's index in `locale`, as current as the content: kept until a write changes what it was
 * made from, or the next scheduled record goes public. Undefined for a language the site is not written in.
 */
export async function offlineIndex(app: FastifyInstance, appKey: string, locale: string): Promise<OfflineIndex | undefined> {
  const locales = siteLocales(await siteByKey(app.ctx, appKey));
  if (!locales.includes(locale)) return undefined;
  await expireAtNextPublish(app, appKey);
  return app.ctx.cache.fetch(siteScope(appKey), `offline-search ${locale}`, async () =>
    fromParts(await build(app, appKey, locale, locales), partsRead(appKey)),
  );
}
