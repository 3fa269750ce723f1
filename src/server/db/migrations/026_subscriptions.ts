/**
 * Double opt-in and leaving (issue 59): the language a subscriber signed up in (their mail is
 * written in it), and the confirmation links mailed to them, each kept as a hash only with when it
 * stops working and when it was used (a second click says "already confirmed"). Existing
 * subscribers keep the confirmation migration 023 gave them (confirmed), and no language: their
 * mail goes in the site's default one.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('subscribers').addColumn('locale', 'text').execute();
  await db.schema
    .createTable('subscriber_confirmations')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('app_key', 'text', (c) => c.notNull())
    .addColumn('subscriber_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('subscriber_confirmations_subscriber')
    .on('subscriber_confirmations')
    .columns(['subscriber_id'])
    .execute();
  // The erasure of expired ones (upkeep) reads by expiry.
  await db.schema.createIndex('subscriber_confirmations_expiry').on('subscriber_confirmations').columns(['expires_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('subscriber_confirmations').execute();
  await db.schema.alterTable('subscribers').dropColumn('locale').execute();
}
