/**
 * API tokens: how a headless consumer (a mobile app, a static build, a script) calls the admin API
 * without a person's session. A token belongs to one site and carries a role's rights, or only
 * that role's reads. It acts on behalf of the admin who made it (records it creates name them),
 * and the activity log names the token. It can never manage users, tokens or security settings,
 * nor use the routes that are a person's own (profile, sessions, two-factor).
 *
 * A token never does more than its maker may do now: its rights are the lesser of its own role and
 * its maker's current role, on its site only while the maker still works there (checked on every
 * request). A change to the maker's account revokes their tokens (security/token-revocation.ts),
 * and every token has an end (LIMITS.apiToken), which an admin may push back.
 *
 * Tokens start with `ost_` so a session token and an API token are told apart by sight, and so
 * secret scanners can recognise a leaked one.
 */
import { randomBytes } from 'node:crypto';
import { timeOfDateTime } from '../../shared/date-time';
import { entityByResource, ROLES, type Role } from '../../shared/entities';
import { LIMITS } from '../../shared/limits';
import { type Action, rightOf, type Scope, type Subject } from '../../shared/rights';
import { badRequest } from '../errors';

export const API_TOKEN_PREFIX = 'ost_';

export const newApiToken = () => `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;

export const isApiToken = (token: string) => token.startsWith(API_TOKEN_PREFIX);

/** What no token may do, whatever its role. */
const NEVER_FOR_TOKENS: readonly Subject[] = ['users', 'tokens', 'settings'];

/** The token a request was made with. */
export interface TokenPrincipal {
  id: number;
  name: string;
  app_key: string;
  /** What it acts with: the lesser of its own role and its maker's current role. */
  role: Role;
  readOnly: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the request came with an API token rather than a person's session. */
    apiToken?: TokenPrincipal;
  }
}

/** How far a token's right reaches on a subject, or undefined when it has none. */
export function tokenRight(token: TokenPrincipal, subject: Subject, action: Action): Scope | undefined {
  if (NEVER_FOR_TOKENS.includes(subject)) return undefined;
  if (token.readOnly && action !== 'read') return undefined;
  // A token works inside its one site: sites are made and removed by people.
  if (entityByResource(subject)?.sites && (action === 'create' || action === 'delete')) return undefined;
  return rightOf(token.role, subject, action);
}

/** The name the activity log and revisions give a token's writes. */
export const tokenActorName = (token: TokenPrincipal) => `API token “${token.name}”`;

/**
 * The lesser of two roles. Each role's rights hold every right of the roles after it in ROLES
 * (shared/rights.ts), so the later one is what both allow.
 */
export const lesserRole = (a: Role, b: Role): Role => (ROLES.indexOf(a) >= ROLES.indexOf(b) ? a : b);

const DAY_MS = 86_400_000;

/**
 * When a new token ends (an ISO time): the asked time (a stored date-time, as the body's schema
 * gives it), or LIMITS.apiToken.defaultDays from now; 400 naming `expires_at` for a time past or
 * beyond the maximum.
 */
export function tokenExpiry(asked: string | null | undefined, at = Date.now()): string {
  if (!asked) return new Date(at + LIMITS.apiToken.defaultDays * DAY_MS).toISOString();
  const time = timeOfDateTime(asked);
  if (!(time > at)) throw badRequest('Expires at must be in the future', { expires_at: 'Must be in the future' });
  if (time > at + LIMITS.apiToken.maxDays * DAY_MS) {
    const most = `at most ${LIMITS.apiToken.maxDays} days from now`;
    throw badRequest(`Expires at must be ${most}`, { expires_at: `Must be ${most}` });
  }
  return new Date(time).toISOString();
}

/**
 * A renewed token's end: LIMITS.apiToken.defaultDays past its current end, but never more than
 * LIMITS.apiToken.maxDays from now.
 */
export function renewedExpiry(current: string, at = Date.now()): string {
  const extended = Date.parse(current) + LIMITS.apiToken.defaultDays * DAY_MS;
  return new Date(Math.min(extended, at + LIMITS.apiToken.maxDays * DAY_MS)).toISOString();
}
