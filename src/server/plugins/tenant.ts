/**
 * Resolves the application a request is about. Public calls send `app-key`, admin calls `app_key`;
 * either spelling is accepted everywhere because proxies such as nginx drop underscored headers.
 */
import type { FastifyRequest } from 'fastify';
import { ENTITIES, type Records } from '../../shared/entities';
import { HttpError } from '../errors';

/**
 * Application rows by key, kept briefly: every request needs its application, few change it.
 * One per server instance; cleared by that instance's writes, expiring for the others'.
 */
export class ApplicationCache {
  private rows = new Map<string, { row: Records['applications'] | undefined; expires: number }>();

  constructor(private readonly ttlMs = 10_000) {}

  get(appKey: string): { row: Records['applications'] | undefined } | undefined {
    const hit = this.rows.get(appKey);
    return hit && hit.expires > Date.now() ? hit : undefined;
  }

  set(appKey: string, row: Records['applications'] | undefined): void {
    this.rows.set(appKey, { row, expires: Date.now() + this.ttlMs });
  }

  clear(): void {
    this.rows.clear();
  }
}

export function appKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers['app-key'] ?? request.headers.app_key;
  return (Array.isArray(value) ? value[0] : value)?.trim() || undefined;
}

export async function findApplication(request: FastifyRequest, appKey: string): Promise<Records['applications'] | undefined> {
  const cache = request.server.ctx.applicationCache;
  const cached = cache.get(appKey);
  if (cached) return cached.row;
  const row = await request.server.ctx.services.applications.repo.findBy(null, 'app_key', appKey);
  cache.set(appKey, row);
  return row;
}

/** preHandler: 400 without a key, 404 for an unknown one; sets request.application. */
export async function requireApplication(request: FastifyRequest): Promise<void> {
  const appKey = appKeyOf(request);
  if (!appKey) {
    throw new HttpError(400, 'Missing application key: send the app-key header', { 'app-key': 'Required' });
  }
  const app = await findApplication(request, appKey);
  if (!app) throw new HttpError(404, `Unknown application key "${appKey}"`, { 'app-key': 'Unknown application' });
  request.application = app;
}

export const APPLICATIONS_TABLE = ENTITIES.applications.table;
