/**
 * The admin API under /cms/api: sign-in and the user's own account, then everything else behind
 * a valid token, an application key of a site the user works on, and the right the route
 * declares, all checked from the headers before the body is read. Any successful write there
 * changes what visitors may see, so it forgets that site's kept answers and pages.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { expireAtNextPublish, siteScope, writtenParts } from '../cache/public-answers';
import { HttpError } from '../errors';
import { authenticate, authorize } from '../plugins/auth';
import { requireWorkingSite } from '../plugins/tenant';
import { activityRoutes } from './activity';
import { apiTokenRoutes } from './api-tokens';
import { applicationRoutes } from './applications';
import { authRoutes } from './auth';
import { passwordResetRoutes } from './password-reset';
import { crudRoutes } from './crud';
import { fileRoutes } from './files';
import { resumableRoutes } from '../media/resumable';
import { messageRoutes } from './messages';
import { formEntryRoutes } from './form-entries';
import { peopleRoutes } from './people';
import { redirectRoutes } from './redirects';
import { reportRoutes } from './report';
import { analyticsRoutes } from './analytics';
import { securitySettingsRoutes } from './security-settings';
import { userAdminRoutes } from './user-admin';
import { webhookRoutes } from './webhooks';
import { newsletterRoutes } from './newsletters';

/** The methods that change something, counted against a person's write budget. */
const STAFF_WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const adminApi = fp(
  async (admin: FastifyInstance) => {
    await admin.register(authRoutes);
    await admin.register(passwordResetRoutes);
    await admin.register(async (secured) => {
      secured.addHook('onRequest', authenticate);
      // Each API token has its own budget of requests a minute. A person's writes have one too
      // (STAFF_WRITE_LIMIT a minute, over all their sessions): far above what editing by hand or an
      // upload's parts need, it stops a script or a stolen session from filling the storage and
      // the database. One limiter for both: the plugin runs one limiter per request.
      secured.addHook(
        'onRequest',
        admin.rateLimit({
          max: (request) => (request.apiToken ? admin.ctx.config.apiTokenLimit : admin.ctx.config.staffWriteLimit),
          timeWindow: '1 minute',
          keyGenerator: (request) => (request.apiToken ? `api-token-${request.apiToken.id}` : `staff-${request.user?.id ?? 0}`),
          allowList: (request) => request.apiToken === undefined && !STAFF_WRITES.has(request.method),
          errorResponseBuilder: (request, { max, after }) =>
            request.apiToken
              ? new HttpError(429, `This API token made more than ${max} requests in a minute. Try again in ${after}.`, {
                  request: `More than ${max} requests in a minute`,
                })
              : new HttpError(429, `Too many changes: at most ${max} a minute. Try again in ${after}.`, {
                  request: `More than ${max} writes in a minute`,
                }),
        }),
      );
      secured.addHook('onRequest', requireWorkingSite);
      secured.addHook('onRequest', authorize);
      secured.addHook('onSend', async function forgetWhatAWriteChanged(request, reply, payload) {
        const { leavesPublicAnswers, rights } = request.routeOptions.config as {
          leavesPublicAnswers?: boolean;
          rights?: { subject: string };
        };
        if (request.method === 'GET' || request.method === 'HEAD') return payload;
        if (reply.statusCode < 400 && request.application && !leavesPublicAnswers) {
          // A write to one kind of content drops only what was made from it (cache/public-answers.ts).
          const appKey = request.application.app_key;
          const parts = rights && writtenParts(appKey, rights.subject);
          for (const scope of parts ?? [siteScope(appKey)]) admin.ctx.cache.invalidate(scope);
          // The site's next publish time, which the write may have moved, is asked again once this
          // answer has gone, not by the next page made: that is often the author's very next
          // request, and the read was a few tenths of a millisecond of its render (issue #35).
          setImmediate(() => {
            expireAtNextPublish(admin, appKey).catch((error: unknown) => admin.log.error({ err: error }, 'next publish time'));
          });
        }
        // A write is answered once what it changed is recorded for the other servers (shared-versions.ts).
        await admin.ctx.cache.told();
        return payload;
      });
      await secured.register(reportRoutes);
      await secured.register(analyticsRoutes);
      await secured.register(fileRoutes);
      await secured.register(resumableRoutes);
      await secured.register(applicationRoutes);
      await secured.register(messageRoutes);
      await secured.register(formEntryRoutes);
      await secured.register(crudRoutes);
      await secured.register(userAdminRoutes);
      await secured.register(securitySettingsRoutes);
      await secured.register(activityRoutes);
      await secured.register(webhookRoutes);
      await secured.register(apiTokenRoutes);
      await secured.register(redirectRoutes);
      await secured.register(peopleRoutes);
      await secured.register(newsletterRoutes);
    });
  },
  { name: 'admin-api', encapsulate: true, dependencies: ['app-context', 'error-handler'] },
);
