/**
 * Built-in visitor analytics (issue #62, content/analytics.ts): the public beacon a page sends, and
 * the dashboard's read and CSV export for the site's editors and admins.
 *
 * The beacon is public like the visitors' forms: per site, rate-limited per address, validated
 * (a 400 names the field, and nothing is stored). `navigator.sendBeacon` can set no header, so
 * the site may be named in the body (`app_key`) as well as by the header; its body is JSON sent as
 * text/plain, the one type a beacon sends without asking the server first. A visitor who asks not
 * to be tracked (`DNT: 1`, `Sec-GPC: 1`), or a site with analytics switched off, gets the same 204
 * and nothing is stored.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ANALYTICS_LIMITS, ANALYTICS_PERIODS, BEACON_PATH, deviceOf, VITALS } from '../../shared/analytics';
import { ENTITIES } from '../../shared/entities';
import { analyticsReport, type AnalyticsAsked, dayOf } from '../content/analytics';
import { sendCsv } from '../content/csv';
import { HttpError } from '../errors';
import { operation } from '../openapi';
import { needs } from '../plugins/auth';
import { appKeyInHeaders, refuseUnpublished, siteByKey } from '../plugins/tenant';
import { csvAnswer, itemEnvelope, type JsonSchema } from './response-schemas';

const APP_KEY_PATTERN = ENTITIES.applications.fields.app_key.pattern.regex;
/** A host name as a referrer's URL gives it (no scheme, path or port). */
const HOST = /^[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?$/i;
/** A BCP 47 tag as a document's `lang` holds it. */
const LANGUAGE = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8}){0,3}$/;
const millis = z.number().finite().min(0).max(600_000).optional();

const beaconBody = z.object({
  app_key: z.string().max(64).optional(),
  /** False for the beacon sent later with the page's vitals alone. */
  view: z.boolean().optional(),
  path: z
    .string()
    .min(1)
    .max(ANALYTICS_LIMITS.maxPath)
    .regex(/^\/[^?#]*$/, 'path must be a path of the site, beginning with /, without query or fragment'),
  referrer: z.string().max(253).regex(HOST, 'referrer must be a host name').optional(),
  language: z.string().max(35).regex(LANGUAGE, 'language must be a language tag, like en or bn-BD'),
  /** The viewport's width in CSS pixels: only its device class is kept. */
  width: z.number().int().min(0).max(100_000),
  lcp: millis,
  inp: millis,
  ttfb: millis,
  cls: z.number().finite().min(0).max(100).optional(),
});

/** Whether the request asks not to be tracked. */
const asksNotToBeTracked = (request: FastifyRequest) => request.headers.dnt === '1' || request.headers['sec-gpc'] === '1';

export async function beaconRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  ctx.analytics.onError = (error) => app.log.error({ err: error }, 'analytics fold failed');
  // JSON sent as text/plain (a beacon's own type); parsed like any JSON body, here only.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (request, body, done) =>
    parseJson(request, body as string, done),
  );

  app.withTypeProvider<ZodTypeProvider>().post(
    BEACON_PATH,
    {
      schema: {
        ...operation(
          'public.analytics.view',
          'Count a page view',
          'What a public page’s beacon sends: its path, the referrer’s host, its language, the viewport’s width and, later, its field vitals. No cookie; `DNT: 1` or `Sec-GPC: 1` is answered alike and not counted.',
        ),
        tags: ['Public'],
        body: beaconBody,
        response: { 204: { type: 'null', description: 'Received (counted, or not, as the visitor and the site ask)' } },
      },
      config: { rateLimit: { max: ctx.config.beaconLimit, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const body = request.body;
      const header = appKeyInHeaders(request.headers);
      if (header && body.app_key && header !== body.app_key) {
        throw new HttpError(400, 'app_key must name the same application as the app-key header', {
          app_key: 'Not the header’s application',
        });
      }
      const appKey = header ?? body.app_key;
      if (!appKey) throw new HttpError(400, 'Missing application key: send app_key', { app_key: 'Required' });
      const site = APP_KEY_PATTERN.test(appKey) ? await siteByKey(ctx, appKey) : undefined;
      if (!site) throw new HttpError(404, `Unknown application key "${appKey}"`, { app_key: 'Unknown application' });
      refuseUnpublished(site);
      void reply.header('cache-control', 'no-store');
      if (asksNotToBeTracked(request) || Number(site.analytics ?? 1) === 0) return reply.status(204).send();
      const vitals = Object.fromEntries(VITALS.filter((name) => body[name] !== undefined).map((name) => [name, body[name]]));
      await ctx.analytics.record(
        appKey,
        {
          view: body.view ?? true,
          path: body.path,
          referrer: body.referrer?.toLowerCase() ?? '',
          language: body.language,
          device: deviceOf(body.width),
          ...vitals,
        },
        request.ip,
        String(request.headers['user-agent'] ?? ''),
      );
      return reply.status(204).send();
    },
  );
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const reportQuery = z.object({
  from: z.string().regex(DAY, 'from must be a day, as 2026-01-31').optional(),
  to: z.string().regex(DAY, 'to must be a day, as 2026-01-31').optional(),
  period: z.enum(ANALYTICS_PERIODS).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
});

const DEFAULT_DAYS = 30;

function askedOf(query: z.infer<typeof reportQuery>, now: number): AnalyticsAsked {
  const to = query.to ?? dayOf(now);
  const from = query.from ?? dayOf(Date.parse(`${to}T00:00:00Z`) - (DEFAULT_DAYS - 1) * 24 * 60 * 60 * 1000);
  if (from > to) throw new HttpError(400, 'from must not be after to', { from: 'After to' });
  return { from, to, period: query.period ?? 'day', limit: query.limit ?? 50 };
}

const count = { type: 'integer' };
const breakdown: JsonSchema = {
  type: 'array',
  items: { type: 'object', properties: { value: { type: 'string' }, views: count, visitors: count } },
};
const vital: JsonSchema = {
  type: 'object',
  properties: { p75: { type: 'number' }, rating: { type: 'string' }, samples: count },
};
const reportAnswer = itemEnvelope({
  type: 'object',
  properties: {
    from: { type: 'string' },
    to: { type: 'string' },
    period: { type: 'string' },
    totals: { type: 'object', properties: { views: count, visitors: count } },
    series: {
      type: 'array',
      items: { type: 'object', properties: { start: { type: 'string' }, views: count, visitors: count } },
    },
    pages: breakdown,
    referrers: breakdown,
    languages: breakdown,
    devices: breakdown,
    vitals: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          path: { type: 'string' },
          samples: count,
          rating: { type: 'string' },
          vitals: { type: 'object', properties: Object.fromEntries(VITALS.map((name) => [name, vital])) },
        },
      },
    },
  },
});

/** The dashboard's read and its CSV (admin API: editors and admins of the site). */
export async function analyticsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['System'];
  const report = async (request: FastifyRequest, query: z.infer<typeof reportQuery>) => {
    // What is still queued is counted before it is shown.
    await ctx.analytics.fold();
    return analyticsReport(ctx.database.db, request.application.app_key, askedOf(query, ctx.analytics.clock()));
  };

  api.get(
    '/analytics',
    {
      config: needs('analytics', 'read'),
      schema: {
        ...operation(
          'analytics.report',
          'Read the site’s visitor analytics',
          'Views and visitors over time (by `period`), the top pages, referrers, languages and devices, and each page’s p75 field vitals with Google’s rating, worst first, between `from` and `to` (the last 30 days by default).',
        ),
        tags,
        querystring: reportQuery,
        response: { 200: reportAnswer },
      },
    },
    async (request) => ({ data: await report(request, request.query) }),
  );

  api.get(
    '/analytics/export.csv',
    {
      config: needs('analytics', 'read'),
      schema: {
        ...operation(
          'analytics.export',
          'Download the visitor analytics as CSV',
          'What the dashboard shows, one row per line of each table: `section,value,views,visitors,lcp_p75,inp_p75,cls_p75,rating`.',
        ),
        tags,
        querystring: reportQuery,
        produces: ['text/csv'],
        response: { 200: csvAnswer },
      },
    },
    async (request, reply) => {
      const shown = await report(request, request.query);
      const rows: unknown[][] = [
        ...shown.series.map((point) => [shown.period, point.start, point.views, point.visitors, '', '', '', '']),
        ...(
          [
            ['page', shown.pages],
            ['referrer', shown.referrers],
            ['language', shown.languages],
            ['device', shown.devices],
          ] as const
        ).flatMap(([section, list]) => list.map((row) => [section, row.value, row.views, row.visitors, '', '', '', ''])),
        ...shown.vitals.map((page) => [
          'vitals',
          page.path,
          '',
          '',
          page.vitals.lcp?.p75 ?? '',
          page.vitals.inp?.p75 ?? '',
          page.vitals.cls?.p75 ?? '',
          page.rating,
        ]),
      ];
      return sendCsv(
        reply,
        'analytics',
        request.application.app_key,
        ['section', 'value', 'views', 'visitors', 'lcp_p75', 'inp_p75', 'cls_p75', 'rating'],
        rows,
      );
    },
  );
}
