/**
 * The form a `form` section shows on its page (issue 60): the id of one of the site's forms,
 * chosen in the section's editor.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sections').addColumn('form_id', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sections').dropColumn('form_id').execute();
}
