/**
 * Using a one-time reset link (made by an admin, routes/user-admin.ts): read whose it is, then set
 * a new password with it. The link works once and for an hour; using it ends every session of the
 * account. Not signed in, so outside the secured scope; tokens are 256-bit random, so guessing one
 * is not a concern, and only their hashes are kept.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ENTITIES } from '../../shared/entities';
import { fieldSchema } from '../../shared/entities/schemas';
import { recordActivity } from '../activity/activity-log';
import { endSessions } from '../content/user-hooks';
import { revokeTokensOf, revokedByRequest } from '../security/token-revocation';
import { now } from '../db/database';
import { badRequest, HttpError } from '../errors';
import { hashPassword } from '../security/passwords';
import { hashToken } from '../security/tokens';
import { itemEnvelope, messageAnswer } from './response-schemas';
import { operation } from '../openapi';

const tokenField = z.string({ error: 'Token is required' }).min(20).max(100);
const resetBody = z.strictObject({
  token: tokenField,
  password: fieldSchema(ENTITIES.users.fields.password),
  confirm_password: z.string().max(200),
});
const tags = ['Auth'];

export async function passwordResetRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = app.ctx.database.db;

  /** The live reset for a token, or 410 when it is unknown, used or expired (all look alike). */
  const liveReset = async (token: string) => {
    const row = await db
      .selectFrom('password_resets')
      .innerJoin('users', 'users.id', 'password_resets.user_id')
      .select(['password_resets.id', 'password_resets.user_id', 'password_resets.expires_at', 'users.email', 'users.name'])
      .where('password_resets.token_hash', '=', hashToken(token))
      .where('password_resets.used_at', 'is', null)
      .where('password_resets.expires_at', '>', now())
      .executeTakeFirst();
    if (!row) throw new HttpError(410, 'This reset link has expired or was already used: ask an admin for a new one');
    return row;
  };

  const checkSchema = {
    ...operation(
      'auth.passwordReset.check',
      'Check a password reset link',
      'Answers whose account the link is for, and until when it works.',
    ),
    tags,
    querystring: z.object({ token: tokenField }),
    response: {
      200: itemEnvelope({ type: 'object', properties: { email: { type: 'string' }, expires_at: { type: 'string' } } }),
    },
  };
  api.get('/password-reset', { schema: checkSchema }, async (request) => {
    const { email, expires_at: expiresAt } = await liveReset(request.query.token);
    return { data: { email, expires_at: expiresAt } };
  });

  const resetSchema = {
    ...operation(
      'auth.passwordReset.complete',
      'Set a new password with a reset link',
      'The link works once; every session of the account ends and every API token it made is revoked.',
    ),
    tags,
    body: resetBody,
    response: { 200: messageAnswer },
  };
  api.post('/password-reset', { schema: resetSchema }, async (request) => {
    const { token, password, confirm_password: confirm } = request.body;
    if (!password) throw badRequest('Password is required', { password: 'Password is required' });
    if (confirm !== password) throw badRequest('Passwords do not match', { confirm_password: 'Passwords do not match' });
    const reset = await liveReset(token);
    // Marked used first, and only if still unused: two requests with one link cannot both win.
    const claimed = await db
      .updateTable('password_resets')
      .set({ used_at: now() })
      .where('id', '=', reset.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) throw new HttpError(410, 'This reset link was already used');
    await db
      .updateTable('users')
      .set({ password: await hashPassword(String(password)), updated_at: now() })
      .where('id', '=', reset.user_id)
      .execute();
    await endSessions(db, reset.user_id);
    const who = { id: reset.user_id, name: reset.name || reset.email };
    await revokeTokensOf(db, reset.user_id, ['password-reset'], revokedByRequest(request, who));
    await recordActivity(request, {
      action: 'password-change',
      appKey: null,
      entity: 'users',
      recordId: reset.user_id,
      user: { id: reset.user_id, name: reset.name || reset.email },
    });
    return { message: 'Your password is set: sign in with it now' };
  });
}
