/**
 * Date-times are stored as 'YYYY-MM-DD HH:mm:ss' text in UTC (publish times, career dates), so
 * the server compares them as text with no time-zone work. Staff pick and read them in their own
 * time zone: the admin converts at the input.
 */

const PATTERN = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;
const pad = (n: number) => String(n).padStart(2, '0');

/** A moment as stored text (UTC). */
export const dateTimeOf = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

/** Stored text (UTC) as milliseconds since the epoch; NaN when it is not a date-time. */
export const timeOfDateTime = (text: string) => Date.parse(`${text.replace(' ', 'T')}Z`);

/** Stored text (UTC) → the same format in the browser's time zone; other text is returned as is. */
export function utcToLocal(text: string): string {
  const ms = timeOfDateTime(text);
  if (!PATTERN.test(text) || Number.isNaN(ms)) return text;
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** Text in the browser's time zone → stored text (UTC); other text is returned as is. */
export function localToUtc(text: string): string {
  const match = PATTERN.exec(text);
  if (!match) return text;
  const [y, mo, d, h, mi, s] = match.slice(1).map((part) => Number(part ?? 0));
  const local = new Date(y!, mo! - 1, d, h, mi, s);
  return Number.isNaN(local.getTime()) ? text : dateTimeOf(local.getTime());
}

/**
 * What a client may send for a date-time: the stored form (read as UTC), or ISO 8601 with `Z` or an
 * offset, as `Date.toISOString()` gives. A time with neither is refused: it names no moment.
 */
export const STORED_DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
export const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

/** A date-time as a client sent it → stored text (UTC), or undefined when it is not one. */
export function storedDateTime(text: string): string | undefined {
  if (STORED_DATE_TIME.test(text)) return Number.isNaN(timeOfDateTime(text)) ? undefined : text;
  if (!ISO_DATE_TIME.test(text)) return undefined;
  // Date.parse wants the offset's colon; milliseconds beyond three digits are cut, not rounded.
  const normal = text.replace(/([+-]\d{2})(\d{2})$/, '$1:$2').replace(/(\.\d{3})\d+/, '$1');
  const ms = Date.parse(normal);
  return Number.isNaN(ms) ? undefined : dateTimeOf(ms);
}
