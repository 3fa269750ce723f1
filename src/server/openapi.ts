/**
 * The OpenAPI document (`/cms/docs/json`), OpenAPI 3.1, written from the routes themselves. Each
 * route names its `operationId` and `summary`; what follows from how the route is mounted is
 * filled in here, so it can never disagree with what the server does:
 *
 * - `security`, from the route's rights (shared/rights.ts) and where it lives (/cms: the site's
 *   key; /cms/api: a bearer token, and the key for a site's own data);
 * - a description of who may call it, from the roles' rights;
 * - the error answers it can give (400, 401, 403, 404, 409, 429), all one `Error` shape
 *   (plugins/errors.ts writes every failure that way);
 * - the document's tags, servers and components.
 *
 * A route without an operationId or a summary stops the document being written (the test that
 * lints the document finds it): a new route is documented, or it is not finished.
 */
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { ROLES } from '../shared/entities';
import { rightOf } from '../shared/rights';
import type { RouteRights } from './plugins/auth';
import { isPublicApiAddress } from '../shared/address-space';

type Json = Record<string, unknown>;
type Operation = Json & { responses?: Json; security?: Json[]; requestBody?: unknown; parameters?: Json[]; tags?: string[] };

const ERROR_SCHEMA = {
  type: 'object',
  required: ['message'],
  properties: {
    message: { type: 'string', description: 'What went wrong, in words a person can act on' },
    errors: {
      type: 'object',
      additionalProperties: { type: 'string' },
      description: 'The fields at fault, each with what is wrong with it',
    },
  },
  additionalProperties: true,
};

/** The error answers, by status; an operation refers to those that apply to it. */
const ERRORS = {
  400: { name: 'BadRequest', description: 'The request is invalid: `errors` names each field at fault; nothing was stored' },
  401: { name: 'Unauthorized', description: 'No valid token: sign in (POST /cms/api/login) or send a live API token' },
  403: { name: 'Forbidden', description: 'The token may not do this, or not on this site' },
  404: { name: 'NotFound', description: 'No such record, or no such published site for this key' },
  409: { name: 'Conflict', description: 'Saved by someone else since the version this edit is based on; `current` holds theirs' },
  429: { name: 'TooManyRequests', description: 'Too many requests: wait as long as `Retry-After` says' },
} satisfies Record<number, { name: string; description: string }>;

const TAG_DESCRIPTIONS: Record<string, string> = {
  Public: 'What visitors read, and the two forms they send (contact, subscribe). Send the site key as the `app-key` header.',
  Auth: 'Signing in, one’s own account, sessions and two-factor sign-in.',
  Files: 'The media library: uploads, the file list and deletes.',
  System: 'The dashboard report, the activity log, security settings, API tokens and webhooks’ deliveries.',
};

const SECURITY_SCHEMES = {
  bearer: {
    type: 'http',
    scheme: 'bearer',
    description: 'A session token from POST /cms/api/login, or an API token made under System → API tokens',
  },
  appKey: { type: 'apiKey', in: 'header', name: 'app-key', description: 'The site’s app key (also accepted as `app_key`)' },
} as const;

/** Who may call a route, as words from the roles' rights. */
function accessText(rights: RouteRights | undefined, url: string): string {
  if (rights === 'signed-in') return 'Any signed-in account, for itself.';
  if (!rights) return isPublicApiAddress(url) ? 'Open to visitors: send the site’s app key.' : 'Open: no token needed.';
  const roles = ROLES.flatMap((role) => {
    const scope = rightOf(role, rights.subject, rights.action);
    return scope ? [scope === 'own' ? `${role} (own records only)` : role] : [];
  });
  return `Needs the right to ${rights.action} ${rights.subject}: ${roles.join(', ')}. Works on one site, named by the app key.`;
}

function securityOf(rights: RouteRights | undefined, url: string): Json[] {
  if (rights === 'signed-in') return [{ bearer: [] }];
  if (rights) return [{ bearer: [], appKey: [] }];
  return isPublicApiAddress(url) ? [{ appKey: [] }] : [];
}

/**
 * A body the document describes but Fastify does not validate (a multipart upload, which the
 * route reads as a stream).
 */
export const DOCUMENTED_BODY = 'x-documented-body';

/** Per route: zod request schemas → JSON Schema, then what follows from how the route is mounted. */
const transform: NonNullable<FastifyDynamicSwaggerOptions['transform']> = (input) => {
  const { response, [DOCUMENTED_BODY]: documentedBody, [ERRORS_KEY]: raised, ...requests } = (input.schema ?? {}) as Json;
  const converted = jsonSchemaTransform({ ...input, schema: requests } as Parameters<typeof jsonSchemaTransform>[0]);
  const schema = {
    ...converted.schema,
    ...(response ? { response } : {}),
    ...(documentedBody ? { body: documentedBody } : {}),
  } as Json;
  if (schema.hide) return { ...converted, schema };
  const where = `${String(input.route.method)} ${input.url}`;
  if (typeof schema.operationId !== 'string') throw new Error(`${where} has no operationId`);
  if (typeof schema.summary !== 'string') throw new Error(`${where} has no summary`);
  const config = (input.route.config ?? {}) as { rights?: RouteRights; rateLimit?: unknown };
  const access = accessText(config.rights, input.url);
  return {
    ...converted,
    schema: {
      ...schema,
      description: schema.description ? `${String(schema.description)}\n\n${access}` : access,
      security: securityOf(config.rights, input.url),
      [ERRORS_KEY]: [
        ...new Set([...errorsOf(input.route.method, input.url, requests, config), ...((raised as string[]) ?? [])]),
      ].sort(),
    },
  };
};

/**
 * Where transform leaves an operation's error answers for transformObject to write as references;
 * a route names there the ones it raises itself (`raises`).
 */
const ERRORS_KEY = 'x-errors';

/** Error answers a route gives of its own, beyond what follows from how it is mounted (a sign-in limit's 429). */
export const raises = (...codes: (keyof typeof ERRORS)[]) => ({ [ERRORS_KEY]: codes.map(String) });

/** The error answers a route can give, from what it takes, who may call it and where it lives. */
function errorsOf(method: unknown, url: string, requests: Json, config: { rights?: RouteRights; rateLimit?: unknown }): string[] {
  const codes = new Set<string>();
  const takesInput = ['body', 'params', 'querystring', 'headers'].some((part) => requests[part] !== undefined);
  const hasId = requests.params !== undefined || url.includes(':');
  if (takesInput) codes.add('400');
  if (config.rights) codes.add('401').add('403');
  // A site's key that names no (published) site is a 404, as is an id that names no record.
  if (hasId || typeof config.rights === 'object' || isPublicApiAddress(url)) codes.add('404');
  if (method === 'PUT' && hasId) codes.add('409');
  // API tokens are rate-limited on every route they may use; public writes have their own limits.
  if (config.rateLimit !== undefined || typeof config.rights === 'object') codes.add('429');
  return [...codes].sort();
}

/** The whole document: error answers, tags and what consumers' tools ask of every document. */
const transformObject: NonNullable<FastifyDynamicSwaggerOptions['transformObject']> = (input) => {
  const document = (input as { openapiObject: Json }).openapiObject as Json & {
    paths: Record<string, Record<string, Operation>>;
    components?: Json;
  };
  const tags = new Set<string>();
  for (const item of Object.values(document.paths)) {
    for (const operation of Object.values(item)) {
      if (typeof operation !== 'object' || !operation.responses) continue;
      for (const tag of operation.tags ?? []) tags.add(tag);
      for (const code of (operation[ERRORS_KEY] as string[] | undefined) ?? []) {
        operation.responses[code] ??= { $ref: `#/components/responses/${ERRORS[Number(code) as keyof typeof ERRORS].name}` };
      }
      delete operation[ERRORS_KEY];
    }
  }
  const responses = Object.fromEntries(
    Object.values(ERRORS).map(({ name, description }) => [
      name,
      { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
    ]),
  );
  return {
    ...document,
    tags: [...tags]
      .sort()
      .map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? `${name}: list, read, create, update and delete.` })),
    components: {
      ...document.components,
      schemas: { ...(document.components?.schemas as Json), Error: ERROR_SCHEMA },
      responses,
    },
  };
};

export const openapiOptions: FastifyDynamicSwaggerOptions = {
  openapi: {
    openapi: '3.1.0',
    info: {
      title: 'Content API',
      version: '1.0.0',
      description:
        'Public reads and forms under /cms send the site’s `app-key` header. Admin calls under /cms/api send `Authorization: Bearer <token>` (a session from POST /cms/api/login, or an API token) and the `app_key` header. Date-times are accepted as ISO 8601 with Z or an offset, or as `YYYY-MM-DD HH:mm:ss` in UTC, and answered in the second form. A record read may be sent back whole: what the server gave out is ignored.',
      license: { name: 'MIT', identifier: 'MIT' },
      contact: { name: 'The site’s administrators' },
    },
    servers: [{ url: '/', description: 'This server' }],
    components: { securitySchemes: SECURITY_SCHEMES },
  },
  transform,
  transformObject,
};

/** A route's name and one-line summary in the document (with a longer description when it helps). */
export const operation = (operationId: string, summary: string, description?: string) => ({
  operationId,
  summary,
  ...(description ? { description } : {}),
});

/** `operation` for one entity's routes: ids as `posts.list`, `posts.update`. */
export const documented =
  (def: { resource: string }, prefix = '') =>
  (action: string, summary: string, description?: string) =>
    operation(`${prefix}${def.resource}.${action}`, summary, description);

/** 'a post', 'an app setting': a summary's noun with its article. */
export const withArticle = (noun: string) => `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;
