/**
 * What public answers carry beside the pictures a record names (`thumb`, `file_url`, …):
 * - `placeholders`, from each address to a tiny blurred preview as a `data:` URI
 *   (media/renditions.ts): the page draws it in the picture's box at once, so the box shows what
 *   is coming instead of a grey block;
 * - `focal_points`, from each address to its focal point as CSS `object-position` ('30% 70%'),
 *   for the pictures that have one: a box that cuts the picture keeps the subject in view.
 * Both travel with the answer the page is drawn from, so the server's HTML and the browser's
 * render are the same and cost no request of their own.
 *
 * A picture still on its way (a pending reference, shared/pending-upload.ts) is no picture to a
 * visitor: its field is answered empty, never as an address that would show broken.
 */
import { isPendingRef } from '../../shared/pending-upload';
import { objectPosition, resizableName } from '../../shared/renditions';
import type { FocalPoint } from './renditions';

export interface PictureFacts {
  placeholderOf: (name: string) => Promise<string | undefined>;
  focalPointsOf: (names: string[]) => Promise<Map<string, FocalPoint>>;
}

/** Plain objects only: a Date or a Buffer in an answer is a value, not a record to look into. */
const isRecord = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
};

/** The stored names of the pictures `value` names; whether it names a pending one. */
function collect(value: unknown, names: Set<string>): boolean {
  let pending = false;
  if (Array.isArray(value)) for (const item of value) pending = collect(item, names) || pending;
  else if (isRecord(value)) {
    for (const field of Object.values(value)) {
      const name = typeof field === 'string' ? resizableName(field) : undefined;
      if (name) names.add(name);
      else if (isPendingRef(field)) pending = true;
      else pending = collect(field, names) || pending;
    }
  }
  return pending;
}

interface Found {
  placeholders: Map<string, string>;
  positions: Map<string, string>;
}

/** A copy of `value` in which each object naming pictures carries what was found of them; the rest is shared. */
function attach(value: unknown, found: Found): unknown {
  if (Array.isArray(value)) return value.map((item) => attach(item, found));
  if (!isRecord(value)) return value;
  const copy: Record<string, unknown> = {};
  const placeholders: Record<string, string> = {};
  const positions: Record<string, string> = {};
  for (const [key, field] of Object.entries(value)) {
    if (isPendingRef(field)) {
      copy[key] = '';
      continue;
    }
    const name = typeof field === 'string' ? resizableName(field) : undefined;
    const uri = name && found.placeholders.get(name);
    if (uri) placeholders[field as string] = uri;
    const position = name && found.positions.get(name);
    if (position) positions[field as string] = position;
    copy[key] = attach(field, found);
  }
  return {
    ...copy,
    ...(Object.keys(placeholders).length > 0 ? { placeholders } : {}),
    ...(Object.keys(positions).length > 0 ? { focal_points: positions } : {}),
  };
}

/** `payload` with the placeholders and focal points of the pictures it names, and no pending references. */
export async function withPictureFacts(payload: unknown, facts: PictureFacts): Promise<unknown> {
  const names = new Set<string>();
  const pending = collect(payload, names);
  if (names.size === 0 && !pending) return payload;
  const placeholders = new Map<string, string>();
  const [focal] = await Promise.all([
    facts.focalPointsOf([...names]),
    ...[...names].map(async (name) => {
      const uri = await facts.placeholderOf(name);
      if (uri) placeholders.set(name, uri);
    }),
  ]);
  const positions = new Map([...focal].map(([name, point]) => [name, objectPosition(point.x, point.y)]));
  return placeholders.size > 0 || positions.size > 0 || pending ? attach(payload, { placeholders, positions }) : payload;
}
