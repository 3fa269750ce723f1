/**
 * What the admin may do with each entity, on top of its shared definition. The special cases are
 * here rather than flags inside the generic screens: app settings are edited by app key and never
 * created or deleted from the panel; contact messages are read and deleted only.
 */
import { ENTITIES, type EntityDef, entityByAdminPath } from '../../shared/entities';
import type { Action } from '../../shared/rights';

export interface AdminEntity {
  def: EntityDef;
  /** Field whose value addresses one record in /cms/api/{resource}/{key} and /form/{key}. */
  keyField: string;
  canCreate: boolean;
  canEdit: boolean;
  canDelete: boolean;
  /** The right a user needs to open the screen at all: App Settings are for those who may change them. */
  screenAction: Action;
}

const OVERRIDES: Partial<Record<string, Partial<AdminEntity>>> = {
  [ENTITIES.applications.resource]: { keyField: 'app_key', canCreate: false, canDelete: false, screenAction: 'update' },
};

export function adminEntity(def: EntityDef): AdminEntity {
  const readOnly = def.readOnlyResource === true;
  return {
    def,
    keyField: 'id',
    canCreate: !readOnly,
    canEdit: !readOnly,
    canDelete: true,
    screenAction: 'read',
    ...OVERRIDES[def.resource],
  };
}

export function adminEntityByPath(path: string): AdminEntity | undefined {
  const def = entityByAdminPath(path);
  return def ? adminEntity(def) : undefined;
}

const RECORD_ID = /^[1-9][0-9]{0,15}$/;

/**
 * Whether an address's key can name a record of `entity`: an id, or a value its key field allows
 * (an app key). Anything else is no record, so it never reaches a request path (issue #53).
 */
export function isRecordKey(entity: AdminEntity, key: string): boolean {
  if (entity.keyField === 'id') return RECORD_ID.test(key);
  const field = entity.def.fields[entity.keyField];
  const pattern = field && 'pattern' in field ? field.pattern?.regex : undefined;
  return pattern !== undefined && pattern.test(key);
}

/** The key of one row, as a URL segment. */
export function recordKey(entity: AdminEntity, row: Record<string, unknown>): string {
  return String(row[entity.keyField]);
}
