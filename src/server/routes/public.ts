/**
 * The visitor-facing reads of spec §7.1 (and the two public writes), under /cms with the app-key
 * header. Only what visitors may see is shown: active rows (status 1) whose publish time has come
 * (content/visibility.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ENTITIES, type Records, type ResourceName } from '../../shared/entities';
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
import { documented, operation } from '../openapi';

const tags = ['Public'];
const publicDoc = (def: { resource: string }) => documented(def, 'public.');
/** What a visitor's form answers: the stored message, or the address subscribed. */
const sentAnswers = {
  contact: visitorRecordSchema(ENTITIES.messages),
  subscribe: { type: 'object', properties: { email: { type: 'string' } } },
};

/** Public reads join children in: a section's widgets, a page's sections with theirs. */
const sectionRecord = visitorRecordSchema(ENTITIES.sections, {
  widgets: { type: 'array', items: visitorRecordSchema(ENTITIES.widgets) },
});
const pageRecord = visitorRecordSchema(ENTITIES.pages, { sections: { type: 'array', items: sectionRecord } });
/** A site's settings, without the id of the account that created it. */
const siteRecord = visitorRecordSchema(ENTITIES.applications);

interface PublicList {
  defaultSize: number;
}

const LISTS: Partial<Record<ResourceName, PublicList>> = {
  sliders: { defaultSize: LIMITS.maxPageSize },
  gallery: { defaultSize: LIMITS.maxPageSize },
  socials: { defaultSize: LIMITS.maxPageSize },
  faqs: { defaultSize: LIMITS.maxPageSize },
  profiles: { defaultSize: LIMITS.maxPageSize },
  posts: { defaultSize: 10 },
  careers: { defaultSize: LIMITS.maxPageSize },
};

/** `?preview=` carries a signed preview link's token (content/preview-links.ts). */
const previewQuery = listQuery.extend({ preview: z.string().max(300).optional() });
const sectionsQuery = listQuery.extend({ is_top: z.coerce.number().int().min(0).max(1).optional() });
const slugParams = z.object({ slug: z.string().min(1).max(200) });
export const publicRoutes = fp(
  async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const { services, config } = app.ctx;
    const writeLimit = { rateLimit: { max: config.publicWriteLimit, timeWindow: '1 minute' } };

    app.addHook('preHandler', requirePublishedApplication);
    app.addHook('preSerialization', async (_request, reply, payload) =>
      reply.statusCode === 200 ? withPlaceholders(payload, (name) => app.ctx.renditions.placeholder(name)) : payload,
    );

    const withWidgets = async (appKey: string, sections: Records['sections'][]) => {
      if (sections.length === 0) return sections;
      const widgets = await services.widgets.repo.list(appKey, {
        page: 1,
        size: LIMITS.maxPageSize,
        ...forVisitors(ENTITIES.widgets, {}, (qb) =>
          qb.where(
            'section_id',
            'in',
            sections.map((s) => s.id),
          ),
        ),
      });
      return sections.map((s) => ({ ...s, widgets: widgets.rows.filter((w) => w.section_id === s.id) }));
    };

    /**
     * The record a valid preview link names, as its draft would have it, whatever its status or
     * publish time; never kept, never indexed. Any other link is a 404, as if there were nothing.
     */
    const previewed = async <N extends 'pages' | 'posts' | 'sliders'>(
      request: FastifyRequest,
      reply: FastifyReply,
      name: N,
      token: string,
    ): Promise<Records[N]> => {
      const def = ENTITIES[name];
      const target = await app.ctx.previews.open(token);
      const row =
        target?.resource === def.resource
          ? await serviceFor(services, name).repo.get(request.application.app_key, target.id)
          : undefined;
      if (!row) throw notFound(def.formTitle);
      const draft = await getDraft(app.ctx.database.db, def.resource, target!.id);
      void reply.header('cache-control', 'private, no-store').header('x-robots-tag', 'noindex');
      return { ...row, ...draft?.data } as Records[N];
    };

    for (const [name, options] of Object.entries(LISTS) as [ResourceName, PublicList][]) {
      const def = ENTITIES[name];
      const schema = {
        ...publicDoc(def)(
          'list',
          `List ${def.title.toLowerCase()} visitors see`,
          'Active ones whose publish time has come, in the list order.',
        ),
        tags,
        querystring: previewQuery,
        response: { 200: listEnvelope(visitorRecordSchema(def)) },
      };
      api.get(`/${def.resource}`, { schema }, async (request, reply) => {
        const page = request.query.page ?? 1;
        const size = request.query.size ?? options.defaultSize;
        const { rows, total } = await serviceFor(services, name).repo.list(request.application.app_key, {
          page,
          size,
          ...forVisitors(def),
        });
        const { preview } = request.query;
        if (preview === undefined || name !== 'sliders') return paged(rows, page, size, total);
        // A slide's preview is the home page's slider with that slide as its draft has it.
        const slide = await previewed(request, reply, 'sliders', preview);
        const others = rows.filter((row) => row.id !== slide.id);
        return paged([slide, ...others], page, size, others.length + 1);
      });
    }

    api.get(
      '/sections',
      {
        schema: {
          ...publicDoc(ENTITIES.sections)(
            'list',
            'List home sections with their widgets',
            '`is_top=1` gives the sections above the fold.',
          ),
          tags,
          querystring: sectionsQuery,
          response: { 200: listEnvelope(sectionRecord) },
        },
      },
      async (request) => {
        const appKey = request.application.app_key;
        const page = request.query.page ?? 1;
        const size = request.query.size ?? LIMITS.maxPageSize;
        const visible = forVisitors(
          ENTITIES.sections,
          request.query.is_top === undefined ? {} : { is_top: request.query.is_top },
        );
        const { rows, total } = await services.sections.repo.list(appKey, { page, size, ...visible });
        return paged(await withWidgets(appKey, rows), page, size, total);
      },
    );

    api.get(
      '/menus',
      {
        schema: {
          ...publicDoc(ENTITIES.menus)(
            'list',
            'List the menu entries',
            'Every active entry, unpaged, as `{data: [...]}` (spec §7.1).',
          ),
          tags,
          response: { 200: arrayEnvelope(visitorRecordSchema(ENTITIES.menus)) },
        },
      },
      async (request) => {
        const { rows } = await services.menus.repo.list(request.application.app_key, {
          page: 1,
          size: LIMITS.maxPageSize,
          ...forVisitors(ENTITIES.menus),
        });
        return { data: rows };
      },
    );

    api.get(
      '/pages/:slug',
      {
        schema: {
          ...publicDoc(ENTITIES.pages)('get', 'Read a page by its slug', 'With its sections and their widgets.'),
          tags,
          params: slugParams,
          querystring: previewQuery,
          response: { 200: itemEnvelope(pageRecord) },
        },
      },
      async (request, reply) => {
        const appKey = request.application.app_key;
        const { preview } = request.query;
        const page = preview
          ? { rows: [await previewed(request, reply, 'pages', preview)] }
          : await services.pages.repo.list(appKey, {
              page: 1,
              size: 1,
              ...forVisitors(ENTITIES.pages, { slug: request.params.slug }),
            });
        const row = page.rows[0];
        if (!row) throw notFound('Page');
        const sections = await services.sections.repo.list(appKey, {
          page: 1,
          size: LIMITS.maxPageSize,
          ...forVisitors(ENTITIES.sections, { page_id: row.id }),
        });
        return { data: { ...row, sections: await withWidgets(appKey, sections.rows) } };
      },
    );

    api.get(
      '/posts/:slug',
      {
        schema: {
          ...publicDoc(ENTITIES.posts)('get', 'Read a news post by its slug'),
          tags,
          params: slugParams,
          querystring: previewQuery,
          response: { 200: itemEnvelope(visitorRecordSchema(ENTITIES.posts)) },
        },
      },
      async (request, reply) => {
        const { preview } = request.query;
        if (preview) return { data: await previewed(request, reply, 'posts', preview) };
        const { rows } = await services.posts.repo.list(request.application.app_key, {
          page: 1,
          size: 1,
          ...forVisitors(ENTITIES.posts, { slug: request.params.slug }),
        });
        if (!rows[0]) throw notFound('Post');
        return { data: rows[0] };
      },
    );

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
