/**
 * The language a document is in and its addresses in the site's other languages. The server
 * decides the locale from the address (`/bn/about`: Bangla) and names it in the document's config
 * (api/http.ts reads it); the router lives under its prefix (router.tsx), so routes see today's
 * addresses, and what a visitor is shown next to them (alternate-language links, the language
 * switcher) is made here.
 */
import type { QueryClient } from '@tanstack/react-query';
import { useMatches, useRouter, useRouterState } from '@tanstack/react-router';
import { useCallback } from 'react';
import { isApiOrFileAddress, isBackOfficeAddress } from '../../shared/address-space';
import { type DocumentLocale, encodePath, inLocale, languageName, localeAt, localesOf } from '../../shared/locales';
import { connectionOf } from '../api/http';
import { isInternalHref } from '../ui/link-attributes';
import { siteInfoQuery } from './api/queries';

/** The site's languages, the default first (one when it is written in one). */
export const siteLocalesOf = (queryClient: QueryClient) =>
  localesOf(queryClient.getQueryData(siteInfoQuery().queryKey)?.locales ?? null);

/** `<html lang>`: the document's locale, else the site's only one. */
export const documentLanguage = (queryClient: QueryClient) =>
  connectionOf(queryClient).locale?.locale ?? siteLocalesOf(queryClient)[0]!;

/** One language's version of the page: its locale, its address (path on this origin), and the language's own name. */
export interface Alternate {
  locale: string;
  href: string;
  /** The language in its own words (`বাংলা`), for the switcher. */
  name: string;
}

/**
 * The page's address in each language it exists in: `paths` gives a record's own path per locale
 * (a page's Bangla slug); without it the page is at the same path in every language (the home
 * page, the news list). Encoded, so it can stand in an href as it is.
 */
export function alternatesOf(locales: readonly string[], path: string, paths?: Record<string, string>): Alternate[] {
  if (locales.length < 2) return [];
  return locales
    .filter((locale) => !paths || paths[locale] !== undefined)
    .map((locale) => ({
      locale,
      href: encodePath(inLocale(localeAt(locales, locale), paths?.[locale] ?? path)),
      name: languageName(locale),
    }));
}

/** A site address typed by staff (a menu's) in the document's language: `/about` → `/bn/about`. Others stay. */
export const localHref = (at: DocumentLocale | undefined, href: string) =>
  isInternalHref(href) && !isApiOrFileAddress(href) && !isBackOfficeAddress(href) ? inLocale(at, href) : href;

/** localHref for the document being rendered (the router's; islands are given hrefs already made). */
export function useLocalHref(): (href: string) => string {
  const at = connectionOf(useRouter().options.context.queryClient).locale;
  return useCallback((href: string) => localHref(at, href), [at]);
}

/** Whether the router found nothing at the address (a 404: no route, or a record that is not there). */
export function useUnknownAddress(): boolean {
  return useRouterState({
    select: (state) => state.matches.some((match) => match.status === 'notFound'),
  });
}

/**
 * The switcher's entries: the page in each of the site's languages, at its address there (what
 * the page's alternate-language links name, a Bangla slug included), else at the same path (an
 * untranslated page shows its default text under the prefix); for an unknown address, each
 * language's home page. None on a site written in one.
 */
export function useLanguages(): Alternate[] {
  const { queryClient, origin } = useRouter().options.context;
  // An address that is not there is in no language: each entry is that language's home page, so
  // the page of every unknown address is the same (the server keeps one, plugins/spa.ts).
  const unknown = useUnknownAddress();
  const routePath = useRouterState({ select: (state) => state.location.pathname });
  const pathname = unknown ? '/' : routePath;
  // What the routes' head() put in <head>: the router keeps it on each match.
  const links = useMatches({ select: (matches) => matches.flatMap((match) => (match as { links?: HeadLink[] }).links ?? []) });
  const named = new Map(
    links
      .filter((link) => link.rel === 'alternate' && link.hrefLang)
      .map((link) => [link.hrefLang!, link.href.replace(origin, '')]),
  );
  const path = pathname.replace(/\/+$/, '') || '/';
  return alternatesOf(siteLocalesOf(queryClient), path).map((language) => ({
    ...language,
    href: named.get(language.locale) ?? language.href,
  }));
}

interface HeadLink {
  rel: string;
  href: string;
  hrefLang?: string;
}

/**
 * `lang` for a field of a record read in the document's language whose text is another's (no
 * translation yet: the default's shows through), so screen readers and fonts read it right. An
 * empty object where it is the document's own.
 */
export function useTextLanguage(record: { text_locales?: Record<string, string> }): (field: string) => { lang?: string } {
  const here = documentLanguage(useRouter().options.context.queryClient);
  return (field) => {
    const lang = record.text_locales?.[field];
    return lang && lang !== here ? { lang } : {};
  };
}
