/**
 * The migrations and the entity definitions describe the same tables: every migrated entity table
 * has exactly the definition's columns (system columns plus stored fields), each of the SQL type
 * the definition implies. A field added to a definition without its migration fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { columnType, ENTITIES, type EntityDef, storedFields, systemColumns } from '../../src/shared/entities';
import { dialects, startTestApp, type TestApp } from './harness';

/** Both dialects' names for the two column types the definitions use. */
const SQL_TYPES: Record<string, 'integer' | 'text'> = { integer: 'integer', int4: 'integer', text: 'text' };

describe.each(await dialects())('migrated schema on %s', (dialect) => {
  let t: TestApp;
  let tables: Map<string, Map<string, string>>;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    const found = await t.app.ctx.database.db.introspection.getTables();
    tables = new Map(
      found
        .filter((table) => dialect === 'sqlite' || table.schema === t.config.pgSchema)
        .map((table) => [table.name, new Map(table.columns.map((c) => [c.name, c.dataType.toLowerCase()]))]),
    );
  });
  afterAll(() => t?.close());

  describe.each(Object.values(ENTITIES) as EntityDef[])('$resource', (def) => {
    it('has exactly the columns its definition stores', () => {
      const columns = tables.get(def.table);
      expect(columns, `table ${def.table}`).toBeDefined();
      const expected = [...systemColumns(def), ...storedFields(def)].sort();
      expect([...columns!.keys()].sort()).toEqual(expected);
    });

    it('stores each field as the type its kind implies', () => {
      const columns = tables.get(def.table)!;
      for (const name of storedFields(def)) {
        const type = SQL_TYPES[columns.get(name)!];
        expect(type, `${def.table}.${name} (${columns.get(name)})`).toBe(columnType(def.fields[name]!));
      }
    });
  });
});
