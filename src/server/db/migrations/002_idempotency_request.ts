/**
 * An Idempotency-Key is bound to the request it was first sent with: a hash of that request is
 * kept beside it, so the same key with another body is refused instead of answered with the
 * first record.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').addColumn('request_hash', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').dropColumn('request_hash').execute();
}
