/**
 * Who has a record open in a form right now: each open form tells the server every ~30 s, and
 * others opening the record are warned. In the database, so every instance sees the same marks.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('presence')
    .addColumn('resource', 'text', (c) => c.notNull())
    .addColumn('record_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('user_name', 'text')
    .addColumn('seen_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('presence_pk', ['resource', 'record_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('presence').execute();
}
