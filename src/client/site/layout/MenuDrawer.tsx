/** The drawer the burger opens below 992 px: the mega-menu's entries as one scrolling list. */
import { Drawer, Stack } from '@mantine/core';
import { WithMantine } from '../../islands/WithMantine';
import classes from './layout.module.css';
import type { MenuProps } from './MegaMenu';
import { MenuLinks } from './MenuLinks';
import { useSiteText } from '../../ui/site-text';

interface MenuDrawerProps extends MenuProps {
  opened: boolean;
  onClose: () => void;
}

export function MenuDrawer({ entries, pathname, opened, onClose }: MenuDrawerProps) {
  const t = useSiteText();
  return (
    <WithMantine>
      <Drawer opened={opened} onClose={onClose} title={t('menu.title')} size="85%" position="right">
        <nav aria-label={t('menu.main')}>
          <Stack gap="md">
            {entries.map((entry) =>
              entry.kind === 'link' ? (
                <a
                  key={entry.label}
                  href={entry.href}
                  className={classes.menuTop}
                  onClick={onClose}
                  {...(entry.href === pathname ? { 'aria-current': 'page' as const } : {})}
                >
                  {entry.label}
                </a>
              ) : (
                <section key={entry.label} aria-label={entry.label}>
                  <p className={classes.columnHeading}>{entry.label}</p>
                  <Stack gap="xs">
                    {entry.columns.map((column) => (
                      <div key={column.location}>
                        {column.heading ? <span className={classes.groupLabel}>{column.heading}</span> : null}
                        <MenuLinks links={column.links} pathname={pathname} onNavigate={onClose} />
                      </div>
                    ))}
                  </Stack>
                </section>
              ),
            )}
          </Stack>
        </nav>
      </Drawer>
    </WithMantine>
  );
}
