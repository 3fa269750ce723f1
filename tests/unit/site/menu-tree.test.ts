import { describe, expect, it } from 'vitest';
import type { MenuItem } from '../../../src/client/site/api/types';
import { buildMenuTree, menuHref, type MenuEntry } from '../../../src/client/site/layout/menu-tree';

let nextId = 1;
function item(partial: Partial<MenuItem> & { title: string }): MenuItem {
  return {
    id: nextId++,
    app_key: 'demo',
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    version: 1,
    deleted_at: null,
    slug: null,
    location: null,
    shortcode: 'TOPMENU',
    hook: null,
    parent_id: null,
    status: 1,
    ...partial,
  };
}

const mega = (entries: MenuEntry[], label: string) => {
  const entry = entries.find((e) => e.label === label);
  if (!entry || entry.kind !== 'mega') throw new Error(`${label} is not a mega entry`);
  return entry;
};

describe('menuHref', () => {
  it.each([
    ['about', '/about'],
    ['/about', '/about'],
    [' governing-body ', '/governing-body'],
    ['https://example.org/x', 'https://example.org/x'],
    ['//cdn.example.org/a.pdf', '//cdn.example.org/a.pdf'],
    ['mailto:info@example.org', 'mailto:info@example.org'],
    ['', null],
    [null, null],
  ])('%s → %s', (slug, href) => expect(menuHref(slug)).toBe(href));
});

describe('buildMenuTree', () => {
  it('with no menus keeps Home, Archive (with Gallery) and Contact in order', () => {
    const tree = buildMenuTree([]);
    expect(tree.map((e) => e.label)).toEqual(['Home', 'Archive', 'Contact']);
    expect(tree[0]).toEqual({ kind: 'link', label: 'Home', href: '/' });
    expect(tree[2]).toEqual({ kind: 'link', label: 'Contact', href: '/contact' });
    expect(mega(tree, 'Archive').columns[0]!.links).toEqual([
      { id: 'gallery', title: 'Gallery', href: '/gallery', children: [] },
    ]);
  });

  it('puts items into the columns of their location with the spec headings', () => {
    const tree = buildMenuTree([
      item({ title: 'Mission', slug: 'mission', location: 'ab1' }),
      item({ title: 'Governing Body', slug: '/governing-body', location: 'ab2' }),
      item({ title: 'Partners', slug: 'partners', location: 'ab3' }),
      item({ title: 'Agri Loan', slug: 'agri-loan', location: 'ps1' }),
      item({ title: 'Deposit', slug: 'deposit', location: 'ps2' }),
      item({ title: 'Project A', slug: 'project-a', location: 'dp1' }),
      item({ title: 'Project B', slug: 'project-b', location: 'dp2' }),
      item({ title: 'Annual Reports', slug: 'annual-reports', location: 'arc1' }),
    ]);
    expect(tree.map((e) => e.label)).toEqual([
      'Home',
      'About',
      'Program & Services',
      'Development Projects',
      'Archive',
      'Contact',
    ]);
    expect(mega(tree, 'About').columns.map((c) => [c.location, c.heading, c.links.map((l) => l.href)])).toEqual([
      ['ab1', 'About Us', ['/mission']],
      ['ab2', 'Governance', ['/governing-body']],
      ['ab3', 'Working Area & Partners', ['/partners']],
    ]);
    expect(mega(tree, 'Program & Services').columns.map((c) => c.heading)).toEqual([
      'Microfinance Loan Products',
      'Savings Products',
    ]);
    expect(mega(tree, 'Development Projects').columns.map((c) => c.location)).toEqual(['dp1', 'dp2']);
    expect(mega(tree, 'Archive').columns[0]!.links.map((l) => l.title)).toEqual(['Annual Reports', 'Gallery']);
  });

  it('leaves out inactive items, footer-menu items and empty columns', () => {
    const tree = buildMenuTree([
      item({ title: 'Old', slug: 'old', location: 'ab1', status: 0 }),
      item({ title: 'Footer only', slug: 'f', location: 'ab2', shortcode: 'FOOTERMENU' }),
      item({ title: 'Partners', slug: 'partners', location: 'ab3' }),
    ]);
    expect(mega(tree, 'About').columns.map((c) => c.location)).toEqual(['ab3']);
    expect(tree.some((e) => e.label === 'Program & Services')).toBe(false);
  });

  it('nests children under their parent and keeps nested column items out of the column top level', () => {
    const parent = item({ title: 'Loans', slug: null, location: 'ps1' });
    const child = item({ title: 'Agri Loan', slug: 'agri-loan', location: 'ps1', parent_id: parent.id });
    const grandchild = item({ title: 'Seasonal', slug: 'seasonal', parent_id: child.id });
    const column = mega(buildMenuTree([parent, child, grandchild]), 'Program & Services').columns[0]!;
    expect(column.links).toEqual([
      {
        id: parent.id,
        title: 'Loans',
        href: null,
        children: [
          {
            id: child.id,
            title: 'Agri Loan',
            href: '/agri-loan',
            children: [{ id: grandchild.id, title: 'Seasonal', href: '/seasonal', children: [] }],
          },
        ],
      },
    ]);
  });

  it('treats an item whose parent is a top-level item without location as a column entry', () => {
    const about = item({ title: 'About', slug: 'about' });
    const mission = item({ title: 'Mission', slug: 'mission', location: 'ab1', parent_id: about.id });
    expect(mega(buildMenuTree([about, mission]), 'About').columns[0]!.links.map((l) => l.title)).toEqual(['Mission']);
  });

  it('drops items with neither an address nor children, and survives a parent cycle', () => {
    const a = item({ title: 'A', slug: 'a', location: 'dp1' });
    const b = item({ title: 'B', slug: 'b', location: 'dp2', parent_id: a.id });
    a.parent_id = b.id;
    const empty = item({ title: 'Nothing', location: 'dp1' });
    const tree = buildMenuTree([a, b, empty]);
    const columns = mega(tree, 'Development Projects').columns;
    expect(columns.flatMap((c) => c.links.map((l) => l.title))).toEqual(['A', 'B']);
    const underA = columns[0]!.links[0]!.children;
    expect(underA.map((l) => l.title)).toEqual(['B']);
    expect(underA[0]!.children).toEqual([]);
  });
});
