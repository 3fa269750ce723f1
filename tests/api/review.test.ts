/**
 * Review before publishing (issue #61, content/review.ts, routes/review.ts): with the site's
 * setting "authors must pass review", an author's post is on no public path (the API's list and
 * read by slug, the news page, the feeds, the sitemap, the site's search) until an editor has
 * approved and published it; changes requested send it back to draft with the comment; a
 * transition from the wrong stage is a 409; nobody approves what they submitted unless the site
 * allows self-approval. With the setting left at `nobody`, a save is public as before.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forVisitors } from '../../src/server/content/visibility';
import { dateTimeOf } from '../../src/shared/date-time';
import { ENTITIES } from '../../src/shared/entities';
import { APP_KEY, dialects, type SignedIn, signInAs, sourceBuild, startTestApp, type TestApp } from './harness';

describe.each(await dialects())('review before publishing on %s', (dialect) => {
  let t: TestApp;
  let author: SignedIn;
  let editor: SignedIn;
  let otherEditor: SignedIn;
  const staticDir = sourceBuild();
  let counter = 0;

  beforeAll(async () => {
    t = await startTestApp(dialect, { staticDir });
    author = await signInAs(t, 'author');
    editor = await signInAs(t, 'editor');
    otherEditor = await signInAs(t, 'editor');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  const setting = async (review: string, selfApproval = 0) => {
    const res = await t.admin('PUT', `/cms/api/applications/${APP_KEY}`, { review, review_self_approval: selfApproval });
    expect(res.statusCode, res.body).toBe(200);
  };
  const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
  /** Every public path a post may show on, and whether its unique word is there. */
  async function wherePublic(slug: string, word: string): Promise<string[]> {
    const found: string[] = [];
    const list = await t.visitor('GET', '/cms/posts?size=100');
    expect(list.statusCode, list.body).toBe(200);
    if ((list.json().data.data as { slug: string }[]).some((p) => p.slug === slug)) found.push('/cms/posts');
    if ((await t.visitor('GET', `/cms/posts/${slug}`)).statusCode === 200) found.push('/cms/posts/{slug}');
    const news = await page('/news');
    expect(news.statusCode).toBe(200);
    if (news.body.includes(word)) found.push('/news');
    if ((await page(`/news/${slug}`)).statusCode === 200) found.push('/news/{slug}');
    if ((await t.app.inject({ method: 'GET', url: '/feed.xml' })).body.includes(word)) found.push('/feed.xml');
    if ((await t.app.inject({ method: 'GET', url: '/atom.xml' })).body.includes(word)) found.push('/atom.xml');
    if ((await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body.includes(slug)) found.push('/sitemap.xml');
    const search = await t.visitor('GET', `/cms/search?q=${word}`);
    expect(search.statusCode, search.body).toBe(200);
    if ((search.json().data.data as unknown[]).length > 0) found.push('/cms/search');
    return found;
  }
  async function authorsPost(values: Record<string, unknown> = {}) {
    const word = `zqx${dialect}${++counter}${Date.now().toString(36)}`;
    const slug = `review-${word}`;
    const res = await author.send('POST', '/cms/api/posts', {
      title: `Field news ${word}`,
      slug,
      content: `<p>${word}</p>`,
      status: 1,
      ...values,
    });
    expect(res.statusCode, res.body).toBe(201);
    return { ...(res.json().data as { id: number; version: number; review_stage: string | null }), word, slug };
  }
  const act = (who: SignedIn, id: number, action: string, body: Record<string, unknown> = {}) =>
    who.send('POST', `/cms/api/posts/${id}/review/${action}`, body);

  it('with the setting at nobody, an author’s post is public at once, as before review existed', async () => {
    await setting('nobody');
    const post = await authorsPost();
    expect(post.review_stage).toBeNull();
    expect(await wherePublic(post.slug, post.word)).toEqual([
      '/cms/posts',
      '/cms/posts/{slug}',
      '/news',
      '/news/{slug}',
      '/feed.xml',
      '/atom.xml',
      '/sitemap.xml',
      '/cms/search',
    ]);
    // Nothing to submit: it has passed.
    expect((await act(author, post.id, 'submit')).statusCode).toBe(409);
  });

  it('with authors under review, an author’s post is on no public path until an editor approves and publishes it', async () => {
    await setting('authors');
    const post = await authorsPost();
    expect(post.review_stage).toBe('draft');
    expect(await wherePublic(post.slug, post.word)).toEqual([]);

    const submitted = await act(author, post.id, 'submit', { version: post.version });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().data.review_stage).toBe('in_review');
    expect(await wherePublic(post.slug, post.word)).toEqual([]);

    // The dashboard's Needs review lists it, under every kind and under posts, never under pages.
    const needsReview = async (query = '') => {
      const waiting = await t.admin('GET', `/cms/api/waiting${query}`);
      expect(waiting.statusCode, waiting.body).toBe(200);
      return (waiting.json().data.review as { resource: string; id: number }[]).map((item) => `${item.resource}/${item.id}`);
    };
    expect(await needsReview()).toContain(`posts/${post.id}`);
    expect(await needsReview('?review_of=posts')).toContain(`posts/${post.id}`);
    expect((await needsReview('?review_of=pages')).every((item) => item.startsWith('pages/'))).toBe(true);
    expect(await needsReview('?review_of=pages')).not.toContain(`posts/${post.id}`);
    const notReviewed = await t.admin('GET', '/cms/api/waiting?review_of=menus');
    expect(notReviewed.statusCode).toBe(400);
    expect(notReviewed.body).toMatch(/review_of/);

    // An author has no right to approve or publish, their own post included.
    expect((await act(author, post.id, 'approve')).statusCode).toBe(403);
    expect((await act(author, post.id, 'publish')).statusCode).toBe(403);

    const approved = await act(editor, post.id, 'approve', { version: submitted.json().data.version });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.review_stage).toBe('approved');
    expect(await wherePublic(post.slug, post.word)).toEqual([]);

    const published = await act(editor, post.id, 'publish', { version: approved.json().data.version });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().data.review_stage).toBeNull();
    expect(await wherePublic(post.slug, post.word)).toHaveLength(8);

    // The activity log tells the stages, by whom.
    const log = await t.admin('GET', `/cms/api/activity?entity=posts&size=50`);
    const entries = (log.json().data.data as { action: string; record_id: number; user_name: string }[]).filter(
      (e) => e.record_id === post.id,
    );
    expect(entries.map((e) => e.action)).toEqual(expect.arrayContaining(['review-submit', 'review-approve', 'publish']));
  });

  it('a post approved and published with a later publish_at waits for it', async () => {
    await setting('authors');
    const at = dateTimeOf(Date.now() + 3_600_000);
    const post = await authorsPost({ publish_at: at });
    const submitted = (await act(author, post.id, 'submit')).json().data;
    await act(editor, post.id, 'approve', { version: submitted.version });
    const published = await act(editor, post.id, 'publish');
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().data.review_stage).toBeNull();
    expect(await wherePublic(post.slug, post.word)).toEqual([]);
    // Staff clear the time: it is public now that it has passed review.
    expect((await editor.send('PUT', `/cms/api/posts/${post.id}`, { publish_at: null })).statusCode).toBe(200);
    expect(await wherePublic(post.slug, post.word)).toContain('/cms/posts');
  });

  it('changes requested return the post to draft with the reviewer’s comment, on the version it was made on', async () => {
    await setting('authors');
    const post = await authorsPost();
    const submitted = (await act(author, post.id, 'submit')).json().data;
    // A request without its reason says which field is missing and changes nothing.
    const bare = await act(editor, post.id, 'request-changes', {});
    expect(bare.statusCode).toBe(400);
    expect(bare.json().errors).toHaveProperty('comment');
    const blank = await act(editor, post.id, 'request-changes', { comment: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toHaveProperty('comment');
    expect((await t.admin('GET', `/cms/api/posts/${post.id}/review`)).json().data.stage).toBe('in_review');

    const back = await act(editor, post.id, 'request-changes', { comment: 'Name the village, please' });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().data.review_stage).toBe('draft');
    const review = (await author.send('GET', `/cms/api/posts/${post.id}/review`)).json().data;
    expect(review.stage).toBe('draft');
    expect(review.comments).toHaveLength(1);
    expect(review.comments[0]).toMatchObject({
      body: 'Name the village, please',
      action: 'request-changes',
      version: submitted.version,
      user_id: editor.id,
    });

    // The author answers in the thread, edits (a draft may be changed freely) and submits again.
    const reply = await author.send('POST', `/cms/api/posts/${post.id}/review/comments`, {
      body: 'Done: it is Char Fasson',
      parent_id: review.comments[0].id,
    });
    expect(reply.statusCode, reply.body).toBe(201);
    const edited = await author.send('PUT', `/cms/api/posts/${post.id}`, { sub_title: 'Char Fasson' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.review_stage).toBe('draft');
    const thread = (await author.send('GET', `/cms/api/posts/${post.id}/review`)).json().data;
    expect(thread.comments[1]).toMatchObject({ parent_id: review.comments[0].id, user_id: author.id });
    // Both comments were made on versions older than the record's now.
    expect(thread.comments.every((c: { version: number }) => c.version < thread.version)).toBe(true);
    // A reply to a comment of another record is refused, naming the field.
    const other = await authorsPost();
    const stray = await author.send('POST', `/cms/api/posts/${other.id}/review/comments`, {
      body: 'Lost',
      parent_id: review.comments[0].id,
    });
    expect(stray.statusCode).toBe(400);
    expect(stray.json().errors).toHaveProperty('parent_id');
    expect(await wherePublic(post.slug, post.word)).toEqual([]);
  });

  it('a transition from the wrong stage is a 409 naming where the record stands, and changes nothing', async () => {
    await setting('authors');
    const post = await authorsPost();
    const early = await act(editor, post.id, 'approve');
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/draft/);
    await act(author, post.id, 'submit');
    expect((await act(author, post.id, 'submit')).statusCode).toBe(409);
    // An author may not skip review: publishing is a reviewer's right.
    expect((await act(author, post.id, 'publish')).statusCode).toBe(403);
    expect((await t.admin('GET', `/cms/api/posts/${post.id}/review`)).json().data.stage).toBe('in_review');
  });

  it('an approval of a version changed since is refused with the stored record, never applied', async () => {
    await setting('authors');
    const post = await authorsPost();
    const submitted = (await act(author, post.id, 'submit')).json().data;
    // The author edits while it is in review: it is a draft again, at a new version.
    const edited = await author.send('PUT', `/cms/api/posts/${post.id}`, { sub_title: 'Changed under review' });
    expect(edited.json().data.review_stage).toBe('draft');
    const stale = await act(editor, post.id, 'approve', { version: submitted.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errors).toHaveProperty('version');
    expect(stale.json().current.sub_title).toBe('Changed under review');
    expect((await t.admin('GET', `/cms/api/posts/${post.id}/review`)).json().data.stage).toBe('draft');
  });

  it('a step or a comment resent with its Idempotency-Key lands once, even after the step moved the version on', async () => {
    await setting('authors');
    const post = await authorsPost();
    const submitted = (await act(author, post.id, 'submit')).json().data as { version: number };
    const key = { 'idempotency-key': `approve-${post.id}-${Date.now()}` };
    const approval = { version: submitted.version, comment: 'Good to go' };
    const first = await editor.send('POST', `/cms/api/posts/${post.id}/review/approve`, approval, key);
    expect(first.statusCode, first.body).toBe(200);
    // The outbox lost the answer and sends the same request again: answered with what is stored,
    // not refused as stale, and nothing happens twice.
    const again = await editor.send('POST', `/cms/api/posts/${post.id}/review/approve`, approval, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data).toMatchObject({ review_stage: 'approved', version: first.json().data.version });
    const review = (await t.admin('GET', `/cms/api/posts/${post.id}/review`)).json().data as {
      comments: { body: string }[];
    };
    expect(review.comments.filter((c) => c.body === 'Good to go')).toHaveLength(1);
    const log = await t.admin('GET', `/cms/api/activity?size=100`);
    expect(log.statusCode, log.body).toBe(200);
    const approvals = (log.json().data.data as { action: string; record_id: number }[]).filter(
      (entry) => entry.action === 'review-approve' && entry.record_id === post.id,
    );
    expect(approvals).toHaveLength(1);
    // The same key with another request is refused, naming the header; a key is the sender's own.
    const other = await editor.send('POST', `/cms/api/posts/${post.id}/review/publish`, approval, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().errors).toHaveProperty('Idempotency-Key');

    const commentKey = { 'idempotency-key': `comment-${post.id}-${Date.now()}` };
    const comment = { body: 'One remark, sent twice' };
    const made = await editor.send('POST', `/cms/api/posts/${post.id}/review/comments`, comment, commentKey);
    expect(made.statusCode, made.body).toBe(201);
    const repeat = await editor.send('POST', `/cms/api/posts/${post.id}/review/comments`, comment, commentKey);
    expect(repeat.statusCode, repeat.body).toBe(200);
    expect(repeat.json().data.id).toBe(made.json().data.id);
    const thread = (await t.admin('GET', `/cms/api/posts/${post.id}/review`)).json().data as { comments: { body: string }[] };
    expect(thread.comments.filter((c) => c.body === comment.body)).toHaveLength(1);
  });

  it('nobody approves what they submitted, unless the site allows self-approval', async () => {
    await setting('everyone');
    const made = await editor.send('POST', '/cms/api/posts', { title: 'Editor news', status: 1 });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().data.id as number;
    expect(made.json().data.review_stage).toBe('draft');
    // Everyone passes review: an editor may not publish their draft directly.
    expect((await act(editor, id, 'publish')).statusCode).toBe(409);
    expect((await act(editor, id, 'submit')).statusCode).toBe(200);
    const own = await act(editor, id, 'approve');
    expect(own.statusCode).toBe(403);
    expect((await t.admin('GET', `/cms/api/posts/${id}/review`)).json().data.stage).toBe('in_review');
    expect((await act(otherEditor, id, 'approve')).statusCode).toBe(200);

    await setting('everyone', 1);
    const solo = (await editor.send('POST', '/cms/api/posts', { title: 'Solo editor news', status: 1 })).json().data;
    expect((await act(editor, solo.id, 'submit')).statusCode).toBe(200);
    expect((await act(editor, solo.id, 'approve')).statusCode).toBe(200);
  });

  it('with authors under review, an editor publishes directly, and the activity log says review was skipped', async () => {
    await setting('authors');
    const made = await editor.send('POST', '/cms/api/posts', { title: 'Editor direct', status: 1 });
    expect(made.json().data.review_stage).toBeNull();
    // An author's draft, published by an editor without approval.
    const post = await authorsPost();
    const published = await act(editor, post.id, 'publish');
    expect(published.statusCode, published.body).toBe(200);
    expect(await wherePublic(post.slug, post.word)).toContain('/cms/posts');
    const log = await t.admin('GET', `/cms/api/activity?entity=posts&action=publish&size=50`);
    const entry = (log.json().data.data as { record_id: number; changes: Record<string, unknown> | null }[]).find(
      (e) => e.record_id === post.id,
    );
    expect(entry?.changes).toEqual({ review_stage: ['draft', 'published without review'] });
  });

  it('an author’s change to a published post is refused where it would be public at once', async () => {
    await setting('nobody');
    const post = await authorsPost();
    await setting('authors');
    const res = await author.send('PUT', `/cms/api/posts/${post.id}`, { sub_title: 'Unreviewed' });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toHaveProperty('review_stage');
    expect((await t.visitor('GET', `/cms/posts/${post.slug}`)).json().data.sub_title).not.toBe('Unreviewed');
    // Their draft is where the change goes; publishing it is an editor's.
    expect((await author.send('PUT', `/cms/api/posts/${post.id}/draft`, { sub_title: 'Unreviewed' })).statusCode).toBe(200);
    expect((await author.send('POST', `/cms/api/posts/${post.id}/publish`)).statusCode).toBe(409);
    expect((await editor.send('POST', `/cms/api/posts/${post.id}/publish`)).statusCode).toBe(200);
    await setting('nobody');
  });

  it('each transition is a webhook event of its own', async () => {
    await setting('authors');
    const hook = await t.admin('POST', '/cms/api/webhooks', {
      name: `Review ${dialect}`,
      url: 'https://example.org/review-hook',
      events: 'submitted,approved,returned,published',
      status: 1,
    });
    expect(hook.statusCode, hook.body).toBe(201);
    const post = await authorsPost();
    await act(author, post.id, 'submit');
    await act(editor, post.id, 'request-changes', { comment: 'Shorter, please' });
    await act(author, post.id, 'submit');
    await act(editor, post.id, 'approve');
    await act(editor, post.id, 'publish');
    const events = await t.app.ctx.database.db
      .selectFrom('webhook_deliveries')
      .select('event')
      .where('webhook_id', '=', hook.json().data.id as number)
      .orderBy('id', 'asc')
      .execute();
    expect(events.map((e) => e.event)).toEqual([
      'content.submitted',
      'content.returned',
      'content.submitted',
      'content.approved',
      'content.published',
    ]);
    expect((await t.admin('DELETE', `/cms/api/webhooks/${hook.json().data.id}?permanent=1`)).statusCode).toBe(200);
  });

  it('an author’s change to a published post goes to its draft, which passes review before visitors see it', async () => {
    await setting('authors');
    const post = await authorsPost();
    await act(author, post.id, 'submit');
    await act(editor, post.id, 'approve');
    expect((await act(editor, post.id, 'publish')).statusCode).toBe(200);
    const oldTitle = `Field news ${post.word}`;
    const newTitle = `Corrected news ${post.word}`;
    const publicTitle = async () => (await t.visitor('GET', `/cms/posts/${post.slug}`)).json().data.title as string;
    expect(await publicTitle()).toBe(oldTitle);

    // The change itself is refused on the live post; it goes to the draft, which starts as a draft.
    expect((await author.send('PUT', `/cms/api/posts/${post.id}`, { title: newTitle })).statusCode).toBe(409);
    const saved = await author.send('PUT', `/cms/api/posts/${post.id}/draft`, { title: newTitle });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.review_stage).toBe('draft');
    const firstRevision = saved.json().data.revision as number;
    // Nobody approves a draft that was not submitted.
    expect((await act(editor, post.id, 'approve', { target: 'draft' })).statusCode).toBe(409);
    const submitted = await act(author, post.id, 'submit', { target: 'draft', version: firstRevision });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const review = async () => (await t.admin('GET', `/cms/api/posts/${post.id}/review`)).json().data;
    expect(await review()).toMatchObject({ stage: null, draft: { stage: 'in_review', revision: firstRevision } });

    // The editors are told, and the dashboard's Needs review lists it; visitors still see the old text.
    const bell = (await editor.send('GET', '/cms/api/notifications')).json().data.items as {
      kind: string;
      record_id: number;
      record_title: string;
    }[];
    expect(bell.find((n) => n.record_id === post.id && n.kind === 'submitted')?.record_title).toBe(newTitle);
    const waiting = (await editor.send('GET', '/cms/api/waiting?review_of=posts')).json().data.review as {
      id: number;
      resource: string;
      stage: string;
      label: string;
    }[];
    expect(waiting.find((item) => item.id === post.id)).toMatchObject({ resource: 'posts', stage: 'in_review', label: newTitle });
    expect(await publicTitle()).toBe(oldTitle);

    // The author changes the draft while it is in review: it is a draft again, and an approval of
    // the text read before is refused with the draft as it is now.
    const changed = await author.send('PUT', `/cms/api/posts/${post.id}/draft`, { sub_title: 'Changed under review' });
    expect(changed.json().data).toMatchObject({ review_stage: 'draft', revision: firstRevision + 1 });
    expect((await act(author, post.id, 'submit', { target: 'draft' })).statusCode).toBe(200);
    const stale = await act(editor, post.id, 'approve', { target: 'draft', version: firstRevision });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errors).toHaveProperty('version');
    expect(stale.json().current.sub_title).toBe('Changed under review');
    expect((await review()).draft.stage).toBe('in_review');

    // Changes requested send the draft back with the comment, marked as about the draft.
    const back = await act(editor, post.id, 'request-changes', { target: 'draft', comment: 'Cite the source' });
    expect(back.statusCode, back.body).toBe(200);
    const returned = await review();
    expect(returned.draft.stage).toBe('draft');
    expect(returned.comments.at(-1)).toMatchObject({
      body: 'Cite the source',
      action: 'request-changes',
      on_draft: 1,
      version: firstRevision + 1,
    });
    expect(await publicTitle()).toBe(oldTitle);

    // Submitted again, approved and published: the draft is applied to the post, and only now
    // do visitors see the new title.
    await act(author, post.id, 'submit', { target: 'draft' });
    const approved = await act(editor, post.id, 'approve', { target: 'draft', version: firstRevision + 1 });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await publicTitle()).toBe(oldTitle);
    // An author may not publish it, neither as a step nor through the draft's own publish.
    expect((await act(author, post.id, 'publish', { target: 'draft' })).statusCode).toBe(403);
    expect((await author.send('POST', `/cms/api/posts/${post.id}/publish`)).statusCode).toBe(409);
    const published = await act(editor, post.id, 'publish', { target: 'draft' });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().data).toMatchObject({ title: newTitle, sub_title: 'Changed under review', review_stage: null });
    expect(await publicTitle()).toBe(newTitle);
    expect((await review()).draft).toBeNull();
    // With the draft gone, a step on it names what is missing.
    const none = await act(author, post.id, 'submit', { target: 'draft' });
    expect(none.statusCode).toBe(404);
    expect(none.json().errors).toHaveProperty('target');
    const authorsBell = (await author.send('GET', '/cms/api/notifications')).json().data.items as {
      kind: string;
      record_id: number;
    }[];
    expect(authorsBell.filter((n) => n.record_id === post.id).map((n) => n.kind)).toEqual(
      expect.arrayContaining(['changes_requested', 'approved', 'published']),
    );
    const log = (await t.admin('GET', '/cms/api/activity?size=100')).json().data.data as {
      action: string;
      record_id: number;
      changes: Record<string, unknown> | null;
    }[];
    const draftSteps = log.filter((e) => e.record_id === post.id && e.changes && 'draft_review_stage' in e.changes);
    expect(draftSteps.map((e) => e.action)).toEqual(
      expect.arrayContaining(['review-submit', 'review-changes', 'review-approve', 'publish']),
    );
  });

  it('refuses a setting that is not one of its choices, naming the field', async () => {
    const res = await t.admin('PUT', `/cms/api/applications/${APP_KEY}`, { review: 'sometimes' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('review');
  });

  // SQLite's plan alone: PostgreSQL's planner reads a table this small whole, whatever its indexes.
  if (dialect === 'sqlite') {
    it("counts the site's public posts from their index alone, the review's stage included (migration 043)", () => {
      // The count a public list's total makes, of the posts visitors see.
      const query = t.app.ctx.services.posts.repo.countQuery(APP_KEY, forVisitors(ENTITIES.posts)).compile();
      expect(query.sql).toContain('"review_stage" is null');
      const plan = t.app.ctx.database
        .sqlite!.prepare(`explain query plan ${query.sql}`)
        .all(...query.parameters)
        .map((row) => (row as { detail: string }).detail);
      expect(plan).toEqual([expect.stringMatching(/^SEARCH posts USING COVERING INDEX posts_visible_idx \(.*review_stage=\?/)]);
    });
  }
});
