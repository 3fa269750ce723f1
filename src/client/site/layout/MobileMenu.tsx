/** Below 768 px the mega-menu becomes a burger that opens a drawer with the same entries. */
import { Burger, Drawer, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link } from '@tanstack/react-router';
import classes from './layout.module.css';
import type { MenuEntry } from './menu-tree';
import { MenuLinks } from './MenuLinks';

export function MobileMenu({ entries }: { entries: MenuEntry[] }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <>
      <Burger opened={opened} onClick={toggle} aria-label={opened ? 'Close menu' : 'Open menu'} aria-expanded={opened} />
      <Drawer opened={opened} onClose={close} title="Menu" size="85%" position="right">
        <nav aria-label="Main">
          <Stack gap="md">
            {entries.map((entry) =>
              entry.kind === 'link' ? (
                <Link key={entry.label} to={entry.href} className={classes.menuTop} onClick={close}>
                  {entry.label}
                </Link>
              ) : (
                <section key={entry.label} aria-label={entry.label}>
                  <p className={classes.columnHeading}>{entry.label}</p>
                  <Stack gap="xs">
                    {entry.columns.map((column) => (
                      <div key={column.location}>
                        {column.heading ? <span className={classes.groupLabel}>{column.heading}</span> : null}
                        <MenuLinks links={column.links} onNavigate={close} />
                      </div>
                    ))}
                  </Stack>
                </section>
              ),
            )}
          </Stack>
        </nav>
      </Drawer>
    </>
  );
}
