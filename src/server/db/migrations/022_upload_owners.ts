/**
 * Who an upload in progress belongs to (issue #53, M3 and L3).
 *
 * - `pending_uploads`: the caller (a person, or one of their API tokens) who first named a pending
 *   reference, by saving a record holding it or by starting the upload that carries it. Only an
 *   upload of that caller fills the records that hold the reference (media/pending-refs.ts).
 * - `open_uploads`: each resumable upload not finished yet, with its uploader and declared size,
 *   so a person's open uploads are counted against a quota without listing the storage.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pending_uploads')
    .addColumn('app_key', 'text', (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    /** The API token that named it; null for a person's session. */
    .addColumn('api_token_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('pending_uploads_pk', ['app_key', 'token'])
    .execute();
  await db.schema
    .createTable('open_uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('app_key', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('open_uploads_user').on('open_uploads').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('open_uploads').execute();
  await db.schema.dropTable('pending_uploads').execute();
}
