/**
 * The site's fixed texts (src/shared/messages) in the document's language, for any component: the
 * document gives its language (App.tsx), an island's own root is given the same one on the server
 * and in the browser (islands/Island.tsx, hydrate.ts), and the back-office gives its user's.
 */
import { siteText, type SiteText } from '../../shared/messages/site';
import { useSiteLocale } from './site-locale';

export { SiteLocale, useSiteLocale } from './site-locale';

/** `t(key)`: a fixed text of the site in the language shown here. */
export const useSiteText = (): SiteText => siteText(useSiteLocale());

/** A record read in a locale: which locale each localized field's text is in (server/content/translations.ts). */
export interface TextLocales {
  text_locales?: Record<string, string> | null;
}

/**
 * `lang(record, field)`: `{lang}` for a field whose text shows through from another language (no
 * translation yet: the default's), so screen readers and fonts read it right; `{}` where it is in
 * the language shown here. Reads no router: parts drawn inside a kept part use it too.
 */
export function useTextLang(): (record: TextLocales, field: string) => { lang?: string } {
  const here = useSiteLocale();
  return (record, field) => {
    const lang = record.text_locales?.[field];
    return lang && lang !== here ? { lang } : {};
  };
}
