/**
 * The database as Kysely sees it. Entity tables are derived from the definitions in
 * src/shared/entities (one table per entity, a column per stored field); only the tables no
 * entity describes are written out here. tests/api/schema.test.ts checks every migrated table
 * against this, on SQLite and PostgreSQL.
 */
import type { Generated, Kysely } from 'kysely';
import type { ENTITIES, ResourceName, StoredRowOf } from '../../shared/entities';

type Entities = typeof ENTITIES;

/** A stored row, with the id the database generates. */
type TableOf<E extends Entities[ResourceName]> = Omit<StoredRowOf<E>, 'id'> & { id: Generated<number> };

type EntityTables = { [N in ResourceName as Entities[N]['table']]: TableOf<Entities[N]> };

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  expires_at: string;
  created_at: string;
}

export interface FilesTable {
  id: Generated<number>;
  app_key: string;
  name: string;
  original_name: string | null;
  mime: string | null;
  size: number | null;
  created_at: string;
  updated_at: string;
}

export interface IdempotencyKeysTable {
  app_key: string;
  key: string;
  resource: string;
  record_id: number;
  created_at: string;
  /** Hash of the request first sent with the key (null for keys stored before it was kept). */
  request_hash: string | null;
}

export interface Tables extends EntityTables {
  sessions: SessionsTable;
  files: FilesTable;
  idempotency_keys: IdempotencyKeysTable;
}

export type DB = Kysely<Tables>;
