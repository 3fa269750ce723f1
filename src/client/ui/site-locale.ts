/**
 * The language the site's fixed texts are shown in here (site-text.tsx reads it). Apart from the
 * texts themselves, so what only passes the language on (an island's root, islands/Island.tsx)
 * does not bring the site's catalogue to an island that shows none of it (the sign-in form).
 */
import { createContext, useContext } from 'react';

const SiteLocaleContext = createContext('en');

export const SiteLocale = SiteLocaleContext.Provider;

/** The locale whose texts are shown here. */
export const useSiteLocale = () => useContext(SiteLocaleContext);
