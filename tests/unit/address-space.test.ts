/** The one table of the address space, and that what the build serves is in it. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BUILD_PATHS,
  isApiOrFileAddress,
  isBackOfficeAddress,
  isPageAddress,
  isPublicApiAddress,
  RESERVED_SEGMENTS,
} from '../../src/shared/address-space';
import { ENTITIES } from '../../src/shared/entities';

describe('the address space', () => {
  it.each(['/', '/about', '/news', '/news/a-post', '/contact?sent=contact', '/cmsx', '/administration'])(
    '%s is a page',
    (address) => {
      expect(isPageAddress(address)).toBe(true);
    },
  );

  it.each([
    '/admin',
    '/admin/post/form',
    '/app-shell',
    '/cms',
    '/cms/pages/about',
    '/uploads/a.png',
    '/sitemap.xml',
    '/robots.txt',
    '/analytics.js',
    '/manifest.webmanifest',
    '/sw.js',
    '/assets/index-1.js',
    '/icons/192.png',
  ])('%s is not a page', (address) => {
    expect(isPageAddress(address)).toBe(false);
  });

  it('tells the back-office, the public reads and what the API or file store answers apart', () => {
    expect(isBackOfficeAddress('/admin?x=1')).toBe(true);
    expect(isBackOfficeAddress('/administration')).toBe(false);
    expect(isPublicApiAddress('/cms/pages/about')).toBe(true);
    expect(isPublicApiAddress('/cms/api/pages')).toBe(false);
    expect(isPublicApiAddress('/cms/docs/json')).toBe(false);
    expect(isApiOrFileAddress('/uploads/x.png')).toBe(true);
    expect(isApiOrFileAddress('/admin')).toBe(false);
  });

  it('names every folder the build publishes, so no page can take its address', () => {
    const folders = fs
      .readdirSync(path.resolve('public'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `/${entry.name}`);
    expect(Object.values(BUILD_PATHS)).toEqual(expect.arrayContaining(folders));
  });

  it('reserves every top-level segment for pages: the table is the slugs’ rule', () => {
    expect(ENTITIES.pages.slug.reserved).toBe(RESERVED_SEGMENTS);
    expect(RESERVED_SEGMENTS).toEqual(
      expect.arrayContaining(['admin', 'cms', 'uploads', 'app-shell', 'assets', 'news', 'contact']),
    );
  });
});
