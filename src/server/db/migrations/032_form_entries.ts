/**
 * The table of what visitors send through built forms (issue 60) (src/shared/entities/form-entries.ts), written by `npm run entity:new`:
 * its columns and the indexes its reads need, derived from the definition by server/db/entity-tables.ts
 * and written out here, so this migration keeps making the table it made when the definition changes
 * (a later change is a migration of its own).
 */
import type { Kysely } from 'kysely';
import { createEntityTable, dropEntityTable, type EntityTableSpec } from '../entity-tables';

const TABLE: EntityTableSpec = {
  table: 'form_entries',
  tenant: true,
  columns: { form_id: 'integer', email: 'text', summary: 'text', data: 'text', locale: 'text', read_at: 'text' },
  search: ['email', 'summary', 'data'],
  indexes: [
    { name: 'form_entries_list_idx', columns: ['app_key', 'deleted_at', 'id desc'] },
    { name: 'form_entries_deleted_at_idx', columns: ['deleted_at'] },
  ],
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await createEntityTable(db, TABLE);
  // A form's entries: counted against its maximum, and found by age for its retention.
  await db.schema.createIndex('form_entries_form_idx').on('form_entries').columns(['app_key', 'form_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropEntityTable(db, TABLE);
}
