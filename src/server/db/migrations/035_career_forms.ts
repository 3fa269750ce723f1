/**
 * Careers take applications (issue 60): each career names the form its applicants fill
 * (`careers.form_id`), and an entry sent through a career says which one it was for
 * (`form_entries.career_id`), so staff read "applied for …" beside it.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('careers').addColumn('form_id', 'integer').execute();
  await db.schema.alterTable('form_entries').addColumn('career_id', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('form_entries').dropColumn('career_id').execute();
  await db.schema.alterTable('careers').dropColumn('form_id').execute();
}
