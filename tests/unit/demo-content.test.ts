/**
 * The demo content is seeded as-is on a first start, so it must be valid for the entity
 * definitions, reference only images that ship with it, and give every menu and footer link a page.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SUMMARY_CLAIMS } from '../../src/server/db/demo/copy/organisation';
import { demoContent } from '../../src/server/db/demo/content';
import type { DemoCategoryTree, DemoMenuTree, DemoSectionTree } from '../../src/server/db/demo/types';
import { ENTITIES, type FieldDef, type ResourceName } from '../../src/shared/entities';
import { createSchema } from '../../src/shared/entities/schemas';
import { SECTION_TEMPLATES } from '../../src/shared/entities/sections';

type Row = Record<string, string | number | null>;

const IMAGES_DIR = join(__dirname, '../../src/server/db/demo/images');
const imageFiles = new Set(readdirSync(IMAGES_DIR));

const sectionRows = (trees: DemoSectionTree[]) => trees.map((t) => t.section);
const widgetRows = (trees: DemoSectionTree[]) => trees.flatMap((t) => t.widgets);
const flattenCategories = (trees: DemoCategoryTree[]): DemoCategoryTree[] =>
  trees.flatMap((t) => [t, ...flattenCategories(t.children)]);
const flattenMenus = (trees: DemoMenuTree[]): DemoMenuTree[] => trees.flatMap((t) => [t, ...flattenMenus(t.children)]);

const allSections = [...demoContent.homeSections, ...demoContent.pages.flatMap((p) => p.sections)];
const allCategories = flattenCategories(demoContent.categories);
const allMenus = flattenMenus(demoContent.menus).map((m) => m.menu);
const allPosts = allCategories.flatMap((c) => c.posts);
const pageSlugs = new Set(demoContent.pages.map((p) => `/${p.page.slug}`));

/** Every row of the demo with the entity it is seeded into. */
const rowsByEntity: [ResourceName, Row[]][] = [
  // The seeder supplies app_key; the create schema requires it.
  ['applications', [{ ...demoContent.application, app_key: 'demo' }]],
  ['sections', sectionRows(allSections)],
  ['widgets', widgetRows(allSections)],
  ['pages', demoContent.pages.map((p) => p.page)],
  ['sliders', demoContent.sliders],
  ['post-categories', allCategories.map((c) => c.category)],
  ['posts', allPosts],
  ['menus', allMenus],
  ['gallery', demoContent.gallery],
  ['socials', demoContent.socials],
  ['faqs', demoContent.faqs],
  ['careers', demoContent.careers],
  ['profiles', demoContent.profiles],
];

const allValues = rowsByEntity.flatMap(([, rows]) => rows.flatMap((row) => Object.values(row)));
const htmlValues = rowsByEntity.flatMap(([name, rows]) => {
  const htmlFields = Object.entries(ENTITIES[name].fields)
    .filter(([, def]) => def.kind === 'html')
    .map(([field]) => field);
  return rows.flatMap((row) => htmlFields.map((f) => row[f]).filter((v): v is string => typeof v === 'string'));
});

describe('demo content', () => {
  it.each(rowsByEntity)('uses only the fields of the %s entity, with values its create schema accepts', (name, rows) => {
    const fields = new Set(Object.keys(ENTITIES[name].fields));
    const schema = createSchema(ENTITIES[name]);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(Object.keys(row).filter((key) => !fields.has(key))).toEqual([]);
      const parsed = schema.safeParse(row);
      expect(parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([]);
    }
  });

  it('references only images that exist in the images folder, and ships no unused image', () => {
    const referenced = new Set(
      allValues.flatMap((v) => (typeof v === 'string' ? [...v.matchAll(/\/uploads\/([\w.-]+)/g)].map((m) => m[1]!) : [])),
    );
    expect([...referenced].filter((file) => !imageFiles.has(file))).toEqual([]);
    expect([...imageFiles].filter((file) => !referenced.has(file))).toEqual([]);
  });

  it('gives every menu entry a page, and fills every mega-menu column with two to five entries', () => {
    expect(allMenus.map((m) => m.slug).filter((slug) => !pageSlugs.has(String(slug)))).toEqual([]);
    for (const location of ['ab1', 'ab2', 'ab3', 'ps1', 'ps2', 'dp1', 'dp2', 'arc1']) {
      const topLevel = demoContent.menus.filter((m) => m.menu.location === location && m.menu.shortcode === 'TOPMENU');
      expect(topLevel.length, location).toBeGreaterThanOrEqual(2);
      expect(topLevel.length, location).toBeLessThanOrEqual(5);
    }
    const footer = allMenus.filter((m) => m.shortcode === 'FOOTERMENU');
    expect(footer.length).toBeGreaterThanOrEqual(3);
    expect(footer.every((m) => m.location === null)).toBe(true);
  });

  it('children of a menu entry sit in their parent’s column', () => {
    const withChildren = flattenMenus(demoContent.menus).filter((m) => m.children.length > 0);
    expect(withChildren.length).toBeGreaterThan(0);
    for (const parent of withChildren)
      for (const child of parent.children) expect(child.menu.location).toBe(parent.menu.location);
  });

  it('has a page for every fixed link of the footer and of the services block (spec §2.1)', () => {
    const fixed = ['/about', '/annual-reports', '/governing-body', '/privacy-policy', '/career', '/terms-and-conditions'];
    const services = [
      '/services',
      '/gallery',
      '/software-service',
      '/implementation',
      '/service',
      '/network-and-infrastructure',
      '/specialization',
    ];
    expect([...fixed, ...services].filter((slug) => !pageSlugs.has(slug))).toEqual([]);
  });

  it('points every internal link of sliders, sections and widgets at a page or a site route', () => {
    const routes = new Set([...pageSlugs, '/', '/contact']);
    const links = [...demoContent.sliders, ...sectionRows(allSections), ...widgetRows(allSections)]
      .map((row) => row.link_url)
      .filter((url): url is string => typeof url === 'string' && url.startsWith('/'));
    expect(links.filter((url) => !routes.has(url))).toEqual([]);
  });

  it('has one home section per template, in the order of the templates', () => {
    expect(demoContent.homeSections.map((t) => t.section.template)).toEqual([...SECTION_TEMPLATES]);
    expect(demoContent.homeSections.map((t) => t.section.sort_order)).toEqual([1, 2, 3, 4, 5, 6]);
    const byTemplate = (t: string) => demoContent.homeSections.find((s) => s.section.template === t)!;
    expect(byTemplate('_microfinance').widgets.length).toBeGreaterThanOrEqual(4);
    expect(byTemplate('_activities').widgets.length).toBeGreaterThanOrEqual(7);
    expect(byTemplate('_news').section.link_url).toBe('/news');
  });

  it('states every summary claim of the home page in the about and goals copy', () => {
    const copy = demoContent.homeSections
      .filter((t) => t.section.template === 'about_us' || t.section.template === '_goals_obj')
      .flatMap((t) => [t.section, ...t.widgets])
      .flatMap((row) => Object.values(row))
      .join(' ');
    expect(SUMMARY_CLAIMS.filter((claim) => !copy.includes(claim))).toEqual([]);
  });

  it('has four active sliders and one inactive', () => {
    expect(demoContent.sliders.map((s) => s.status).sort()).toEqual([0, 1, 1, 1, 1]);
  });

  it('has at least eight published posts with unique slugs, a draft, and a category with a child', () => {
    expect(allPosts.filter((p) => p.status === 1).length).toBeGreaterThanOrEqual(8);
    expect(allPosts.filter((p) => p.status === 0).length).toBe(1);
    expect(new Set(allPosts.map((p) => p.slug)).size).toBe(allPosts.length);
    expect(demoContent.categories.some((c) => c.children.length > 0)).toBe(true);
  });

  it('has unique page slugs', () => {
    expect(pageSlugs.size).toBe(demoContent.pages.length);
  });

  it('has gallery images and YouTube embeds', () => {
    const images = demoContent.gallery.filter((g) => g.type === 'image');
    const videos = demoContent.gallery.filter((g) => g.type === 'youtube_embedded');
    expect(images.length).toBeGreaterThanOrEqual(8);
    expect(images.every((g) => String(g.file_url).startsWith('/uploads/'))).toBe(true);
    expect(videos).toHaveLength(2);
    for (const v of videos)
      expect(v.file_url).toMatch(/^<iframe [^>]*src="https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]{11}"/);
  });

  it('writes HTML fields without h1 headings (the page title is the h1)', () => {
    expect(htmlValues.length).toBeGreaterThan(50);
    expect(htmlValues.filter((html) => /<h1[\s>]/i.test(html))).toEqual([]);
  });

  it('keeps plain-text fields free of markup', () => {
    const markup = rowsByEntity.flatMap(([name, rows]) =>
      rows.flatMap((row) =>
        Object.entries(row)
          .filter(([field, value]) => {
            const kind = (ENTITIES[name].fields as Record<string, FieldDef>)[field]?.kind;
            return (
              (kind === 'text' || kind === 'textarea') &&
              field !== 'map_html' &&
              typeof value === 'string' &&
              /<[a-z]/i.test(value)
            );
          })
          .map(([field]) => `${name}.${field}`),
      ),
    );
    expect(markup).toEqual([]);
  });

  it('publishes career openings that are open in 2026 to 2027', () => {
    expect(demoContent.careers).toHaveLength(3);
    for (const c of demoContent.careers) {
      for (const field of ['application_publish_at', 'application_start_at', 'application_end_at'] as const)
        expect(String(c[field])).toMatch(/^202[67]-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(String(c.application_start_at) < String(c.application_end_at)).toBe(true);
    }
  });
});
