/**
 * The public site's fixed texts in the document's language, from its catalogues (site-en.ts,
 * site-bn.ts; which are known: site-loading.ts). A language whose catalogue is not known, or a
 * text its catalogue lacks, reads in English.
 *
 * The catalogues are i18next's format (flat keys, `{{name}}` variables) read by these few lines
 * rather than by i18next itself: every visitor downloads this file (the back-office reads its own
 * catalogues the same way, with plurals: src/client/admin/i18n).
 */
import { interpolate } from './interpolate';
import { type SiteCatalogue, siteEn, type SiteMessageKey } from './site-en';
import { catalogueLanguage, catalogues } from './site-loading';

export type { SiteCatalogue, SiteMessageKey };
export type SiteText = (key: SiteMessageKey, vars?: Record<string, string | number>) => string;
export { addSiteCatalogue, loadSiteCatalogue } from './site-loading';

catalogues.set('en', siteEn);
/** Each tag's texts, with the catalogue they were made from: made again once a fetched one is known. */
const made = new Map<string, { catalogue: SiteCatalogue; text: SiteText }>();

/** The catalogue for a BCP 47 tag: its own, its language's (`bn-BD` → `bn`), else English. */
export function siteCatalogue(locale: string | undefined): SiteCatalogue {
  return catalogues.get(catalogueLanguage(locale) ?? 'en') ?? siteEn;
}

/** The site's texts in `locale`. */
export function siteText(locale: string | undefined): SiteText {
  const tag = locale ?? 'en';
  const catalogue = siteCatalogue(tag);
  let entry = made.get(tag);
  if (entry?.catalogue !== catalogue) {
    entry = { catalogue, text: (key, vars) => interpolate(catalogue[key] ?? siteEn[key] ?? key, vars) };
    made.set(tag, entry);
  }
  return entry.text;
}

export const isSiteMessageKey = (text: string): text is SiteMessageKey => Object.hasOwn(siteEn, text);

/** A refusal as the visitor reads it: a rule's key in their language; the server's own words as they are. */
export const refusalText = (t: SiteText, refusal: string) => (isSiteMessageKey(refusal) ? t(refusal) : refusal);
