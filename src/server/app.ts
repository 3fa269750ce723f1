/**
 * buildApp() assembles the server without listening, so tests drive it with inject() or a real
 * port. Plugins go in a fixed order: external (security, parsing, docs) → ours → routes → SPA.
 */
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fs from 'node:fs';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { LIMITS } from '../shared/limits';
import type { ServerConfig } from './config';
import type { Database } from './db/database';
import { requireUser } from './plugins/auth';
import { publicAnswers, siteScope } from './cache/public-answers';
import { appContext, createContext } from './plugins/context';
import { API_CONTENT_SECURITY_POLICY, contentSecurityPolicy, DOCUMENT_ONLY_HEADERS } from './plugins/csp';
import { registerErrorHandler } from './plugins/errors';
import { spaRoutes } from './plugins/spa';
import { requireApplication } from './plugins/tenant';
import { manifestRoutes } from './pwa/manifest';
import { applicationRoutes } from './routes/applications';
import { authRoutes } from './routes/auth';
import { crudRoutes } from './routes/crud';
import { fileRoutes } from './routes/files';
import { publicRoutes } from './routes/public';
import { reportRoutes } from './routes/report';
import { seoRoutes } from './seo/routes';

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
}

export async function buildApp(config: ServerConfig, database: Database, options: BuildOptions = {}): Promise<FastifyInstance> {
  const ctx = createContext(config, database);
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  await app.register(appContext, { ctx });

  await app.register(helmet, {
    contentSecurityPolicy: { directives: contentSecurityPolicy() },
    crossOriginEmbedderPolicy: false,
  });
  // JSON is not a document: the site's policy means nothing there, nor do the headers that only
  // steer how a browser treats a page. API answers get the short policy OWASP recommends for APIs
  // and keep the headers that do apply (nosniff, CORP, HSTS, framing), which also keeps the hot
  // public reads small.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/cms/') && !request.url.startsWith('/cms/docs')) {
      reply.header('content-security-policy', API_CONTENT_SECURITY_POLICY);
      for (const header of DOCUMENT_ONLY_HEADERS) reply.removeHeader(header);
    }
    return payload;
  });
  // Kept answers are stored before compression (they are compressed once, when kept).
  await app.register(publicAnswers);
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(rateLimit, { global: false });
  await app.register(multipart, { limits: { fileSize: LIMITS.upload.maxBytes, files: 1, fields: 5 } });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Content API',
        version: '1.0.0',
        description:
          'Public reads under /cms send the `app-key` header. Admin calls under /cms/api send `Authorization: Bearer <token>` (from POST /cms/api/login) and the `app_key` header.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/cms/docs', staticCSP: true });

  await app.register(publicRoutes, { prefix: '/cms' });
  await app.register(
    async (admin) => {
      await admin.register(authRoutes);
      await admin.register(async (secured) => {
        secured.addHook('preHandler', requireUser);
        secured.addHook('preHandler', requireApplication);
        // Any successful write changes what visitors may see: drop that application's cached reads.
        secured.addHook('onSend', async (request, reply, payload) => {
          if (request.method !== 'GET' && reply.statusCode < 400 && request.application) {
            app.ctx.cache.invalidate(siteScope(request.application.app_key));
          }
          return payload;
        });
        await secured.register(reportRoutes);
        await secured.register(fileRoutes);
        await secured.register(applicationRoutes);
        await secured.register(crudRoutes);
      });
    },
    { prefix: '/cms/api' },
  );

  fs.mkdirSync(config.uploadDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: config.uploadDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    // Stored names are unique and never reused, so a file at a URL never changes.
    maxAge: '365d',
    immutable: true,
  });
  await app.register(seoRoutes);
  await app.register(manifestRoutes);
  await app.register(spaRoutes);
  return app;
}
