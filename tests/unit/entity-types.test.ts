/**
 * Record types are derived from the definitions, not written again. `npm test` type-checks this
 * file, so a definition change that breaks the derivation fails the run; the runtime half checks
 * that defineEntity filled in the shared defaults.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { ENTITIES, type InputOf, type RecordOf, type StoredRowOf } from '../../src/shared/entities';

type Post = RecordOf<typeof ENTITIES.posts>;
type User = RecordOf<typeof ENTITIES.users>;

describe('derived record types', () => {
  it('types each field by its kind, required or nullable', () => {
    expectTypeOf<Post['title']>().toEqualTypeOf<string>();
    expectTypeOf<Post['sub_title']>().toEqualTypeOf<string | null>();
    expectTypeOf<Post['category_id']>().toEqualTypeOf<number | null>();
    expectTypeOf<Post['status']>().toEqualTypeOf<number | null>();
    expectTypeOf<Post['app_key']>().toEqualTypeOf<string>();
    expectTypeOf<Post['id']>().toEqualTypeOf<number>();
  });

  it('takes select values from the choices', () => {
    expectTypeOf<RecordOf<typeof ENTITIES.gallery>['type']>().toEqualTypeOf<'image' | 'youtube_embedded' | null>();
    expectTypeOf<RecordOf<typeof ENTITIES.sections>['is_top']>().toEqualTypeOf<0 | 1 | null>();
  });

  it('keeps write-only and virtual fields out of records, and site columns off shared tables', () => {
    expectTypeOf<User>().not.toHaveProperty('password');
    expectTypeOf<User>().not.toHaveProperty('confirm_password');
    expectTypeOf<User>().not.toHaveProperty('app_key');
    expectTypeOf<StoredRowOf<typeof ENTITIES.users>>().toHaveProperty('password');
    expectTypeOf<InputOf<typeof ENTITIES.users>>().toHaveProperty('confirm_password');
    expectTypeOf<InputOf<typeof ENTITIES.subscribers>>().not.toHaveProperty('app_id');
  });
});

describe('defineEntity defaults', () => {
  it('derives table and admin path from the resource unless a definition says otherwise', () => {
    expect(ENTITIES.subscribers).toMatchObject({ table: 'subscribers', adminPath: 'subscribers', tenant: true });
    expect(ENTITIES['post-categories']).toMatchObject({ table: 'post_categories', adminPath: 'post-category' });
    expect(ENTITIES.users.tenant).toBe(false);
  });

  it('gives the common page sizes, first size as default, oldest first', () => {
    expect(ENTITIES.faqs.pageSizes).toEqual([20, 40, 75, 100]);
    expect(ENTITIES.faqs.defaultPageSize).toBe(20);
    expect(ENTITIES.subscribers.pageSizes).toEqual([10, 25, 50, 100]);
    expect(ENTITIES.subscribers.defaultPageSize).toBe(10);
    expect(ENTITIES.socials.order).toEqual([{ field: 'id', dir: 'asc' }]);
  });
});
