/**
 * A person's data erased on request (issue 59): the keyed hash of each erased address (HMAC with
 * the installation's key, never the address itself) and when. Backups keep it, and a restore, or
 * a server start, erases again whatever of an earlier copy still holds one of these addresses.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('erased_people')
    .addColumn('address_hash', 'text', (c) => c.primaryKey())
    .addColumn('erased_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('erased_people').execute();
}
