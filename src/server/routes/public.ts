/**
 * The visitor-facing reads of spec §7.1 (and the two public writes), under /cms with the app-key
 * header, made from each definition's `public` block: a list read, a read by slug, the children
 * they embed and how a preview link shows a draft. Only what visitors may see is shown: active
 * rows (status 1) whose publish time has come (content/visibility.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { columnType, embedNames, ENTITIES, type EntityDef, type ResourceName } from '../../shared/entities';
import { paged } from '../../shared/envelope';
import { LIMITS } from '../../shared/limits';
import { getDraft } from '../content/drafts';
import { withPlaceholders } from '../media/placeholders';
import { forVisitors } from '../content/visibility';
import { notFound } from '../errors';
import { serviceFor } from '../plugins/context';
import { requirePublishedApplication } from '../plugins/tenant';
import { arrayEnvelope, itemEnvelope, listEnvelope, visitorRecordSchema } from './response-schemas';
import { listQuery } from './schemas';
import { acceptSiteInBody } from './site-in-body';
import { formValues, PUBLIC_FORMS } from '../../shared/public-forms';
import { storeVisitorForm, visitorBodies, visitorKey } from '../content/visitor-forms';
import { documented, operation, withArticle } from '../openapi';
import type { Row } from '../content/repository';

type JsonSchema = Record<string, unknown>;

const tags = ['Public'];
const publicDoc = (def: { resource: string }) => documented(def, 'public.');
/** What a visitor's form answers: the stored message, or the address subscribed. */
const sentAnswers = {
  contact: visitorRecordSchema(ENTITIES.messages),
  subscribe: { type: 'object', properties: { email: { type: 'string' } } },
};

/** A site's settings, without the id of the account that created it. */
const siteRecord = visitorRecordSchema(ENTITIES.applications);

/** Entities with public reads, each with its definition's `public` block. */
const PUBLIC = (Object.entries(ENTITIES) as [ResourceName, EntityDef][]).filter(([, def]) => def.public);

/** A record as visitors read it, with the children its reads embed (a page's sections, with their widgets). */
function publicRecord(def: EntityDef): JsonSchema {
  const embedded = Object.fromEntries(
    (def.public?.embeds ?? []).map((embed) => [
      embed.name,
      { type: 'array', items: publicRecord(ENTITIES[embed.entity as ResourceName] as EntityDef) },
    ]),
  );
  return visitorRecordSchema(def, embedded);
}

/** `?preview=` carries a signed preview link's token (content/preview-links.ts). */
const previewQuery = listQuery.extend({ preview: z.string().max(300).optional() });
const slugParams = z.object({ slug: z.string().min(1).max(200) });

/** A list read's query: paging (unless unpaged), a preview token where a list shows one, and the fields it filters by. */
function listQueryOf(def: EntityDef) {
  const list = def.public!.list!;
  const base = list.unpaged ? z.object({}) : def.public!.preview === 'list' ? previewQuery : listQuery;
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
}

export const publicRoutes = fp(
  async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const { services, config } = app.ctx;
    const writeLimit = { rateLimit: { max: config.publicWriteLimit, timeWindow: '1 minute' } };

    app.addHook('preHandler', requirePublishedApplication);
    app.addHook('preSerialization', async (_request, reply, payload) =>
      reply.statusCode === 200 ? withPlaceholders(payload, (name) => app.ctx.renditions.placeholder(name)) : payload,
    );

    /** `rows` with the children each embeds, as visitors see them, found in one read per kind. */
    const withEmbeds = async (appKey: string, def: EntityDef, rows: Row[]): Promise<Row[]> => {
      let result = rows;
      for (const embed of def.public?.embeds ?? []) {
        if (result.length === 0) return result;
        const childDef = ENTITIES[embed.entity as ResourceName] as EntityDef;
        const ids = result.map((row) => row.id as number);
        const children = await serviceFor(services, embed.entity as ResourceName).repo.list(appKey, {
          page: 1,
          size: LIMITS.maxPageSize,
          ...forVisitors(childDef, {}, (qb) => qb.where(embed.by, 'in', ids)),
        });
        const withTheirs = await withEmbeds(appKey, childDef, children.rows as Row[]);
        result = result.map((row) => ({ ...row, [embed.name]: withTheirs.filter((child) => child[embed.by] === row.id) }));
      }
      return result;
    };

    /**
     * The record a valid preview link names, as its draft would have it, whatever its status or
     * publish time; never kept, never indexed. Any other link is a 404, as if there were nothing.
     */
    const previewed = async (request: FastifyRequest, reply: FastifyReply, name: ResourceName, token: string): Promise<Row> => {
      const def = ENTITIES[name] as EntityDef;
      const target = await app.ctx.previews.open(token);
      const row =
        target?.resource === def.resource
          ? await serviceFor(services, name).repo.get(request.application.app_key, target.id)
          : undefined;
      if (!row) throw notFound(def.formTitle);
      const draft = await getDraft(app.ctx.database.db, def.resource, target!.id);
      void reply.header('cache-control', 'private, no-store').header('x-robots-tag', 'noindex');
      return { ...row, ...draft?.data };
    };

    for (const [name, def] of PUBLIC) {
      const doc = publicDoc(def);
      const repo = serviceFor(services, name).repo;
      const record = publicRecord(def);
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
          response: { 200: list.unpaged ? arrayEnvelope(record) : listEnvelope(record) },
        };
        api.get(`/${def.resource}`, { schema }, async (request, reply) => {
          const appKey = request.application.app_key;
          const asked = request.query as Record<string, unknown> & { page?: number; size?: number; preview?: string };
          const page = list.unpaged ? 1 : (asked.page ?? 1);
          const size = list.unpaged ? LIMITS.maxPageSize : (asked.size ?? list.size);
          const where = Object.fromEntries(filters.filter((f) => asked[f] !== undefined).map((f) => [f, asked[f]]));
          const { rows, total } = await repo.list(appKey, { page, size, ...forVisitors(def, where) });
          const shown = await withEmbeds(appKey, def, rows as Row[]);
          if (list.unpaged) return { data: shown };
          if (asked.preview === undefined || preview !== 'list') return paged(shown, page, size, total);
          // A record previewed in a list (a slide on the home page's slider) comes first, as its draft has it.
          const [first] = await withEmbeds(appKey, def, [await previewed(request, reply, name, asked.preview)]);
          const others = shown.filter((row) => row.id !== first!.id);
          return paged([first!, ...others], page, size, others.length + 1);
        });
      }

      if (detail && def.slug) {
        const slugField = def.slug.field;
        const schema = {
          ...doc(
            'get',
            `Read ${withArticle(def.formTitle.toLowerCase())} by its slug`,
            embedNames(def).length ? `With its ${embedNames(def).join(', ')}.` : undefined,
          ),
          tags,
          params: slugParams,
          querystring: previewQuery,
          response: { 200: itemEnvelope(record) },
        };
        api.get(`/${def.resource}/:slug`, { schema }, async (request, reply) => {
          const appKey = request.application.app_key;
          const token = preview === 'detail' ? request.query.preview : undefined;
          const row = token
            ? await previewed(request, reply, name, token)
            : (await repo.list(appKey, { page: 1, size: 1, ...forVisitors(def, { [slugField]: request.params.slug }) })).rows[0];
          if (!row) throw notFound(def.formTitle);
          const [shown] = await withEmbeds(appKey, def, [row as Row]);
          return { data: shown };
        });
      }
    }

    const site = { 200: itemEnvelope(siteRecord) };
    api.get(
      '/applications/:appKey',
      {
        schema: {
          ...publicDoc(ENTITIES.applications)(
            'get',
            'Read a site’s public settings',
            'Its name, logo, contact details and the like.',
          ),
          tags,
          params: z.object({ appKey: z.string().max(64) }),
          response: site,
        },
      },
      async (request) => {
        const row = await services.applications.repo.findBy(null, 'app_key', request.params.appKey);
        if (!row) throw notFound('Application');
        // Written through siteRecord, which leaves the owner's id out.
        return { data: row };
      },
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
          return reply.status(201).send({ message: PUBLIC_FORMS[form].sent.text, data });
        },
      );
    }
  },
  { name: 'public-api', encapsulate: true, dependencies: ['app-context', 'keep-public-answers'] },
);
