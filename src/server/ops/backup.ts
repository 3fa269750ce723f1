/**
 * `orgsite backup`: the whole installation in one .tar.gz, taken while the server runs.
 * - SQLite: the online backup API (a consistent copy even while the server writes).
 * - PostgreSQL: `pg_dump` of the schema when it is installed (restore with `psql -f`); otherwise
 *   every kept table as JSON. `logical` asks for the JSON on either database.
 * - The uploaded files, and a manifest (when, which database, which migrations).
 * Sessions, sign-in failures, presence marks, reset links and idempotency keys are left out: they
 * are short-lived, and a restored site starts with everyone signed out.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { create as createTar } from 'tar';
import { ENTITIES } from '../../shared/entities';
import type { ServerConfig } from '../config';
import type { Database } from '../db/database';
import { pendingMigrations } from '../db/migrate';

/** Tables a backup holds besides the entities' own. */
const KEPT_TABLES = ['files', 'activity', 'revisions', 'drafts', 'settings', 'two_factor', 'recovery_codes'];

export type BackupKind = 'sqlite' | 'pg_dump' | 'logical';

export interface BackupResult {
  file: string;
  kind: BackupKind;
  uploads: number;
  bytes: number;
}

const hasPgDump = () => spawnSync('pg_dump', ['--version'], { stdio: 'ignore' }).status === 0;

function countFiles(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).filter((entry) => entry.isFile()).length;
}

export async function backup(
  config: ServerConfig,
  database: Database,
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
      const tables: Record<string, unknown[]> = {};
      for (const table of [...Object.values(ENTITIES).map((def) => def.table), ...KEPT_TABLES]) {
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- every table, named at run time
        tables[table] = await (database.db as any).selectFrom(table).selectAll().execute();
        progress(`  ${table}: ${tables[table]!.length} rows`);
      }
      fs.writeFileSync(path.join(work, dump), JSON.stringify({ tables }));
    }
    progress(`Database (${kind}): ${(fs.statSync(path.join(work, dump)).size / 1024).toFixed(0)} KiB`);

    const uploads = countFiles(config.uploadDir);
    const entries = ['manifest.json', dump];
    if (fs.existsSync(config.uploadDir)) {
      fs.symlinkSync(path.resolve(config.uploadDir), path.join(work, 'uploads'), 'dir');
      entries.push('uploads');
    }
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
        },
        null,
        2,
      )}\n`,
    );
    progress(`Uploads: ${uploads} files`);
    fs.mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
    // `follow` packs what the uploads link points at, not the link.
    await createTar({ gzip: true, file: out, cwd: work, follow: true, portable: true }, entries);
    const bytes = fs.statSync(out).size;
    progress(`Wrote ${out} (${(bytes / 1024 / 1024).toFixed(1)} MiB)`);
    return { file: out, kind, uploads, bytes };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
