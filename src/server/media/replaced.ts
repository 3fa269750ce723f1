/**
 * The address of a replaced file leads to the file that replaced it: a 301 from `/uploads/{old}`
 * (and from each of its renditions) to the same under the new name. Records are given the new
 * address when the file is replaced (store-file.ts); this is for what still names the old one:
 * History, drafts, addresses inside text, other sites' links. Stored names are never reused, so
 * an address that once served a picture never serves another (every cache stays right).
 */
import { RENDITIONS_DIR } from '../../shared/renditions';
import type { DB } from '../db/database';

const ORIGINAL = /^\/uploads\/([a-z0-9][a-z0-9-]*\.[a-z0-9]{2,5})$/;
const RENDITION = new RegExp(`^/uploads/${RENDITIONS_DIR}/([0-9x]+)/([a-z0-9][a-z0-9-]*\\.[a-z0-9]{2,5})\\.(avif|webp)$`);

/** Where `url` (an upload's address or a rendition's) leads now, when its file was replaced. */
export async function replacementAddress(db: DB, url: string): Promise<string | undefined> {
  const pathname = url.split('?')[0]!;
  const original = ORIGINAL.exec(pathname);
  const rendition = original ? undefined : RENDITION.exec(pathname);
  const name = original?.[1] ?? rendition?.[2];
  if (!name) return undefined;
  const row = await db.selectFrom('files').select('replaced_by').where('name', '=', name).executeTakeFirst();
  if (!row?.replaced_by) return undefined;
  return rendition
    ? `/uploads/${RENDITIONS_DIR}/${rendition[1]}/${row.replaced_by}.${rendition[3]}`
    : `/uploads/${row.replaced_by}`;
}
