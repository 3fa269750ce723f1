/**
 * What the media library keeps about a file besides its bytes: the alt text and caption offered
 * wherever it is inserted, the folder it is filed in, the focal point its renditions are framed
 * around (0..1 from the left and the top), the resumable upload that brought it (so an upload
 * finished twice is stored once) and the reference a record saved before it landed names.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['alt', 'caption', 'folder', 'upload_id', 'pending_ref', 'replaced_by'] as const) {
    await db.schema.alterTable('files').addColumn(column, 'text').execute();
  }
  for (const column of ['focal_x', 'focal_y'] as const) {
    await db.schema.alterTable('files').addColumn(column, 'real').execute();
  }
  await db.schema.createIndex('files_upload_id').unique().on('files').columns(['app_key', 'upload_id']).execute();
  await db.schema.createIndex('files_pending_ref').on('files').columns(['app_key', 'pending_ref']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('files_pending_ref').execute();
  await db.schema.dropIndex('files_upload_id').execute();
  for (const column of ['alt', 'caption', 'folder', 'upload_id', 'pending_ref', 'replaced_by', 'focal_x', 'focal_y'] as const) {
    await db.schema.alterTable('files').dropColumn(column).execute();
  }
}
