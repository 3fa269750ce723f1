import type { FastifyInstance } from 'fastify';
import { ENTITIES } from '../../shared/entities';
import { needs } from '../plugins/auth';

/** Dashboard counts for the current application (spec §3 "Report counts"). */
export async function reportRoutes(app: FastifyInstance): Promise<void> {
  const counted = {
    total_page: ENTITIES.pages,
    total_section: ENTITIES.sections,
    total_widget: ENTITIES.widgets,
    total_post_category: ENTITIES['post-categories'],
    total_post: ENTITIES.posts,
  };
  app.get('/app-report', { config: needs('report', 'read'), schema: { tags: ['Dashboard'] } }, async (request) => {
    const db = app.ctx.database.db;
    const entries = await Promise.all(
      Object.entries(counted).map(async ([name, def]) => {
        const { n } = (await db
          .selectFrom(def.table)
          .select((eb) => eb.fn.countAll().as('n'))
          .where('app_key', '=', request.application.app_key)
          .executeTakeFirstOrThrow()) as { n: number };
        return [name, Number(n)] as const;
      }),
    );
    return { data: Object.fromEntries(entries) };
  });
}
