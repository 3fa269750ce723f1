/** The links of one menu column, nested as staff arranged them; shared by the mega-menu and the drawer. */
import { linkAttributes } from '../../ui/link-attributes';
import classes from './layout.module.css';
import type { MenuLink } from './menu-tree';

interface MenuLinksProps {
  links: MenuLink[];
  /** The page shown: its link is marked as the current one. */
  pathname: string;
  labelledBy?: string;
  onNavigate?: () => void;
}

export function MenuLinks({ links, pathname, labelledBy, onNavigate }: MenuLinksProps) {
  return (
    <ul className={classes.columnList} aria-labelledby={labelledBy}>
      {links.map((link) => (
        <li key={link.id}>
          {link.href ? (
            <a
              {...linkAttributes(link.href)}
              className={classes.columnLink}
              onClick={onNavigate}
              {...(link.href === pathname ? { 'aria-current': 'page' as const } : {})}
            >
              {link.title}
            </a>
          ) : (
            <span className={classes.groupLabel}>{link.title}</span>
          )}
          {link.children.length > 0 && <MenuLinks links={link.children} pathname={pathname} onNavigate={onNavigate} />}
        </li>
      ))}
    </ul>
  );
}
