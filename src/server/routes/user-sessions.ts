/** An admin signs a user out everywhere (a lost laptop, a leaving member of staff). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { recordActivity } from '../activity/activity-log';
import { endSessions } from '../content/user-hooks';
import { notFound } from '../errors';
import { idParams } from './schemas';

export async function userSessionRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/users/:id/sign-out',
    { config: { rights: { subject: 'users', action: 'update' } }, schema: { tags: ['Users'], params: idParams } },
    async (request) => {
      const user = await app.ctx.services.users.repo.get(null, request.params.id);
      if (!user) throw notFound('User');
      await endSessions(app.ctx.database.db, user.id, user.id === request.user.id ? request.sessionId : undefined);
      await recordActivity(request, { action: 'sessions-revoked', appKey: null, entity: 'users', recordId: user.id });
      return { message: `${user.email} is signed out everywhere`, data: { id: user.id } };
    },
  );
}
