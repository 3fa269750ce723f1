/**
 * A person's own notifications (notifications/notifications.ts): the bell's list with its unread
 * count, marking read, and their mail switches. Routes of one's own account, as /me's are: any
 * signed-in person, for themselves only (every query is by their id), never an API token. The
 * site's key, which the back-office always sends, narrows the list to that site.
 *
 * The switches have their own address rather than fields on PUT /me: /me is the users record,
 * whose fields an admin edits, exports and moves with a site; the switches are the person's
 * alone, and saving them needs none of /me's checks (current password, email uniqueness).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NOTIFICATION_KINDS } from '../../shared/notifications';
import { sitesOf, worksOn } from '../../shared/rights';
import { HttpError } from '../errors';
import { operation } from '../openapi';
import { appKeyInHeaders } from '../plugins/tenant';
import { itemEnvelope, nullable, objectOf } from './response-schemas';

/** Most ids one request marks: the bell lists fewer. */
const MAX_IDS = 200;

const readBody = z
  .strictObject({
    ids: z
      .array(z.number({ error: 'ids must be numbers' }).int().positive(), { error: 'ids must be a list of numbers' })
      .min(1, { error: 'Name at least one notification' })
      .max(MAX_IDS, { error: `At most ${MAX_IDS} at once` })
      .optional(),
    all: z.literal(true, { error: 'all must be true' }).optional(),
  })
  .refine((body) => (body.ids === undefined) !== (body.all === undefined), {
    error: 'Send ids, or all: true',
    path: ['ids'],
  });

const switches = Object.fromEntries(
  NOTIFICATION_KINDS.map((kind) => [kind, z.boolean({ error: `${kind} must be true or false` }).optional()]),
) as Record<(typeof NOTIFICATION_KINDS)[number], z.ZodOptional<z.ZodBoolean>>;
const settingsBody = z.strictObject({ mail: z.strictObject(switches, { error: 'mail must be an object' }) });

const mailSchema = objectOf(Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, { type: 'boolean' }])));
const itemSchema = objectOf({
  id: { type: 'integer' },
  kind: { type: 'string', enum: [...NOTIFICATION_KINDS] },
  entity: { type: 'string' },
  record_id: { type: 'integer' },
  record_title: nullable('string'),
  actor_name: nullable('string'),
  comment: nullable('string'),
  created_at: { type: 'string' },
  read_at: nullable('string'),
});

const signedIn = { rights: 'signed-in' as const };
const tags = ['Auth'];

export async function notificationRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { notifications } = app.ctx;
  notifications.onError = (error, message) => app.log.error({ err: error }, message);

  /** The site the request names, if any; one the person does not work on is refused. */
  const siteOf = (request: FastifyRequest): string | undefined => {
    const appKey = appKeyInHeaders(request.headers);
    if (appKey && !worksOn(request.user.role, sitesOf(request.user.sites), appKey)) {
      throw new HttpError(403, `You do not work on the site "${appKey}"`, { 'app-key': 'Not one of your sites' });
    }
    return appKey;
  };

  api.get(
    '/notifications',
    {
      config: signedIn,
      schema: {
        ...operation(
          'notifications.list',
          'List your notifications',
          'Review steps that concern you (submitted for your review, changes requested, approved, published), newest first, with how many are unread; on the site the app key names, else on all.',
        ),
        tags,
        response: {
          200: itemEnvelope(objectOf({ items: { type: 'array', items: itemSchema }, unread: { type: 'integer' } })),
        },
      },
    },
    async (request) => ({ data: await notifications.list(request.user.id, siteOf(request)) }),
  );

  api.post(
    '/notifications/read',
    {
      config: signedIn,
      schema: {
        ...operation(
          'notifications.markRead',
          'Mark your notifications read',
          '`ids` (your own; others are left alone), or `all: true` for every one on the site the app key names.',
        ),
        tags,
        body: readBody,
        response: { 200: itemEnvelope(objectOf({ marked: { type: 'integer' } })) },
      },
    },
    async (request) => {
      const { ids, all } = request.body;
      const marked = await notifications.markRead(request.user.id, siteOf(request), all ? 'all' : (ids ?? []));
      return { message: 'Marked as read', data: { marked } };
    },
  );

  const settingsAnswer = { 200: itemEnvelope(objectOf({ mail: mailSchema })) };
  api.get(
    '/notifications/settings',
    {
      config: signedIn,
      schema: {
        ...operation('notifications.settings.get', 'Read your notification mail switches', 'Which kinds also come by mail.'),
        tags,
        response: settingsAnswer,
      },
    },
    async (request) => ({ data: { mail: (await notifications.mailSwitches([request.user.id])).get(request.user.id)! } }),
  );

  api.put(
    '/notifications/settings',
    {
      config: signedIn,
      schema: {
        ...operation(
          'notifications.settings.update',
          'Switch notification mails on or off',
          'Per kind; kinds left out keep their switch. The bell shows every kind whatever the switches.',
        ),
        tags,
        body: settingsBody,
        response: settingsAnswer,
      },
    },
    async (request) => {
      const mail = await notifications.saveMailSwitches(request.user.id, request.body.mail);
      return { message: 'Saved', data: { mail } };
    },
  );
}
