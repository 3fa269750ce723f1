/**
 * The first schema. Later changes go in new numbered files; this one never changes once shipped.
 * Dates are ISO-8601 text in both dialects, so the query code needs no per-dialect date handling.
 */
import type { CreateTableBuilder, Kysely } from 'kysely';
import { isPostgresDb } from '../database';

type Columns = Record<string, 'text' | 'integer'>;
const text = (...names: string[]): Columns => Object.fromEntries(names.map((n) => [n, 'text']));
const int = (...names: string[]): Columns => Object.fromEntries(names.map((n) => [n, 'integer']));

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Builder = CreateTableBuilder<any, any>;

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgresDb(db);
  const idColumn = (t: Builder) =>
    pg ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  const withColumns = (t: Builder, columns: Columns) =>
    Object.entries(columns).reduce((b, [name, type]) => b.addColumn(name, type), t);
  const timestamps = (t: Builder) =>
    t.addColumn('created_at', 'text', (c) => c.notNull()).addColumn('updated_at', 'text', (c) => c.notNull());
  const status = (t: Builder) => t.addColumn('status', 'integer', (c) => c.notNull().defaultTo(1));

  await timestamps(
    status(
      withColumns(
        idColumn(db.schema.createTable('applications')).addColumn('app_key', 'text', (c) => c.notNull().unique()),
        {
          ...int('user_id'),
          ...text('name', 'title', 'description', 'logo_header', 'logo_footer', 'icon', 'email', 'phone', 'address'),
          ...text('web_url', 'map_html', 'copyright', 'meta_title', 'meta_description', 'meta_keywords'),
          ...text('meta_schema', 'og_title', 'og_description', 'og_image', 'og_url', 'facebook_pixels_id'),
          ...text('google_analytics_id', 'google_tag_manager_id', 'google_site_verification'),
        },
      ),
    ),
  ).execute();

  await timestamps(
    withColumns(
      idColumn(db.schema.createTable('users')).addColumn('email', 'text', (c) => c.notNull().unique()),
      {
        ...text('name', 'firstname', 'lastname', 'phone', 'phone_verified_at', 'address', 'national_id_no', 'dob'),
        ...text('gender', 'password', 'profile_img', 'type', 'facebook_id', 'google_id', 'scopes'),
      },
    ),
  ).execute();

  await idColumn(db.schema.createTable('sessions'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  /** A table whose rows belong to one application and go when it goes. */
  const tenantTable = async (name: string, columns: Columns, extra: (t: Builder) => Builder = (t) => t) => {
    await timestamps(
      extra(
        withColumns(
          idColumn(db.schema.createTable(name)).addColumn('app_key', 'text', (c) =>
            c.notNull().references('applications.app_key').onDelete('cascade').onUpdate('cascade'),
          ),
          columns,
        ),
      ),
    ).execute();
    await db.schema.createIndex(`${name}_app_key_idx`).on(name).column('app_key').execute();
  };

  await tenantTable('profiles', {
    ...text('name', 'title', 'designation', 'slug', 'profile_image', 'signature_thumb', 'biography_content'),
    ...text('spech_content', 'social_links'),
    ...int('sort_order', 'status'),
  });
  await tenantTable('sliders', { ...text('title', 'sub_title', 'link_url', 'description', 'thumb'), ...int('status') });
  await tenantTable('pages', {
    ...text('name', 'title', 'sub_title', 'slug', 'description', 'content', 'page_template', 'thumb', 'banner_img'),
    ...text('tags', 'meta_key', 'meta_description'),
    ...int('status'),
  });
  await tenantTable(
    'sections',
    {
      ...text('name', 'title', 'sub_title', 'link_url', 'content', 'thumb', 'background_img', 'template'),
      ...int('sort_order', 'is_top', 'status'),
    },
    (t) => t.addColumn('page_id', 'integer', (c) => c.references('pages.id').onDelete('set null')),
  );
  await tenantTable('widgets', { ...text('name', 'title', 'sub_title', 'link_url', 'content', 'thumb'), ...int('status') }, (t) =>
    t.addColumn('section_id', 'integer', (c) => c.references('sections.id').onDelete('set null')),
  );
  await tenantTable('faqs', { ...text('faq_title', 'faq_content', 'thumb'), ...int('status') });
  await tenantTable('careers', {
    ...text('title', 'content', 'thumb', 'application_publish_at', 'application_start_at', 'application_end_at'),
    ...int('status'),
  });
  await tenantTable('gallery', {
    ...text('type', 'title', 'content', 'file_url', 'alt_text'),
    ...int('sort_order', 'status'),
  });
  await tenantTable('socials', { ...text('name', 'icon', 'image', 'link_url', 'target'), ...int('status', 'app_id') });
  await tenantTable('subscribers', { ...text('name', 'email'), ...int('status', 'app_id') });
  await tenantTable('menus', { ...text('title', 'slug', 'location', 'shortcode', 'hook'), ...int('status') }, (t) =>
    t.addColumn('parent_id', 'integer', (c) => c.references('menus.id').onDelete('set null')),
  );
  await tenantTable(
    'post_categories',
    { ...text('name', 'description', 'thumb', 'metaKey', 'metaDescription'), ...int('status', 'sort_order') },
    (t) => t.addColumn('parent_id', 'integer', (c) => c.references('post_categories.id').onDelete('set null')),
  );
  await tenantTable(
    'posts',
    {
      ...text('title', 'sub_title', 'slug', 'content', 'thumb', 'tags', 'meta_title', 'meta_description'),
      ...text('meta_keywords'),
      ...int('status', 'sort_order'),
    },
    (t) => t.addColumn('category_id', 'integer', (c) => c.references('post_categories.id').onDelete('set null')),
  );
  await tenantTable('messages', text('name', 'email', 'message'));
  await tenantTable('files', { ...text('name', 'original_name', 'mime'), ...int('size') });

  for (const [table, column] of [
    ['pages', 'slug'],
    ['posts', 'slug'],
    ['profiles', 'slug'],
    ['subscribers', 'email'],
  ] as const) {
    await db.schema.createIndex(`${table}_app_${column}_uq`).on(table).columns(['app_key', column]).unique().execute();
  }
  await db.schema.createIndex('files_name_uq').on('files').column('name').unique().execute();
  await db.schema.createIndex('posts_app_created_idx').on('posts').columns(['app_key', 'created_at']).execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('app_key', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('resource', 'text', (c) => c.notNull())
    .addColumn('record_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['app_key', 'key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'idempotency_keys',
    'files',
    'messages',
    'posts',
    'post_categories',
    'menus',
    'subscribers',
    'socials',
    'gallery',
    'careers',
    'faqs',
    'widgets',
    'sections',
    'pages',
    'sliders',
    'profiles',
    'sessions',
    'users',
    'applications',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
