/**
 * A newsletter's preview, test send, send and report (issue 59). The newsletters themselves are an
 * entity, served by the generic CRUD routes; mailing them is the `mailing` area's right
 * (shared/rights.ts: editors and admins). The queue and its sender are mail/newsletter-queue.ts.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { HttpError, notFound } from '../errors';
import { needs } from '../plugins/auth';
import { idParams } from './schemas';
import { itemEnvelope, nullable } from './response-schemas';
import { operation } from '../openapi';
import { LOCALE_TAG } from '../../shared/locales';
import { siteLocales } from '../content/translations';
import type { Row } from '../content/repository';
import { makeNewsletter } from '../mail/newsletter-mail';
import { toSubscriber } from '../mail/subscriber-mail';
import { mailOff } from '../mail/mailer';
import { recordActivity } from '../activity/activity-log';
import { mailable, NewsletterQueue } from '../mail/newsletter-queue';
import { DEFAULT_NEWSLETTER_OPTIONS } from '../mail/newsletter-options';

const tags = ['Newsletters'];

const localeQuery = z.object({
  locale: z.string().regex(LOCALE_TAG, 'locale must be a language tag such as en or bn').optional(),
});

const preview = {
  type: 'object',
  properties: {
    locale: { type: 'string' },
    subject: { type: 'string' },
    html: { type: 'string', description: 'The whole mail as a subscriber in this language gets it' },
    text: { type: 'string' },
    bytes: { type: 'integer', description: 'The size of the HTML part' },
    recipients: { type: 'integer', description: 'Confirmed subscribers in this language' },
  },
};

const report = {
  type: 'object',
  properties: {
    delivery: { type: 'string' },
    queued_at: nullable('string'),
    total: { type: 'integer' },
    pending: { type: 'integer' },
    sent: { type: 'integer' },
    failed: { type: 'integer' },
    refused: { type: 'integer' },
    skipped: { type: 'integer' },
    unsubscribed: { type: 'integer', description: 'Recipients who left through this issue’s link' },
    first_sent_at: nullable('string'),
    last_sent_at: nullable('string'),
    locales: {
      type: 'array',
      items: {
        type: 'object',
        properties: { locale: { type: 'string' }, total: { type: 'integer' }, sent: { type: 'integer' } },
      },
    },
    problems: {
      type: 'array',
      items: {
        type: 'object',
        properties: { email: { type: 'string' }, status: { type: 'string' }, error: nullable('string'), at: { type: 'string' } },
      },
    },
  },
};

/** The most problems a report lists: the first to look at, not an export. */
const PROBLEMS_SHOWN = 50;

export async function newsletterRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const db = ctx.database.db;

  const newsletterOf = async (appKey: string, id: number) => {
    const found = await ctx.services.newsletters.repo.get(appKey, id, 'any');
    if (!found) throw notFound('Newsletter');
    return found as Row;
  };
  /** The site's languages, and `asked` among them (none asked: its default one); a 400 for another. */
  const languageOf = async (appKey: string, asked: string | undefined) => {
    const site = await ctx.services.applications.repo.findBy(null, 'app_key', appKey);
    const locales = siteLocales(site);
    const locale = asked ?? locales[0]!;
    if (!locales.includes(locale)) {
      throw new HttpError(400, `locale must be one of the site's languages: ${locales.join(', ')}`, {
        locale: `Must be one of ${locales.join(', ')}`,
      });
    }
    return { site, locales, locale, shown: locales.length > 1 ? locale : undefined };
  };

  api.get(
    '/newsletters/:id/preview',
    {
      config: needs('mailing', 'read'),
      schema: {
        ...operation('newsletters.preview', 'Preview a newsletter', 'The mail as a subscriber in the language gets it.'),
        tags,
        params: idParams,
        querystring: localeQuery,
        response: { 200: itemEnvelope(preview) },
      },
    },
    async (request) => {
      const appKey = request.application.app_key;
      const newsletter = await newsletterOf(appKey, request.params.id);
      const { site, locales, locale, shown } = await languageOf(appKey, request.query.locale);
      const origin = ctx.origin.configured;
      const content = await makeNewsletter(ctx, appKey, newsletter, shown, origin);
      // A stand-in recipient: the footer and its link look as a subscriber's do.
      const mail = toSubscriber(
        ctx,
        origin,
        { id: 0, app_key: appKey, email: request.user.email },
        shown,
        String(site?.name ?? ''),
        content,
      );
      const recipients = await db
        .selectFrom('subscribers')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where(mailable(appKey))
        .where((eb) =>
          locale === locales[0]
            ? eb.or([eb('locale', 'is', null), eb('locale', '=', locale), eb('locale', 'not in', locales)])
            : eb('locale', '=', locale),
        )
        .executeTakeFirstOrThrow();
      return {
        data: {
          locale,
          subject: mail.subject,
          html: mail.html ?? '',
          text: mail.text,
          bytes: Buffer.byteLength(mail.html ?? ''),
          recipients: Number(recipients.count),
        },
      };
    },
  );

  api.post(
    '/newsletters/:id/test',
    {
      config: needs('mailing', 'create'),
      schema: {
        ...operation(
          'newsletters.test',
          'Send a newsletter to oneself',
          'In the language asked, to the signed-in user’s address.',
        ),
        tags,
        params: idParams,
        // No body at all: the site's default language.
        body: localeQuery.nullish(),
        response: { 200: itemEnvelope({ type: 'object', properties: { to: { type: 'string' } } }) },
      },
    },
    async (request) => {
      const appKey = request.application.app_key;
      const newsletter = await newsletterOf(appKey, request.params.id);
      const { site, shown } = await languageOf(appKey, request.body?.locale);
      if (!ctx.mailer.configured) throw mailOff();
      const origin = ctx.origin.configured;
      const content = await makeNewsletter(ctx, appKey, newsletter, shown, origin);
      const to = request.user.email;
      const mail = toSubscriber(ctx, origin, { id: 0, app_key: appKey, email: to }, shown, String(site?.name ?? ''), {
        ...content,
        subject: `[Test] ${content.subject}`,
      });
      await ctx.mailer.send(mail);
      return { message: `Sent to ${to}`, data: { to } };
    },
  );

  api.post(
    '/newsletters/:id/send',
    {
      config: needs('mailing', 'create'),
      schema: {
        ...operation(
          'newsletters.send',
          'Send a newsletter to its subscribers',
          'Queues one mail per confirmed subscriber, in their language; once only (a 409 after).',
        ),
        tags,
        params: idParams,
        response: { 202: itemEnvelope({ type: 'object', properties: { queued: { type: 'integer' } } }) },
      },
    },
    async (request, reply) => {
      const appKey = request.application.app_key;
      // A 404 for no such issue, a 409 for one sent already or no mail server: the queue's own answers.
      const queued = await app.newsletters.queue(appKey, request.params.id);
      // Sending is the newsletter's publishing: the log says who sent it, and when.
      await recordActivity(request, { action: 'publish', entity: 'newsletters', recordId: request.params.id });
      return reply.code(202).send({ message: `Queued for ${queued} subscribers`, data: { queued } });
    },
  );

  api.get(
    '/newsletters/:id/report',
    {
      config: needs('mailing', 'read'),
      schema: {
        ...operation(
          'newsletters.report',
          'A newsletter’s report',
          'Queued, sent, failed and refused, with when, and who left through it.',
        ),
        tags,
        params: idParams,
        response: { 200: itemEnvelope(report) },
      },
    },
    async (request) => {
      const appKey = request.application.app_key;
      const newsletter = await newsletterOf(appKey, request.params.id);
      const sends = db
        .selectFrom('newsletter_sends')
        .where('newsletter_id', '=', request.params.id)
        .where('app_key', '=', appKey);
      const count = (status: string) => sql<number>`sum(case when status = ${status} then 1 else 0 end)`;
      const totals = await sends
        .select((eb) => [
          eb.fn.countAll<number>().as('total'),
          count('pending').as('pending'),
          count('sent').as('sent'),
          count('failed').as('failed'),
          count('refused').as('refused'),
          count('skipped').as('skipped'),
          eb.fn.count<number>('unsubscribed_at').as('unsubscribed'),
          eb.fn.min('sent_at').as('first_sent_at'),
          eb.fn.max('sent_at').as('last_sent_at'),
        ])
        .executeTakeFirstOrThrow();
      const locales = await sends
        .select((eb) => ['locale', eb.fn.countAll<number>().as('total'), count('sent').as('sent')])
        .groupBy('locale')
        .orderBy('locale')
        .execute();
      const problems = await sends
        .select(['email', 'status', 'error', 'next_attempt_at as at'])
        .where((eb) => eb.or([eb('status', 'in', ['failed', 'refused']), eb('error', 'is not', null)]))
        .orderBy('id')
        .limit(PROBLEMS_SHOWN)
        .execute();
      return {
        data: {
          delivery: String(newsletter.delivery ?? 'draft'),
          queued_at: (newsletter.queued_at as string | null) ?? null,
          total: Number(totals.total),
          pending: Number(totals.pending ?? 0),
          sent: Number(totals.sent ?? 0),
          failed: Number(totals.failed ?? 0),
          refused: Number(totals.refused ?? 0),
          skipped: Number(totals.skipped ?? 0),
          unsubscribed: Number(totals.unsubscribed),
          first_sent_at: (totals.first_sent_at as string | null) ?? null,
          last_sent_at: (totals.last_sent_at as string | null) ?? null,
          locales: locales.map((row) => ({ locale: row.locale, total: Number(row.total), sent: Number(row.sent ?? 0) })),
          problems,
        },
      };
    },
  );
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Newsletters queued per recipient, and their sender (mail/newsletter-queue.ts). */
    newsletters: NewsletterQueue;
  }
}

/** Sends queued newsletters from start to close, and queues each at its Send at time. */
export const newsletterSender = fp(
  async (app: FastifyInstance) => {
    const newsletters = new NewsletterQueue(app.ctx, { ...DEFAULT_NEWSLETTER_OPTIONS, ...app.ctx.config.newsletters });
    app.decorate('newsletters', newsletters);
    newsletters.onError = (error, message) => app.log.error({ err: error }, message);
    app.addHook('onReady', async () => newsletters.start());
    app.addHook('onClose', async () => newsletters.stop());
  },
  { name: 'newsletter-sender', dependencies: ['app-context'] },
);
