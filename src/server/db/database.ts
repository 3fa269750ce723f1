/**
 * One Kysely instance over better-sqlite3 or pg. The query code above this file is the same for
 * both; the few dialect differences (id columns, unique-violation codes) are answered here.
 */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { htmlToText } from '../../shared/html-text';
import { Kysely, PostgresAdapter, SqliteDialect, type SqliteDatabase } from 'kysely';
import { OneSchemaPostgresDialect } from './one-schema';
import pg from 'pg';
import { isPostgres, sqlitePath } from '../config';

import type { DB, Tables } from './schema';

export type { DB } from './schema';
export type Dialect = 'sqlite' | 'postgres';

export interface Database {
  db: DB;
  dialect: Dialect;
  /** The SQLite connection itself (its online backup), when the database is SQLite. */
  sqlite?: SQLite.Database;
  /**
   * Refreshes what the query planner knows of the tables (SQLite's `PRAGMA optimize`: ANALYZE
   * where the data changed enough). Without it SQLite takes `app_key` for a selective index and
   * walks every row of a site in order to find a few search hits. It also merges SQLite's search
   * indexes (mergeSearchIndexes). PostgreSQL's autovacuum does both by itself.
   */
  optimize(): void;
  close(): Promise<void>;
}

// PostgreSQL returns COUNT(*) (int8) as a string; our counts fit comfortably in a JS number.
pg.types.setTypeParser(20, (value) => Number(value));

export function openDatabase(databaseUrl: string, pgSchema?: string): Database {
  if (isPostgres(databaseUrl)) {
    const pool = new pg.Pool({
      connectionString: databaseUrl,
      max: 10,
      ...(pgSchema ? { options: `-c search_path=${pgSchema}` } : {}),
    });
    const db = new Kysely<Tables>({ dialect: new OneSchemaPostgresDialect({ pool }) });
    return { db, dialect: 'postgres', optimize: () => {}, close: () => db.destroy() };
  }
  const file = sqlitePath(databaseUrl);
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  // 8 MB of page cache rather than better-sqlite3's 16: what requests read again is mostly kept
  // as answers (the cache), and the rest is in the system's file cache a read away.
  sqlite.pragma(`cache_size = -${REQUEST_PAGE_CACHE_KB}`);
  // The visitor search's triggers index rich text as the site shows it (migration 029).
  sqlite.function('html_text', { deterministic: true }, (html) => htmlToText(typeof html === 'string' ? html : ''));
  const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  // 0x10002: at open, look at every table, with the work each ANALYZE may do bounded.
  withSmallPageCache(sqlite, () => sqlite.pragma('optimize = 0x10002'));
  const optimize = () =>
    withSmallPageCache(sqlite, () => {
      sqlite.pragma('optimize');
      mergeSearchIndexes(sqlite);
    });
  return { db, dialect: 'sqlite', sqlite, optimize, close: () => db.destroy() };
}

const REQUEST_PAGE_CACHE_KB = 8000;

/**
 * Runs upkeep's reads (every table's statistics, every search index) with a page cache of 1 MB:
 * they read what requests do not, and in the connection's own cache (REQUEST_PAGE_CACHE_KB) they
 * would stay, as resident memory, for as long as the process ran.
 */
function withSmallPageCache(sqlite: SQLite.Database, work: () => void): void {
  const size = sqlite.pragma('cache_size', { simple: true }) as number;
  sqlite.pragma('cache_size = -1000');
  try {
    work();
  } finally {
    sqlite.pragma(`cache_size = ${size}`);
  }
}

/**
 * Merges each full-text index (migration 012) into one segment: writes leave it in several, and a
 * search reads every segment (half the time of a typical search at 100,000 posts). A no-op for an
 * index untouched since; a full rewrite otherwise (about 0.3 s at 100,000 posts), hence hourly.
 */
function mergeSearchIndexes(sqlite: SQLite.Database): void {
  const virtual = sqlite
    .prepare(`select name, sql from sqlite_master where type = 'table' and sql like 'CREATE VIRTUAL TABLE%'`)
    .all() as { name: string; sql: string }[];
  // FTS5's own tables only: a table of an index's words (fts5vocab, migration 042) has no segments.
  const indexes = virtual.filter((table) => /\busing\s+fts5\s*\(/i.test(table.sql)).map((table) => table.name);
  for (const name of indexes) {
    const table = `"${name.replace(/"/g, '""')}"`;
    sqlite.prepare(`insert into ${table}(${table}) values ('optimize')`).run();
  }
}

/**
 * Kysely prepares each query anew; the server asks the same few hundred texts over and over, so
 * their prepared statements are kept (least recently used dropped past `size`). Kysely runs one
 * query at a time on the connection, and a statement still being iterated is never lent twice.
 */
function withStatementCache(sqlite: SQLite.Database, size = 500): SqliteDatabase {
  const kept = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      const statement = kept.get(text);
      if (statement && !statement.busy) {
        kept.delete(text); // re-inserted below: the most recently used come last
        kept.set(text, statement);
        return statement;
      }
      const fresh = sqlite.prepare(text);
      kept.set(text, fresh);
      if (kept.size > size) kept.delete(kept.keys().next().value!);
      return fresh;
    },
  };
}

/** True when `db` talks to PostgreSQL (migrations and the repository ask; they only get the Kysely). */
export const isPostgresDb = <T>(db: Kysely<T>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** True when the error is a unique-constraint violation, in either dialect. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string };
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

export const now = () => new Date().toISOString();
