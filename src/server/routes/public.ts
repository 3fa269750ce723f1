/**
 * The visitor-facing reads of spec §7.1 (and the two public writes), under /cms with the app-key
 * header, made from each definition's `public` block: a list read, a read by slug, the children
 * they embed and how a preview link shows a draft. Only what visitors may see is shown: active
 * rows (status 1) whose publish time has come (content/visibility.ts).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import fastJson from 'fast-json-stringify';
import { z } from 'zod';
import { columnType, embedNames, ENTITIES, type EntityDef, localizedFields, type ResourceName } from '../../shared/entities';
import { withPictureFacts, type PictureFacts } from '../media/placeholders';
import { focalPointsOf } from '../media/focal-points';
import { type ListAsked, PUBLIC_ENTITIES, publicReads } from '../content/public-reads';
import { refuseUnpublished, requirePublishedApplication, siteByKey } from '../plugins/tenant';
import { HttpError, invalidRequest } from '../errors';
import { SERVER_PATHS } from '../../shared/address-space';
import { arrayEnvelope, itemEnvelope, type JsonSchema, listEnvelope, visitorRecordSchema } from './response-schemas';
import { listQuery, localeTag } from './schemas';
import { acceptSiteInBody } from './site-in-body';
import { formValues } from '../../shared/public-forms';
import { sentText, storeVisitorForm, visitorBodies, visitorKey } from '../content/visitor-forms';
import { documented, operation, withArticle } from '../openapi';

const tags = ['Public'];
const publicDoc = (def: { resource: string }) => documented(def, 'public.');
/** What a visitor's form answers: the stored message, or the address subscribed. */
const sentAnswers = {
  contact: visitorRecordSchema(ENTITIES.messages),
  subscribe: { type: 'object', properties: { email: { type: 'string' } } },
};

/** A site's settings, without the id of the account that created it. */
const siteRecord = visitorRecordSchema(ENTITIES.applications);

/** A record as visitors read it, with the children its reads embed (a page's sections, with their widgets). */
function publicRecord(def: EntityDef, extra: Record<string, JsonSchema> = {}): JsonSchema {
  const embedded = Object.fromEntries(
    (def.public?.embeds ?? []).map((embed) => [
      embed.name,
      { type: 'array', items: publicRecord(ENTITIES[embed.entity as ResourceName] as EntityDef) },
    ]),
  );
  // Asked in a locale (?locale=), a record says which locale each localized field's text is in.
  const textLocales: Record<string, JsonSchema> = localizedFields(def).length
    ? { text_locales: { type: 'object', additionalProperties: { type: 'string' } } }
    : {};
  return visitorRecordSchema(def, { ...embedded, ...textLocales, ...extra });
}

/** `?preview=` carries a signed preview link's token (content/preview-links.ts). */
/** `?locale=bn`: the text in one of the site's locales (content/translations.ts); none, the default locale's as ever. */
const localeQuery = { locale: localeTag.optional() };
const previewQuery = listQuery.extend({ preview: z.string().max(300).optional(), ...localeQuery });
const slugParams = z.object({ slug: z.string().min(1).max(200) });

/** `make(def)`, made once per definition: a route's schemas are made at start, a page render's reads ask for them each time. */
function perDefinition<T>(make: (def: EntityDef) => T): (def: EntityDef) => T {
  const made = new Map<EntityDef, T>();
  return (def) => {
    let value = made.get(def);
    if (value === undefined) made.set(def, (value = make(def)));
    return value;
  };
}

/** A list read's query: paging (unless unpaged), a preview token where a list shows one, and the fields it filters by. */
const listQueryOf = perDefinition((def) => {
  const list = def.public!.list!;
  const base = (list.unpaged ? z.object({}) : def.public!.preview === 'list' ? previewQuery : listQuery).extend(localeQuery);
  const filters = Object.fromEntries(
    (list.filters ?? []).map((name) => {
      const field = def.fields[name]!;
      const numeric = columnType(field) === 'integer';
      return [
        name,
        numeric
          ? z.coerce
              .number({ error: `${name} must be a number` })
              .int()
              .optional()
          : z.string().max(200).optional(),
      ];
    }),
  );
  return base.extend(filters);
});

/** What a list read answers: `{data: [...]}` unpaged (menus, spec §7.1), a page of records otherwise. */
const listAnswer = perDefinition((def) => (def.public!.list!.unpaged ? arrayEnvelope : listEnvelope)(publicRecord(def)));
/** Asked in a locale, one record also names its address in each locale it is written in (`slugs`). */
const detailAnswer = perDefinition((def) =>
  itemEnvelope(
    publicRecord(def, localizedFields(def).length ? { slugs: { type: 'object', additionalProperties: { type: 'string' } } } : {}),
  ),
);
const siteAnswer = itemEnvelope(siteRecord);

/**
 * The answer's JSON as the API writes it: Fastify serialises a route's answer with
 * fast-json-stringify compiled from its response schema (its default serializer), and so does a
 * read made without HTTP, from the same schema object: the same bytes, each property the schema
 * does not name left out, in one pass over the value.
 */
const serializers = new WeakMap<JsonSchema, (value: unknown) => string>();
function serialized(schema: JsonSchema, value: unknown): string {
  let serialize = serializers.get(schema);
  if (!serialize) serializers.set(schema, (serialize = fastJson(schema)));
  return serialize(value);
}

const pictureFacts = (app: FastifyInstance): PictureFacts => ({
  placeholderOf: (name) => app.ctx.renditions.placeholder(name),
  focalPointsOf: (names) => focalPointsOf(app.ctx.database.db, names),
});

/** An answer of a read made without HTTP: its status and its body's JSON, as the API would send them. */
export interface InProcessAnswer {
  status: number;
  text: string;
}

/**
 * The public reads a page render makes (seo/ssr.ts), answered without a trip through HTTP: the
 * same query validation, the same reads (content/public-reads.ts), the same answer shape (the
 * response schema's properties) and placeholders as the routes below. A path that is not a
 * visitor's read is a 404, as it is over HTTP.
 */
export function inProcessReads(app: FastifyInstance): (url: string, appKey: string) => Promise<InProcessAnswer> {
  const reads = publicReads(app.ctx);
  const shaped = async (schema: JsonSchema, body: unknown): Promise<InProcessAnswer> => ({
    status: 200,
    text: serialized(schema, await withPictureFacts(body, pictureFacts(app))),
  });
  const parsed = <T>(schema: z.ZodType<T>, part: 'params' | 'querystring', values: Record<string, string>): T => {
    const result = schema.safeParse(values);
    if (result.success) return result.data;
    throw invalidRequest(
      part,
      Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.') || part, issue.message])),
    );
  };
  const answer = async (url: string, appKey: string): Promise<InProcessAnswer> => {
    const { pathname, searchParams } = new URL(url, 'http://in-process');
    if (!pathname.startsWith(`${SERVER_PATHS.api}/`)) throw new HttpError(404, `No route for GET ${pathname}`);
    const [resource, slug, ...more] = pathname
      .slice(SERVER_PATHS.api.length + 1)
      .split('/')
      .map(decodeURIComponent);
    const query = Object.fromEntries(searchParams);
    refuseUnpublished(await siteByKey(app.ctx, appKey));
    if (resource === ENTITIES.applications.resource && slug && more.length === 0)
      return shaped(siteAnswer, await reads.site(appKey, slug));
    const [name, def] = PUBLIC_ENTITIES.find(([, candidate]) => candidate.resource === resource) ?? [];
    if (name && def && slug === undefined && def.public!.list) {
      return shaped(listAnswer(def), await reads.list(appKey, name, parsed(listQueryOf(def), 'querystring', query) as ListAsked));
    }
    if (name && def && slug && more.length === 0 && def.public!.detail && def.slug) {
      parsed(slugParams, 'params', { slug });
      const { preview, locale } = parsed(previewQuery, 'querystring', query);
      return shaped(detailAnswer(def), await reads.detail(appKey, name, slug, preview, locale));
    }
    throw new HttpError(404, `No route for GET ${pathname}`);
  };
  return (url, appKey) =>
    answer(url, appKey).catch((error: unknown) => {
      if (!(error instanceof HttpError)) throw error;
      return {
        status: error.statusCode,
        text: JSON.stringify({ message: error.message, ...(error.errors ? { errors: error.errors } : {}) }),
      };
    });
}

export const publicRoutes = fp(
  async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const { config } = app.ctx;
    const writeLimit = { rateLimit: { max: config.publicWriteLimit, timeWindow: '1 minute' } };

    app.addHook('preHandler', requirePublishedApplication);
    app.addHook('preSerialization', async function addPictureFacts(_request, reply, payload) {
      return reply.statusCode === 200 ? withPictureFacts(payload, pictureFacts(app)) : payload;
    });

    const reads = publicReads(app.ctx);
    /** A visitors' read is the same for everyone who asks it: kept (cache/public-answers.ts), by what its query says. */
    const keptRead = (query: z.ZodObject) => ({ keptRead: { query: Object.keys(query.shape) } });
    /** A preview is for the holder of its link only: never kept by anyone, never indexed. */
    const privately = (reply: FastifyReply) =>
      void reply.header('cache-control', 'private, no-store').header('x-robots-tag', 'noindex');

    for (const [name, def] of PUBLIC_ENTITIES) {
      const doc = publicDoc(def);
      const { list, detail, preview } = def.public!;

      if (list) {
        const filters = list.filters ?? [];
        const query = listQueryOf(def);
        const schema = {
          ...doc(
            'list',
            `List ${def.title.toLowerCase()} visitors see`,
            [
              list.unpaged
                ? 'Every active one, unpaged, as `{data: [...]}` (spec §7.1).'
                : 'Active ones whose publish time has come, in the list order.',
              ...filters.map((field) => `\`${field}\` narrows it to the ones with that ${def.fields[field]!.label}.`),
            ].join(' '),
          ),
          tags,
          querystring: query,
          response: { 200: listAnswer(def) },
        };
        api.get(`/${def.resource}`, { schema, config: keptRead(query) }, async (request, reply) => {
          const asked = request.query as ListAsked;
          if (asked.preview !== undefined && preview === 'list') privately(reply);
          return reads.list(request.application.app_key, name, asked);
        });
      }

      if (detail && def.slug) {
        const schema = {
          ...doc(
            'get',
            `Read ${withArticle(def.formTitle.toLowerCase())} by its slug`,
            embedNames(def).length ? `With its ${embedNames(def).join(', ')}.` : undefined,
          ),
          tags,
          params: slugParams,
          querystring: previewQuery,
          response: { 200: detailAnswer(def) },
        };
        api.get(`/${def.resource}/:slug`, { schema, config: keptRead(previewQuery) }, async (request, reply) => {
          const token = preview === 'detail' ? request.query.preview : undefined;
          if (token) privately(reply);
          return reads.detail(request.application.app_key, name, request.params.slug, token, request.query.locale);
        });
      }
    }

    api.get(
      `/${ENTITIES.applications.resource}/:appKey`,
      {
        schema: {
          ...publicDoc(ENTITIES.applications)(
            'get',
            'Read a site’s public settings',
            'Its name, logo, contact details and the like: only of the site the `app-key` header names (another key, like an unknown one, answers 404).',
          ),
          tags,
          params: z.object({ appKey: z.string().max(64) }),
          response: { 200: siteAnswer },
        },
        // Kept in the scope of the key that asked, the only site it answers.
        config: keptRead(z.object({})),
      },
      // Written through siteRecord, which leaves the owner's id out.
      async (request) => reads.site(request.application.app_key, request.params.appKey),
    );

    /** An island's Idempotency-Key; a body without one is keyed by what it says (visitorKey). */
    const keyHeaders = z.object({ 'idempotency-key': z.string().min(8).max(200).optional() });
    for (const [form, path] of [
      ['subscribe', '/subscribers'],
      ['contact', '/messages'],
    ] as const) {
      api.post(
        path,
        {
          schema: {
            ...(form === 'contact'
              ? operation('public.messages.create', 'Send a contact message')
              : operation('public.subscribers.create', 'Subscribe to the newsletter')),
            description: 'An `Idempotency-Key` header (or, without one, the same words) stores it once.',
            tags,
            body: visitorBodies[form],
            headers: keyHeaders,
            response: { 201: { type: 'object', properties: { message: { type: 'string' }, data: sentAnswers[form] } } },
          },
          config: writeLimit,
          preValidation: acceptSiteInBody,
        },
        async (request, reply) => {
          const body = request.body as Record<string, string>;
          const values = formValues(form, body);
          const key = visitorKey(form, values, request.headers['idempotency-key']);
          const stored = await storeVisitorForm(request, form, { ...body, ...values }, key);
          const data = form === 'contact' ? stored : { email: values.email!.toLowerCase() };
          return reply.status(201).send({ message: sentText(form), data });
        },
      );
    }
  },
  { name: 'public-api', encapsulate: true, dependencies: ['app-context', 'keep-public-answers'] },
);
