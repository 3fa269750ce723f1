/**
 * Health checks for load balancers and supervisors. `GET /healthz`: the process answers (nothing
 * else is checked, so a busy database never gets a live server restarted). `GET /readyz`: the
 * database answers, the build is there, and every migration has run; 503 naming what is not.
 */
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { pendingMigrations } from '../db/migrate';
import { buildFiles } from '../seo/ssr';

type Check = 'ok' | string;

export const healthRoutes = fp(
  async (app: FastifyInstance) => {
    const { config, database } = app.ctx;
    const schema = database.dialect === 'postgres' ? (config.pgSchema ?? 'public') : undefined;

    app.get('/healthz', { schema: { hide: true }, logLevel: 'warn' }, async (_request, reply) =>
      reply.header('cache-control', 'no-store').send({ status: 'ok', uptime_s: Math.round(process.uptime()) }),
    );

    app.get('/readyz', { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
      const checks: Record<'database' | 'migrations' | 'build', Check> = { database: 'ok', migrations: 'ok', build: 'ok' };
      try {
        await sql`select 1`.execute(database.db);
        const pending = await pendingMigrations(database.db, schema);
        if (pending.length > 0) checks.migrations = `pending: ${pending.join(', ')}`;
      } catch (error) {
        // Which check failed, for anyone; the database's own words (hosts, users) for the log only.
        request.log.error({ err: error }, 'readiness: the database did not answer');
        checks.database = 'unreachable';
        checks.migrations = 'unknown';
      }
      const build = buildFiles(config.staticDir);
      if (!fs.existsSync(build.bundle) || !fs.existsSync(build.manifest)) checks.build = 'missing (run npm run build)';
      const ready = Object.values(checks).every((check) => check === 'ok');
      return reply
        .status(ready ? 200 : 503)
        .header('cache-control', 'no-store')
        .send({ status: ready ? 'ready' : 'not ready', checks });
    });
  },
  { name: 'health', dependencies: ['app-context'] },
);
