/**
 * The public site's fixed texts in the document's language, from its catalogues (site-en.ts,
 * site-bn.ts). A language without a catalogue, or a text its catalogue lacks, reads in English.
 *
 * The catalogues are i18next's format (flat keys, `{{name}}` variables) read by these few lines
 * rather than by i18next itself: every visitor downloads this file (the back-office reads its own
 * catalogues the same way, with plurals: src/client/admin/i18n).
 */
import { interpolate } from './interpolate';
import { siteBn } from './site-bn';
import { type SiteCatalogue, siteEn, type SiteMessageKey } from './site-en';

export type { SiteMessageKey };
export type SiteText = (key: SiteMessageKey, vars?: Record<string, string | number>) => string;

const CATALOGUES: Record<string, SiteCatalogue> = { en: siteEn, bn: siteBn };
const made = new Map<string, SiteText>();

/** The catalogue for a BCP 47 tag: its own, its language's (`bn-BD` → `bn`), else English. */
export function siteCatalogue(locale: string | undefined): SiteCatalogue {
  const tag = (locale ?? 'en').toLowerCase();
  return CATALOGUES[tag] ?? CATALOGUES[tag.split('-')[0]!] ?? siteEn;
}

/** The site's texts in `locale`. */
export function siteText(locale: string | undefined): SiteText {
  const tag = locale ?? 'en';
  let text = made.get(tag);
  if (!text) {
    const catalogue = siteCatalogue(tag);
    text = (key, vars) => interpolate(catalogue[key] ?? siteEn[key] ?? key, vars);
    made.set(tag, text);
  }
  return text;
}

export const isSiteMessageKey = (text: string): text is SiteMessageKey => Object.hasOwn(siteEn, text);

/** A refusal as the visitor reads it: a rule's key in their language; the server's own words as they are. */
export const refusalText = (t: SiteText, refusal: string) => (isSiteMessageKey(refusal) ? t(refusal) : refusal);
