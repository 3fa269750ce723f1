/** Sign in, sign out, and who am I. Failed sign-ins are throttled per IP and identifier. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ENTITIES, readableColumns } from '../../shared/entities';
import { LIMITS } from '../../shared/limits';
import { now } from '../db/database';
import { HttpError } from '../errors';
import { bearerToken, requireUser } from '../plugins/auth';
import { FailureThrottle } from '../security/failure-throttle';
import { DUMMY_HASH, verifyPassword } from '../security/passwords';
import { hashToken, newToken } from '../security/tokens';

const loginBody = z.strictObject({
  identifier: z.string({ error: 'Identifier is required' }).trim().min(1, 'Identifier is required').max(255),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
  remember: z.boolean().optional(),
});

const userColumns = readableColumns(ENTITIES.users);

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const throttle = new FailureThrottle(LIMITS.login.maxFailuresPerMinute);
  const db = app.ctx.database.db;
  const tags = ['Auth'];

  api.post('/login', { schema: { tags, body: loginBody } }, async (request) => {
    const identifier = request.body.identifier.toLowerCase();
    const key = `${request.ip}|${identifier}`;
    const wait = throttle.retryAfter(key);
    if (wait > 0) {
      throw new HttpError(429, `Too many failed sign-ins. Try again in ${wait} seconds.`, undefined, {
        'Retry-After': String(wait),
      });
    }
    const user = await db
      .selectFrom('users')
      .select([...userColumns, 'password'])
      .where((eb) => eb.or([eb('email', '=', identifier), eb('phone', '=', request.body.identifier)]))
      .executeTakeFirst();
    const ok = await verifyPassword(request.body.password, user?.password ?? DUMMY_HASH);
    if (!user || !ok) {
      throttle.fail(key);
      throw new HttpError(401, 'Wrong email/phone or password');
    }
    throttle.reset(key);
    const token = newToken();
    const expiresAt = new Date(Date.now() + LIMITS.sessionDays * 86_400_000).toISOString();
    await db
      .insertInto('sessions')
      .values({ token_hash: hashToken(token), user_id: user.id, expires_at: expiresAt, created_at: now() })
      .execute();
    const { password: _password, ...publicUser } = user;
    return { status: 200, token, expires_at: expiresAt, user: publicUser };
  });

  api.post('/logout', { schema: { tags }, preHandler: requireUser }, async (request) => {
    await db
      .deleteFrom('sessions')
      .where('token_hash', '=', hashToken(bearerToken(request)!))
      .execute();
    return { message: 'Signed out' };
  });

  api.get('/me', { schema: { tags }, preHandler: requireUser }, async (request) => ({ data: request.user }));
}
