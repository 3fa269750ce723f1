/**
 * Public answers carry each picture's placeholder beside it: a record that names uploaded pictures
 * (`thumb`, `file_url`, …) gets `placeholders`, from each address to a tiny blurred preview as a
 * `data:` URI (media/renditions.ts). The page draws it in the picture's box at once, so the box
 * shows what is coming instead of a grey block. It travels with the answer the page is drawn from,
 * so the server's HTML and the browser's render are the same and cost no request of their own.
 */
import { resizableName } from '../../shared/renditions';

type PlaceholderOf = (name: string) => Promise<string | undefined>;

/** Plain objects only: a Date or a Buffer in an answer is a value, not a record to look into. */
const isRecord = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
};

function collect(value: unknown, names: Set<string>): void {
  if (Array.isArray(value)) for (const item of value) collect(item, names);
  else if (isRecord(value)) {
    for (const field of Object.values(value)) {
      const name = typeof field === 'string' ? resizableName(field) : undefined;
      if (name) names.add(name);
      else collect(field, names);
    }
  }
}

/** A copy of `value` in which each object naming pictures that have placeholders carries them; the rest is shared. */
function attach(value: unknown, found: Map<string, string>): unknown {
  if (Array.isArray(value)) return value.map((item) => attach(item, found));
  if (!isRecord(value)) return value;
  const copy: Record<string, unknown> = {};
  const placeholders: Record<string, string> = {};
  for (const [key, field] of Object.entries(value)) {
    const uri = typeof field === 'string' ? found.get(resizableName(field) ?? '') : undefined;
    if (uri) placeholders[field as string] = uri;
    copy[key] = attach(field, found);
  }
  return Object.keys(placeholders).length > 0 ? { ...copy, placeholders } : copy;
}

/** `payload` with the placeholders of the pictures it names (made on first need, then kept). */
export async function withPlaceholders(payload: unknown, placeholderOf: PlaceholderOf): Promise<unknown> {
  const names = new Set<string>();
  collect(payload, names);
  if (names.size === 0) return payload;
  const found = new Map<string, string>();
  await Promise.all(
    [...names].map(async (name) => {
      const uri = await placeholderOf(name);
      if (uri) found.set(name, uri);
    }),
  );
  return found.size > 0 ? attach(payload, found) : payload;
}
