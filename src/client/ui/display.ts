/**
 * Display rules of the public site (spec §5 and §9) in one place, so every card cuts and falls
 * back the same way. Pure functions: unit-tested in node without a DOM.
 */
import { htmlToText } from '../../shared/html-text';
import { LIMITS, truncate } from '../../shared/limits';
import { siteText, type SiteText } from '../../shared/messages/site';

const english = siteText('en');

/** Shipped with the site (public/images); shown when a widget has no thumbnail. */
export const DEFAULT_THUMB = '/images/default-thumb.webp';

/** Plain-text excerpt of HTML cut at `max` characters with '...'. */
export function excerpt(html: string | null | undefined, max: number): string {
  return truncate(htmlToText(html), max);
}

/** `t`: the site's texts in the page's language (the fallbacks' words); English by default. */
export function widgetTitle(title: string | null | undefined, t: SiteText = english): string {
  const text = title?.trim();
  return text ? truncate(text, LIMITS.truncate.widgetTitle) : t('widget.untitled');
}

export function widgetContent(content: string | null | undefined, t: SiteText = english): string {
  const text = htmlToText(content);
  return text ? truncate(text, LIMITS.truncate.widgetContent) : t('widget.noContent');
}

export function widgetThumb(thumb: string | null | undefined): string {
  return thumb?.trim() || DEFAULT_THUMB;
}

/** Alt text of an image: its alt_text, else its title, else empty (decorative). */
export function imageAlt(record: { alt_text?: string | null; title?: string | null }): string {
  return record.alt_text?.trim() || record.title?.trim() || '';
}

/** A number in the language's own digits (`date.digits`: ০১২৩৪৫৬৭৮৯ in Bangla). */
const digitsIn = (t: SiteText, value: number) => {
  const digits = [...t('date.digits')];
  return String(value).replace(/\d/g, (digit) => digits[Number(digit)] ?? digit);
};

/**
 * A stored date or date-time ('2026-11-05 09:00:00' or ISO) as '5 November 2026' (in the page's
 * language with `t`: '৫ নভেম্বর ২০২৬'); null when missing or unreadable. Read as UTC so the day
 * shown does not move with the visitor's zone. Month names come from the catalogue rather than
 * Intl.DateTimeFormat: building a formatter loads locale data (tens of milliseconds on a phone),
 * and the server and the browser must print exactly the same text.
 */
export function formatDate(value: string | null | undefined, t: SiteText = english): string | null {
  if (!value) return null;
  const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(value) ? `${value.replace(' ', 'T')}Z` : value;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return t('date.format', {
    day: digitsIn(t, date.getUTCDate()),
    month: t('date.months').split(',')[date.getUTCMonth()]!,
    year: digitsIn(t, date.getUTCFullYear()),
  });
}
