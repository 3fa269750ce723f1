import { LIMITS, MENU_LOCATIONS, type MenuLocation } from '../limits';
import { defineEntity, f } from './define';

/** Mega-menu columns (spec §2.1 "Header and menu"): which heading each location code sits under. */
export const MENU_LOCATION_LABELS: Record<MenuLocation, string> = {
  ab1: 'About Us',
  ab2: 'Governance',
  ab3: 'Working Area & Partners',
  ps1: 'Microfinance Loan Products',
  ps2: 'Savings Products',
  dp1: 'Development Projects (first column)',
  dp2: 'Development Projects (second column)',
  arc1: 'Archive',
};

export const MENU_SHORTCODES = [
  { value: 'TOPMENU', label: 'Top Menu' },
  { value: 'FOOTERMENU', label: 'Footer Menu' },
] as const;

export const menus = defineEntity({
  resource: 'menus',
  admin: { group: 'Site' },
  title: 'Menus',
  formTitle: 'Menu',
  public: { list: { size: LIMITS.maxPageSize, unpaged: true } },
  labelField: 'title',
  pageSizes: [20, 40, 100, 200],
  unpagedByDefault: true,
  fields: {
    title: f.text('Title', { localized: true, required: true, searchable: true }),
    slug: f.text('Slug', { searchable: true, address: true, hint: 'The address the entry links to, e.g. /about' }),
    location: f.select('Location', {
      choices: MENU_LOCATIONS.map((code) => ({ value: code, label: `${code}: ${MENU_LOCATION_LABELS[code]}` })),
    }),
    shortcode: f.select('Shortcode', { choices: MENU_SHORTCODES }),
    hook: f.text('Hook', { max: 128 }),
    parent_id: f.relation('Parent', 'menus', 'title'),
    status: f.status(),
  },
  columns: [
    { label: 'Title', field: 'title' },
    { label: 'Slug', field: 'slug', empty: '--' },
    { label: 'Parent Id', field: 'parent_id', empty: '--' },
    { label: 'Status', field: 'status', format: 'status' },
  ],
});
