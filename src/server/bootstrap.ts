/** Database → migrations → first-start seed → app. Used by main.ts, the tests and the benchmark. */
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from './app';
import type { ServerConfig } from './config';
import { reposOf } from './plugins/context';
import { type Database, openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { seed, type SeedResult } from './db/seed';
import { applyErasures } from './content/person-data';

export interface Server {
  app: FastifyInstance;
  database: Database;
  seeded: SeedResult;
}

export async function createServer(config: ServerConfig, options: BuildOptions = {}): Promise<Server> {
  const database = openDatabase(config.databaseUrl, config.pgSchema);
  try {
    await migrateToLatest(database.db, database.dialect === 'postgres' ? (config.pgSchema ?? 'public') : undefined);
    const app = await buildApp(config, database, options);
    const seeded = await seed(database.db, reposOf(app.ctx.services), config);
    // A database put back from a copy older than an erasure loses that person's records again.
    await applyErasures(database.db, () => app.ctx.secrets, config.erasuresFile);
    // Made in the background, after anything a visitor asks for: the server starts at once.
    if (config.prepareDemoRenditions) for (const name of seeded.demoImages) void app.ctx.renditions.prepare(name);
    // Links name the site's Web URL from the first request on (seo/public-origin.ts).
    await app.ctx.origin.refresh();
    app.addHook('onClose', async () => database.close());
    return { app, database, seeded };
  } catch (error) {
    await database.close();
    throw error;
  }
}
