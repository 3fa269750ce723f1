/**
 * The language each user reads the back-office in (My Profile): one of the back-office's
 * catalogues ('en', 'bn'). Empty until chosen: the device's language is shown until then.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('language', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('language').execute();
}
