/**
 * The table of the forms staff build (issue 60) (src/shared/entities/forms.ts), written by `npm run entity:new`:
 * its columns and the indexes its reads need, derived from the definition by server/db/entity-tables.ts
 * and written out here, so this migration keeps making the table it made when the definition changes
 * (a later change is a migration of its own).
 */
import type { Kysely } from 'kysely';
import { createEntityTable, dropEntityTable, type EntityTableSpec } from '../entity-tables';

const TABLE: EntityTableSpec = {
  table: 'forms',
  tenant: true,
  columns: {
    title: 'text',
    slug: 'text',
    intro: 'text',
    fields: 'text',
    sent_text: 'text',
    notify_emails: 'text',
    open_from: 'text',
    open_to: 'text',
    max_entries: 'integer',
    retention_days: 'integer',
    status: 'integer',
  },
  search: ['title', 'slug'],
  indexes: [
    { name: 'forms_list_idx', columns: ['app_key', 'deleted_at', 'id desc'] },
    { name: 'forms_deleted_at_idx', columns: ['deleted_at'] },
    { name: 'forms_visible_idx', columns: ['app_key', 'status', 'deleted_at', 'id desc'] },
    { name: 'forms_app_slug_uq', columns: ['app_key', 'slug'], unique: true },
  ],
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await createEntityTable(db, TABLE);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropEntityTable(db, TABLE);
}
