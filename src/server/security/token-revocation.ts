/**
 * What ends a person's API tokens: any change to who they are or what they may do (their role,
 * their sites, their password, a reset link used) and "sign out everywhere". Their sessions end at
 * the same moments (content/user-hooks.ts endSessions); a token would otherwise keep working for
 * whoever holds it, with the rights its maker no longer has.
 *
 * Each revoked token gets its own activity entry, filed under the token's site (where its making
 * and a manual revoke are logged too), naming why.
 */
import type { FastifyRequest } from 'fastify';
import { type DB, now } from '../db/database';
import { userAgent } from '../plugins/auth';

/** Why a person's tokens were revoked, as the activity entry says it. */
export type RevocationCause = 'role-change' | 'sites-change' | 'password-change' | 'password-reset' | 'signed-out-everywhere';

/** Who caused it, and from where: the request's person, or none (the command line). */
export interface RevokedBy {
  id: number | null;
  name: string | null;
  ip: string | null;
  userAgent: string | null;
}

/** The person making `request` (or `who`, when it has no signed-in user: a reset link's), from its address. */
export const revokedByRequest = (request: FastifyRequest, who?: { id: number; name: string }): RevokedBy => ({
  id: who?.id ?? request.user?.id ?? null,
  name: who?.name ?? (request.user ? request.user.name || request.user.email : null),
  ip: request.ip,
  userAgent: userAgent(request),
});

/**
 * Revokes every live token `makerId` made and logs each revocation. Answers how many. Written
 * with the database alone (not a request) so that a write to a user's record, from any route or
 * the command line, revokes through the same path.
 */
export async function revokeTokensOf(db: DB, makerId: number, causes: RevocationCause[], by: RevokedBy): Promise<number> {
  const at = now();
  const revoked = await db
    .updateTable('api_tokens')
    .set({ revoked_at: at })
    .where('created_by', '=', makerId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', at)
    .returning(['id', 'name', 'app_key'])
    .execute();
  if (revoked.length === 0) return 0;
  await db
    .insertInto('activity')
    .values(
      revoked.map((token) => ({
        created_at: at,
        user_id: by.id,
        user_name: by.name?.slice(0, 255) ?? null,
        action: 'delete',
        app_key: token.app_key,
        entity: 'tokens',
        record_id: token.id,
        ip: by.ip,
        user_agent: by.userAgent,
        changes: JSON.stringify({ name: [token.name, null], revoked_because: [null, causes.join(', ')] }),
      })),
    )
    .execute();
  return revoked.length;
}
