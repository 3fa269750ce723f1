/**
 * A table made by createEntityTable from a definition's spec (what `npm run entity:new` writes
 * into a migration) is one the server serves: the columns the schema test expects, the derived
 * indexes, the search index, and the admin, Trash and public reads working on it; its down
 * migration removes all of it. On both dialects.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { columnType, ENTITIES, type EntityDef, storedFields, systemColumns } from '../../src/shared/entities';
import { createEntityTable, dropEntityTable, entityTableSpec } from '../../src/server/db/entity-tables';
import { dialects, startTestApp, type TestApp } from './harness';

vi.mock('../../src/shared/entities/index', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/shared/entities/index')>();
  const { defineEntity, f } = real;
  const bulletins = defineEntity({
    resource: 'bulletins',
    title: 'Bulletins',
    formTitle: 'Bulletin',
    labelField: 'title',
    publishedFrom: 'publish_at',
    slug: { field: 'slug', from: 'title' },
    public: { list: { size: 10, filters: ['category_id'] }, detail: true },
    order: [
      { field: 'sort_order', dir: 'asc' },
      { field: 'id', dir: 'desc' },
    ],
    fields: {
      title: f.text('Title', { required: true, searchable: true }),
      slug: f.text('Slug', { unique: true, searchable: true }),
      category_id: f.relation('Category', 'post-categories', 'name'),
      sort_order: f.number('Sort Order', { min: 0, default: 0 }),
      status: f.status(),
      publish_at: f.publishAt(),
    },
    columns: [{ label: 'Title', field: 'title' }],
  });
  return { ...real, ENTITIES: { ...real.ENTITIES, bulletins } };
});

const def = (ENTITIES as unknown as Record<string, EntityDef>).bulletins!;
const spec = entityTableSpec(def, Object.values(ENTITIES) as EntityDef[]);

describe.each(await dialects())('an entity table made from its spec, on %s', (dialect) => {
  let t: TestApp;
  const db = () => t.app.ctx.database.db as never;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    await createEntityTable(db(), spec);
  });
  afterAll(() => t?.close());

  it('has the columns the definition stores, of their types, and the derived indexes', async () => {
    const table = (await t.app.ctx.database.db.introspection.getTables()).find(
      (found) => found.name === 'bulletins' && (dialect === 'sqlite' || found.schema === t.config.pgSchema),
    )!;
    expect(table.columns.map((c) => c.name).sort()).toEqual([...systemColumns(def), ...storedFields(def)].sort());
    for (const name of storedFields(def)) {
      const type = table.columns.find((c) => c.name === name)!.dataType.toLowerCase();
      expect(type === 'int4' ? 'integer' : type, name).toBe(columnType(def.fields[name]!));
    }
    const names =
      dialect === 'sqlite'
        ? (await sql<{ name: string }>`select name from pragma_index_list('bulletins')`.execute(db())).rows.map((r) => r.name)
        : (
            await sql<{ name: string }>`select indexname as name from pg_indexes
              where schemaname = current_schema() and tablename = 'bulletins'`.execute(db())
          ).rows.map((r) => r.name);
    expect(names).toEqual(expect.arrayContaining(spec.indexes.map((index) => index.name)));
    expect(spec.indexes.map((index) => index.name)).toEqual([
      'bulletins_list_idx',
      'bulletins_deleted_at_idx',
      'bulletins_visible_idx',
      // The list's optional category filter reads an index of its own.
      'bulletins_visible_category_id_idx',
      'bulletins_app_publish_idx',
      'bulletins_app_slug_uq',
    ]);
  });

  it('is served: created, searched, listed and read by slug by visitors, trashed and restored', async () => {
    const created = await t.admin('POST', '/cms/api/bulletins', { title: 'Water supply notice', status: 1 });
    expect(created.statusCode, created.body).toBe(201);
    const { id, slug } = created.json().data as { id: number; slug: string };
    expect(slug).toBe('water-supply-notice');
    const found = await t.admin('GET', '/cms/api/bulletins?search_key=supply');
    expect(found.json().data.data.map((row: { id: number }) => row.id)).toEqual([id]);
    // The slug is unique per site, in the Trash too: the service says so before the index would.
    const again = await t.admin('POST', '/cms/api/bulletins', { title: 'Other', slug, status: 1 });
    expect(again.statusCode).toBe(409);

    const list = await t.visitor('GET', '/cms/bulletins');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.data.map((row: { title: string }) => row.title)).toEqual(['Water supply notice']);
    expect((await t.visitor('GET', `/cms/bulletins/${slug}`)).json().data.id).toBe(id);

    expect((await t.admin('DELETE', `/cms/api/bulletins/${id}`)).statusCode).toBe(200);
    expect((await t.visitor('GET', `/cms/bulletins/${slug}`)).statusCode).toBe(404);
    const trashed = await t.admin('GET', '/cms/api/bulletins/trash');
    expect(trashed.json().data.data.map((row: { id: number }) => row.id)).toEqual([id]);
  });

  it('goes with its search index when its migration is undone', async () => {
    await dropEntityTable(db(), spec);
    const tables = (await t.app.ctx.database.db.introspection.getTables()).map((table) => table.name);
    expect(tables).not.toContain('bulletins');
    expect(tables).not.toContain('bulletins_search');
    // Made again from the same spec: nothing of the first is left to collide with.
    await createEntityTable(db(), spec);
  });
});
