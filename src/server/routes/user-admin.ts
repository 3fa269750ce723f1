/**
 * What an admin does for another user beyond editing their record: sign them out everywhere (a
 * lost laptop, a member of staff leaving; their API tokens are revoked too), make a one-time password reset link (valid for an
 * hour, used once; mailed to them when the server sends mail), and turn off their two-factor
 * sign-in (a lost phone).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordActivity } from '../activity/activity-log';
import { endSessions } from '../content/user-hooks';
import { needs } from '../plugins/auth';
import { mailOff } from '../mail/mailer';
import { notFound } from '../errors';
import { siteOrigin } from '../seo/origin';
import { mailResetLink, makeResetLink } from '../security/reset-links';
import { revokeTokensOf, revokedByRequest } from '../security/token-revocation';
import { idParams } from './schemas';
import { itemEnvelope } from './response-schemas';
import { operation } from '../openapi';

/** `{email: true}` mails the link to the user as well (when the server sends mail). */
const resetLinkBody = z.strictObject({ email: z.boolean().optional() }).nullish();
const manageUsers = needs('users', 'update');
const tags = ['Users'];

export async function userAdminRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = app.ctx.database.db;
  const userOf = async (request: FastifyRequest & { params: { id: number } }) => {
    const user = await app.ctx.services.users.repo.get(null, request.params.id);
    if (!user) throw notFound('User');
    return user;
  };

  const signOutSchema = {
    ...operation('users.signOut', 'Sign a user out everywhere', 'Every API token they made is revoked too.'),
    tags,
    params: idParams,
    response: { 200: itemEnvelope({ type: 'object', properties: { id: { type: 'integer' } } }) },
  };
  api.post('/users/:id/sign-out', { config: manageUsers, schema: signOutSchema }, async (request) => {
    const user = await userOf(request);
    await endSessions(db, user.id, user.id === request.user.id ? request.sessionId : undefined);
    await revokeTokensOf(db, user.id, ['signed-out-everywhere'], revokedByRequest(request));
    await recordActivity(request, { action: 'sessions-revoked', appKey: null, entity: 'users', recordId: user.id });
    return { message: `${user.email} is signed out everywhere`, data: { id: user.id } };
  });

  api.post(
    '/users/:id/reset-link',
    {
      config: manageUsers,
      schema: {
        ...operation(
          'users.resetLink',
          'Make a password reset link for a user',
          'Emailed to them when `email` is true and mail is set up; the link is answered either way.',
        ),
        tags,
        params: idParams,
        body: resetLinkBody,
        response: {
          200: itemEnvelope({
            type: 'object',
            properties: { url: { type: 'string' }, expires_at: { type: 'string' }, emailed: { type: 'boolean' } },
          }),
        },
      },
    },
    async (request) => {
      const user = await userOf(request);
      // Refused before a link exists: a link nobody receives should not replace a working one.
      const email = request.body?.email === true;
      if (email && !app.ctx.mailer.configured) throw mailOff();
      const { url, expiresAt } = await makeResetLink(db, user.id, siteOrigin(request));
      if (email) await mailResetLink(app.ctx.mailer, user, { url, expiresAt });
      await recordActivity(request, { action: 'reset-link-made', appKey: null, entity: 'users', recordId: user.id });
      return { data: { url, expires_at: expiresAt, emailed: email } };
    },
  );

  const resetTwoFactorSchema = {
    ...operation(
      'users.twoFactor.disable',
      'Turn a user’s two-factor sign-in off',
      'For a user who lost their phone and their recovery codes.',
    ),
    tags,
    params: idParams,
    response: { 200: itemEnvelope({ type: 'object', properties: { id: { type: 'integer' } } }) },
  };
  api.delete('/users/:id/two-factor', { config: manageUsers, schema: resetTwoFactorSchema }, async (request) => {
    const user = await userOf(request);
    await db.deleteFrom('two_factor').where('user_id', '=', user.id).execute();
    await db.deleteFrom('recovery_codes').where('user_id', '=', user.id).execute();
    await recordActivity(request, {
      action: 'two-factor-change',
      appKey: null,
      entity: 'users',
      recordId: user.id,
      changes: { two_factor: ['on', 'off'] },
    });
    return { message: `Two-factor sign-in is off for ${user.email}`, data: { id: user.id } };
  });
}
