/**
 * buildApp() assembles the server without listening, so tests drive it with inject() or a real
 * port. Plugins go in a fixed order: external (security, parsing, docs) → ours → routes → SPA.
 */
import { feedRoutes } from './seo/feeds';
import { subscriptionRoutes } from './routes/subscriptions';
import compress from '@fastify/compress';
import etag from '@fastify/etag';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { ServerConfig } from './config';
import type { Database } from './db/database';
import { sharedVersions } from './cache/shared-versions';
import { keepPublicAnswers, servePublicAnswers } from './cache/public-answers';
import { nextRequestId, OneLinePerRequest } from './plugins/request-log';
import { notModifiedCarriesNoBody } from './cache/http-answer';
import { appContext, createContext } from './plugins/context';
import { upkeep } from './plugins/upkeep';
import { webhookSender } from './routes/webhooks';
import { newsletterSender } from './routes/newsletters';
import { securityHeaders } from './plugins/security-headers';
import { sameOriginRedirects } from './plugins/same-origin-redirects';
import { errorHandler } from './plugins/errors';
import { spaRoutes } from './plugins/spa';
import { textGuard } from './plugins/text-guard';
import { manifestRoutes } from './pwa/manifest';
import { openapiOptions } from './openapi';
import { adminApi } from './routes/admin-api';
import { publicRoutes } from './routes/public';
import { beaconRoutes } from './routes/analytics';
import { seoRoutes } from './seo/routes';
import { searchIndexRoutes } from './routes/search-index';
import { healthRoutes } from './plugins/health';
import { uploadRoutes } from './media/uploads';
import { ADMIN_API_PATH, normalizedAddress, SERVER_PATHS } from '../shared/address-space';

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Resolves once the page a start draws in the background (PageRenderer.warm) is drawn: it keeps
     * what it read, so a test that asks what its own requests kept waits for it first.
     */
    warmed: () => Promise<void>;
  }
}

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
}

export async function buildApp(config: ServerConfig, database: Database, options: BuildOptions = {}): Promise<FastifyInstance> {
  const ctx = createContext(config, database);
  const app: FastifyInstance = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    genReqId: nextRequestId,
    // One spelling of every address before anything reads it: the router, the caches and the
    // rules on addresses (shared/address-space.ts).
    rewriteUrl: (request) => normalizedAddress(request.url ?? '/'),
    // A hop count as proxy-addr takes it: the nearest `n` addresses are proxies, the next is the client.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    logController: new OneLinePerRequest(),
  });
  // A request that says JSON but sends nothing (a DELETE or an action from a client that always
  // sets the header) has no body, which is not an error; a route that needs one says which field.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') done(null, undefined);
    else parseJson(request, body as string, done);
  });
  app.setValidatorCompiler(validatorCompiler);
  // Requests are validated with zod; responses keep Fastify's own serialiser (fast-json-stringify),
  // fed with the JSON Schemas of routes/response-schemas.ts.
  await app.register(errorHandler);
  await app.register(appContext, { ctx });
  await app.register(upkeep);
  await app.register(sharedVersions);
  await app.register(webhookSender);
  await app.register(newsletterSender);
  await app.register(textGuard);

  await app.register(servePublicAnswers);
  await app.register(securityHeaders);
  // Before anything keeps an answer: a kept redirect is already one to a path of the site.
  await app.register(sameOriginRedirects);
  await app.register(keepPublicAnswers);
  // ETags and 304s for every answer (a kept one brings its own); then compression, which leaves
  // an answer sent in a kept compressed form alone.
  await app.register(etag);
  app.addHook('onSend', notModifiedCarriesNoBody);
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(rateLimit, { global: false });
  await app.register(swagger, openapiOptions);
  await app.register(swaggerUi, { routePrefix: '/cms/docs', staticCSP: true });

  await app.register(publicRoutes, { prefix: SERVER_PATHS.api });
  await app.register(beaconRoutes, { prefix: SERVER_PATHS.api });
  await app.register(adminApi, { prefix: ADMIN_API_PATH });

  await app.register(uploadRoutes);
  await app.register(healthRoutes);
  await app.register(seoRoutes);
  await app.register(searchIndexRoutes);
  await app.register(feedRoutes);
  await app.register(subscriptionRoutes);
  await app.register(manifestRoutes);
  let warming: Promise<void> = Promise.resolve();
  app.decorate('warmed', () => warming);
  await app.register(spaRoutes, { onWarm: (started) => (warming = started) });
  return app;
}
