/**
 * Health checks for load balancers and supervisors. `GET /healthz`: the process answers (nothing
 * else is checked, so a busy database never gets a live server restarted). `GET /readyz`: the
 * database answers, every migration has run, the uploads' storage answers and the build is there;
 * 503 naming what is not.
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

    const live = { type: 'object', properties: { status: { type: 'string' }, uptime_s: { type: 'integer' } } };
    const check = { type: 'string' };
    const readiness = {
      type: 'object',
      properties: {
        status: { type: 'string', enum: ['ready', 'not ready'] },
        checks: { type: 'object', properties: { database: check, migrations: check, storage: check, build: check } },
      },
    };
    // Hidden from the API's document (they are the operator's, not a consumer's), typed all the same.
    const liveSchema = { hide: true, response: { 200: live } };
    const readySchema = { hide: true, response: { 200: readiness, 503: readiness } };

    app.get('/healthz', { schema: liveSchema, logLevel: 'warn' }, async (_request, reply) =>
      reply.header('cache-control', 'no-store').send({ status: 'ok', uptime_s: Math.round(process.uptime()) }),
    );

    app.get('/readyz', { schema: readySchema, logLevel: 'warn' }, async (request, reply) => {
      const checks: Record<'database' | 'migrations' | 'storage' | 'build', Check> = {
        database: 'ok',
        migrations: 'ok',
        storage: 'ok',
        build: 'ok',
      };
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
      try {
        // Any answer but a failure will do: the bucket (or folder) is there and lets us in.
        await app.ctx.storage.stat('readyz-probe');
      } catch (error) {
        request.log.error({ err: error }, 'readiness: the uploads’ storage did not answer');
        checks.storage = 'unreachable';
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
