/**
 * What /uploads answers: only the originals the media library holds (a row of `files`, not
 * replaced) and their renditions. Anything else the storage keeps under its root (uploads in
 * progress, objects another tool put in the bucket, files deleted from the library whose bytes
 * remain) is not served, whichever storage it is in.
 */
import { STORED_NAME } from '../routes/files';
import type { DB } from '../db/database';

export async function isLibraryFile(db: DB, name: string): Promise<boolean> {
  if (!STORED_NAME.test(name)) return false;
  const row = await db
    .selectFrom('files')
    .select('id')
    .where('name', '=', name)
    .where('replaced_by', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}
