/**
 * The files visitors send with a built form's entry (issue 60: a career's CV). A row is made when
 * the visitor's upload lands (content/entry-files.ts), unbound (`entry_id` null), and is bound to
 * the entry its submission names, once. Its bytes are kept in the storage under `_entries/`, which
 * the public `/uploads/` address never serves (it serves only the media library's `files`).
 * No foreign key to the entry: an erased entry leaves its row behind for the upkeep, which removes
 * the bytes and the row together (a cascade would forget which bytes to remove).
 */
import type { Kysely } from 'kysely';
import { isPostgresDb } from '../database';

export async function up(db: Kysely<unknown>): Promise<void> {
  const table = isPostgresDb(db)
    ? db.schema.createTable('entry_files').addColumn('id', 'serial', (c) => c.primaryKey())
    : db.schema.createTable('entry_files').addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await table
    .addColumn('app_key', 'text', (c) => c.notNull().references('applications.app_key').onDelete('cascade').onUpdate('cascade'))
    .addColumn('form_id', 'integer', (c) => c.notNull())
    // The field of the form it answers (its name in the entry's answers).
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('entry_id', 'integer')
    // The resumable upload that brought it (or a plain post's own id): finishing it again finds this row.
    .addColumn('upload_id', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('entry_files_entry_idx').on('entry_files').columns(['app_key', 'entry_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('entry_files').execute();
}
