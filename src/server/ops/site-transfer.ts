/**
 * `orgsite export --site <key>` and `orgsite import <file>`: one site (its application record,
 * every content table's rows including the trash, its files, revisions, drafts, translations,
 * redirects, review threads, and the files visitors sent with form entries) in one
 * .tar.gz, read back into SQLite or PostgreSQL alike. This is also how a site moves from SQLite
 * to PostgreSQL.
 *
 * Record ids are kept when the target has none of them (a fresh database gives the same answers
 * as the source); otherwise new ids are given and every reference to them (relations, `app_id`,
 * revisions, drafts and the ids inside revision snapshots) follows; a file whose name is taken
 * gets a new one, and the site's texts that point at it follow too. So `--as` can also copy a
 * site within one installation. People are not moved: the archive names them by email, and they
 * are matched to the target's accounts by email.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { create as createTar, extract } from 'tar';
import { type ColumnValue, ENTITIES, type EntityDef } from '../../shared/entities';
import { fieldsSchema, writableFields } from '../../shared/entities/schemas';
import { STORED_NAME } from '../routes/files';
import { privateFile } from './private-file';
import { ENTRY_FILES_DIR, newUploadId } from '../content/entry-files';
import { checkRedirect } from '../content/redirects';
import { appliedMigrations } from '../db/migrate';
import {
  type AnyDb,
  catchUpSequence,
  type Installation,
  Refusal,
  chunks,
  contentInOrder,
  insertLinkedRows,
  type Row,
} from './rows';

export const SITE_FORMAT = 'orgsite-site/1';

/** Columns that hold a user's id, per table. */
const PEOPLE_COLUMNS: Record<string, string[]> = {
  posts: ['created_by'],
  revisions: ['user_id'],
  drafts: ['user_id'],
  review_comments: ['user_id'],
};

export interface SiteArchive {
  format: string;
  app_key: string;
  exported_at: string;
  migrations: string[];
  application: Row;
  /** Content rows per table, the trash included. */
  tables: Record<string, Row[]>;
  files: Row[];
  revisions: Row[];
  drafts: Row[];
  /** Records' text in the site's other languages (none in archives made before there were any). */
  translations?: Row[];
  /** The site's redirects (none in archives made before there were any). */
  redirects?: Row[];
  /** The comments of records under review, replies after what they answer (none in older archives). */
  review_comments?: Row[];
  /** The files visitors sent with the site's form entries (none in older archives); bytes under `entry-files/`. */
  entry_files?: Row[];
  /** The email of every user id the rows mention. */
  people: Record<string, string>;
}

/** Where an entry's file is in the storage (`_entries/<32 hex>`), and in an archive (`entry-files/<32 hex>`). */
const ENTRY_FILE_KEY = new RegExp(`^${ENTRY_FILES_DIR}/([a-f0-9]{32})$`);
const ENTRY_FILES_FOLDER = 'entry-files';
const ARCHIVED_ENTRY_FILE = /^entry-files\/[a-f0-9]{32}$/;
const archivedName = (row: Row) => ENTRY_FILE_KEY.exec(String(row.storage_key))?.[1];

export interface TransferCounts {
  records: number;
  files: number;
  revisions: number;
}

type Progress = (line: string) => void;

export async function exportSite(
  { database, schema, storage }: Installation,
  appKey: string,
  out: string,
  progress: Progress = () => {},
) {
  const db = database.db as AnyDb;
  const application = (await db.selectFrom('applications').selectAll().where('app_key', '=', appKey).executeTakeFirst()) as
    Row | undefined;
  if (!application) throw new Refusal(`No site has the app key "${appKey}" (the Applications screen lists them)`);

  const tables: Record<string, Row[]> = {};
  for (const def of contentInOrder()) {
    tables[def.table] = await db.selectFrom(def.table).selectAll().where('app_key', '=', appKey).orderBy('id').execute();
    progress(`  ${def.table}: ${tables[def.table]!.length}`);
  }
  const files: Row[] = await db.selectFrom('files').selectAll().where('app_key', '=', appKey).orderBy('id').execute();
  const revisions: Row[] = await db
    .selectFrom('revisions')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('app_key', '=', appKey),
        eb.and([eb('resource', '=', 'applications'), eb('record_id', '=', Number(application.id))]),
      ]),
    )
    .orderBy('id')
    .execute();
  const drafts: Row[] = await db.selectFrom('drafts').selectAll().where('app_key', '=', appKey).execute();
  const translations: Row[] = await db
    .selectFrom('translations')
    .selectAll()
    .where('app_key', '=', appKey)
    .orderBy('id')
    .execute();
  const redirects: Row[] = await db.selectFrom('redirects').selectAll().where('app_key', '=', appKey).orderBy('id').execute();
  // In id order, so a reply comes after the comment it answers and can point at its new id.
  const reviewComments: Row[] = await db
    .selectFrom('review_comments')
    .selectAll()
    .where('app_key', '=', appKey)
    .orderBy('id')
    .execute();
  // Only files an entry took: an upload no entry bound is a visitor's half-sent form, erased within a day.
  const entryFiles: Row[] = await db
    .selectFrom('entry_files')
    .selectAll()
    .where('app_key', '=', appKey)
    .where('entry_id', 'is not', null)
    .orderBy('id')
    .execute();
  progress(
    `  files: ${files.length}, revisions: ${revisions.length}, drafts: ${drafts.length}, translations: ${translations.length}, redirects: ${redirects.length}, review comments: ${reviewComments.length}, entry files: ${entryFiles.length}`,
  );

  const userIds = new Set<number>();
  for (const [table, columns] of Object.entries(PEOPLE_COLUMNS)) {
    const aside: Record<string, Row[]> = { revisions, drafts, review_comments: reviewComments };
    const rows = aside[table] ?? tables[table] ?? [];
    for (const row of rows) for (const column of columns) if (typeof row[column] === 'number') userIds.add(row[column] as number);
  }
  const people: Record<string, string> = {};
  if (userIds.size > 0) {
    for (const user of await db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('id', 'in', [...userIds])
      .execute()) {
      people[String(user.id)] = user.email as string;
    }
  }

  const archive: SiteArchive = {
    format: SITE_FORMAT,
    app_key: appKey,
    exported_at: new Date().toISOString(),
    migrations: await appliedMigrations(database.db, schema),
    application,
    tables,
    files,
    revisions,
    drafts,
    translations,
    redirects,
    review_comments: reviewComments,
    entry_files: entryFiles,
    people,
  };
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'orgsite-export-'));
  try {
    fs.writeFileSync(path.join(work, 'site.json'), JSON.stringify(archive));
    const entries = ['site.json'];
    fs.mkdirSync(path.join(work, 'uploads'));
    let copied = 0;
    for (const file of files) {
      const name = String(file.name);
      if (!STORED_NAME.test(name)) continue;
      const target = path.join(work, 'uploads', name);
      const source = storage.localPath(name);
      if (source) {
        if (!fs.existsSync(source)) continue; // recorded but gone from disk: nothing to carry
        fs.symlinkSync(path.resolve(source), target);
      } else {
        const bytes = await storage.read(name);
        if (!bytes) continue; // recorded but gone from the bucket
        fs.writeFileSync(target, bytes);
      }
      entries.push(`uploads/${String(file.name)}`);
      copied += 1;
    }
    fs.mkdirSync(path.join(work, ENTRY_FILES_FOLDER));
    for (const row of entryFiles) {
      const name = archivedName(row);
      if (!name) continue;
      const target = path.join(work, ENTRY_FILES_FOLDER, name);
      const source = storage.localPath(String(row.storage_key));
      if (source) {
        if (!fs.existsSync(source)) continue;
        fs.symlinkSync(path.resolve(source), target);
      } else {
        const bytes = await storage.read(String(row.storage_key));
        if (!bytes) continue;
        fs.writeFileSync(target, bytes);
      }
      entries.push(`${ENTRY_FILES_FOLDER}/${name}`);
    }
    fs.mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
    privateFile(out);
    // `follow` packs the files the links point at.
    await createTar({ gzip: true, file: out, cwd: work, follow: true, portable: true }, entries);
    const records = Object.values(tables).reduce((sum, rows) => sum + rows.length, 0);
    progress(`Wrote ${out}: ${records} records, ${copied} files (${(fs.statSync(out).size / 1024).toFixed(0)} KiB)`);
    return { records, files: copied, revisions: revisions.length } satisfies TransferCounts;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** Beyond these an archive is refused: its size packed, what it unpacks to, and its entries. */
export const ARCHIVE_LIMITS = { packedBytes: 8 * 1024 ** 3, unpackedBytes: 16 * 1024 ** 3, entries: 200_000 };

/**
 * Unpacks only what an export holds, as regular files: `site.json`, `uploads/<stored name>` and
 * `entry-files/<32 hex>`.
 * Anything else (links, devices, other paths, names no upload could have) is left in the archive.
 */
async function unpack(file: string, into: string): Promise<void> {
  if (fs.statSync(file).size > ARCHIVE_LIMITS.packedBytes) {
    throw new Refusal(`${file} is larger than ${ARCHIVE_LIMITS.packedBytes / 1024 ** 3} GiB: it is not a site export`);
  }
  let entries = 0;
  let bytes = 0;
  let tooBig: string | undefined;
  try {
    await extract({
      file,
      cwd: into,
      strict: true,
      filter: (entryPath, entry) => {
        entries += 1;
        bytes += 'size' in entry ? entry.size : 0;
        if (entries > ARCHIVE_LIMITS.entries) tooBig ??= `more than ${ARCHIVE_LIMITS.entries} entries`;
        if (bytes > ARCHIVE_LIMITS.unpackedBytes) tooBig ??= `more than ${ARCHIVE_LIMITS.unpackedBytes / 1024 ** 3} GiB unpacked`;
        const name = entryPath.replace(/^\.\//, '');
        const isFile = 'type' in entry && entry.type === 'File';
        return (
          !tooBig &&
          isFile &&
          (name === 'site.json' ||
            (name.startsWith('uploads/') && STORED_NAME.test(name.slice(8))) ||
            ARCHIVED_ENTRY_FILE.test(name))
        );
      },
    });
  } catch (error) {
    throw new Refusal(`${file} is not a site export (.tar.gz): ${(error as Error).message}`);
  }
  if (tooBig) throw new Refusal(`${file} holds ${tooBig}: it is not a site export`);
}

/** Every row of the archive checked before anything is written: a refused archive changes nothing. */
async function checkArchive(db: AnyDb, archive: SiteArchive, file: string): Promise<void> {
  const refuse = (where: string, problem: string) => {
    throw new Refusal(`${file} is not a valid site export: ${where} ${problem}`);
  };
  const columns = new Map(
    (await db.introspection.getTables()).map((table) => [table.name, new Set(table.columns.map((column) => column.name))]),
  );
  const checkColumns = (table: string, row: unknown, index: number) => {
    if (!row || typeof row !== 'object' || Array.isArray(row)) refuse(`${table} row ${index}`, 'is not a record');
    for (const column of Object.keys(row as Row)) {
      if (!columns.get(table)?.has(column)) refuse(`${table} row ${index}`, `has a column "${column}" this database does not`);
    }
  };
  const checkFields = (def: EntityDef, row: Row, where: string) => {
    const writable = Object.fromEntries(
      writableFields(def)
        .filter(([name]) => row[name] !== null && row[name] !== undefined)
        .map(([name]) => [name, row[name]]),
    );
    const parsed = fieldsSchema(def).partial().safeParse(writable);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      refuse(where, `has ${String(issue.path[0] ?? 'a field')}: ${issue.message}`);
    }
    if (!Number.isInteger(Number(row.id))) refuse(where, 'has no whole-number id');
  };
  if (typeof archive.app_key !== 'string') refuse('the site', 'has no app key');
  checkColumns('applications', archive.application, 0);
  checkFields(ENTITIES.applications, archive.application, 'the site settings');
  for (const [table, rows] of Object.entries(archive.tables ?? {})) {
    const def = contentInOrder().find((d) => d.table === table);
    if (!def) refuse(`the table "${table}"`, 'is not site content');
    if (!Array.isArray(rows)) refuse(`the table "${table}"`, 'is not a list of rows');
    rows.forEach((row, index) => {
      checkColumns(table, row, index);
      checkFields(def!, row, `${table} row ${index}`);
    });
  }
  const resources = new Set<string>(Object.values(ENTITIES).map((def) => def.resource));
  for (const [table, rows] of [
    ['files', archive.files],
    ['revisions', archive.revisions],
    ['drafts', archive.drafts],
    ['translations', archive.translations ?? []],
  ] as const) {
    if (!Array.isArray(rows)) refuse(`the ${table}`, 'are not a list of rows');
    rows.forEach((row, index) => {
      checkColumns(table, row, index);
      if (table === 'files' && !STORED_NAME.test(String(row.name)))
        refuse(`file ${index}`, `has a name no upload has: "${String(row.name)}"`);
      if (table !== 'files' && !resources.has(String(row.resource))) refuse(`${table} row ${index}`, 'names no kind of record');
    });
  }
  const comments = archive.review_comments ?? [];
  if (!Array.isArray(comments)) refuse('the review comments', 'are not a list of rows');
  const reviewed = new Set<string>(Object.values(ENTITIES).flatMap((def) => (def.review ? [def.resource] : [])));
  const commentIds = new Set<number>();
  comments.forEach((row, index) => {
    checkColumns('review_comments', row, index);
    if (!reviewed.has(String(row.resource))) refuse(`review comment ${index}`, 'names no kind of record under review');
    if (!Number.isInteger(Number(row.id))) refuse(`review comment ${index}`, 'has no whole-number id');
    // A reply answers a comment that came before it in the archive: nothing points nowhere.
    if (row.parent_id != null && !commentIds.has(Number(row.parent_id)))
      refuse(`review comment ${index}`, 'answers a comment the archive does not hold before it');
    commentIds.add(Number(row.id));
  });
  const entryFiles = archive.entry_files ?? [];
  if (!Array.isArray(entryFiles)) refuse('the entry files', 'are not a list of rows');
  const entryIds = new Set((archive.tables?.form_entries ?? []).map((row) => Number(row.id)));
  entryFiles.forEach((row, index) => {
    checkColumns('entry_files', row, index);
    if (!archivedName(row)) refuse(`entry file ${index}`, `has a storage key no entry's file has: "${String(row.storage_key)}"`);
    // Bound to an entry of the archive: a file of nobody's entry would never be erased by its retention.
    if (!entryIds.has(Number(row.entry_id))) refuse(`entry file ${index}`, 'belongs to no form entry the archive holds');
  });
  const redirects = archive.redirects ?? [];
  if (!Array.isArray(redirects)) refuse('the redirects', 'are not a list of rows');
  redirects.forEach((row, index) => {
    checkColumns('redirects', row, index);
    // The same rules as staff's: a path of this site, never another site's address.
    const checked = checkRedirect({ from: row.from_path, to: row.to_path ?? '', code: row.code });
    if ('errors' in checked) {
      const [field, problem] = Object.entries(checked.errors)[0]!;
      refuse(`redirects row ${index}`, `has ${field} that ${problem}`);
    }
  });
}

/** `name` inside `folder`, or a refusal: no stored name leads out of its folder. */
function inside(folder: string, name: string): string {
  const root = path.resolve(folder);
  const target = path.resolve(root, name);
  if (path.dirname(target) !== root) throw new Refusal(`The file name "${name}" leads out of ${folder}`);
  return target;
}

/** Reads an archive's site.json, refusing what is not one of ours or is newer than this database. */
async function readArchive(file: string, into: string, known: string[]): Promise<SiteArchive> {
  if (!fs.existsSync(file)) throw new Refusal(`No file ${file}`);
  await unpack(file, into);
  const jsonFile = path.join(into, 'site.json');
  if (!fs.existsSync(jsonFile)) throw new Refusal(`${file} has no site.json: it is not a site export (orgsite export makes one)`);
  let archive: SiteArchive;
  try {
    archive = JSON.parse(fs.readFileSync(jsonFile, 'utf8')) as SiteArchive;
  } catch {
    throw new Refusal(`${file} has a site.json that is not JSON: it is not a site export`);
  }
  if (!archive || typeof archive !== 'object' || !Array.isArray(archive.migrations)) {
    throw new Refusal(`${file} has a site.json that is not a site export's`);
  }
  if (archive.format !== SITE_FORMAT)
    throw new Refusal(`${file} is in the format "${archive.format}"; this version reads ${SITE_FORMAT}`);
  const unknown = archive.migrations.filter((name) => !known.includes(name));
  if (unknown.length > 0) {
    throw new Refusal(`${file} comes from a newer version (migrations ${unknown.join(', ')}): update this installation first`);
  }
  return archive;
}

export async function importSite(
  { database, schema, storage }: Installation,
  file: string,
  { as, progress = () => {} }: { as?: string; progress?: Progress } = {},
): Promise<TransferCounts & { appKey: string }> {
  const db = database.db as AnyDb;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'orgsite-import-'));
  try {
    const archive = await readArchive(file, work, await appliedMigrations(database.db, schema));
    await checkArchive(db, archive, file);
    const appKey = as ?? archive.app_key;
    if (await db.selectFrom('applications').select('id').where('app_key', '=', appKey).executeTakeFirst()) {
      throw new Refusal(
        `This database already has a site "${appKey}": import with --as <another key>, or delete that site first`,
      );
    }
    // A file name already used here (the same site imported again under another key) gets a new
    // name, and every text of the site that points at it follows.
    const taken = await chunks(
      archive.files.map((f) => String(f.name)),
      (names) => db.selectFrom('files').select('name').where('name', 'in', names).execute(),
    );
    const renamed = new Map(taken.map(({ name }) => [String(name), freshName(String(name))]));
    const followRenames = (value: ColumnValue): ColumnValue => {
      if (typeof value !== 'string' || renamed.size === 0 || !value.includes('uploads/')) return value;
      return value.replace(/uploads\/([^"'\s?#)<>]+)/g, (match, name: string) =>
        renamed.has(name) ? `uploads/${renamed.get(name)}` : match,
      );
    };
    const users = (await db.selectFrom('users').select(['id', 'email']).execute()) as { id: number; email: string }[];
    const personOf = (id: unknown) => {
      const email = archive.people[String(id)];
      return users.find((user) => user.email === email)?.id ?? null;
    };

    /** Old id → new id, per table. */
    const ids: Record<string, Map<number, number>> = {};
    const newId = (table: string, id: unknown) => (id == null ? null : (ids[table]?.get(Number(id)) ?? null));
    const tableOfEntity = (entity: string) => (ENTITIES[entity as keyof typeof ENTITIES] as EntityDef).table;

    /** A row as it goes into this database: the new key, ids it points at, matched people. */
    const translate = (table: string, row: Row): Row => {
      const out: Row = Object.fromEntries(Object.entries(row).map(([column, value]) => [column, followRenames(value)]));
      if (out.app_key != null) out.app_key = appKey; // null on the application's own revisions
      const def = Object.values(ENTITIES).find((d) => d.table === table) as EntityDef | undefined;
      for (const [name, field] of Object.entries(def?.fields ?? {})) {
        if (field.kind === 'relation' && out[name] != null) out[name] = newId(tableOfEntity(field.relation.entity), out[name]);
      }
      if ('app_id' in out && out.app_id != null) out.app_id = newId('applications', out.app_id);
      for (const column of PEOPLE_COLUMNS[table] ?? []) if (column in out) out[column] = personOf(out[column]);
      return out;
    };

    let records = 0;
    /** An entry file's new storage key → its name in the archive. */
    const storageKeys = new Map<string, string>();
    await db.transaction().execute(async (trx) => {
      /** Inserts rows, keeping their ids when none is taken here; answers how many went in. */
      const insert = async (table: string, rows: Row[], prepare: (row: Row) => Row, hasId = true) => {
        if (rows.length === 0) return 0;
        const map = (ids[table] ??= new Map());
        const keep =
          hasId &&
          (
            await chunks(
              rows.map((row) => Number(row.id)),
              (chunk) => trx.selectFrom(table).select('id').where('id', 'in', chunk).execute(),
            )
          ).length === 0;
        for (const row of rows) {
          if (!hasId) {
            await trx.insertInto(table).values(prepare(row)).execute();
            continue;
          }
          const { id, ...values } = prepare(row);
          const inserted = await trx
            .insertInto(table)
            .values(keep ? { id, ...values } : values)
            .returning('id')
            .executeTakeFirstOrThrow();
          map.set(Number(id), Number(inserted.id));
        }
        if (keep && database.dialect === 'postgres') await catchUpSequence(trx, table);
        return rows.length;
      };

      await insert('applications', [archive.application], (row) => ({ ...row, app_key: appKey }));
      for (const def of contentInOrder()) {
        const rows = archive.tables[def.table] ?? [];
        records += await insertLinkedRows(
          trx,
          def,
          rows,
          (unlinked) => insert(def.table, unlinked, (row) => translate(def.table, row)),
          (id) => newId(def.table, id),
        );
        progress(`  ${def.table}: ${rows.length}`);
      }
      await insert('files', archive.files, (row) => ({
        ...translate('files', row),
        name: renamed.get(String(row.name)) ?? row.name ?? null,
      }));

      const recordTable = (resource: string) => tableOfEntity(resource);
      const revisionOf = (row: Row): Row => {
        const out = translate('revisions', row);
        const table = recordTable(String(row.resource));
        out.record_id = newId(table, row.record_id) ?? row.record_id ?? null;
        const snapshot = JSON.parse(String(row.snapshot)) as Row; // its texts follow renamed files through translate
        out.snapshot = JSON.stringify({ ...translate(table, snapshot), id: out.record_id });
        return out;
      };
      await insert('revisions', archive.revisions, revisionOf);
      await insert(
        'drafts',
        archive.drafts,
        (row) => ({
          ...translate('drafts', row),
          record_id: newId(recordTable(String(row.resource)), row.record_id) ?? row.record_id ?? null,
        }),
        false,
      );
      await insert(
        'translations',
        archive.translations ?? [],
        (row) => {
          // A new id in this database: the archive's may be taken here.
          const { id: _archived, ...values } = translate('translations', row);
          void _archived;
          return { ...values, record_id: newId(recordTable(String(row.resource)), row.record_id) ?? row.record_id ?? null };
        },
        false,
      );
      await insert(
        'redirects',
        archive.redirects ?? [],
        (row) => {
          const { id: _archived, ...values } = translate('redirects', row);
          void _archived;
          return values;
        },
        false,
      );
      await insert('review_comments', archive.review_comments ?? [], (row) => ({
        ...translate('review_comments', row),
        record_id: newId(recordTable(String(row.resource)), row.record_id) ?? row.record_id ?? null,
        parent_id: newId('review_comments', row.parent_id),
      }));
      // An entry's file gets a storage key and an upload id of its own here: copied within one
      // installation (`--as`), erasing one copy's entry must not take the other's bytes.
      await insert('entry_files', archive.entry_files ?? [], (row) => {
        const key = `${ENTRY_FILES_DIR}/${randomBytes(16).toString('hex')}`;
        storageKeys.set(key, archivedName(row)!);
        return {
          ...translate('entry_files', row),
          form_id: newId('forms', row.form_id) ?? row.form_id ?? null,
          entry_id: newId('form_entries', row.entry_id),
          upload_id: newUploadId(),
          storage_key: key,
        };
      });
      progress(
        `  files: ${archive.files.length}, revisions: ${archive.revisions.length}, drafts: ${archive.drafts.length}, translations: ${archive.translations?.length ?? 0}, redirects: ${archive.redirects?.length ?? 0}, review comments: ${archive.review_comments?.length ?? 0}, entry files: ${archive.entry_files?.length ?? 0}`,
      );
    });

    // The database holds the site now; its files follow, under the names the database gave them.
    let files = 0;
    for (const entry of archive.files) {
      const source = inside(path.join(work, 'uploads'), String(entry.name));
      if (!fs.lstatSync(source, { throwIfNoEntry: false })?.isFile()) continue;
      const name = renamed.get(String(entry.name)) ?? String(entry.name);
      if (!STORED_NAME.test(name)) continue;
      await storage.write(name, { path: source });
      files += 1;
    }
    for (const [key, name] of storageKeys) {
      const source = inside(path.join(work, ENTRY_FILES_FOLDER), name);
      if (!fs.lstatSync(source, { throwIfNoEntry: false })?.isFile()) continue;
      await storage.write(key, { path: source });
      files += 1;
    }
    progress(`Imported the site "${appKey}": ${records} records, ${files} files, ${archive.revisions.length} revisions`);
    return { appKey, records, files, revisions: archive.revisions.length };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** `photo.png` → `photo-3f9a1c.png`: a name no other file has. */
function freshName(name: string): string {
  const ext = path.extname(name);
  return `${path.basename(name, ext)}-${randomBytes(4).toString('hex')}${ext}`;
}
