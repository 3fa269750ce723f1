/**
 * Resolves the application a request is about. Public calls send `app-key`, admin calls `app_key`;
 * either spelling is accepted everywhere because proxies such as nginx drop underscored headers.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyRequest } from 'fastify';
import { ENTITIES, type Records } from '../../shared/entities';
import { sitesOf, worksOn, worksOnEverySite } from '../../shared/rights';
import type { Select } from '../content/repository';
import { HttpError } from '../errors';
import type { AppContext } from './context';

/** Cache scope of application rows: every request needs its application, few change it. */
export const APPLICATIONS_SCOPE = 'applications';

/** What an application key can look like (the applications definition's own rule). */
const APP_KEY_PATTERN = ENTITIES.applications.fields.app_key.pattern.regex;

export function appKeyOf(request: FastifyRequest): string | undefined {
  // An API token belongs to one site: it names it when the header does not.
  return appKeyInHeaders(request.headers) || request.apiToken?.app_key;
}

/** The site a request's headers name, in either spelling. */
export function appKeyInHeaders(headers: IncomingHttpHeaders): string | undefined {
  const value = headers['app-key'] ?? headers.app_key;
  return (Array.isArray(value) ? value[0] : value)?.trim() || undefined;
}

export async function findApplication(request: FastifyRequest, appKey: string): Promise<Records['applications'] | undefined> {
  return siteByKey(request.server.ctx, appKey);
}

/** The site with this key (kept until a site changes), or none. */
export function siteByKey({ cache, services }: AppContext, appKey: string): Promise<Records['applications'] | undefined> {
  return cache.fetch(APPLICATIONS_SCOPE, appKey, () => services.applications.repo.findBy(null, 'app_key', appKey));
}

/** preHandler: 400 without a key, 404 for an unknown one; sets request.application. */
export async function requireApplication(request: FastifyRequest): Promise<void> {
  const appKey = appKeyOf(request);
  if (!appKey) {
    throw new HttpError(400, 'Missing application key: send the app-key header', { 'app-key': 'Required' });
  }
  // Only a key an application could have is looked up (a NUL in a header would otherwise reach
  // the database, which PostgreSQL refuses with an error).
  const app = APP_KEY_PATTERN.test(appKey) ? await findApplication(request, appKey) : undefined;
  if (!app) throw new HttpError(404, `Unknown application key "${appKey}"`, { 'app-key': 'Unknown application' });
  request.application = app;
}

/** A site switched off (status 0) is not there for visitors: 404 unless `site` is published. */
export function refuseUnpublished(site: Records['applications'] | undefined): Records['applications'] {
  if (!site || Number(site.status) !== 1) throw new HttpError(404, 'This site is not published', { 'app-key': 'Not published' });
  return site;
}

/** preHandler of visitors' routes: as requireApplication, for a published site only. */
export async function requirePublishedApplication(request: FastifyRequest): Promise<void> {
  await requireApplication(request);
  refuseUnpublished(request.application);
}

/**
 * onRequest of the admin API, after authenticate: as requireApplication, but first 403 for a site
 * the signed-in user does not work on (asked before the lookup, so it says nothing of which keys
 * exist).
 */
export async function requireWorkingSite(request: FastifyRequest): Promise<void> {
  const appKey = appKeyOf(request);
  if (request.apiToken && appKey !== request.apiToken.app_key) {
    throw new HttpError(403, `This API token works on the site "${request.apiToken.app_key}" only`, {
      'app-key': 'Not the token’s site',
    });
  }
  if (appKey && !worksOn(request.user.role, sitesOf(request.user.sites), appKey)) {
    throw new HttpError(403, `You do not work on the site "${appKey}"`, { 'app-key': 'Not one of your sites' });
  }
  await requireApplication(request);
}

/** The sites the signed-in user may see: null for every site. */
export const visibleSites = (request: FastifyRequest): string[] | null =>
  request.apiToken ? [request.apiToken.app_key] : worksOnEverySite(request.user.role) ? null : sitesOf(request.user.sites);

/** A list refinement to the applications the signed-in user may see (none when they have no site). */
export function onlyVisibleSites(request: FastifyRequest): ((qb: Select) => Select) | undefined {
  const sites = visibleSites(request);
  if (!sites) return undefined;
  return (qb) => (sites.length > 0 ? qb.where('app_key', 'in', sites) : qb.where('id', '<', 0));
}
