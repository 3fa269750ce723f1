/**
 * Setting up two-factor sign-in from My Profile: a new secret to scan (pending until a code from
 * the app confirms it), then ten recovery codes shown once; new recovery codes or turning it off
 * need the current password. Registered inside the signed-in scope of routes/auth.ts.
 */
import { endSessions } from '../content/user-hooks';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordActivity } from '../activity/activity-log';
import { now } from '../db/database';
import { badRequest, HttpError } from '../errors';
import { findApplication } from '../plugins/tenant';
import { requireCurrentPassword } from '../security/passwords';
import { activeSecret, codeStep, enrolment, newRecoveryCodes, newTotpSecret } from '../security/two-factor';
import { itemEnvelope, messageAnswer } from './response-schemas';
import { operation, raises } from '../openapi';

const signedIn = { rights: 'signed-in' as const };
const tags = ['Auth'];
const codeBody = z.strictObject({ code: z.string({ error: 'Code is required' }).trim().min(1, 'Code is required').max(16) });
const passwordBody = z.strictObject({
  current_password: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(200),
});

export async function twoFactorRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = app.ctx.database.db;

  const setupSchema = {
    ...operation(
      'me.twoFactor.setup',
      'Start setting up two-factor sign-in',
      'Answers the secret once, as text, an otpauth URI and a QR code.',
    ),
    ...raises(429),
    tags,
    body: passwordBody,
    response: {
      200: itemEnvelope({
        type: 'object',
        properties: { secret: { type: 'string' }, uri: { type: 'string' }, qr: { type: 'string' } },
      }),
    },
  };
  api.post('/me/two-factor/setup', { config: signedIn, schema: setupSchema }, async (request) => {
    // The secret is shown once: a stolen session must not be enough to bind its own phone.
    await requireCurrentPassword(request, request.body.current_password);
    if (await activeSecret(db, app.ctx.secrets, request.user.id)) throw new HttpError(409, 'Two-factor sign-in is already on');
    const secret = newTotpSecret();
    // Stored sealed (security/secret-box.ts): a copy of the database does not give it away.
    const sealed = app.ctx.secrets.seal(secret);
    await db
      .insertInto('two_factor')
      .values({ user_id: request.user.id, pending_secret: sealed, secret: null, enabled_at: null })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ pending_secret: sealed }))
      .execute();
    const site = await findApplication(request, app.ctx.config.appKey);
    const { uri, qr } = await enrolment(secret, request.user.email, String(site?.name || 'Website'));
    return { data: { secret, uri, qr } };
  });

  const enableSchema = {
    ...operation(
      'me.twoFactor.enable',
      'Turn two-factor sign-in on',
      'With a current code from the phone; answers the recovery codes, once.',
    ),
    tags,
    body: codeBody,
    response: {
      200: itemEnvelope({ type: 'object', properties: { recovery_codes: { type: 'array', items: { type: 'string' } } } }),
    },
  };
  api.post('/me/two-factor/enable', { config: signedIn, schema: enableSchema }, async (request) => {
    const row = await db
      .selectFrom('two_factor')
      .select('pending_secret')
      .where('user_id', '=', request.user.id)
      .executeTakeFirst();
    if (!row?.pending_secret) throw badRequest('Start the set-up first', { code: 'Start the set-up first' });
    const step = codeStep(app.ctx.secrets.open(row.pending_secret), request.body.code);
    if (step === null) {
      throw badRequest('That code does not match: check the time on your phone and try the current code', {
        code: 'Wrong code',
      });
    }
    await db
      .updateTable('two_factor')
      .set({ secret: row.pending_secret, pending_secret: null, enabled_at: now(), last_step: step })
      .where('user_id', '=', request.user.id)
      .execute();
    await recordActivity(request, {
      action: 'two-factor-change',
      appKey: null,
      entity: 'users',
      recordId: request.user.id,
      changes: { two_factor: ['off', 'on'] },
    });
    // Sessions opened with the password alone end: from now on each needs the code too.
    await endSessions(db, request.user.id, request.sessionId);
    return { data: { recovery_codes: await newRecoveryCodes(db, request.user.id) } };
  });

  const codesSchema = {
    ...operation('me.twoFactor.recoveryCodes', 'Make new recovery codes', 'The earlier ones stop working.'),
    ...raises(429),
    tags,
    body: passwordBody,
    response: {
      200: itemEnvelope({ type: 'object', properties: { recovery_codes: { type: 'array', items: { type: 'string' } } } }),
    },
  };
  api.post('/me/two-factor/recovery-codes', { config: signedIn, schema: codesSchema }, async (request) => {
    await requireCurrentPassword(request, request.body.current_password);
    if (!(await activeSecret(db, app.ctx.secrets, request.user.id))) throw new HttpError(409, 'Two-factor sign-in is off');
    return { data: { recovery_codes: await newRecoveryCodes(db, request.user.id) } };
  });

  const offSchema = {
    ...operation('me.twoFactor.disable', 'Turn two-factor sign-in off'),
    ...raises(429),
    tags,
    body: passwordBody,
    response: { 200: messageAnswer },
  };
  api.delete('/me/two-factor', { config: signedIn, schema: offSchema }, async (request) => {
    await requireCurrentPassword(request, request.body.current_password);
    const { requireTwoFactor } = await app.ctx.settings.get();
    if ((requireTwoFactor as unknown[]).includes(request.user.role)) {
      throw new HttpError(409, 'Your role requires two-factor sign-in: it cannot be turned off');
    }
    await db.deleteFrom('two_factor').where('user_id', '=', request.user.id).execute();
    await db.deleteFrom('recovery_codes').where('user_id', '=', request.user.id).execute();
    await recordActivity(request, {
      action: 'two-factor-change',
      appKey: null,
      entity: 'users',
      recordId: request.user.id,
      changes: { two_factor: ['on', 'off'] },
    });
    return { message: 'Two-factor sign-in is off' };
  });
}
