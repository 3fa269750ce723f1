/** The entity definitions: every §9 page size, column and schema rule they promise. */
import { describe, expect, it } from 'vitest';
import { createDefaults, ENTITIES, entityByAdminPath, readableColumns } from '../../src/shared/entities';
import { createSchema, fieldSchema, updateSchema } from '../../src/shared/entities/schemas';
import { truncate } from '../../src/shared/limits';

describe('entity registry', () => {
  it('has a unique resource, admin path and table per entity, and its default page size among its options', () => {
    const defs = Object.values(ENTITIES);
    for (const key of ['resource', 'adminPath', 'table'] as const) {
      expect(new Set(defs.map((d) => d[key])).size).toBe(defs.length);
    }
    for (const def of defs) expect(def.pageSizes).toContain(def.defaultPageSize);
  });

  it('finds entities by admin path and refuses unknown ones', () => {
    expect(entityByAdminPath('post-category')?.resource).toBe('post-categories');
    expect(entityByAdminPath('app-setting')?.resource).toBe('applications');
    expect(entityByAdminPath('nope')).toBeUndefined();
  });

  it('columns name only fields a row carries', () => {
    for (const def of Object.values(ENTITIES)) {
      const columns = readableColumns(def);
      for (const column of def.columns) expect(columns, `${def.resource}.${column.field}`).toContain(column.field);
    }
  });

  it('gives the defaults of §3 and §9', () => {
    expect(createDefaults(ENTITIES.profiles)).toMatchObject({ status: 1, sort_order: 1 });
    expect(createDefaults(ENTITIES['post-categories'])).toMatchObject({ status: 1, sort_order: 0 });
    expect(createDefaults(ENTITIES.gallery)).toMatchObject({ status: 1, sort_order: 0 });
    expect(createDefaults(ENTITIES.menus)).toMatchObject({ status: 1 });
  });

  it('never returns passwords', () => {
    expect(readableColumns(ENTITIES.users)).not.toContain('password');
    expect(readableColumns(ENTITIES.users)).not.toContain('confirm_password');
  });
});

describe('schemas', () => {
  it('refuse unknown fields on create and update', () => {
    expect(createSchema(ENTITIES.pages).safeParse({ title: 'x', extra: 1 }).success).toBe(false);
    expect(updateSchema(ENTITIES.pages).safeParse({ extra: 1 }).success).toBe(false);
    expect(updateSchema(ENTITIES.pages).safeParse({ name: 'only a name' }).success).toBe(true);
  });

  it('check each kind', () => {
    const career = ENTITIES.careers.fields.application_end_at;
    expect(fieldSchema(career).safeParse('2026-01-31 17:00:00').success).toBe(true);
    expect(fieldSchema(career).safeParse('2026-01-31T17:00').success).toBe(false);
    expect(fieldSchema(ENTITIES.sliders.fields.status).safeParse(-1).success).toBe(false);
    expect(fieldSchema(ENTITIES.sections.fields.is_top).safeParse(2).success).toBe(false);
    expect(fieldSchema(ENTITIES.users.fields.phone).safeParse('+8801700000000').success).toBe(true);
    expect(fieldSchema(ENTITIES.users.fields.phone).safeParse('01700-abc').success).toBe(false);
    expect(fieldSchema(ENTITIES.users.fields.password).safeParse('').success).toBe(true);
    expect(fieldSchema(ENTITIES.users.fields.password).safeParse('short').success).toBe(false);
    expect(fieldSchema(ENTITIES.pages.fields.title).safeParse('   ').success).toBe(false);
    expect(fieldSchema(ENTITIES.pages.fields.name).safeParse(null).success).toBe(true);
  });
});

describe('truncate', () => {
  it('cuts at the limit and adds ..., leaving short text alone', () => {
    expect(truncate('abcdef', 3)).toBe('abc...');
    expect(truncate('abc', 3)).toBe('abc');
    expect(truncate(null, 3)).toBe('');
  });
});
