/** Bearer-token sessions: the token is random and opaque; the database keeps only its hash. */
import type { FastifyRequest } from 'fastify';
import { ENTITIES, readableColumns } from '../../shared/entities';
import { now } from '../db/database';
import { HttpError } from '../errors';
import { hashToken } from '../security/tokens';

const USER_COLUMNS = readableColumns(ENTITIES.users).map((c) => `users.${c}` as const);

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/** preHandler for every admin route but login: 401 without a valid, unexpired token. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  const token = bearerToken(request);
  if (!token) throw new HttpError(401, 'Sign in required');
  const user = await request.server.ctx.database.db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(USER_COLUMNS)
    .where('sessions.token_hash', '=', hashToken(token))
    .where('sessions.expires_at', '>', now())
    .executeTakeFirst();
  if (!user) throw new HttpError(401, 'Your session has expired. Please sign in again.');
  request.user = user as FastifyRequest['user'];
}
