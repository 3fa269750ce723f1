/**
 * System → API tokens: an admin makes a named token for the site they are working in, with a
 * role's rights or only its reads, and an end (by default LIMITS.apiToken.defaultDays away, at most
 * maxDays), which an admin may push back while it works (renew). The token is answered once; only
 * its hash is stored. The list shows each token's last use; revoking keeps the row, marked.
 * (What a token may then do is in security/api-tokens.ts, what revokes it in token-revocation.ts.)
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ROLES } from '../../shared/entities';
import { dateTimeSchema } from '../../shared/entities/schemas';
import { LIMITS } from '../../shared/limits';
import { recordActivity } from '../activity/activity-log';
import { now } from '../db/database';
import { HttpError, notFound } from '../errors';
import { operation } from '../openapi';
import { needs } from '../plugins/auth';
import { newApiToken, renewedExpiry, tokenExpiry } from '../security/api-tokens';
import { hashToken } from '../security/tokens';
import { itemEnvelope, listEnvelope, nullable } from './response-schemas';
import { idParams, listQuery, paging } from './schemas';
import { paged } from '../../shared/envelope';
import { pageOf } from '../db/page-of';

const tags = ['System'];

const createBody = z.strictObject({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters'),
  role: z.enum(ROLES, { error: `Role must be one of: ${ROLES.join(', ')}` }).default('viewer'),
  read_only: z.boolean({ error: 'read_only must be true or false' }).default(false),
  expires_at: dateTimeSchema('Expires at')
    .nullable()
    .optional()
    .meta({
      description: `When it stops working: in the future, at most ${LIMITS.apiToken.maxDays} days away; left out or null, ${LIMITS.apiToken.defaultDays} days from now.`,
    }),
});

const COLUMNS = [
  'id',
  'name',
  'app_key',
  'role',
  'read_only',
  'expires_at',
  'last_used_at',
  'revoked_at',
  'created_at',
  'created_by',
] as const;

const tokenRecord = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    app_key: { type: 'string' },
    role: { type: 'string', enum: [...ROLES] },
    read_only: { type: 'boolean' },
    expires_at: { ...nullable('string'), description: 'When it stops working, unless renewed first' },
    last_used_at: nullable('string'),
    revoked_at: nullable('string'),
    created_at: { type: 'string' },
    created_by: { type: 'integer' },
    status: { type: 'string', enum: ['active', 'expired', 'revoked'] },
  },
};

type TokenRow = { [K in (typeof COLUMNS)[number]]: unknown } & {
  read_only: number;
  expires_at: string | null;
  revoked_at: string | null;
};

/** A row's state: a token without an end (only one written by hand) works as little as an expired one. */
const statusOf = (row: TokenRow) =>
  row.revoked_at ? 'revoked' : !row.expires_at || row.expires_at <= now() ? 'expired' : 'active';

/** A row as the API gives it out: its state spelled out, never its hash. */
const shown = (row: TokenRow) => ({ ...row, read_only: row.read_only === 1, status: statusOf(row) });

const deadToken = () =>
  new HttpError(404, 'No working token with this id: a revoked or expired token cannot be renewed, make a new one');

export async function apiTokenRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = app.ctx.database.db;

  api.get(
    '/api-tokens',
    {
      config: needs('tokens', 'read'),
      schema: {
        ...operation(
          'tokens.list',
          'List the site’s API tokens',
          'Newest first, with their last use; never the tokens themselves.',
        ),
        tags,
        querystring: listQuery,
        response: { 200: listEnvelope(tokenRecord) },
      },
    },
    async (request) => {
      const { page, size } = paging(request.query);
      const base = db.selectFrom('api_tokens').where('app_key', '=', request.application.app_key);
      const { rows, total } = await pageOf(base, (q) => q.select(COLUMNS).orderBy('id', 'desc'), { page, size });
      return paged(rows.map(shown), page, size, total);
    },
  );

  api.post(
    '/api-tokens',
    {
      config: needs('tokens', 'create'),
      schema: {
        ...operation(
          'tokens.create',
          'Make an API token',
          `For the site named by the app key. The answer carries the token once (\`token\`): store it then, it cannot be shown again. It works until \`expires_at\` (${LIMITS.apiToken.defaultDays} days unless asked otherwise, at most ${LIMITS.apiToken.maxDays}), and never beyond what its maker may do at the time of each request: a change of their role, sites or password, a reset link used or signing them out everywhere revokes it.`,
        ),
        tags,
        body: createBody,
        response: {
          201: itemEnvelope({ ...tokenRecord, properties: { ...tokenRecord.properties, token: { type: 'string' } } }),
        },
      },
    },
    async (request, reply) => {
      const { name, role, read_only: readOnly, expires_at: expiresAt } = request.body;
      // Stored as an ISO time, as the other times of this table.
      const ends = tokenExpiry(expiresAt);
      const token = newApiToken();
      const row = await db
        .insertInto('api_tokens')
        .values({
          app_key: request.application.app_key,
          name,
          token_hash: hashToken(token),
          role,
          read_only: readOnly ? 1 : 0,
          expires_at: ends,
          created_by: request.user.id,
          created_at: now(),
        })
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
      await recordActivity(request, { action: 'create', entity: 'tokens', recordId: row.id, changes: { name: [null, name] } });
      return reply
        .status(201)
        .send({ message: 'Token made: copy it now, it is shown only once', data: { ...shown(row), token } });
    },
  );

  api.delete(
    '/api-tokens/:id',
    {
      config: needs('tokens', 'delete'),
      schema: {
        ...operation('tokens.revoke', 'Revoke an API token', 'It stops working at once; the list keeps it, marked revoked.'),
        tags,
        params: idParams,
        response: { 200: itemEnvelope(tokenRecord) },
      },
    },
    async (request) => {
      const row = await db
        .updateTable('api_tokens')
        .set({ revoked_at: now() })
        .where('id', '=', request.params.id)
        .where('app_key', '=', request.application.app_key)
        .where('revoked_at', 'is', null)
        .returning(COLUMNS)
        .executeTakeFirst();
      if (!row) throw notFound('Token');
      await recordActivity(request, {
        action: 'delete',
        entity: 'tokens',
        recordId: row.id,
        changes: { name: [row.name, null] },
      });
      return { message: 'Token revoked', data: shown(row) };
    },
  );

  api.post(
    '/api-tokens/:id/renew',
    {
      config: needs('tokens', 'update'),
      schema: {
        ...operation(
          'tokens.renew',
          'Renew an API token',
          `Pushes its end back by ${LIMITS.apiToken.defaultDays} days, to at most ${LIMITS.apiToken.maxDays} days from now. Only a working token is renewed: a revoked or expired one answers 404 (make a new one).`,
        ),
        tags,
        params: idParams,
        response: { 200: itemEnvelope(tokenRecord) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const site = request.application.app_key;
      const current = await db
        .selectFrom('api_tokens')
        .select('expires_at')
        .where('id', '=', id)
        .where('app_key', '=', site)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now())
        .executeTakeFirst();
      if (!current?.expires_at) throw deadToken();
      const ends = renewedExpiry(current.expires_at);
      // Written only while it still works: a revoke at the same moment wins.
      const row = await db
        .updateTable('api_tokens')
        .set({ expires_at: ends })
        .where('id', '=', id)
        .where('app_key', '=', site)
        .where('revoked_at', 'is', null)
        .returning(COLUMNS)
        .executeTakeFirst();
      if (!row) throw deadToken();
      await recordActivity(request, {
        action: 'update',
        entity: 'tokens',
        recordId: row.id,
        changes: { expires_at: [current.expires_at, ends] },
      });
      return { message: 'Token renewed', data: shown(row) };
    },
  );
}
