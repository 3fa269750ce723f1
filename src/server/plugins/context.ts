/** What every route can reach: the database, the entity services and the caches. */
import type { FastifyInstance } from 'fastify';
import { ENTITIES, type EntityDef, type ResourceName } from '../../shared/entities';
import type { ServerConfig } from '../config';
import { EntityService, type EntityHooks } from '../content/entity-service';
import type { Row } from '../content/repository';
import { userHooks } from '../content/user-hooks';
import type { Database } from '../db/database';
import { PublicCache } from '../public-cache';
import { RoutePreloads } from '../seo/route-preloads';
import { ApplicationCache } from './tenant';

const HOOKS: Partial<Record<ResourceName, EntityHooks>> = { users: userHooks };

export interface AppContext {
  config: ServerConfig;
  database: Database;
  services: Record<ResourceName, EntityService>;
  publicCache: PublicCache;
  applicationCache: ApplicationCache;
  routePreloads: RoutePreloads;
}

export function createContext(config: ServerConfig, database: Database): AppContext {
  const services = Object.fromEntries(
    Object.entries(ENTITIES).map(([name, def]) => [
      name,
      new EntityService(database.db, def as EntityDef, HOOKS[name as ResourceName]),
    ]),
  ) as Record<ResourceName, EntityService>;
  return {
    config,
    database,
    services,
    publicCache: new PublicCache(),
    applicationCache: new ApplicationCache(),
    routePreloads: new RoutePreloads(config.staticDir),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    /** The application this request is about (from the app-key / app_key header). */
    application: Row & { app_key: string; id: number };
    user: Row & { id: number };
  }
}

export function decorateContext(app: FastifyInstance, ctx: AppContext): void {
  app.decorate('ctx', ctx);
  app.decorateRequest('application', null as never);
  app.decorateRequest('user', null as never);
}
