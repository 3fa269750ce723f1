/**
 * The words of site-en-shell.ts in a document's language: what the app's first chunk draws, read
 * without site.ts and its whole English catalogue. Every language's catalogue has these words too
 * (it is a SiteCatalogue), so one fetched for the document is used as soon as it is known.
 */
import { interpolate } from './interpolate';
import { siteEnShell } from './site-en-shell';
import { catalogueLanguage, catalogues } from './site-loading';

export type ShellMessageKey = keyof typeof siteEnShell;
export type ShellText = (key: ShellMessageKey, vars?: Record<string, string | number>) => string;

export const shellText =
  (locale: string | undefined): ShellText =>
  (key, vars) =>
    interpolate(catalogues.get(catalogueLanguage(locale) ?? 'en')?.[key] ?? siteEnShell[key], vars);
