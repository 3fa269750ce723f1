/**
 * The languages a site is written in: BCP 47 tags (`en`, `bn`, `pt-BR`), the default first. Plain
 * data and pure functions, read by the server (which reads and writes translations) and the site
 * (which puts every other locale under its prefix: /bn/about).
 */

/** One tag as a site may name it: a 2–3 letter language, then optional subtags (`pt-BR`, `zh-Hant`). */
export const LOCALE_TAG = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

/** A list of tags as the App Settings form takes it: `en,bn` (spaces allowed after commas). */
export const LOCALE_LIST = /^\s*[a-zA-Z]{2,3}(-[A-Za-z0-9]{2,8})*(\s*,\s*[a-zA-Z]{2,3}(-[A-Za-z0-9]{2,8})*)*\s*$/;

/** A site's locales, in order, each once, the language in lower case (`EN, bn,en` → `en`, `bn`). */
export function localesOf(list: string | null | undefined): string[] {
  const tags = (list ?? '')
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean)
    .map((tag) => {
      const [language, ...rest] = tag.split('-');
      return [language!.toLowerCase(), ...rest].join('-');
    });
  const unique = [...new Set(tags)];
  return unique.length > 0 ? unique : ['en'];
}

/** The language one document is in, on a site written in several, and where its addresses start. */
export interface DocumentLocale {
  locale: string;
  /** '' for the default locale (today's addresses), '/bn' for another. */
  path: string;
  /** The site's locales, the default first: which first segments name a language. */
  locales: readonly string[];
}

/**
 * The locale an address is in: the default at today's addresses, any other under its prefix
 * (`/bn/about`). None for a site written in one language, whose documents carry no locale.
 */
export function documentLocale(locales: readonly string[], pathname: string): DocumentLocale | undefined {
  if (locales.length < 2) return undefined;
  const first = pathname.split('/')[1] ?? '';
  const other = locales.indexOf(first) > 0;
  return other ? { locale: first, path: `/${first}`, locales } : { locale: locales[0]!, path: '', locales };
}

/**
 * The address an address prefixed with the site's default locale stands for (`/en/about` →
 * `/about`, `/en` → `/`), or undefined for any other: the default language has no prefix, and a
 * visitor or a link that adds one is sent to the one address of that page.
 */
export function defaultLocaleAddress(locales: readonly string[], pathname: string): string | undefined {
  if (locales.length < 2) return undefined;
  const prefix = `/${locales[0]}`;
  if (pathname !== prefix && !pathname.startsWith(`${prefix}/`)) return undefined;
  return pathname.slice(prefix.length) || '/';
}

/** `path` (a site address: `/about`) as it reads in the document's locale (`/bn/about`; the home page `/bn/`). */
export const inLocale = (locale: DocumentLocale | undefined, path: string) => (locale?.path ? `${locale.path}${path}` : path);

/** Where `locale`'s addresses start on a site written in `locales`: '' for the default, `/bn` for another. */
export const localeAt = (locales: readonly string[], locale: string): DocumentLocale => ({
  locale,
  path: locale === locales[0] ? '' : `/${locale}`,
  locales,
});

/** A path as an href: each segment percent-encoded once (a Bangla slug arrives as text or encoded). */
export function encodePath(path: string): string {
  return path
    .split('/')
    .map((segment) => {
      try {
        return encodeURIComponent(decodeURIComponent(segment));
      } catch {
        return encodeURIComponent(segment);
      }
    })
    .join('/');
}

/** Names already looked up: making an Intl.DisplayNames costs more than the rest of a language switcher's render. */
const languageNames = new Map<string, string>();

/** The language's name in itself, from the browser's (or Node's) own data; the tag when it has none. */
export function languageName(locale: string): string {
  let named = languageNames.get(locale);
  if (named === undefined) {
    try {
      const name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale);
      named = name ? name.charAt(0).toLocaleUpperCase(locale) + name.slice(1) : locale;
    } catch {
      named = locale;
    }
    // Tags come from the site's settings, a handful per site; the bound guards against anything else.
    if (languageNames.size < 256) languageNames.set(locale, named);
  }
  return named;
}

/** The languages the back-office can be read in: each has a catalogue (src/client/admin/i18n). */
export const BACK_OFFICE_LANGUAGES = ['en', 'bn'] as const;
