/**
 * Review of a live record's draft (issue #61, content/drafts.ts): the draft's own stage (empty
 * when its author needs no review, which is every existing draft), its revision (moved on by each
 * save of the draft, so a step taken on an older text of it is refused), and which review comments
 * are about the draft rather than the record.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('drafts').addColumn('review_stage', 'text').execute();
  await db.schema
    .alterTable('drafts')
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('review_comments')
    .addColumn('on_draft', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('review_comments').dropColumn('on_draft').execute();
  await db.schema.alterTable('drafts').dropColumn('revision').execute();
  await db.schema.alterTable('drafts').dropColumn('review_stage').execute();
}
