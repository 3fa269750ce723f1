import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { type AnyRecord, ENTITIES } from '../../../src/shared/entities';
import { adminEntity, adminEntityByPath, recordKey } from '../../../src/client/admin/admin-entities';
import { ADMIN_SCREENS, currentScreen } from '../../../src/client/admin/layout/admin-screens';
import { MantineProvider } from '@mantine/core';
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { renderCell } from '../../../src/client/admin/list/column-cells';
import { adminT, changeAdminLanguage, loadAdminWords } from '../../../src/client/admin/i18n';
import { termsBn } from '../../../src/client/admin/i18n/terms-bn';
import { dateTimeOf } from '../../../src/shared/date-time';

const wrap = (node: ReactNode) => createElement(MantineProvider, null, node);
import { parseListSearch, resolveListSearch } from '../../../src/client/admin/list/list-search';
import { showingRange } from '../../../src/client/admin/list/showing-range';

// Every signed-in screen's words, as the /admin route's loader fetches them.
beforeAll(() => loadAdminWords());

const column = (label: string, def: { columns: readonly { label: string }[] }) => {
  const found = def.columns.find((c) => c.label === label);
  if (!found) throw new Error(`no column ${label}`);
  return found as (typeof ENTITIES.pages.columns)[number];
};

describe('list cells', () => {
  /** A cut text shows its cut in a focusable element, and the whole of it in that element's tooltip. */
  const cut = (node: ReactNode) => {
    const focusable = /<span tabindex="0"[^>]*>([^<]*)<\/span>/.exec(renderToStaticMarkup(wrap(node)));
    return { shown: focusable?.[1], focusable: !!focusable, full: (node as { props?: { label?: unknown } }).props?.label };
  };

  it('cuts section names at 30 characters plus "..." (the whole name on hover and focus) and shows "--" when empty', () => {
    const name = column('Name', ENTITIES.sections);
    expect(cut(renderCell(name, { name: 'x'.repeat(31) }))).toEqual({
      shown: `${'x'.repeat(30)}...`,
      focusable: true,
      full: 'x'.repeat(31),
    });
    expect(renderCell(name, { name: 'x'.repeat(30) })).toBe('x'.repeat(30));
    expect(renderCell(name, { name: null })).toBe('--');
  });

  it('cuts post titles and slugs at 20', () => {
    expect(cut(renderCell(column('Slug', ENTITIES.posts), { slug: 'a-very-long-slug-for-a-post' }))).toMatchObject({
      shown: 'a-very-long-slug-for...',
      full: 'a-very-long-slug-for-a-post',
    });
  });

  it('puts page slugs in square brackets', () => {
    expect(renderCell(column('Url/Slug', ENTITIES.pages), { slug: 'about' })).toBe('[about]');
  });

  it('joins the user name parts with spaces, skipping empty ones', () => {
    expect(renderCell(column('Name', ENTITIES.users), { name: 'Admin', firstname: null, lastname: 'Khan' })).toBe('Admin Khan');
  });

  it('shows a 0 as a value, not as empty', () => {
    expect(renderCell(column('Is Top', ENTITIES.sections), { is_top: 0 })).toBe('0');
  });

  it('renders status as a badge element even for a missing value', () => {
    const cell = renderCell(column('Status', ENTITIES.faqs), { status: null });
    expect(typeof cell).toBe('object');
  });

  it('marks an active row whose publish time is ahead as Scheduled', () => {
    const status = column('Status', ENTITIES.posts);
    const ahead = dateTimeOf(Date.now() + 3_600_000);
    const past = dateTimeOf(Date.now() - 3_600_000);
    const text = (row: AnyRecord) => renderToStaticMarkup(wrap(renderCell(status, row, ENTITIES.posts)));
    expect(text({ status: 1, publish_at: ahead })).toContain('Scheduled');
    expect(text({ status: 1, publish_at: past })).toContain('Active');
    expect(text({ status: 1, publish_at: null })).toContain('Active');
    expect(text({ status: 0, publish_at: ahead })).toContain('Inactive');
  });

  it('shows a subscriber’s confirmation as its choice’s word, in the user’s language', async () => {
    const confirmation = column('Confirmation', ENTITIES.subscribers);
    const text = (row: AnyRecord) => renderToStaticMarkup(renderCell(confirmation, row, ENTITIES.subscribers));
    expect(text({ confirmation: 'pending' })).toBe('Pending');
    expect(text({ confirmation: 'confirmed' })).toBe('Confirmed');
    await changeAdminLanguage('bn');
    try {
      expect(text({ confirmation: 'pending' })).toBe(termsBn.Pending);
    } finally {
      await changeAdminLanguage('en');
    }
  });
});

describe('list search', () => {
  it('defaults page 1, the entity’s default size and no search', () => {
    expect(resolveListSearch(ENTITIES.pages, {})).toEqual({ page: 1, size: 20, search: '' });
  });

  it('refuses a size that is not one of the entity’s options', () => {
    expect(resolveListSearch(ENTITIES.menus, { size: 33 }).size).toBe(20);
    expect(resolveListSearch(ENTITIES.menus, { size: 200, page: 3, search: ' about ' })).toEqual({
      page: 3,
      size: 200,
      search: 'about',
    });
  });
});

describe('admin entities and screens', () => {
  it('app settings are edited by app key and neither created nor deleted', () => {
    const apps = adminEntityByPath('app-setting')!;
    expect(apps).toMatchObject({ keyField: 'app_key', canCreate: false, canEdit: true, canDelete: false });
    expect(recordKey(apps, { id: 1, app_key: 'demo' })).toBe('demo');
  });

  it('contact messages are read and deleted only', () => {
    expect(adminEntity(ENTITIES.messages)).toMatchObject({ canCreate: false, canEdit: false, canDelete: true });
  });

  it('unknown admin paths name no entity', () => {
    expect(adminEntityByPath('unknown')).toBeUndefined();
  });

  it('the sidebar lists every entity and highlights the screen a path belongs to', () => {
    for (const def of Object.values(ENTITIES)) expect(ADMIN_SCREENS.some((s) => s.path === def.adminPath)).toBe(true);
    expect(currentScreen('/admin/dashboard/social')?.label).toBe('Social Overview');
    expect(currentScreen('/admin/dashboard')?.label).toBe('Dashboard');
    expect(currentScreen('/admin/post-category/form/3')?.path).toBe('post-category');
    expect(currentScreen('/admin/post/form')?.path).toBe('post');
    expect(currentScreen('/admin/nothing')).toBeUndefined();
  });
});

describe('parseListSearch', () => {
  it('keeps valid page, size and search and drops anything malformed', () => {
    expect(parseListSearch({ page: 2, size: 25, search: 'loan' })).toEqual({ page: 2, size: 25, search: 'loan' });
    expect(parseListSearch({ page: 0, size: 2.5, search: 42 })).toEqual({ page: undefined, size: undefined, search: undefined });
    expect(parseListSearch({ page: '3' })).toEqual({ page: undefined, size: undefined, search: undefined });
  });
});

describe('admin addresses', () => {
  it('no screen of its own (activity, security, account …) takes an address an entity screen uses', () => {
    const routesDir = new URL('../../../src/client/routes/admin/', import.meta.url);
    const own = fs
      .readdirSync(routesDir)
      .map((name) => name.replace(/\.tsx$/, ''))
      .filter((name) => !name.startsWith('$') && name !== 'index' && name !== 'route');
    expect(own).toContain('account');
    const entityPaths = Object.values(ENTITIES).map((def) => def.adminPath);
    expect(own.filter((name) => entityPaths.includes(name))).toEqual([]);
  });
});

describe("the list footer's figures", () => {
  it('counts the first row, the last row and the total, as "Showing 21 to 37 of 37 entries" reads', () => {
    expect(showingRange(1, 10, 9)).toEqual({ from: 1, to: 9 });
    expect(showingRange(1, 10, 37)).toEqual({ from: 1, to: 10 });
    expect(showingRange(2, 20, 37)).toEqual({ from: 21, to: 37 });
    expect(showingRange(4, 10, 40)).toEqual({ from: 31, to: 40 });
  });

  it('says 0 to 0 when the page shows no row: an empty list, or a page past the end', () => {
    expect(showingRange(1, 10, 0)).toEqual({ from: 0, to: 0 });
    expect(showingRange(5, 10, 37)).toEqual({ from: 0, to: 0 });
  });

  it("fills the spec's words with those figures, in English and Bangla", async () => {
    await changeAdminLanguage('en');
    expect(adminT('list.showing', { ...showingRange(2, 20, 37), total: 37 })).toBe('Showing 21 to 37 of 37 entries');
    expect(adminT('list.showing', { ...showingRange(1, 10, 0), total: 0 })).toBe('Showing 0 to 0 of 0 entries');
    await changeAdminLanguage('bn');
    expect(adminT('list.showing', { ...showingRange(2, 20, 37), total: 37 })).toBe('৩৭টির মধ্যে ২১ থেকে ৩৭ দেখানো হচ্ছে');
    await changeAdminLanguage('en');
  });
});
