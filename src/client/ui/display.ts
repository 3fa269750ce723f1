/**
 * Display rules of the public site (spec §5 and §9) in one place, so every card cuts and falls
 * back the same way. Pure functions: unit-tested in node without a DOM.
 */
import { LIMITS, truncate } from '../../shared/limits';

/** Shipped with the site (public/images); shown when a widget has no thumbnail. */
export const DEFAULT_THUMB = '/images/default-thumb.webp';

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  hellip: '…',
  ndash: '–',
  mdash: '—',
  rsquo: '’',
  lsquo: '‘',
  rdquo: '”',
  ldquo: '“',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === '#') {
      const point = code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
      return Number.isFinite(point) && point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : whole;
    }
    return ENTITIES[code.toLowerCase()] ?? whole;
  });
}

/**
 * Stored HTML as plain text for excerpts: tags removed (script and style with their bodies), block
 * ends turned into spaces so words do not run together, entities decoded, whitespace collapsed.
 * The result is rendered as React text, never as HTML, so it cannot inject markup.
 */
export function htmlToText(html: string | null | undefined): string {
  if (!html) return '';
  const withoutCode = html.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ');
  const withoutTags = withoutCode
    .replace(/<\/?(p|div|br|li|h[1-6]|tr|td|section|article)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(withoutTags).replace(/\s+/g, ' ').trim();
}

/** Plain-text excerpt of HTML cut at `max` characters with '...'. */
export function excerpt(html: string | null | undefined, max: number): string {
  return truncate(htmlToText(html), max);
}

export function widgetTitle(title: string | null | undefined): string {
  const text = title?.trim();
  return text ? truncate(text, LIMITS.truncate.widgetTitle) : 'Untitled';
}

export function widgetContent(content: string | null | undefined): string {
  const text = htmlToText(content);
  return text ? truncate(text, LIMITS.truncate.widgetContent) : 'No content available.';
}

export function widgetThumb(thumb: string | null | undefined): string {
  return thumb?.trim() || DEFAULT_THUMB;
}

/** Alt text of an image: its alt_text, else its title, else empty (decorative). */
export function imageAlt(record: { alt_text?: string | null; title?: string | null }): string {
  return record.alt_text?.trim() || record.title?.trim() || '';
}

// Spelled out rather than Intl.DateTimeFormat: building a formatter loads locale data (tens of
// milliseconds on a phone), and the server and the browser must print exactly the same text.
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * A stored date or date-time ('2026-11-05 09:00:00' or ISO) as '5 November 2026'; null when
 * missing or unreadable. Read as UTC so the day shown does not move with the visitor's zone.
 */
export function formatDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(value) ? `${value.replace(' ', 'T')}Z` : value;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}
