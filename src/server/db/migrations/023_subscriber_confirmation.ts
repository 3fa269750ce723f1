/**
 * Whether a subscriber's address was confirmed by its owner (issue 53, L9): `pending` for a
 * sign-up through the site's form, `confirmed` for one staff add. Every address stored before
 * is kept on the list as confirmed.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('subscribers')
    .addColumn('confirmation', 'text', (c) => c.notNull().defaultTo('confirmed'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('subscribers').dropColumn('confirmation').execute();
}
