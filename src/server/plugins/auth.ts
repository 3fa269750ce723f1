/**
 * Who is asking and what they may do, decided before anything of the request is read but its
 * headers (so an anonymous caller learns nothing of a route's schema):
 *
 * - `authenticate`: a bearer token of a live session (not expired, used within the idle limit)
 *   or 401. The database keeps only the token's hash.
 * - `authorize`: the route's `config.rights` checked against the user's role (shared/rights.ts).
 *   A route that declares no rights is refused: a new route is closed until someone says who may
 *   use it.
 */
import type { FastifyRequest } from 'fastify';
import { ENTITIES, isRole, readableColumns } from '../../shared/entities';
import { LIMITS } from '../../shared/limits';
import { type Action, rightOf, type Scope, sitesOf, type Subject, worksOn } from '../../shared/rights';
import { now } from '../db/database';
import { HttpError } from '../errors';
import { isApiToken, lesserRole, type TokenPrincipal, tokenActorName, tokenRight } from '../security/api-tokens';
import { hashToken } from '../security/tokens';
import { activeSecret } from '../security/two-factor';

const USER_COLUMNS = readableColumns(ENTITIES.users).map((c) => `users.${c}` as const);
const DAY_MS = 86_400_000;
/** last_used_at is written at most this often, not on every request. */
const TOUCH_EVERY_MS = 60_000;

/** What a route needs: a right on a subject, or only a signed-in user (their own profile and sessions). */
export type RouteRights = { subject: Subject; action: Action } | 'signed-in';

declare module 'fastify' {
  interface FastifyContextConfig {
    rights?: RouteRights;
  }
  interface FastifyRequest {
    /** The signed-in user's session. */
    sessionId: number;
    /** How far the user's right on this route reaches: every record, or only their own. */
    scope: Scope;
  }
}

/** A route's `config`: the right it needs. */
export const needs = (subject: Subject, action: Action) => ({ rights: { subject, action } });

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

export const idleCutoff = (at = Date.now()) => new Date(at - LIMITS.idleSessionDays * DAY_MS).toISOString();

/**
 * onRequest: 401 without a live session or API token; sets request.user and request.sessionId
 * (and request.apiToken for a token, whose user is the admin it acts for, named as the token).
 */
export async function authenticate(request: FastifyRequest): Promise<void> {
  const token = bearerToken(request);
  if (!token) throw new HttpError(401, 'Sign in required');
  const db = request.server.ctx.database.db;
  if (isApiToken(token)) return authenticateApiToken(request, token);
  const found = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([...USER_COLUMNS, 'sessions.id as session_id', 'sessions.last_used_at'])
    .where('sessions.token_hash', '=', hashToken(token))
    .where('sessions.expires_at', '>', now())
    .where('sessions.last_used_at', '>', idleCutoff())
    .executeTakeFirst();
  if (!found) throw new HttpError(401, 'Your session has expired. Please sign in again.');
  const { session_id: sessionId, last_used_at: lastUsedAt, ...user } = found;
  if (isStale(lastUsedAt)) {
    await db
      .updateTable('sessions')
      .set({ last_used_at: now(), ip: request.ip, user_agent: userAgent(request) })
      .where('id', '=', sessionId)
      .execute();
  }
  request.user = user as FastifyRequest['user'];
  request.sessionId = sessionId;
}

/** Whether a session's or token's last use is old enough to be written again. */
const isStale = (lastUsedAt: string | null) => !lastUsedAt || Date.now() - Date.parse(lastUsedAt) > TOUCH_EVERY_MS;

/**
 * A live API token (not revoked, not expired) and the admin it acts for, in one read: the request's
 * user is that admin with the token's name and one site, and the lesser of the token's role and the
 * maker's role now (security/api-tokens.ts). 403 once the maker no longer works on the token's site.
 */
async function authenticateApiToken(request: FastifyRequest, token: string): Promise<void> {
  const db = request.server.ctx.database.db;
  const found = await db
    .selectFrom('api_tokens')
    .innerJoin('users', 'users.id', 'api_tokens.created_by')
    .select([
      ...USER_COLUMNS,
      'api_tokens.id as token_id',
      'api_tokens.name as token_name',
      'api_tokens.app_key as token_site',
      'api_tokens.role as token_role',
      'api_tokens.read_only',
      'api_tokens.last_used_at as token_used_at',
    ])
    .where('api_tokens.token_hash', '=', hashToken(token))
    .where('api_tokens.revoked_at', 'is', null)
    // Every token has an end (migration 021 gave one to those made without).
    .where('api_tokens.expires_at', '>', now())
    .executeTakeFirst();
  const makerRole = found?.role;
  if (!found || !isRole(found.token_role) || !isRole(makerRole)) {
    throw new HttpError(401, 'This API token is unknown, revoked or expired');
  }
  const {
    token_id: id,
    token_name: name,
    token_site: site,
    token_role: role,
    read_only: readOnly,
    token_used_at: usedAt,
    ...user
  } = found;
  // Its maker's account as it is now, not as it was when the token was made.
  if (!worksOn(makerRole, sitesOf(user.sites), site)) {
    throw new HttpError(403, `The admin who made this API token no longer works on the site "${site}"`);
  }
  if (isStale(usedAt)) await db.updateTable('api_tokens').set({ last_used_at: now() }).where('id', '=', id).execute();
  const principal: TokenPrincipal = { id, name, app_key: site, role: lesserRole(role, makerRole), readOnly: readOnly === 1 };
  request.apiToken = principal;
  request.user = { ...user, name: tokenActorName(principal), role: principal.role, sites: site } as FastifyRequest['user'];
  request.sessionId = 0;
}

export const userAgent = (request: FastifyRequest) => request.headers['user-agent']?.slice(0, 500) ?? null;

/** onRequest, after authenticate: 403 unless the user's role grants the route's right. */
export async function authorize(request: FastifyRequest): Promise<void> {
  const rights = request.routeOptions.config.rights;
  if (rights === 'signed-in') return personOnly(request);
  if (!rights) throw new HttpError(403, 'This route is not open to any role');
  const scope = rightOfCaller(request, rights.subject, rights.action);
  if (!scope) {
    throw request.apiToken
      ? new HttpError(403, `This API token may not ${rights.action} ${rights.subject}`)
      : forbidden(rights.action, rights.subject);
  }
  // Two-factor sign-in is a person's: a token acts for an admin who already signed in to make it.
  if (!request.apiToken && (await mustEnrolTwoFactor(request))) {
    throw new HttpError(403, 'Your role requires two-factor sign-in: set it up under My Profile first', {
      two_factor: 'Required for your role',
    });
  }
  request.scope = scope;
}

/** What the caller (a person's role, or an API token) may do with `subject`: everywhere, only their own, or nothing. */
export function rightOfCaller(request: FastifyRequest, subject: Subject, action: Action): Scope | undefined {
  return request.apiToken ? tokenRight(request.apiToken, subject, action) : rightOf(request.user.role, subject, action);
}

/** onRequest of a person's own routes (profile, sessions, two-factor): no API token. */
export async function personOnly(request: FastifyRequest): Promise<void> {
  if (request.apiToken) throw new HttpError(403, 'An API token cannot use a person’s own account routes');
}

/** Whether the user's role requires two-factor sign-in and they have not set it up yet. */
async function mustEnrolTwoFactor(request: FastifyRequest): Promise<boolean> {
  const { requireTwoFactor } = await request.server.ctx.settings.get();
  if (!(requireTwoFactor as unknown[]).includes(request.user.role)) return false;
  return (await activeSecret(request.server.ctx.database.db, request.server.ctx.secrets, request.user.id)) === undefined;
}

const forbidden = (action: Action, subject: string) => new HttpError(403, `Your role does not allow you to ${action} ${subject}`);
