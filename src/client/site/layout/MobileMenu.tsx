/**
 * Below 992 px the mega-menu becomes a burger that opens a drawer with the same entries. The
 * drawer (with Mantine's modal and scroll-area code) loads on the first tap, so desktop visitors
 * and phone visitors who never open the menu do not download it.
 */
import { Burger } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import type { MenuEntry } from './menu-tree';

const MenuDrawer = lazy(() => import('./MenuDrawer').then((m) => ({ default: m.MenuDrawer })));

export function MobileMenu({ entries }: { entries: MenuEntry[] }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <Burger
        opened={opened}
        onClick={() => {
          setWanted(true);
          toggle();
        }}
        aria-label={opened ? 'Close menu' : 'Open menu'}
        aria-expanded={opened}
      />
      {wanted ? (
        <Suspense fallback={null}>
          <MenuDrawer entries={entries} opened={opened} onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}
