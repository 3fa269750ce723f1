/**
 * Users: passwords are hashed before storage, must be confirmed, and are required on create. The
 * last admin can be neither demoted nor deleted (nobody could manage users again), and a new
 * password, role or sites end the account's other sessions and revoke its API tokens: whoever held
 * them must sign in again, or be given a new token.
 */
import { sitesOf } from '../../shared/rights';
import type { DB } from '../db/database';
import { badRequest, HttpError } from '../errors';
import { hashPassword } from '../security/passwords';
import { type RevocationCause, revokeTokensOf } from '../security/token-revocation';
import type { EntityHooks, WriteContext } from './entity-service';
import type { Row } from './repository';

const lastAdmin = () =>
  new HttpError(409, 'This is the last admin: make another user an admin first', { role: 'The last admin' });

async function adminCount(db: DB): Promise<number> {
  const { n } = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '=', 'admin')
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Ends the user's sessions, but the one making the request when it is their own. */
export async function endSessions(db: DB, userId: number, keepSessionId?: number): Promise<void> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepSessionId !== undefined) query = query.where('id', '!=', keepSessionId);
  await query.execute();
}

const keptSession = (ctx: WriteContext, userId: number) => (ctx.actor?.id === userId ? ctx.actor.sessionId : undefined);

export const userHooks: EntityHooks = {
  async beforeWrite(values, ctx) {
    const { password, confirm_password: confirm, ...rest } = values;
    if (typeof rest.email === 'string') rest.email = rest.email.toLowerCase();
    // Stored in one spelling, so membership checks compare like with like.
    if (typeof rest.sites === 'string') rest.sites = sitesOf(rest.sites).join(',') || null;
    const existing = ctx.existing as Row | undefined;
    if (existing?.role === 'admin' && rest.role !== undefined && rest.role !== 'admin' && (await adminCount(ctx.db)) <= 1) {
      throw lastAdmin();
    }
    if (!password) {
      if (ctx.mode === 'create') throw badRequest('Password is required', { password: 'Password is required' });
      return rest;
    }
    if (confirm !== password) {
      throw badRequest('Passwords do not match', { confirm_password: 'Passwords do not match' });
    }
    return { ...rest, password: await hashPassword(String(password)) };
  },

  async beforeDelete(ctx) {
    const existing = ctx.existing as Row;
    if (ctx.actor?.id === existing.id) throw new HttpError(409, 'You cannot delete your own account');
    if (existing.role === 'admin' && (await adminCount(ctx.db)) <= 1) throw lastAdmin();
  },

  async afterUpdate(row, ctx) {
    const before = ctx.existing as Row;
    const after = row as Row;
    // The stored hash is not part of the record: a new password shows in what was written.
    const causes: RevocationCause[] = [
      ...(ctx.values.password !== undefined ? (['password-change'] as const) : []),
      ...(before.role !== after.role ? (['role-change'] as const) : []),
      ...(before.sites !== after.sites ? (['sites-change'] as const) : []),
    ];
    if (causes.length === 0) return;
    await endSessions(ctx.db, Number(after.id), keptSession(ctx, Number(after.id)));
    const by = { id: ctx.actor?.id ?? null, name: ctx.actor?.name ?? null, ip: null, userAgent: null };
    await revokeTokensOf(ctx.db, Number(after.id), causes, by);
  },
};
