/**
 * What the signed-in user may do, read from their role (GET /cms/api/me) and the one rights
 * definition the server enforces (shared/rights.ts). The admin only hides what the server would
 * refuse anyway; it is never the check itself.
 */
import { useQuery } from '@tanstack/react-query';
import { type Action, rightOf, type Subject } from '../../../shared/rights';
import type { AdminEntity } from '../admin-entities';
import { ApiError } from '../../api/http';
import { meQuery } from '../api/admin-queries';
import type { Row } from '../api/entity-queries';

export interface Rights {
  /** The user's role, once known. */
  role: unknown;
  /** Whether the user may do `action` on `subject`, on `row` when given (own-record rights). */
  can(subject: Subject, action: Action, row?: Row, ownerField?: string): boolean;
}

export function rightsOf(me: Row | undefined): Rights {
  return {
    role: me?.role,
    can(subject, action, row, ownerField) {
      const scope = rightOf(me?.role, subject, action);
      if (scope !== 'own' || !row) return scope !== undefined;
      return ownerField !== undefined && row[ownerField] === me?.id;
    },
  };
}

/**
 * Rights while the account cannot be read for want of a connection (a reload while offline):
 * every screen is offered, as before sign-in rights existed, and the server decides when a save
 * lands. The server is the check; this only shapes the screens.
 */
const OFFLINE_RIGHTS: Rights = { role: undefined, can: () => true };

/** The user's rights: undefined while their account is loading (or failed to load for another reason). */
export function useRights(): Rights | undefined {
  const me = useQuery(meQuery);
  if (me.data) return rightsOf(me.data);
  // Offline, the read waits (paused) or its retries fail for want of an answer.
  const failure = me.error ?? me.failureReason;
  if (me.fetchStatus === 'paused' || (failure instanceof ApiError && failure.isNetwork)) return OFFLINE_RIGHTS;
  return undefined;
}

/** The entity screens' buttons: the screen's own limits (messages are read-only) and the user's rights. */
export function entityRights(entity: AdminEntity, rights: Rights) {
  const { def } = entity;
  const subject = def.resource as Subject;
  return {
    canSee: rights.can(subject, entity.screenAction),
    canCreate: entity.canCreate && rights.can(subject, 'create'),
    canEdit: (row?: Row) => entity.canEdit && rights.can(subject, 'update', row, def.ownerField),
    canDelete: (row?: Row) => entity.canDelete && rights.can(subject, 'delete', row, def.ownerField),
  };
}
export type EntityRights = ReturnType<typeof entityRights>;

/** The entity screens' rights for the signed-in user (nothing is allowed while the account loads). */
export function useEntityRights(entity: AdminEntity): EntityRights {
  return entityRights(entity, useRights() ?? rightsOf(undefined));
}
