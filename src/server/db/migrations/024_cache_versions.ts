/**
 * One row per cache scope that a write has invalidated, with a count that each such write moves
 * on: servers sharing one PostgreSQL read it before answering from what they keep, and forget
 * the scopes that moved since they last looked (cache/shared-versions.ts). SQLite has one server
 * per file and never reads it; the table is made there all the same, so both have one schema.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cache_versions')
    .addColumn('scope', 'text', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('cache_versions').execute();
}
