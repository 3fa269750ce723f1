/**
 * `orgsite backup`: the whole installation in one .tar.gz, taken while the server runs.
 * - SQLite: the online backup API (a consistent copy even while the server writes).
 * - PostgreSQL: `pg_dump` of the schema when it is installed (restore with `psql -f`); otherwise
 *   every kept table as JSON. `logical` asks for the JSON on either database.
 * - The uploaded files, and a manifest (when, which database, which migrations).
 * The logical (JSON) form leaves out sessions, sign-in failures, presence marks, reset links and
 * idempotency keys: they are short-lived, and a site restored from it starts with everyone signed
 * out. The database copies (SQLite's backup, pg_dump) hold the whole database, sessions included.
 */
import { privateFile } from './private-file';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { create as createTar, extract } from 'tar';
import { ENTITIES } from '../../shared/entities';
import { RENDITIONS_DIR } from '../../shared/renditions';
import { PARTIAL_DIR } from '../media/partial-uploads';
import type { ServerConfig } from '../config';
import type { Database } from '../db/database';
import { LocalStorage } from '../storage/local';
import { copyObjects, type FileStorage } from '../storage/storage';
import { appliedMigrations, pendingMigrations } from '../db/migrate';
import { applyErasures } from '../content/person-data';
import { Analytics } from '../content/analytics';
import { histogramRowsOf, type ValueCountRow } from '../db/migrations/037_vitals_buckets';
import { type AnyDb, catchUpSequence, type Installation, Refusal, contentInOrder, insertLinkedRows, type Row } from './rows';

/** Tables a backup holds besides the entities' own. */
const KEPT_TABLES = [
  'files',
  'activity',
  'revisions',
  'drafts',
  'translations',
  'settings',
  'two_factor',
  'recovery_codes',
  'api_tokens',
  'redirects',
  'not_found_log',
  'erased_people',
  // What each newsletter went to whom as: without them a restored issue would forget its report.
  'newsletter_copies',
  'newsletter_sends',
  // Review threads (a reply after the comment it answers: rows go back in id order).
  'review_comments',
  // The analytics' daily aggregates (the queue is folded into them first); the day's salt and
  // visitor hashes are short-lived and stay behind.
  'analytics_daily',
  'analytics_vitals',
  // The files visitors sent with form entries (their bytes are under `_entries/` with the uploads).
  'entry_files',
];

export type BackupKind = 'sqlite' | 'pg_dump' | 'logical';

export interface BackupResult {
  file: string;
  kind: BackupKind;
  uploads: number;
  bytes: number;
}

const hasPgDump = () => spawnSync('pg_dump', ['--version'], { stdio: 'ignore' }).status === 0;

/** Renditions are left out of backups (the server makes them again from the originals), and so are uploads in progress. */
const isLeftOut = (relative: string) => [RENDITIONS_DIR, PARTIAL_DIR].includes(relative.split(/[\\/]/)[0] ?? '');

function countFiles(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && !isLeftOut(path.relative(dir, path.join(entry.parentPath, entry.name)))).length;
}

export async function backup(
  config: ServerConfig,
  database: Database,
  storage: FileStorage,
  out: string,
  { logical = false, progress = () => {} }: { logical?: boolean; progress?: (line: string) => void } = {},
): Promise<BackupResult> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'orgsite-backup-'));
  try {
    let kind: BackupKind;
    let dump: string;
    const schema = database.dialect === 'postgres' ? (config.pgSchema ?? 'public') : undefined;
    if (database.sqlite && !logical) {
      kind = 'sqlite';
      dump = 'database.sqlite';
      await database.sqlite.backup(path.join(work, dump));
    } else if (!logical && hasPgDump()) {
      kind = 'pg_dump';
      dump = 'database.sql';
      const result = spawnSync(
        'pg_dump',
        ['--no-owner', '--no-privileges', '--schema', schema!, '--file', path.join(work, dump), config.databaseUrl],
        { encoding: 'utf8' },
      );
      if (result.status !== 0) throw new Error(`pg_dump failed: ${result.stderr.trim()}`);
    } else {
      kind = 'logical';
      dump = 'database.json';
      // The views still queued go into the daily aggregates first: the queue (with the day's
      // visitor hashes) is not kept, and a backup taken between folds would lose them.
      await new Analytics(database.db).fold();
      const tables: Record<string, unknown[]> = {};
      for (const table of [...Object.values(ENTITIES).map((def) => def.table), ...KEPT_TABLES]) {
        tables[table] = await (database.db as unknown as AnyDb).selectFrom(table).selectAll().execute();
        progress(`  ${table}: ${tables[table]!.length} rows`);
      }
      fs.writeFileSync(path.join(work, dump), JSON.stringify({ tables }));
    }
    progress(`Database (${kind}): ${(fs.statSync(path.join(work, dump)).size / 1024).toFixed(0)} KiB`);

    const entries = ['manifest.json', dump];
    const uploadsDir = path.join(work, 'uploads');
    if (storage.kind === 'local') {
      // Packed from where they are (the link is followed), not copied first.
      if (fs.existsSync(config.uploadDir)) fs.symlinkSync(path.resolve(config.uploadDir), uploadsDir, 'dir');
    } else {
      await copyObjects(storage, new LocalStorage(uploadsDir), { skip: isLeftOut });
    }
    if (fs.existsSync(uploadsDir)) entries.push('uploads');
    const uploads = countFiles(uploadsDir);
    const migrations = await pendingMigrations(database.db, schema);
    fs.writeFileSync(
      path.join(work, 'manifest.json'),
      `${JSON.stringify(
        {
          format: 'orgsite-backup/1',
          created_at: new Date().toISOString(),
          database: kind,
          app_key: config.appKey,
          uploads,
          pending_migrations: migrations,
          migrations: await appliedMigrations(database.db, schema),
        },
        null,
        2,
      )}\n`,
    );
    progress(`Uploads: ${uploads} files`);
    fs.mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
    privateFile(out);
    // `follow` packs what the uploads link points at, not the link.
    await createTar(
      {
        gzip: true,
        file: out,
        cwd: work,
        follow: true,
        portable: true,
        filter: (entry) => !entry.startsWith('uploads/') || !isLeftOut(entry.slice('uploads/'.length)),
      },
      entries,
    );
    const bytes = fs.statSync(out).size;
    progress(`Wrote ${out} (${(bytes / 1024 / 1024).toFixed(1)} MiB)`);
    return { file: out, kind, uploads, bytes };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/**
 * `orgsite restore`: a logical backup (database.json) into an empty database of either kind, and
 * its uploads. SQLite and pg_dump backups are restored by putting the file back or by `psql`
 * (the refusal says how). Everything goes in one transaction: a failure stores nothing.
 */
export async function restoreLogical(
  { database, schema, storage, erasures }: Installation,
  file: string,
  progress: (line: string) => void = () => {},
): Promise<{ rows: number; uploads: number }> {
  if (!fs.existsSync(file)) throw new Refusal(`No file ${file}`);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'orgsite-restore-'));
  try {
    await extract({ file, cwd: work, strict: true }).catch((error: Error) => {
      throw new Refusal(`${file} is not a backup (.tar.gz): ${error.message}`);
    });
    const manifestFile = path.join(work, 'manifest.json');
    if (!fs.existsSync(manifestFile)) throw new Refusal(`${file} has no manifest.json: it is not an orgsite backup`);
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as { database: BackupKind; migrations?: string[] };
    if (manifest.database === 'sqlite') {
      throw new Refusal(
        'This backup holds database.sqlite: stop the server, unpack it and put that file where DATABASE_URL points',
      );
    }
    if (manifest.database === 'pg_dump') {
      throw new Refusal(
        'This backup holds database.sql: unpack it and run psql "$DATABASE_URL" -f database.sql on an empty database',
      );
    }
    const known = await appliedMigrations(database.db, schema);
    const unknown = (manifest.migrations ?? []).filter((name) => !known.includes(name));
    if (unknown.length > 0)
      throw new Refusal(`The backup comes from a newer version (migrations ${unknown.join(', ')}): update first`);
    const db = database.db as AnyDb;
    const present = await db.selectFrom('users').select('id').limit(1).execute();
    const sites = await db.selectFrom('applications').select('id').limit(1).execute();
    if (present.length + sites.length > 0) {
      throw new Refusal(
        'The database is not empty: restore into a new one (orgsite migrate makes its tables), before the server first starts',
      );
    }

    const { tables } = JSON.parse(fs.readFileSync(path.join(work, 'database.json'), 'utf8')) as { tables: Record<string, Row[]> };
    // A backup made before migration 037 holds a row per vital's value: converted as 037 converts them.
    const vitals = tables.analytics_vitals ?? [];
    if (vitals.some((row) => 'metric' in row))
      tables.analytics_vitals = histogramRowsOf(vitals as unknown as ValueCountRow[]) as unknown as Row[];
    const order = [...Object.values(ENTITIES).filter((def) => !def.tenant), ...contentInOrder()];
    let total = 0;
    await db.transaction().execute(async (trx) => {
      const put = async (table: string, rows: Row[], withId: boolean) => {
        for (let i = 0; i < rows.length; i += 200)
          await trx
            .insertInto(table)
            .values(rows.slice(i, i + 200))
            .execute();
        if (withId && rows.length > 0 && database.dialect === 'postgres') await catchUpSequence(trx, table);
        total += rows.length;
        progress(`  ${table}: ${rows.length}`);
        return rows.length;
      };
      for (const def of order) {
        await insertLinkedRows(trx, def, tables[def.table] ?? [], (rows) => put(def.table, rows, true));
      }
      for (const table of KEPT_TABLES) {
        // In id order: a row may point at an earlier one of its table (a reply at its comment).
        const rows = (tables[table] ?? []).slice().sort((a, b) => Number(a.id ?? 0) - Number(b.id ?? 0));
        await put(
          table,
          rows,
          rows.some((row) => 'id' in row),
        );
      }
    });

    // People erased since the backup was made (or in it) are erased again before anyone reads it.
    if (erasures) {
      const again = await applyErasures(database.db, erasures.key, erasures.file);
      if (again > 0) progress(`Erased again: ${again} records of people erased on request.`);
    }
    const uploads = countFiles(path.join(work, 'uploads'));
    if (uploads > 0) await copyObjects(new LocalStorage(path.join(work, 'uploads')), storage, { skip: isLeftOut });
    progress(`Restored ${total} rows and ${uploads} files.`);
    return { rows: total, uploads };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
