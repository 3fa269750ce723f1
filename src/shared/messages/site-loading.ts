/**
 * Which languages the site's texts have, and their catalogues once known. English comes with
 * site.ts; in the browser another language's catalogue is fetched when a document in it starts,
 * before anything is drawn in it (main.tsx, the islands' wake, the site's route), so nobody
 * downloads a language they do not read. The server knows them all from the start
 * (site-catalogues.ts).
 *
 * Apart from site.ts, so what only waits for a catalogue (the islands' wake) does not bring the
 * English one to a page whose islands show none of the site's words.
 */
import type { SiteCatalogue } from './site-en';

/** The catalogues known, English's added by site.ts. */
export const catalogues = new Map<string, SiteCatalogue>();
/** The other languages' catalogues, each its own chunk in the browser. */
const LOAD_CATALOGUE: Record<string, () => Promise<SiteCatalogue>> = {
  bn: () => import('./site-bn').then((module) => module.siteBn),
};
const loading = new Map<string, Promise<void>>();
/** Every language the site's texts are written in. */
export const SITE_TEXT_LANGUAGES: readonly string[] = ['en', ...Object.keys(LOAD_CATALOGUE)];

const hasCatalogue = (language: string) => language === 'en' || Object.hasOwn(LOAD_CATALOGUE, language);

/** The language whose catalogue serves a BCP 47 tag (`bn-BD` → `bn`), if there is one. */
export function catalogueLanguage(locale: string | undefined): string | undefined {
  const tag = (locale ?? 'en').toLowerCase();
  if (hasCatalogue(tag)) return tag;
  const language = tag.split('-')[0]!;
  return hasCatalogue(language) ? language : undefined;
}

/** Makes a language's catalogue known now. */
export function addSiteCatalogue(language: string, catalogue: SiteCatalogue): void {
  catalogues.set(language, catalogue);
}

/**
 * Settles once `locale`'s catalogue is here (at once for English or one already fetched). One
 * that cannot be fetched (offline before the worker kept it) settles too: English shows, and the
 * next wait tries again.
 */
export function loadSiteCatalogue(locale: string | undefined): Promise<void> {
  const language = catalogueLanguage(locale);
  if (!language || language === 'en' || catalogues.has(language)) return Promise.resolve();
  let load = loading.get(language);
  if (!load) {
    load = LOAD_CATALOGUE[language]!().then(
      (catalogue) => addSiteCatalogue(language, catalogue),
      () => void loading.delete(language),
    );
    loading.set(language, load);
  }
  return load;
}
