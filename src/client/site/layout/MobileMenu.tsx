/**
 * Below 992 px the mega-menu becomes a burger that opens a drawer with the same entries. An island
 * (Island.tsx) of plain React: the drawer, with Mantine's modal and scroll-area code, loads on the
 * first tap, so desktop visitors and phone visitors who never open the menu do not download it.
 */
import { lazy, Suspense, useState } from 'react';
import classes from './layout.module.css';
import type { MenuProps } from './MegaMenu';
import { useSiteText } from '../../ui/site-text';

const MenuDrawer = lazy(() => import('./MenuDrawer').then((m) => ({ default: m.MenuDrawer })));

export function MobileMenu({ entries, pathname }: MenuProps) {
  const t = useSiteText();
  const [opened, setOpened] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <button
        type="button"
        className={classes.burger}
        data-opened={opened || undefined}
        onClick={() => {
          setWanted(true);
          setOpened(!opened);
        }}
        aria-label={opened ? t('menu.close') : t('menu.open')}
        aria-expanded={opened}
      >
        <span className={classes.burgerLines} />
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <MenuDrawer entries={entries} pathname={pathname} opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
