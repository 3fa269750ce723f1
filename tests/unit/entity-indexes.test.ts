/**
 * The indexes an entity's table gets are derived from its definition (server/db/entity-tables.ts):
 * the rule finds what migrations 018–020 listed by hand, by table name, and what a new entity's
 * reads ask for.
 */
import { describe, expect, it } from 'vitest';
import { defineEntity, ENTITIES, type EntityDef, f } from '../../src/shared/entities';
import { entityIndexes, entityTableSpec } from '../../src/server/db/entity-tables';

const registry = Object.values(ENTITIES) as EntityDef[];
const indexesOf = (def: EntityDef) =>
  Object.fromEntries(entityIndexes(def, registry).map((index) => [index.name, index.columns]));
/** [table, columns] of every entity's index named `…_${kind}_idx`. */
const everyIndex = (suffix: string) =>
  registry.flatMap((def) =>
    entityIndexes(def, registry)
      .filter((index) => index.name.endsWith(suffix))
      .map((index) => [def.table, index.columns]),
  );

describe('indexes derived from a definition', () => {
  it('a scheduled entity: the site and its publish time, on the tables migration 018 named', () => {
    expect(everyIndex('_app_publish_idx')).toEqual([
      ['sliders', ['app_key', 'publish_at']],
      ['pages', ['app_key', 'publish_at']],
      ['careers', ['app_key', 'application_publish_at']],
      ['posts', ['app_key', 'publish_at']],
    ]);
  });

  it('a child another entity embeds: the site and the embedding field, on the tables migration 020 named', () => {
    expect(everyIndex('_page_id_idx').concat(everyIndex('_section_id_idx'))).toEqual([
      ['sections', ['app_key', 'page_id']],
      ['widgets', ['app_key', 'section_id']],
    ]);
  });

  it('a public list: equalities first, then its order, then the publish time (a count reads the index alone, as 019’s did)', () => {
    // Posts are reviewed before they go public: the read asks for an empty `review_stage`.
    expect(indexesOf(ENTITIES.posts).posts_visible_idx).toEqual([
      'app_key',
      'status',
      'deleted_at',
      'review_stage',
      'created_at desc',
      'id desc',
      'publish_at',
    ]);
    expect(indexesOf(ENTITIES.gallery).gallery_visible_idx).toEqual(['app_key', 'status', 'deleted_at', 'sort_order', 'id desc']);
    // A filter is optional: the unfiltered list keeps its order, and the filtered one has an index
    // with the filter among the equalities, before the order.
    expect(indexesOf(ENTITIES.sections).sections_visible_idx).toEqual(['app_key', 'status', 'deleted_at', 'sort_order', 'id']);
    expect(indexesOf(ENTITIES.sections).sections_visible_is_top_idx).toEqual([
      'app_key',
      'status',
      'deleted_at',
      'is_top',
      'sort_order',
      'id',
    ]);
    // Staff's own entities have no public list.
    expect(indexesOf(ENTITIES.subscribers).subscribers_visible_idx).toBeUndefined();
  });

  it('the admin list in its order, the Trash’s purge, the slug (unique where the field is) and other unique fields', () => {
    expect(entityIndexes(ENTITIES.posts, registry)).toEqual([
      { name: 'posts_list_idx', columns: ['app_key', 'deleted_at', 'created_at desc', 'id desc'] },
      { name: 'posts_deleted_at_idx', columns: ['deleted_at'] },
      {
        name: 'posts_visible_idx',
        columns: ['app_key', 'status', 'deleted_at', 'review_stage', 'created_at desc', 'id desc', 'publish_at'],
      },
      {
        name: 'posts_visible_category_id_idx',
        columns: ['app_key', 'status', 'deleted_at', 'review_stage', 'category_id', 'created_at desc', 'id desc', 'publish_at'],
      },
      { name: 'posts_app_publish_idx', columns: ['app_key', 'publish_at'] },
      { name: 'posts_app_slug_uq', columns: ['app_key', 'slug'], unique: true },
    ]);
    // A shared table ordered by id needs no list index: its primary key is one.
    expect(entityIndexes(ENTITIES.users, registry).map((index) => index.name)).toEqual(['users_app_email_idx']);
  });

  it('leaves out an index another one starts with, and names a column once', () => {
    const def = defineEntity({
      resource: 'notes',
      title: 'Notes',
      formTitle: 'Note',
      labelField: 'title',
      public: { list: { size: 10, filters: ['kind'] } },
      order: [
        { field: 'kind', dir: 'asc' },
        { field: 'id', dir: 'asc' },
      ],
      fields: { title: f.text('Title'), kind: f.text('Kind', { unique: true }), status: f.status() },
      columns: [{ label: 'Title', field: 'title' }],
    }) as EntityDef;
    expect(entityIndexes(def)).toEqual([
      { name: 'notes_list_idx', columns: ['app_key', 'deleted_at', 'kind', 'id'] },
      { name: 'notes_deleted_at_idx', columns: ['deleted_at'] },
      { name: 'notes_visible_idx', columns: ['app_key', 'status', 'deleted_at', 'kind', 'id'] },
      { name: 'notes_app_kind_idx', columns: ['app_key', 'kind'] },
    ]);
  });

  it('a table spec: each stored field typed as the definition implies, relations and search columns', () => {
    const spec = entityTableSpec(ENTITIES.widgets as EntityDef, registry);
    expect(spec).toMatchObject({
      table: 'widgets',
      tenant: true,
      columns: { section_id: 'integer', name: 'text', title: 'text', status: 'integer' },
      references: { section_id: 'sections' },
      search: ['name', 'title', 'sub_title'],
    });
    expect(spec.columns.review_stage).toBeUndefined();
    // A reviewed entity's table has where each record stands in review, which its visible index holds.
    expect(entityTableSpec(ENTITIES.posts as EntityDef, registry).columns.review_stage).toBe('text');
  });
});
