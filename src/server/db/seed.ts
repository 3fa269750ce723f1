/**
 * First start of an empty database: the first admin, and the demo site with its images.
 * Each step checks before it writes, so a second start adds nothing.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type EntityDef, ENTITIES, type ResourceName } from '../../shared/entities';
import { Translations } from '../content/translations';
import type { ServerConfig } from '../config';
import type { Repository, WriteValues } from '../content/repository';
import { hashPassword } from '../security/passwords';
import { randomPassword } from '../security/tokens';
import { type DB, now } from './database';
import { placeholderKey } from '../media/renditions';
import { openStorage } from '../storage/open';
import type { FileStorage } from '../storage/storage';
import type { DemoCategoryTree, DemoContent, DemoMenuTree, DemoSectionTree } from './demo/types';

const IMAGES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'demo', 'images');

export interface SeedResult {
  /** Set when an admin was created with a generated password (printed once by main.ts). */
  generatedPassword?: string;
  adminCreated: boolean;
  demoSeeded: boolean;
  /** The demo's pictures, stored when it was seeded. */
  demoImages: string[];
}

type Repos = Record<ResourceName, Repository>;

export async function seed(db: DB, repos: Repos, config: ServerConfig): Promise<SeedResult> {
  const result: SeedResult = { adminCreated: false, demoSeeded: false, demoImages: [] };
  const anyUser = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  let adminId = anyUser?.id as number | undefined;
  if (!anyUser) {
    const password = config.adminPassword ?? randomPassword();
    const admin = await repos.users.insert(null, {
      name: 'Administrator',
      email: config.adminEmail.toLowerCase(),
      password: await hashPassword(password),
      type: 'admin',
      // The first account of an empty database manages everything, other users included.
      role: 'admin',
    });
    adminId = admin.id as number;
    result.adminCreated = true;
    if (!config.adminPassword) result.generatedPassword = password;
  }
  if (config.seedDemo && !(await repos.applications.findBy(null, 'app_key', config.appKey))) {
    // Loaded only when needed: a production database never pays for the demo's text.
    const { demoContent } = await import('./demo/content');
    await db.transaction().execute(async (trx) => {
      await seedDemo(trx, repos, config, demoContent, adminId ?? null);
    });
    result.demoImages = await copyDemoImages(db, config);
    result.demoSeeded = true;
  }
  return result;
}

async function seedDemo(trx: DB, repos: Repos, config: ServerConfig, content: DemoContent, userId: number | null) {
  const appKey = config.appKey;
  const insert = (name: ResourceName, row: WriteValues) => repos[name].insert(appKey, row, trx);
  const application = await repos.applications.insert(null, { ...content.application, app_key: appKey, user_id: userId }, trx);

  const insertSections = async (trees: DemoSectionTree[], extra: WriteValues) => {
    for (const { section, widgets } of trees) {
      const row = await insert('sections', { status: 1, sort_order: 0, is_top: 0, ...section, ...extra });
      for (const widget of widgets) await insert('widgets', { status: 1, ...widget, section_id: row.id });
    }
  };
  await insertSections(content.homeSections, { is_top: 1, page_id: null });
  for (const { page, sections } of content.pages) {
    const row = await insert('pages', { status: 1, ...page });
    await insertSections(sections, { page_id: row.id, is_top: 0 });
  }

  // News is dated backwards in the order it is written, five days apart, so "latest" reads right.
  let postsSoFar = 0;
  const publishedAt = () => new Date(Date.now() - postsSoFar++ * 5 * 86_400_000).toISOString();
  const insertCategories = async (trees: DemoCategoryTree[], parentId: unknown) => {
    for (const { category, posts, children } of trees) {
      const row = await insert('post-categories', { status: 1, sort_order: 0, ...category, parent_id: parentId });
      for (const post of posts) {
        await insert('posts', {
          status: 1,
          sort_order: 0,
          ...post,
          category_id: row.id,
          created_at: publishedAt(),
          created_by: userId,
        });
      }
      await insertCategories(children, row.id);
    }
  };
  await insertCategories(content.categories, null);

  const insertMenus = async (trees: DemoMenuTree[], parentId: unknown) => {
    for (const { menu, children } of trees) {
      const row = await insert('menus', { status: 1, ...menu, parent_id: parentId });
      await insertMenus(children, row.id);
    }
  };
  await insertMenus(content.menus, null);

  for (const row of content.sliders) await insert('sliders', { status: 1, ...row });
  for (const row of content.gallery) await insert('gallery', { status: 1, sort_order: 0, ...row });
  for (const row of content.socials) await insert('socials', { status: 1, ...row, app_id: application.id });
  for (const row of content.faqs) await insert('faqs', { status: 1, ...row });
  for (const row of content.careers) await insert('careers', { status: 1, ...row });
  for (const row of content.profiles) await insert('profiles', { status: 1, sort_order: 1, ...row });

  // The site in its other languages, each record found by what the demo copy keys it by.
  const translations = new Translations(trx);
  const translate = async (name: ResourceName, column: string, key: string, text: Record<string, string>, locale: string) => {
    const rows = await trx
      .selectFrom(ENTITIES[name].table as 'pages')
      .select('id')
      .where('app_key', '=', appKey)
      .where(column as 'slug', '=', key)
      .execute();
    if (rows.length === 0) throw new Error(`The demo's ${locale} text names no ${name} “${key}”`);
    for (const row of rows) await translations.put(appKey, ENTITIES[name] as EntityDef, row.id, locale, text);
  };
  for (const {
    locale,
    application: site,
    pages,
    sections,
    widgets,
    sliders,
    menus,
    posts,
    gallery,
    categories,
  } of content.translations) {
    await translations.put(appKey, ENTITIES.applications as EntityDef, application.id, locale, site);
    for (const [slug, text] of Object.entries(pages)) await translate('pages', 'slug', slug, text, locale);
    for (const [name, text] of Object.entries(sections)) await translate('sections', 'name', name, text, locale);
    for (const [name, text] of Object.entries(widgets)) await translate('widgets', 'name', name, text, locale);
    for (const [title, text] of Object.entries(sliders)) await translate('sliders', 'title', title, text, locale);
    for (const [title, text] of Object.entries(menus)) await translate('menus', 'title', title, { title: text }, locale);
    for (const [slug, text] of Object.entries(posts)) await translate('posts', 'slug', slug, text, locale);
    for (const [title, text] of Object.entries(gallery)) await translate('gallery', 'title', title, text, locale);
    for (const [name, text] of Object.entries(categories)) await translate('post-categories', 'name', name, text, locale);
  }
}

/**
 * Demo images go into the storage and the media library, like files an editor uploaded, with the
 * placeholders an upload would have been given (made beforehand: scripts/make-demo-placeholders.ts),
 * so the server does not load sharp at its first start to make them for the demo's first page.
 */
async function copyDemoImages(db: DB, config: ServerConfig): Promise<string[]> {
  const storage = openStorage(config);
  const { default: placeholders } = await import('./demo/placeholders.json');
  try {
    const names = (await fs.readdir(IMAGES_DIR)).sort();
    for (const name of names) {
      await copyDemoImage(db, config, storage, name, (placeholders as Record<string, string>)[name]);
    }
    return names;
  } finally {
    await storage.close();
  }
}

async function copyDemoImage(
  db: DB,
  config: ServerConfig,
  storage: FileStorage,
  name: string,
  placeholder: string | undefined,
): Promise<void> {
  const source = path.join(IMAGES_DIR, name);
  await storage.write(name, { path: source }, 'image/webp');
  if (placeholder) await storage.write(placeholderKey(name), placeholder, 'text/plain; charset=utf-8');
  const { size } = await fs.stat(source);
  const known = await db.selectFrom('files').select('id').where('name', '=', name).executeTakeFirst();
  if (!known) {
    await db
      .insertInto('files')
      .values({
        app_key: config.appKey,
        name,
        original_name: name,
        mime: 'image/webp',
        size,
        created_at: now(),
        updated_at: now(),
      })
      .execute();
  }
}
