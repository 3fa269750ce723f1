/**
 * API tokens: how a headless consumer (a mobile app, a static build, a script) calls the admin API
 * without a person's session. A token belongs to one site and carries a role's rights, or only
 * that role's reads. It acts on behalf of the admin who made it (records it creates name them),
 * and the activity log names the token. It can never manage users, tokens or security settings,
 * nor use the routes that are a person's own (profile, sessions, two-factor).
 *
 * Tokens start with `ost_` so a session token and an API token are told apart by sight, and so
 * secret scanners can recognise a leaked one.
 */
import { randomBytes } from 'node:crypto';
import { entityByResource, type Role } from '../../shared/entities';
import { type Action, rightOf, type Scope, type Subject } from '../../shared/rights';

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
