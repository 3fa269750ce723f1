/** The drawer the burger opens below 992 px: the mega-menu's entries as one scrolling list. */
import { Drawer, Stack } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import classes from './layout.module.css';
import type { MenuEntry } from './menu-tree';
import { MenuLinks } from './MenuLinks';

interface MenuDrawerProps {
  entries: MenuEntry[];
  opened: boolean;
  onClose: () => void;
}

export function MenuDrawer({ entries, opened, onClose }: MenuDrawerProps) {
  return (
    <Drawer opened={opened} onClose={onClose} title="Menu" size="85%" position="right">
      <nav aria-label="Main">
        <Stack gap="md">
          {entries.map((entry) =>
            entry.kind === 'link' ? (
              <Link key={entry.label} to={entry.href} className={classes.menuTop} onClick={onClose}>
                {entry.label}
              </Link>
            ) : (
              <section key={entry.label} aria-label={entry.label}>
                <p className={classes.columnHeading}>{entry.label}</p>
                <Stack gap="xs">
                  {entry.columns.map((column) => (
                    <div key={column.location}>
                      {column.heading ? <span className={classes.groupLabel}>{column.heading}</span> : null}
                      <MenuLinks links={column.links} onNavigate={onClose} />
                    </div>
                  ))}
                </Stack>
              </section>
            ),
          )}
        </Stack>
      </nav>
    </Drawer>
  );
}
