/**
 * Sign in and out, and everything a signed-in user does to their own account: read it, edit
 * their profile and password, list and end their sessions. Failed sign-ins are limited per
 * identifier and per address (security/sign-in-limits.ts), and a wrong identifier and a wrong
 * password get the same answer after the same work.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ENTITIES, readableColumns } from '../../shared/entities';
import { fieldsSchema } from '../../shared/entities/schemas';
import { LIMITS } from '../../shared/limits';
import { isRole } from '../../shared/rights';
import { recordActivity, recordUpdate } from '../activity/activity-log';
import { endSessions } from '../content/user-hooks';
import { revokeTokensOf, revokedByRequest } from '../security/token-revocation';
import { now } from '../db/database';
import { HttpError, notFound } from '../errors';
import { authenticate, personOnly, bearerToken, idleCutoff, userAgent } from '../plugins/auth';
import { onlyVisibleSites } from '../plugins/tenant';
import { DUMMY_HASH, hashPassword, needsRehash, requireCurrentPassword, verifyPassword } from '../security/passwords';
import { codeLimit, SignInLimits, signInLimits } from '../security/sign-in-limits';
import { hashToken, newToken } from '../security/tokens';
import { activeSecret, takeCode, useRecoveryCode } from '../security/two-factor';
import { twoFactorRoutes } from './two-factor';
import { notificationRoutes } from './notifications';
import { itemEnvelope, messageAnswer, nullable, objectOf, openObject, recordSchema } from './response-schemas';
import { operation, raises } from '../openapi';

const loginBody = z.strictObject({
  identifier: z.string({ error: 'Identifier is required' }).trim().min(1, 'Identifier is required').max(255),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
  remember: z.boolean().optional(),
  /** The authenticator's 6-digit code, or a recovery code, for users who set up two-factor sign-in. */
  code: z.string().trim().max(32).optional(),
});

const CODE_REQUIRED = 'Enter the 6-digit code from your authenticator app, or one of your recovery codes';

/** What a user may change of their own account: not their role, sites or the seed's free-text type and scopes. */
const OWN_FIELDS = {
  name: true,
  firstname: true,
  lastname: true,
  email: true,
  phone: true,
  address: true,
  national_id_no: true,
  dob: true,
  gender: true,
  profile_img: true,
  language: true,
  password: true,
  confirm_password: true,
} as const;
const profileBody = fieldsSchema(ENTITIES.users)
  .partial()
  .pick(OWN_FIELDS)
  .extend({ current_password: z.string().max(200).optional() })
  .strict();

const sessionParams = z.object({ id: z.coerce.number({ error: 'id must be a number' }).int().positive() });

const userColumns = readableColumns(ENTITIES.users);
const signedIn = { rights: 'signed-in' as const };
/** One's own account as the API gives it out: the user record and what /me adds to it (strict: nothing else leaves). */
const me = objectOf({
  ...(recordSchema(ENTITIES.users) as { properties: Record<string, unknown> }).properties,
  applications: {
    type: 'array',
    items: { type: 'object', properties: { app_key: { type: 'string' }, name: nullable('string') } },
  },
  two_factor: { type: 'object', properties: { enabled: { type: 'boolean' }, required: { type: 'boolean' } } },
  mail: { type: 'boolean' },
});

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const limits = new SignInLimits(app.ctx.database.db, app.ctx.database.dialect);
  const db = app.ctx.database.db;
  const users = app.ctx.services.users;
  const tags = ['Auth'];

  const loginSchema = {
    ...operation(
      'auth.login',
      'Sign in',
      'With an email or phone and the password (and the two-factor code when the account has it on). Answers a bearer token for /cms/api.',
    ),
    ...raises(429),
    tags,
    body: loginBody,
    response: {
      200: openObject({ status: { type: 'integer' }, token: { type: 'string' }, expires_at: { type: 'string' }, user: me }),
    },
  };
  api.post('/login', { schema: loginSchema }, async (request) => {
    const identifier = request.body.identifier.toLowerCase();
    const user = await db
      .selectFrom('users')
      .select([...userColumns, 'password'])
      .where((eb) => eb.or([eb('email', '=', identifier), eb('phone', '=', request.body.identifier)]))
      .executeTakeFirst();
    const tooMany = (wait: number) =>
      new HttpError(429, `Too many failed sign-ins. Try again in ${wait} seconds.`, undefined, { 'Retry-After': String(wait) });
    // Counted before the password work, so parallel guesses meet the limit too; by account, so
    // its email and its phone share one count.
    const account = user ? `user:${user.id}` : `unknown:${identifier}`;
    const attempt = await limits.attempt(signInLimits(account, request.ip));
    if (attempt.wait > 0) throw tooMany(attempt.wait);
    const ok = await verifyPassword(request.body.password, user?.password ?? DUMMY_HASH);
    const failed = async (message: string, errors?: Record<string, string>) => {
      await recordActivity(request, { action: 'sign-in-failed', appKey: null, user: { id: user?.id ?? null, name: identifier } });
      return new HttpError(401, message, errors);
    };
    if (!user || !ok) throw await failed('Wrong email/phone or password');
    // A hash from before today's settings is replaced now that the password is at hand.
    if (needsRehash(user.password)) {
      await db
        .updateTable('users')
        .set({ password: await hashPassword(request.body.password) })
        .where('id', '=', user.id)
        .execute();
    }
    // A password alone is not enough for a user who set up two-factor sign-in: they are asked
    // for a code, and no token is given until it matches.
    const secret = await activeSecret(db, app.ctx.secrets, user.id);
    if (secret) {
      const { code } = request.body;
      if (!code) {
        // The password was right: asking for the code is no failure.
        await limits.takeBack(attempt.ids);
        throw new HttpError(401, CODE_REQUIRED, { code: 'Code required' });
      }
      const codeAttempt = await limits.attempt([codeLimit(user.id)]);
      if (codeAttempt.wait > 0) throw tooMany(codeAttempt.wait);
      const matches = (await takeCode(db, user.id, secret, code)) || (await useRecoveryCode(db, user.id, code));
      if (!matches) throw await failed('Wrong code', { code: 'Wrong code' });
      await limits.takeBack(codeAttempt.ids);
    }
    await limits.takeBack(attempt.ids);
    await limits.clear(`account:${account}`);
    const token = newToken();
    // "Remember Me" keeps a device signed in for days (fewer for an admin); without it, for a working day.
    const { sessionDays } = app.ctx.config;
    const lifetimeMs = request.body.remember
      ? (user.role === 'admin' ? sessionDays.admin : sessionDays.others) * 86_400_000
      : LIMITS.unrememberedSessionHours * 3_600_000;
    const expiresAt = new Date(Date.now() + lifetimeMs).toISOString();
    await db
      .insertInto('sessions')
      .values({
        token_hash: hashToken(token),
        user_id: user.id,
        expires_at: expiresAt,
        created_at: now(),
        last_used_at: now(),
        ip: request.ip,
        user_agent: userAgent(request),
      })
      .execute();
    const { password: _password, ...publicUser } = user;
    await recordActivity(request, { action: 'sign-in', appKey: null, user: { id: user.id, name: user.name || user.email } });
    return { status: 200, token, expires_at: expiresAt, user: publicUser };
  });

  await app.register(async (own) => {
    own.addHook('onRequest', authenticate);
    own.addHook('onRequest', personOnly);
    const api = own.withTypeProvider<ZodTypeProvider>();
    await own.register(twoFactorRoutes);
    await own.register(notificationRoutes);

    const logoutSchema = {
      ...operation('auth.logout', 'Sign out', 'Ends the session whose token is sent.'),
      tags,
      response: { 200: messageAnswer },
    };
    api.post('/logout', { config: signedIn, schema: logoutSchema }, async (request) => {
      await db
        .deleteFrom('sessions')
        .where('token_hash', '=', hashToken(bearerToken(request)!))
        .execute();
      await recordActivity(request, { action: 'sign-out', appKey: null });
      return { message: 'Signed out' };
    });

    const meSchema = {
      ...operation('me.get', 'Read your own account', 'With your role, the sites you work on and your two-factor state.'),
      tags,
      response: { 200: itemEnvelope(me) },
    };
    api.get('/me', { config: signedIn, schema: meSchema }, async (request) => ({ data: await describe(request) }));

    const profileSchema = {
      ...operation('me.update', 'Update your own profile', 'A new password, email or phone needs `current_password`.'),
      ...raises(429),
      tags,
      body: profileBody,
      response: { 200: itemEnvelope(me) },
    };
    api.put('/me', { config: signedIn, schema: profileSchema }, async (request) => {
      const { current_password: current, ...input } = request.body as Record<string, unknown> & { current_password?: string };
      // A stolen session must not be enough to take the account over: a new password, or a new
      // email or phone (what one signs in with), needs the current password.
      const emailChanges = typeof input.email === 'string' && input.email.toLowerCase() !== request.user.email;
      const phoneChanges = 'phone' in input && (input.phone ?? null) !== (request.user.phone ?? null);
      if (input.password || emailChanges || phoneChanges) await requireCurrentPassword(request, current);
      const actor = { id: request.user.id, name: request.user.name || request.user.email, sessionId: request.sessionId };
      const { row, before } = await users.update(request.application?.app_key ?? '', request.user.id, input, actor);
      await recordUpdate(request, ENTITIES.users, before, row, input);
      request.user = row;
      return { data: await describe(request) };
    });

    const session = {
      type: 'object',
      properties: {
        id: { type: 'integer' },
        created_at: { type: 'string' },
        last_used_at: { type: 'string' },
        ip: nullable('string'),
        user_agent: nullable('string'),
        current: { type: 'boolean' },
      },
    };
    const sessionsSchema = {
      ...operation('me.sessions.list', 'List your sessions', 'Where you are signed in, the current one marked.'),
      tags,
      response: { 200: itemEnvelope({ type: 'array', items: session }) },
    };
    api.get('/me/sessions', { config: signedIn, schema: sessionsSchema }, async (request) => {
      const rows = await db
        .selectFrom('sessions')
        .select(['id', 'created_at', 'last_used_at', 'ip', 'user_agent'])
        .where('user_id', '=', request.user.id)
        .where('expires_at', '>', now())
        .where('last_used_at', '>', idleCutoff())
        .orderBy('last_used_at', 'desc')
        .execute();
      return { data: rows.map((row) => ({ ...row, current: row.id === request.sessionId })) };
    });

    const endSchema = {
      ...operation('me.sessions.delete', 'End one of your sessions'),
      tags,
      params: sessionParams,
      response: { 200: itemEnvelope({ type: 'object', properties: { id: { type: 'integer' } } }) },
    };
    api.delete('/me/sessions/:id', { config: signedIn, schema: endSchema }, async (request) => {
      const result = await db
        .deleteFrom('sessions')
        .where('id', '=', request.params.id)
        .where('user_id', '=', request.user.id)
        .executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) throw notFound('Session');
      await recordActivity(request, { action: 'sessions-revoked', appKey: null, entity: 'users', recordId: request.user.id });
      return { message: 'Session ended', data: { id: request.params.id } };
    });

    /** Ends every other session of the user: "sign out everywhere else". */
    const endOthersSchema = {
      ...operation('me.sessions.deleteOthers', 'Sign out everywhere else', 'Every API token you made is revoked too.'),
      tags,
      response: { 200: messageAnswer },
    };
    api.delete('/me/sessions', { config: signedIn, schema: endOthersSchema }, async (request) => {
      await endSessions(db, request.user.id, request.sessionId);
      await revokeTokensOf(db, request.user.id, ['signed-out-everywhere'], revokedByRequest(request));
      await recordActivity(request, { action: 'sessions-revoked', appKey: null, entity: 'users', recordId: request.user.id });
      return { message: 'Signed out everywhere else' };
    });
  });

  /** The signed-in user, their role, the sites they work on and their two-factor state. */
  async function describe(request: FastifyRequest) {
    const role = isRole(request.user.role) ? request.user.role : 'viewer';
    const { rows: sites } = await app.ctx.services.applications.repo.list(null, {
      page: 1,
      size: LIMITS.maxPageSize,
      refine: onlyVisibleSites(request),
    });
    const { requireTwoFactor } = await app.ctx.settings.get();
    const enabled = (await activeSecret(db, app.ctx.secrets, request.user.id)) !== undefined;
    return {
      ...request.user,
      role,
      applications: sites.map(({ app_key: appKey, name }) => ({ app_key: appKey, name })),
      two_factor: { enabled, required: (requireTwoFactor as string[]).includes(role) },
      // Whether this server sends mail (SMTP_URL), so screens can say so before anyone relies on it.
      mail: app.ctx.mailer.configured,
    };
  }
}
