/** The links of one menu column, nested as staff arranged them; shared by the mega-menu and the drawer. */
import { useRouterState } from '@tanstack/react-router';
import { CmsLink } from '../../ui/CmsLink';
import classes from './layout.module.css';
import type { MenuLink } from './menu-tree';

interface MenuLinksProps {
  links: MenuLink[];
  labelledBy?: string;
  onNavigate?: () => void;
}

export function MenuLinks({ links, labelledBy, onNavigate }: MenuLinksProps) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  return (
    <ul className={classes.columnList} aria-labelledby={labelledBy}>
      {links.map((link) => (
        <li key={link.id}>
          {link.href ? (
            <CmsLink
              href={link.href}
              className={classes.columnLink}
              onNavigate={onNavigate}
              {...(link.href === pathname ? { 'aria-current': 'page' as const } : {})}
            >
              {link.title}
            </CmsLink>
          ) : (
            <span className={classes.groupLabel}>{link.title}</span>
          )}
          {link.children.length > 0 && <MenuLinks links={link.children} onNavigate={onNavigate} />}
        </li>
      ))}
    </ul>
  );
}
