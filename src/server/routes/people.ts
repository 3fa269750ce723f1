/**
 * System → A person's data (admins only, the `people` area of shared/rights.ts): everything held
 * about an email address on every site, exported as JSON or erased for good (issue 59). The rules
 * are content/person-data.ts's. The activity log records an erasure's counts, never the address.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordActivity } from '../activity/activity-log';
import { siteScope } from '../cache/public-answers';
import { countScope } from '../content/repository';
import { erasePerson, exportPerson } from '../content/person-data';
import { eraseLooseFiles } from '../content/entry-files';
import { operation } from '../openapi';
import { needs } from '../plugins/auth';
import { itemEnvelope, nullable, objectOf } from './response-schemas';

const tags = ['System'];

const address = z
  .string({ error: 'email must be an email address' })
  .trim()
  .max(254, 'email must be at most 254 characters')
  .pipe(z.email('email must be an email address'));

const site = { type: 'string', description: 'The app key of the site that holds it' };
const inTrash = { type: 'boolean', description: 'In the Trash (erased with the rest)' };

const personRecord = objectOf({
  email: { type: 'string', description: 'The address asked for, as compared: trimmed, in lower case' },
  exported_at: { type: 'string' },
  subscriptions: {
    type: 'array',
    items: objectOf({
      site,
      name: nullable('string'),
      email: { type: 'string' },
      status: { type: 'string', enum: ['pending', 'confirmed', 'unsubscribed', 'refused'] },
      language: { ...nullable('string'), description: 'The language their mail is written in; null: the site’s default' },
      subscribed_at: { type: 'string' },
      updated_at: { type: 'string' },
      in_trash: inTrash,
      confirmation_links: {
        type: 'array',
        items: objectOf({ sent_at: { type: 'string' }, expires_at: { type: 'string' }, used_at: nullable('string') }),
      },
    }),
  },
  messages: {
    type: 'array',
    items: objectOf({
      site,
      name: { type: 'string' },
      email: { type: 'string' },
      message: { type: 'string' },
      sent_at: { type: 'string' },
      read_at: nullable('string'),
      in_trash: inTrash,
    }),
  },
  newsletters: {
    type: 'array',
    description: 'The newsletters mailed (or queued) to the address',
    items: objectOf({
      site,
      subject: { type: 'string' },
      language: { type: 'string' },
      status: { type: 'string', enum: ['pending', 'sent', 'failed', 'refused', 'skipped'] },
      queued_at: { type: 'string' },
      sent_at: nullable('string'),
      unsubscribed_at: nullable('string'),
    }),
  },
  form_entries: {
    type: 'array',
    description: 'What it sent through the forms staff built: each entry’s answers, and the career an application was for',
    items: objectOf({
      site,
      form: nullable('string'),
      applied_for: nullable('string'),
      answers: { type: 'object', additionalProperties: true },
      language: nullable('string'),
      sent_at: { type: 'string' },
      read_at: nullable('string'),
      in_trash: inTrash,
    }),
  },
  staff_account: {
    type: 'boolean',
    description: 'Whether a staff account has this address: it is neither exported nor erased here (see Users)',
  },
});

const erasedRecord = objectOf({
  subscriptions: { type: 'integer' },
  messages: { type: 'integer' },
  form_entries: { type: 'integer' },
});

export async function peopleRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  api.get(
    '/people/export',
    {
      config: needs('people', 'read'),
      schema: {
        ...operation(
          'people.export',
          'Export what is held about an email address',
          'On every site, in the Trash too: its subscriptions (status, language, dates, confirmation links), the newsletters mailed to it, its contact messages, and the form entries holding it as an answer (with the career an application was for), as JSON.',
        ),
        tags,
        querystring: z.strictObject({ email: address }),
        response: { 200: itemEnvelope(personRecord) },
      },
    },
    async (request, reply) => {
      const data = await exportPerson(ctx.database.db, request.query.email);
      // It names one person: no copy anywhere on the way.
      reply.header('cache-control', 'private, no-store');
      return { message: 'A person’s data', data };
    },
  );

  api.post(
    '/people/erase',
    {
      // Every site's records go: the site the admin works in is not what the write changes.
      config: { ...needs('people', 'delete'), leavesPublicAnswers: true },
      schema: {
        ...operation(
          'people.erase',
          'Erase what is held about an email address',
          'Deletes for good, in one transaction, on every site and from the Trash, its subscriptions with their confirmation links and the record of the newsletters mailed to it, its contact messages, and the form entries holding it as an answer. A keyed hash of the address is kept, so a backup restored later loses them again; the activity log records the counts, never the address.',
        ),
        tags,
        body: z.strictObject({ email: address }),
        response: { 200: itemEnvelope(erasedRecord) },
      },
    },
    async (request) => {
      const erased = await erasePerson(ctx.database.db, ctx.secrets, ctx.config.erasuresFile, request.body.email);
      // The files sent with the erased entries go now too, not at the next upkeep.
      if (erased.form_entries > 0) await eraseLooseFiles(ctx);
      ctx.cache.invalidate(countScope('subscribers'));
      ctx.cache.invalidate(countScope('messages'));
      for (const appKey of erased.sites) ctx.cache.invalidate(siteScope(appKey));
      await recordActivity(request, {
        action: 'person-erase',
        entity: 'people',
        appKey: null,
        changes: {
          subscriptions: [erased.subscriptions, 0],
          messages: [erased.messages, 0],
          form_entries: [erased.form_entries, 0],
        },
      });
      return {
        message: 'Erased',
        data: { subscriptions: erased.subscriptions, messages: erased.messages, form_entries: erased.form_entries },
      };
    },
  );
}
