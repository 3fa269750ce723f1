/**
 * The admin API under /cms/api: sign-in, then everything else behind a valid token and an
 * application key. Any successful write there changes what visitors may see, so it forgets that
 * site's kept answers and pages.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { siteScope } from '../cache/public-answers';
import { requireUser } from '../plugins/auth';
import { requireApplication } from '../plugins/tenant';
import { applicationRoutes } from './applications';
import { authRoutes } from './auth';
import { crudRoutes } from './crud';
import { fileRoutes } from './files';
import { reportRoutes } from './report';

export const adminApi = fp(
  async (admin: FastifyInstance) => {
    await admin.register(authRoutes);
    await admin.register(async (secured) => {
      secured.addHook('preHandler', requireUser);
      secured.addHook('preHandler', requireApplication);
      secured.addHook('onSend', async (request, reply, payload) => {
        if (request.method !== 'GET' && reply.statusCode < 400 && request.application) {
          admin.ctx.cache.invalidate(siteScope(request.application.app_key));
        }
        return payload;
      });
      await secured.register(reportRoutes);
      await secured.register(fileRoutes);
      await secured.register(applicationRoutes);
      await secured.register(crudRoutes);
    });
  },
  { name: 'admin-api', encapsulate: true, dependencies: ['app-context', 'error-handler'] },
);
