/**
 * Focal points as the site reads them: frames are cut around them (renditions.ts), and public
 * answers carry them beside the pictures they name (`focal_points`, from each address to a CSS
 * `object-position`), so a slide or a card cut by its box keeps the subject in view.
 */
import type { DB } from '../db/database';
import type { FileStorage } from '../storage/storage';
import { type FocalPoint, Renditions } from './renditions';

/** A queue of renditions of `storage`'s pictures, each cut around its focal point as stored in `db`. */
export const renditionsCutAtFocalPoints = (storage: FileStorage, db: DB): Renditions =>
  new Renditions(storage, (name) => focalPointOf(db, name));

export async function focalPointOf(db: DB, name: string): Promise<FocalPoint | undefined> {
  return (await focalPointsOf(db, [name])).get(name);
}

/** The focal points set for these stored names (one query, whichever site they belong to: names are unique). */
export async function focalPointsOf(db: DB, names: string[]): Promise<Map<string, FocalPoint>> {
  if (names.length === 0) return new Map();
  const rows = await db
    .selectFrom('files')
    .select(['name', 'focal_x', 'focal_y'])
    .where('name', 'in', names)
    .where('focal_x', 'is not', null)
    .execute();
  return new Map(rows.map((row) => [row.name, { x: Number(row.focal_x), y: Number(row.focal_y) }]));
}
