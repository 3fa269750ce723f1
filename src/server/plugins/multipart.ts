/**
 * Multipart bodies are read by three routes only: the media library's one-request upload
 * (routes/files.ts), a built form's plain post with a file (plugins/form-posts.ts) and a mail
 * client's one-click unsubscribe (routes/subscriptions.ts). @fastify/multipart adds an onRequest
 * and an onResponse hook to every route of the context it is registered in (they delete files saved
 * to disk, which nothing here does), so each of those routes registers it in a context of its own
 * and no other answer runs them: a kept page or API read above all, which they made a third dearer.
 * A multipart body sent anywhere else is refused with a 415.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { LIMITS } from '../../shared/limits';

/** Lets the routes of `scope` (a context of their own) read multipart bodies. */
export async function acceptMultipart(scope: FastifyInstance): Promise<void> {
  await scope.register(multipart, { limits: { fileSize: LIMITS.upload.maxBytes, files: 1, fields: 5 } });
}
