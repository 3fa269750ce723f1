/** Site header: a contact strip (phone, email) above the logo and the menu (spec §2.1 "Header"). */
import { Link } from '@tanstack/react-router';
import type { SiteInfo } from '../api/types';
import { MailIcon, PhoneIcon, SearchIcon } from '../../ui/icons';
import { SEARCH_PAGE } from '../../../shared/address-space';
import { MOST_QUERY_LENGTH } from '../../../shared/site-search';
import { Island } from '../../islands/Island';
import classes from './layout.module.css';
import { MegaMenu } from './MegaMenu';
import type { MenuEntry } from './menu-tree';
import { MobileMenu } from './MobileMenu';
import { LanguageSwitcher } from './LanguageSwitcher';
import { type Alternate, useLocalHref } from '../locale';
import { useSiteText } from '../../ui/site-text';
import { Anchor, Box, Container, Group, Text } from '../ui';

export interface HeaderProps {
  site: SiteInfo;
  entries: MenuEntry[];
  pathname: string;
  /** The document's language, and the page in each of the site's languages (the switcher). */
  language: string;
  languages: Alternate[];
}

export function Header({ site, entries, pathname, language, languages }: HeaderProps) {
  const t = useSiteText();
  const localize = useLocalHref();
  return (
    <header>
      <div className={classes.topStrip}>
        <Container size="xl" py={6}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" visibleFrom="sm" truncate>
              {site.title ?? site.name}
            </Text>
            <Group gap="md" wrap="nowrap" className={classes.stripLinks}>
              {site.phone ? (
                <Anchor href={`tel:${site.phone.replace(/[^\d+]/g, '')}`} size="sm" c="white">
                  <Group gap={6} wrap="nowrap" component="span">
                    <PhoneIcon size={15} />
                    <span className={classes.contactText}>{site.phone}</span>
                  </Group>
                </Anchor>
              ) : null}
              {site.email ? (
                <Anchor href={`mailto:${site.email}`} size="sm" c="white">
                  <Group gap={6} wrap="nowrap" component="span">
                    <MailIcon size={15} />
                    <span className={classes.contactText}>{site.email}</span>
                  </Group>
                </Anchor>
              ) : null}
              {/* The site's search: a plain form (it needs no script), and on phones a link to its page. */}
              <form role="search" action={localize(SEARCH_PAGE)} method="get" className={classes.search}>
                <input
                  type="search"
                  name="q"
                  required
                  maxLength={MOST_QUERY_LENGTH}
                  aria-label={t('search.label')}
                  placeholder={t('search.title')}
                  className={classes.searchInput}
                />
                <button type="submit" className={classes.searchButton} aria-label={t('search.button')}>
                  <SearchIcon size={15} />
                </button>
              </form>
              <a
                href={localize(SEARCH_PAGE)}
                className={`mantine-focus-auto ${classes.searchLink}`}
                aria-label={t('search.title')}
              >
                <SearchIcon size={15} />
              </a>
              <LanguageSwitcher current={language} languages={languages} />
            </Group>
          </Group>
        </Container>
      </div>
      <div className={classes.mainBar}>
        <Container size="xl" className={classes.mainBarInner}>
          <Group justify="space-between" wrap="nowrap" className={classes.mainBarRow}>
            <Link to="/" aria-label={t('header.home', { site: site.name })}>
              {site.logo_header ? (
                // In a <picture>, which React leaves out of the head: the layout names it there
                // itself, as the header is a kept part (islands/KeptPart.tsx).
                <picture>
                  <img src={site.logo_header} alt={site.name} height={48} className={classes.logo} />
                </picture>
              ) : (
                <Text fw={800} size="xl" c="blue.9" component="span">
                  {site.name}
                </Text>
              )}
            </Link>
            {/* The full menu from 992 px on: its entries come from the content, and below that a
                tablet has no room for them on one line; the burger serves it instead. */}
            <Box component="nav" aria-label={t('menu.main')} visibleFrom="md">
              <Island name="mega-menu" when="visible" component={MegaMenu} props={{ entries, pathname }} />
            </Box>
            <Box hiddenFrom="md">
              <Island name="mobile-menu" when="touch" component={MobileMenu} props={{ entries, pathname }} />
            </Box>
          </Group>
        </Container>
      </div>
    </header>
  );
}
