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
