/**
 * Turns the flat menu list of GET /cms/menus into the mega-menu of spec §2.1. The top level is
 * fixed (Home, About, Program & Services, Development Projects, Archive, Contact); staff fill the
 * columns by giving menu items a location code, and nest links under an item with parent_id.
 */
import type { MenuLocation } from '../../../shared/limits';
import { siteText, type SiteMessageKey, type SiteText } from '../../../shared/messages/site';
import type { MenuItem } from '../api/types';

export interface MenuLink {
  id: number | string;
  title: string;
  /** Null for an item without an address that only groups its children. */
  href: string | null;
  children: MenuLink[];
}

export interface MenuColumn {
  location: MenuLocation;
  /** Shown above the column; null where the spec names no heading (project and archive columns). */
  heading: string | null;
  links: MenuLink[];
}

export type MenuEntry = { kind: 'link'; label: string; href: string } | { kind: 'mega'; label: string; columns: MenuColumn[] };

/** The two plain top-level entries point at routes of the site itself. */
type FixedPath = '/' | '/contact';

/** Each column's heading in the site's catalogue (src/shared/messages); none where the spec names none. */
const COLUMN_HEADINGS: Record<MenuLocation, SiteMessageKey | null> = {
  ab1: 'menu.column.ab1',
  ab2: 'menu.column.ab2',
  ab3: 'menu.column.ab3',
  ps1: 'menu.column.ps1',
  ps2: 'menu.column.ps2',
  dp1: null,
  dp2: null,
  arc1: null,
};

type Top =
  { kind: 'link'; label: SiteMessageKey; href: FixedPath } | { kind: 'mega'; label: SiteMessageKey; locations: MenuLocation[] };

const TOP: readonly Top[] = [
  { kind: 'link', label: 'menu.home', href: '/' },
  { kind: 'mega', label: 'menu.about', locations: ['ab1', 'ab2', 'ab3'] },
  { kind: 'mega', label: 'menu.programs', locations: ['ps1', 'ps2'] },
  { kind: 'mega', label: 'menu.projects', locations: ['dp1', 'dp2'] },
  { kind: 'mega', label: 'menu.archive', locations: ['arc1'] },
  { kind: 'link', label: 'menu.contact', href: '/contact' },
];

/** The archive column always ends with the gallery, whatever staff put in arc1. */
const GALLERY_PATH = '/gallery';

/** A menu slug as an address: absolute URLs stay, anything else becomes a site path. */
export function menuHref(slug: string | null | undefined): string | null {
  const value = slug?.trim();
  if (!value) return null;
  if (/^(https?:)?\/\//i.test(value) || value.startsWith('/') || /^(mailto|tel):/i.test(value)) return value;
  return `/${value}`;
}

/**
 * `localize` turns a site address into the document's language (`/about` → `/bn/about`,
 * site/locale.ts); addresses on other sites pass through it unchanged.
 */
export function buildMenuTree(
  items: readonly MenuItem[],
  localize: (href: string) => string = (href) => href,
  t: SiteText = siteText('en'),
): MenuEntry[] {
  // Footer-menu entries and inactive items never appear in the header.
  const visible = items.filter((item) => item.status === 1 && item.shortcode !== 'FOOTERMENU');
  const byId = new Map(visible.map((item) => [item.id, item]));
  const childrenOf = new Map<number, MenuItem[]>();
  for (const item of visible) {
    if (item.parent_id !== null && byId.has(item.parent_id)) {
      childrenOf.set(item.parent_id, [...(childrenOf.get(item.parent_id) ?? []), item]);
    }
  }

  const toLink = (item: MenuItem, seen: ReadonlySet<number>): MenuLink | null => {
    // A parent_id cycle made in the admin must not hang the site.
    if (seen.has(item.id)) return null;
    const next = new Set(seen).add(item.id);
    const children = (childrenOf.get(item.id) ?? [])
      .map((child) => toLink(child, next))
      .filter((link): link is MenuLink => link !== null);
    const slug = menuHref(item.slug);
    const href = slug && localize(slug);
    if (!href && children.length === 0) return null;
    return { id: item.id, title: item.title, href, children };
  };

  const column = (location: MenuLocation): MenuColumn => {
    // A column's own entries are its items not nested under another item of the same column.
    const roots = visible.filter((item) => {
      if (item.location !== location) return false;
      const parent = item.parent_id === null ? undefined : byId.get(item.parent_id);
      return parent?.location !== location;
    });
    const links = roots.map((item) => toLink(item, new Set())).filter((link): link is MenuLink => link !== null);
    if (location === 'arc1') links.push({ id: 'gallery', title: t('menu.gallery'), href: localize(GALLERY_PATH), children: [] });
    const heading = COLUMN_HEADINGS[location];
    return { location, heading: heading && t(heading), links };
  };

  return TOP.flatMap((top): MenuEntry[] => {
    if (top.kind === 'link') return [{ kind: 'link', label: t(top.label), href: localize(top.href) }];
    const columns = top.locations.map(column).filter((col) => col.links.length > 0);
    return columns.length > 0 ? [{ kind: 'mega', label: t(top.label), columns }] : [];
  });
}
