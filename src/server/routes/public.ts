/**
 * The visitor-facing reads of spec §7.1 (and the two public writes), under /cms with the app-key
 * header, made from each definition's `public` block: a list read, a read by slug, the children
 * they embed and how a preview link shows a draft. Only what visitors may see is shown: active
 * rows (status 1) whose publish time has come (content/visibility.ts).
 */
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import findMyWay from 'find-my-way';
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
import { SEARCH_READ, SERVER_PATHS } from '../../shared/address-space';
import { arrayEnvelope, itemEnvelope, type JsonSchema, listEnvelope, visitorRecordSchema } from './response-schemas';
import { listQuery, localeTag } from './schemas';
import { acceptSiteInBody } from './site-in-body';
import { formValues } from '../../shared/public-forms';
import { sentText, storeVisitorForm, visitorBodies, visitorKey } from '../content/visitor-forms';
import {
  builtRefusals,
  builtValues,
  careerOf,
  entryKey,
  inEnglish,
  liveForm,
  robotCheck,
  storeEntry,
  tooFast,
  fieldsOf,
} from '../content/built-forms';
import { formUploadRoutes } from '../content/entry-files';
import { siteEn } from '../../shared/messages/site-en';
import { documented, operation, withArticle } from '../openapi';
import { visitorSearch } from '../content/visitor-search';

const tags = ['Public'];
const publicDoc = (def: { resource: string }) => documented(def, 'public.');
/** What a visitor's form answers: the stored message, or the address subscribed. */
const sentAnswers = {
  contact: visitorRecordSchema(ENTITIES.messages),
  subscribe: { type: 'object', properties: { email: { type: 'string' } } },
};

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
/** `/cms/search?q=`: the site's search (content/visitor-search.ts). */
const searchQuery = z.object({
  q: z.string().trim().min(1, 'Say what to search for').max(200),
  page: z.coerce.number().int().min(1).max(1000).optional(),
  ...localeQuery,
});
/** A page of results, and `more` when more than its `total` (SEARCH_MOST_COUNTED) were found. */
const searchAnswer = listEnvelope(
  {
    type: 'object',
    properties: {
      resource: { type: 'string' },
      id: { type: 'integer' },
      title: { type: 'string' },
      excerpt: { type: 'string' },
      matches: { type: 'array', items: { type: 'array', items: { type: 'integer' } } },
      path: { type: 'string' },
    },
  },
  { more: { type: 'boolean' } },
);
/** A site's settings, without the id of the account that created it; asked in a locale, in that locale's words. */
const siteAnswer = itemEnvelope(publicRecord(ENTITIES.applications));

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

/** What a read is run with: the site asking, and its address's parts as its schemas parsed them. */
interface ReadAsked {
  appKey: string;
  params: Record<string, string>;
  query: Record<string, unknown>;
}

/**
 * One kind of visitor read, declared once: its path under /cms, its parameters' and query's
 * schemas, its answer's schema (which writes its JSON), its documentation and how it is run. The
 * routes below register from this table, and a page render's reads (`inProcessReads`) find their
 * read in it with Fastify's own router: one list, so the two cannot disagree on what a read is.
 */
interface PublicRead {
  path: string;
  params?: z.ZodObject;
  query: z.ZodObject;
  answer: JsonSchema;
  doc: Record<string, unknown>;
  run(asked: ReadAsked): Promise<unknown>;
  /** Whether what it was asked is for one holder only (a preview link): never kept, never indexed. */
  isPrivate?(query: Record<string, unknown>): boolean;
  /**
   * False for a read whose answers are not kept: the search, whose queries are anyone's words,
   * which would otherwise fill the cache without bound and push the site's pages out of it.
   */
  kept?: false;
}

function publicReadTable(app: FastifyInstance): PublicRead[] {
  const reads = publicReads(app.ctx);
  const search = visitorSearch(app.ctx);
  const table: PublicRead[] = [];
  for (const [name, def] of PUBLIC_ENTITIES) {
    const doc = publicDoc(def);
    const { list, detail, preview } = def.public!;
    if (list) {
      const filters = list.filters ?? [];
      table.push({
        path: `/${def.resource}`,
        query: listQueryOf(def),
        answer: listAnswer(def),
        doc: doc(
          'list',
          `List ${def.title.toLowerCase()} visitors see`,
          [
            list.unpaged
              ? 'Every active one, unpaged, as `{data: [...]}` (spec §7.1).'
              : 'Active ones whose publish time has come, in the list order.',
            ...filters.map((field) => `\`${field}\` narrows it to the ones with that ${def.fields[field]!.label}.`),
          ].join(' '),
        ),
        run: ({ appKey, query }) => reads.list(appKey, name, query as ListAsked),
        isPrivate: (query) => preview === 'list' && query.preview !== undefined,
      });
    }
    if (detail && def.slug) {
      table.push({
        path: `/${def.resource}/:slug`,
        params: slugParams,
        query: previewQuery,
        answer: detailAnswer(def),
        doc: doc(
          'get',
          `Read ${withArticle(def.formTitle.toLowerCase())} by its slug`,
          embedNames(def).length ? `With its ${embedNames(def).join(', ')}.` : undefined,
        ),
        run: ({ appKey, params, query }) =>
          reads.detail(
            appKey,
            name,
            params.slug!,
            preview === 'detail' ? (query.preview as string | undefined) : undefined,
            query.locale as string | undefined,
          ),
        isPrivate: (query) => preview === 'detail' && Boolean(query.preview),
      });
    }
  }
  table.push({
    path: SEARCH_READ,
    query: searchQuery,
    answer: searchAnswer,
    doc: operation(
      'public.search',
      'Search the site',
      'The records visitors may read whose words begin with every word of `q`, best first, with an excerpt around the words found (`matches`: where they are in it) and each record’s address in the language asked.',
    ),
    run: async ({ appKey, query }) => ({
      data: await search.search(
        appKey,
        query.q as string,
        (query.page as number | undefined) ?? 1,
        query.locale as string | undefined,
      ),
    }),
    kept: false,
  });
  table.push({
    path: `/${ENTITIES.applications.resource}/:appKey`,
    params: z.object({ appKey: z.string().max(64) }),
    // Kept in the scope of the key that asked, the only site it answers, once per locale.
    query: z.object(localeQuery),
    // Written through siteAnswer, which leaves the owner's id out.
    answer: siteAnswer,
    doc: publicDoc(ENTITIES.applications)(
      'get',
      'Read a site’s public settings',
      'Its name, logo, contact details and the like: only of the site the `app-key` header names (another key, like an unknown one, answers 404).',
    ),
    run: ({ appKey, params, query }) => reads.site(appKey, params.appKey!, query.locale as string | undefined),
  });
  return table;
}

/**
 * An answer of a read made without HTTP: its status and its body's JSON, as the API would send
 * them, and whether it may be kept for anyone (its route's answers are).
 */
export interface InProcessAnswer {
  status: number;
  text: string;
  keep: boolean;
}

/**
 * The public reads a page render makes (seo/ssr.ts), answered without a trip through HTTP: the
 * read the route would run, found with Fastify's router (find-my-way) in the same table, its
 * parameters and query parsed by the same schemas, its answer written by the same serializer with
 * the same placeholders. A path that is not a visitor's read is a 404, as it is over HTTP.
 */
export function inProcessReads(app: FastifyInstance): (url: string, appKey: string) => Promise<InProcessAnswer> {
  const router = findMyWay<findMyWay.HTTPVersion.V1>();
  for (const read of publicReadTable(app)) router.on('GET', `${SERVER_PATHS.api}${read.path}`, () => undefined, read);
  const parsed = (schema: z.ZodObject, part: 'params' | 'querystring', values: Record<string, string | undefined>) => {
    const result = schema.safeParse(values);
    if (result.success) return result.data as Record<string, unknown>;
    throw invalidRequest(
      part,
      Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.') || part, issue.message])),
    );
  };
  const answer = async (url: string, appKey: string): Promise<InProcessAnswer> => {
    const { pathname, searchParams } = new URL(url, 'http://in-process');
    const found = router.find('GET', pathname);
    if (!found) throw new HttpError(404, `No route for GET ${pathname}`);
    const read = found.store as PublicRead;
    refuseUnpublished(await siteByKey(app.ctx, appKey));
    const params = read.params ? (parsed(read.params, 'params', found.params) as Record<string, string>) : {};
    const query = parsed(read.query, 'querystring', Object.fromEntries(searchParams));
    const body = await read.run({ appKey, params, query });
    const keep = read.kept !== false && !read.isPrivate?.(query);
    return { status: 200, text: serialized(read.answer, await withPictureFacts(body, pictureFacts(app))), keep };
  };
  return (url, appKey) =>
    answer(url, appKey).catch((error: unknown) => {
      if (!(error instanceof HttpError)) throw error;
      return {
        status: error.statusCode,
        text: JSON.stringify({ message: error.message, ...(error.errors ? { errors: error.errors } : {}) }),
        keep: false,
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

    /** A visitors' read is the same for everyone who asks it: kept (cache/public-answers.ts), by what its query says. */
    const keptRead = (read: PublicRead): FastifyContextConfig =>
      read.kept === false ? {} : { keptRead: { query: Object.keys(read.query.shape) } };
    for (const read of publicReadTable(app)) {
      const schema = {
        ...read.doc,
        tags,
        ...(read.params ? { params: read.params } : {}),
        querystring: read.query,
        response: { 200: read.answer },
      };
      api.get(read.path, { schema, config: keptRead(read) }, async (request, reply) => {
        const query = request.query as Record<string, unknown>;
        // A preview is for the holder of its link only: never kept by anyone, never indexed.
        if (read.isPrivate?.(query)) void reply.header('cache-control', 'private, no-store').header('x-robots-tag', 'noindex');
        return read.run({ appKey: request.application.app_key, params: request.params as Record<string, string>, query });
      });
    }

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

    // An entry of a form staff built (shared/built-forms.ts): its answers by field name, several
    // choices as a list; the same rules, limit and idempotency as the contact form's.
    const answer = z.union([z.string().max(10_000), z.number(), z.boolean(), z.array(z.string().max(1_000)).max(200)]);
    api.post(
      '/forms/:id/entries',
      {
        schema: {
          ...operation('public.forms.entries.create', 'Send an entry of a form'),
          description:
            'The answers by field name (`fields` of the form’s public read). An `Idempotency-Key` header (or, without one, the same answers) stores it once; a closed form answers 409. An application names its career (`career_id`, one whose form this is): it is taken only between the career’s application start and end (409 otherwise).',
          tags,
          params: z.object({ id: z.coerce.number().int().positive() }),
          body: z.record(z.string().max(100), answer.nullable()),
          headers: keyHeaders,
          response: {
            201: {
              type: 'object',
              properties: { message: { type: 'string' }, data: { type: 'object', properties: { id: { type: 'integer' } } } },
            },
          },
        },
        config: writeLimit,
        preValidation: acceptSiteInBody,
      },
      async (request, reply) => {
        const body = request.body as Record<string, unknown>;
        const form = await liveForm(request, (request.params as { id: number }).id);
        const robot = robotCheck(body);
        // A robot is told what a person is, so it learns nothing from trying again.
        if (robot === 'robot') return reply.status(201).send({ message: siteEn['builtForm.sent.text'], data: {} });
        if (robot === 'too-fast') throw tooFast();
        const values = builtValues(form, body);
        const errors = builtRefusals(form, values);
        const fields = Object.keys(errors);
        if (fields.length > 0) {
          const english = inEnglish(errors);
          throw new HttpError(400, `${fields[0]}: ${english[fields[0]!]}`, english);
        }
        const career = await careerOf(request, form, body);
        const locale = typeof body.locale === 'string' ? body.locale.slice(0, 35) : undefined;
        const stored = await storeEntry(
          request,
          form,
          values,
          entryKey(form, values, request.headers['idempotency-key'], career),
          locale,
          career,
        );
        return reply.status(201).send({ message: form.sent_text || siteEn['builtForm.sent.text'], data: stored });
      },
    );

    // The files a form's file fields take, uploaded resumably before the entry names them.
    await formUploadRoutes(app, { liveForm, fieldsOf, writeLimit });
  },
  { name: 'public-api', encapsulate: true, dependencies: ['app-context', 'keep-public-answers'] },
);
