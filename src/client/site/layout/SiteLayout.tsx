/** The frame of every public screen: skip link, header with the mega-menu, main, footer. */
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { useMemo } from 'react';
import type { MenuItem, SiteInfo } from '../api/types';
import { preload } from 'react-dom';
import { menusQuery, siteInfoQuery } from '../api/queries';
import { Footer } from './Footer';
import { Header } from './Header';
import classes from './layout.module.css';
import { buildMenuTree } from './menu-tree';
import { type Alternate, useLanguages, useLocalHref, useUnknownAddress } from '../locale';
import { useSiteText } from '../../ui/site-text';
import { useSiteLocale } from '../../ui/site-locale';
import { KeptPart } from '../../islands/KeptPart';
import { useFormProps } from '../forms/useFormProps';

export function SiteLayout() {
  const { data: site } = useSuspenseQuery(siteInfoQuery());
  // The menu is not worth an error screen: without it the fixed entries (Home, Archive with the
  // gallery, Contact) still work, so a failed menu read just leaves the columns out.
  const menus = useQuery(menusQuery()).data ?? [];
  const localize = useLocalHref();
  // The address as the visitor sees it (`/bn/about`), which the menus' links are compared with;
  // none for an unknown address, which no menu links to (its page is the same for every one).
  const unknown = useUnknownAddress();
  const routePath = useRouterState({ select: (state) => state.location.pathname });
  const pathname = unknown ? '' : localize(routePath);
  // The page in each language, for the header's switcher: a record's address there is its own (a
  // Bangla slug), so it is one of the header's inputs like the rest.
  const languages = useLanguages();
  const subscribe = useFormProps('subscribe');
  // The header and the footer are drawn from these alone (and the page's language): a page made
  // again after a write reuses them as the last render drew them (islands/KeptPart.tsx), so they
  // read nothing else (tests/api/kept-parts.test.ts draws every page with and without them).
  const language = useSiteLocale();
  const t = useSiteText();
  // The header's logo, named in the head for the browser to fetch early (as React names an image
  // a page shows at once): said here, outside the kept header, whether it is rendered or reused.
  if (site.logo_header) preload(site.logo_header, { as: 'image' });

  return (
    <div className={`site-root ${classes.root}`}>
      <a href="#main-content" className={classes.skipLink}>
        {t('layout.skip')}
      </a>
      {/* The menus' links are made in the page's language: where its addresses start is an input. */}
      <KeptPart name="header" inputs={[language, localize('/'), site, menus, pathname, languages]}>
        <MenuHeader site={site} menus={menus} pathname={pathname} language={language} languages={languages} />
      </KeptPart>
      <main id="main-content" tabIndex={-1} className={classes.main}>
        <Outlet />
      </main>
      <KeptPart name="footer" inputs={[language, site, subscribe]}>
        <Footer site={site} subscribe={subscribe} />
      </KeptPart>
    </div>
  );
}

/** The header with the mega-menu made from the menus: made only when the header is drawn, not reused. */
function MenuHeader({
  menus,
  ...header
}: {
  site: SiteInfo;
  menus: readonly MenuItem[];
  pathname: string;
  language: string;
  languages: Alternate[];
}) {
  const localize = useLocalHref();
  const t = useSiteText();
  const entries = useMemo(() => buildMenuTree(menus, localize, t), [menus, localize, t]);
  return <Header {...header} entries={entries} />;
}
