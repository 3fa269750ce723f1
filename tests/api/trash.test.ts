/**
 * The Trash: a delete of a site's content is undoable for LIMITS.trashDays. Trashed records leave
 * every list, read and selector, can be listed, restored (with their children still attached) or
 * erased, keep their unique values, and keep the files they name from being erased.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITIES, type EntityDef, hasTrash } from '../../src/shared/entities';
import { LIMITS } from '../../src/shared/limits';
import { createOtherApplication, dialects, multipart, OTHER_APP_KEY, PNG, signInAs, startTestApp, type TestApp } from './harness';
import { sampleBody } from './samples';

const trashable = Object.values(ENTITIES).filter((def) => hasTrash(def)) as EntityDef[];

describe.each(await dialects())('trash on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t?.close());

  /** A visitor's entry to a form staff built: the only way one is made (content/form-hooks.ts). */
  const formEntry = async () => {
    const form = await t.admin('POST', '/cms/api/forms', {
      title: `Trash form ${Date.now()}`,
      fields: JSON.stringify([{ name: 'email', kind: 'email', label: 'Email', required: true }]),
      status: 1,
    });
    expect(form.statusCode, form.body).toBe(201);
    return t.visitor(
      'POST',
      `/cms/forms/${form.json().data.id}/entries`,
      { email: 'ann@example.org' },
      {
        'idempotency-key': `trash-entry-${dialect}-${Date.now()}`,
      },
    );
  };

  /** Creates a record as staff, or as a visitor for contact messages and form entries (staff cannot create those). */
  const create = async (def: EntityDef, body = sampleBody(def)) => {
    const res =
      def.resource === 'form-entries'
        ? await formEntry()
        : def.readOnlyResource
          ? await t.visitor('POST', `/cms/${def.resource}`, { name: 'Ann', email: 'ann@example.org', message: 'Hello' })
          : await t.admin('POST', `/cms/api/${def.resource}`, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as number;
  };
  const idsOf = async (url: string) => ((await t.admin('GET', url)).json().data.data as { id: number }[]).map((row) => row.id);

  it.each(trashable.map((def) => [def.resource, def] as const))(
    '%s: delete moves to the Trash; restore brings it back; permanent erases',
    async (_name, def) => {
      const base = `/cms/api/${def.resource}`;
      const id = await create(def);
      const trashed = await t.admin('DELETE', `${base}/${id}`);
      expect(trashed.statusCode, trashed.body).toBe(200);
      expect(trashed.json().message).toMatch(/moved to the Trash/);
      expect((await t.admin('GET', `${base}/${id}`)).statusCode).toBe(404);
      expect(await idsOf(`${base}?size=100`)).not.toContain(id);
      const inTrash = (await t.admin('GET', `${base}/trash`)).json().data;
      expect(inTrash.data.find((row: { id: number }) => row.id === id)).toMatchObject({ id, deleted_at: expect.any(String) });
      expect(inTrash.total).toBeGreaterThanOrEqual(1);
      // A second delete finds nothing live to delete.
      expect((await t.admin('DELETE', `${base}/${id}`)).statusCode).toBe(404);

      const restored = await t.admin('POST', `${base}/${id}/restore`);
      expect(restored.statusCode, restored.body).toBe(200);
      expect(restored.json().data).toMatchObject({ id, deleted_at: null });
      expect(await idsOf(`${base}?size=100`)).toContain(id);
      expect(await idsOf(`${base}/trash`)).not.toContain(id);
      expect((await t.admin('POST', `${base}/${id}/restore`)).statusCode).toBe(404);

      const erased = await t.admin('DELETE', `${base}/${id}?permanent=1`);
      expect(erased.statusCode, erased.body).toBe(200);
      expect(erased.json().message).toMatch(/deleted permanently/);
      expect(await idsOf(`${base}/trash`)).not.toContain(id);
      expect((await t.admin('POST', `${base}/${id}/restore`)).statusCode).toBe(404);
    },
  );

  it('the dashboard counts what the lists count: not the Trash, not another site', async () => {
    const lists = {
      total_page: 'pages',
      total_section: 'sections',
      total_widget: 'widgets',
      total_post_category: 'post-categories',
      total_post: 'posts',
    } as const;
    const report = async () => (await t.admin('GET', '/cms/api/app-report')).json().data as Record<keyof typeof lists, number>;
    const listTotal = async (resource: string) =>
      (await t.admin('GET', `/cms/api/${resource}?size=1`)).json().data.total as number;
    const agree = async () => {
      const counts = await report();
      for (const [field, resource] of Object.entries(lists)) {
        expect(counts[field as keyof typeof lists], field).toBe(await listTotal(resource));
      }
      return counts;
    };
    await createOtherApplication(t);
    const elsewhere = await t.admin('POST', '/cms/api/posts', sampleBody(ENTITIES.posts), { app_key: OTHER_APP_KEY });
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
    const before = await agree();
    const id = await create(ENTITIES.posts as EntityDef);
    expect((await agree()).total_post).toBe(before.total_post + 1);
    expect((await t.admin('DELETE', `/cms/api/posts/${id}`)).statusCode).toBe(200);
    expect((await agree()).total_post).toBe(before.total_post);
    expect((await t.admin('POST', `/cms/api/posts/${id}/restore`)).statusCode).toBe(200);
    expect((await agree()).total_post).toBe(before.total_post + 1);
  });

  it('erases from the Trash too, and refuses a malformed permanent flag', async () => {
    const id = await create(ENTITIES.faqs);
    expect((await t.admin('DELETE', `/cms/api/faqs/${id}?permanent=maybe`)).statusCode).toBe(400);
    expect((await t.admin('GET', `/cms/api/faqs/${id}`)).statusCode).toBe(200);
    await t.admin('DELETE', `/cms/api/faqs/${id}`);
    expect((await t.admin('DELETE', `/cms/api/faqs/${id}?permanent=1`)).statusCode).toBe(200);
    expect(await idsOf('/cms/api/faqs/trash')).not.toContain(id);
  });

  it('users and applications are not content: their delete is final, as before', async () => {
    expect(hasTrash(ENTITIES.users)).toBe(false);
    expect(hasTrash(ENTITIES.applications)).toBe(false);
    expect((await t.admin('GET', '/cms/api/users/trash')).statusCode).not.toBe(200);
  });

  it('a trashed record leaves public reads and selectors', async () => {
    const id = await create(ENTITIES.faqs, { faq_title: 'Trashed question', status: 1 });
    const publicIds = async () => ((await t.visitor('GET', '/cms/faqs')).json().data.data as { id: number }[]).map((r) => r.id);
    expect(await publicIds()).toContain(id);
    await t.admin('DELETE', `/cms/api/faqs/${id}`);
    expect(await publicIds()).not.toContain(id);

    const category = await create(ENTITIES['post-categories'], { name: 'Gone soon', status: 1 });
    await t.admin('DELETE', `/cms/api/post-categories/${category}`);
    const selector = await idsOf('/cms/api/post-categories');
    expect(selector).not.toContain(category);
    const refused = await t.admin('POST', '/cms/api/posts', { title: 'In a trashed category', category_id: category });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toHaveProperty('category_id');
  });

  it('children of a trashed parent stay attached, can still be saved, and come back with it', async () => {
    const parent = await create(ENTITIES.menus, { title: 'Parent', status: 1 });
    const child = await create(ENTITIES.menus, { title: 'Child', parent_id: parent, status: 1 });
    await t.admin('DELETE', `/cms/api/menus/${parent}`);
    const kept = (await t.admin('GET', `/cms/api/menus/${child}`)).json().data;
    expect(kept.parent_id).toBe(parent);
    // The edit form sends the whole record back, parent included: that is no new link to a trashed row.
    const saved = await t.admin('PUT', `/cms/api/menus/${child}`, { title: 'Child, renamed', parent_id: parent });
    expect(saved.statusCode, saved.body).toBe(200);
    await t.admin('POST', `/cms/api/menus/${parent}/restore`);
    const menus = (await t.visitor('GET', '/cms/menus')).json().data as { id: number; parent_id: number | null }[];
    expect(menus.find((m) => m.id === child)?.parent_id).toBe(parent);
    // Erasing the parent for good detaches its children, as a delete always did.
    await t.admin('DELETE', `/cms/api/menus/${parent}?permanent=1`);
    expect((await t.admin('GET', `/cms/api/menus/${child}`)).json().data.parent_id).toBeNull();
  });

  it('a slug in the Trash stays taken, so a restore never collides', async () => {
    const id = await create(ENTITIES.pages, { title: 'Annual report', slug: 'annual-report-trash' });
    await t.admin('DELETE', `/cms/api/pages/${id}`);
    const clash = await t.admin('POST', '/cms/api/pages', { title: 'Another', slug: 'annual-report-trash' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().errors.slug).toMatch(/in the Trash/);
    const generated = await t.admin('POST', '/cms/api/pages', { title: 'Annual report trash' });
    expect(generated.json().data.slug).toBe('annual-report-trash-2');
    expect((await t.admin('POST', `/cms/api/pages/${id}/restore`)).json().data.slug).toBe('annual-report-trash');
  });

  it(`erases what stayed in the Trash over ${LIMITS.trashDays} days, with its history`, async () => {
    const old = await create(ENTITIES.faqs, { faq_title: 'Old' });
    await t.admin('PUT', `/cms/api/faqs/${old}`, { faq_title: 'Old, edited' });
    const recent = await create(ENTITIES.faqs, { faq_title: 'Recent' });
    await t.admin('DELETE', `/cms/api/faqs/${old}`);
    await t.admin('DELETE', `/cms/api/faqs/${recent}`);
    const db = t.app.ctx.database.db;
    const longAgo = new Date(Date.now() - (LIMITS.trashDays + 1) * 86_400_000).toISOString();
    await db.updateTable('faqs').set({ deleted_at: longAgo }).where('id', '=', old).execute();
    const trash = await idsOf('/cms/api/faqs/trash');
    expect(trash).toContain(recent);
    expect(trash).not.toContain(old);
    expect(await db.selectFrom('faqs').select('id').where('id', '=', old).executeTakeFirst()).toBeUndefined();
    const revisions = await db
      .selectFrom('revisions')
      .select('id')
      .where('resource', '=', 'faqs')
      .where('record_id', '=', old)
      .execute();
    expect(revisions).toEqual([]);
  });

  it('a file is not erased while a record, in the Trash or not, or a revision names it', async () => {
    const form = multipart('used.png', PNG);
    const uploaded = await t.admin('POST', '/cms/api/upload-single', form.body, form.headers);
    const { name, url } = uploaded.json().data as { name: string; url: string };
    const post = await create(ENTITIES.posts, { title: 'With a picture', thumb: url });
    const refused = await t.admin('DELETE', `/cms/api/delete-file/${name}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/Post "With a picture"/);

    await t.admin('DELETE', `/cms/api/posts/${post}`);
    const whileTrashed = await t.admin('DELETE', `/cms/api/delete-file/${name}`);
    expect(whileTrashed.statusCode).toBe(409);
    expect(whileTrashed.json().message).toMatch(/in the Trash/);

    await t.admin('POST', `/cms/api/posts/${post}/restore`);
    await t.admin('PUT', `/cms/api/posts/${post}`, { thumb: null });
    const inHistory = await t.admin('DELETE', `/cms/api/delete-file/${name}`);
    expect(inHistory.statusCode).toBe(409);
    expect(inHistory.json().message).toMatch(/History/);

    await t.admin('DELETE', `/cms/api/posts/${post}?permanent=1`);
    expect((await t.admin('DELETE', `/cms/api/delete-file/${name}`)).statusCode).toBe(200);
  });

  it("an author's Trash holds only their own posts", async () => {
    const author = await signInAs(t, 'author');
    const mine = (await author.send('POST', '/cms/api/posts', { title: 'Mine to trash' })).json().data.id as number;
    const theirs = await create(ENTITIES.posts, { title: 'Theirs to trash' });
    expect((await author.send('DELETE', `/cms/api/posts/${mine}`)).statusCode).toBe(200);
    expect((await author.send('DELETE', `/cms/api/posts/${theirs}`)).statusCode).toBe(403);
    await t.admin('DELETE', `/cms/api/posts/${theirs}`);
    const seen = ((await author.send('GET', '/cms/api/posts/trash')).json().data.data as { id: number }[]).map((r) => r.id);
    expect(seen).toEqual([mine]);
    expect((await author.send('POST', `/cms/api/posts/${theirs}/restore`)).statusCode).toBe(403);
    expect(await idsOf('/cms/api/posts/trash')).toEqual(expect.arrayContaining([mine, theirs]));
  });

  it('signing up again after staff trashed the address brings it back', async () => {
    const email = 'again@example.org';
    await t.visitor('POST', '/cms/subscribers', { email });
    const id = ((await t.admin('GET', `/cms/api/subscribers?search_key=${email}`)).json().data.data[0] as { id: number }).id;
    await t.admin('DELETE', `/cms/api/subscribers/${id}`);
    expect((await t.visitor('POST', '/cms/subscribers', { email })).statusCode).toBe(201);
    expect((await t.admin('GET', `/cms/api/subscribers/${id}`)).json().data).toMatchObject({ email, deleted_at: null });
  });
});
