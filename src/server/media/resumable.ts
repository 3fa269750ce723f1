/**
 * Resumable uploads over tus 1.0 (creation, HEAD for the offset, PATCH to append, termination,
 * expiration) at /cms/api/tus, so a photo sent over a link that drops carries on from the last
 * byte the server kept instead of starting again. The routes sit behind the same token, site and
 * right (`files.create`) as `upload-single`; the file they assemble is kept by the same step
 * (store-file.ts: type read from the content, activity, renditions, pending references).
 *
 * An upload is its uploader's: another person (or another API token of theirs) is answered as if
 * it did not exist. A pending reference it carries must be the uploader's own (pending-refs.ts).
 * Each person has a quota of uploads in progress and of their declared bytes (LIMITS.upload), and
 * every part but the last is at least LIMITS.upload.minPartBytes (partial-uploads.ts), so a
 * caller cannot make the storage keep many tiny objects.
 *
 * Parts are kept in the storage under `_partial/` (partial-uploads.ts), so any instance of a
 * cluster carries an upload on. A finished upload's description stays until it expires: a client
 * whose last answer was lost asks again (HEAD), learns the upload is whole, and reads what it
 * became (GET /tus/{id}) instead of sending it again. Anything there for a day is removed by the
 * hourly upkeep. Every PATCH is answered 204 as tus 1.0 says, the last one too; GET /tus/{id} is
 * how a client learns what the upload became.
 */
import { Readable } from 'node:stream';
import { Server, type Upload } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LIMITS } from '../../shared/limits';
import { isPendingToken } from '../../shared/pending-upload';
import { fileUrl } from '../../shared/renditions';
import { now } from '../db/database';
import { HttpError, notFound } from '../errors';
import { needs, rightOfCaller } from '../plugins/auth';
import { operation } from '../openapi';
import { itemEnvelope } from '../routes/response-schemas';
import { claimPending } from './pending-refs';
import { storeFile, type StoredFile } from './store-file';

const TUS_PATH = '/cms/api/tus';
const OFFSET_STREAM = 'application/offset+octet-stream';
const tags = ['Files'];

/** A tus answer of ours: the status and, as every API error, `{message, errors}`. */
export const refusal = (status: number, message: string, field = 'file') => ({
  status_code: status,
  body: JSON.stringify({ message, errors: { [field]: message } }),
});

const storedAnswer = (file: StoredFile) => ({ message: 'File uploaded successfully!', data: file });

/** Whose an upload is: a person's sessions share their uploads; each API token has its own. */
const ownerOf = (request: FastifyRequest) => (request.apiToken ? `token-${request.apiToken.id}` : `user-${request.user.id}`);

/** Whether the upload is the caller's, on the caller's site (anything else does not exist for them). */
const isCallers = (request: FastifyRequest, upload: Upload | undefined) =>
  upload !== undefined && upload.metadata?.app_key === request.application.app_key && upload.metadata?.owner === ownerOf(request);

const MB = 1024 * 1024;

export async function resumableRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = app.ctx.database.db;
  const store = app.ctx.partialUploads;
  /** An upload that is no longer in progress stops counting against its uploader's quota. */
  const closed = (id: string) => db.deleteFrom('open_uploads').where('id', '=', id).execute();

  /** 429 or 413 when one more upload of `size` bytes would take the caller past their quota. */
  const refuseOverQuota = async (request: FastifyRequest, size: number) => {
    const cutoff = new Date(Date.now() - store.getExpiration()).toISOString();
    // What has expired is removed by the hourly upkeep and counts no more.
    await db.deleteFrom('open_uploads').where('created_at', '<', cutoff).execute();
    const open = await db
      .selectFrom('open_uploads')
      .select((eb) => [eb.fn.countAll().as('uploads'), eb.fn.sum<number | string | null>('size').as('bytes')])
      .where('user_id', '=', request.user.id)
      .executeTakeFirst();
    const { openUploadsPerUser, openBytesPerUser } = LIMITS.upload;
    if (Number(open?.uploads ?? 0) >= openUploadsPerUser) {
      throw refusal(429, `You have ${openUploadsPerUser} uploads in progress: finish or cancel one first`, 'upload');
    }
    if (Number(open?.bytes ?? 0) + size > openBytesPerUser) {
      throw refusal(
        413,
        `Your uploads in progress would exceed ${openBytesPerUser / MB} MB: finish or cancel some first`,
        'Upload-Length',
      );
    }
  };

  /** The file a whole upload became, stored now if that did not happen yet. */
  const finish = async (request: FastifyRequest, upload: Upload): Promise<StoredFile> => {
    const kept = await db
      .selectFrom('files')
      .select(['name', 'mime', 'size'])
      .where('app_key', '=', request.application.app_key)
      .where('upload_id', '=', upload.id)
      .executeTakeFirst();
    if (kept) return { name: kept.name, url: fileUrl(kept.name), mime: kept.mime ?? '', size: kept.size ?? 0 };
    const whole = await store.assemble(upload.id);
    if (!whole) throw new HttpError(409, 'The upload is not whole yet', { id: 'Incomplete' });
    try {
      const stored = await storeFile(request, {
        originalName: upload.metadata?.filename ?? 'file',
        content: { path: whole.path },
        size: upload.size ?? upload.offset,
        uploadId: upload.id,
        pendingToken: upload.metadata?.pending || undefined,
        replaces: upload.metadata?.replaces || undefined,
      });
      await store.markStored(upload.id);
      await closed(upload.id);
      return stored;
    } catch (error) {
      // What the library will not keep is not kept in part either.
      if (error instanceof HttpError && error.statusCode === 415) {
        await store.remove(upload.id).catch(() => undefined);
        await closed(upload.id);
      }
      throw error;
    } finally {
      await whole.done();
    }
  };

  const handOver = tusEndpoint(app, {
    path: TUS_PATH,
    maxSize: LIMITS.upload.resumableMaxBytes,
    owns: isCallers,
    async create(request, upload) {
      if (upload.sizeIsDeferred)
        throw refusal(400, 'Upload-Length is required: the size must be known when the upload starts', 'Upload-Length');
      const filename = upload.metadata?.filename?.trim();
      if (!filename) throw refusal(400, 'The upload must name its file (metadata "filename")', 'filename');
      const appKey = request.application.app_key;
      const pending = upload.metadata?.pending;
      if (pending && !isPendingToken(pending)) throw refusal(400, 'pending must be a UUID', 'pending');
      const caller = { userId: request.user.id, tokenId: request.apiToken?.id ?? null };
      if (pending && !(await claimPending(db, appKey, pending, caller))) {
        throw refusal(403, 'This pending picture was saved by someone else: only their upload may fill it', 'pending');
      }
      const replaces = upload.metadata?.replaces;
      if (replaces) {
        // Replacing a file changes what the site shows: the right to change files, not only to add them.
        if (!rightOfCaller(request, 'files', 'update')) throw refusal(403, 'Your role may not replace files', 'replaces');
        const current = await db
          .selectFrom('files')
          .select('name')
          .where('app_key', '=', request.application.app_key)
          .where('name', '=', replaces)
          .where('replaced_by', 'is', null)
          .executeTakeFirst();
        if (!current) throw refusal(404, 'The file to replace is not in the library', 'replaces');
      }
      await refuseOverQuota(request, upload.size ?? 0);
      await db
        .insertInto('open_uploads')
        .values({ id: upload.id, app_key: appKey, user_id: request.user.id, size: upload.size ?? 0, created_at: now() })
        .execute();
      return { filename, app_key: appKey, user_id: String(request.user.id), owner: ownerOf(request) };
    },
    finish,
    terminated: closed,
  });
  const idParams = z.object({ id: z.string().regex(/^[a-f0-9]{32}$/, 'Not an upload id') });
  const protocol = {
    type: 'string',
    maxLength: 0,
    description: 'Empty: the tus answer’s headers say the rest (Location, Upload-Offset, Upload-Length, Upload-Expires)',
  };
  // A part arriving changes nothing a visitor sees (a landed file that fills pending references says so itself).
  const rights = { ...needs('files', 'create'), leavesPublicAnswers: true };

  api.post(
    '/tus',
    {
      config: rights,
      schema: {
        ...operation(
          'files.resumable.create',
          'Start a resumable upload',
          `tus 1.0 creation: \`Upload-Length\` (at most 50 MB) and \`Upload-Metadata\` with \`filename\`, and optionally \`pending\` (the token of the pending reference records the caller saved may already name; refused (403) when another person or token named it first) or \`replaces\` (the stored name of a file this one replaces: records naming it are given the new address, and the old address redirects; needs the right to update files). A person may have ${LIMITS.upload.openUploadsPerUser} uploads in progress, of ${LIMITS.upload.openBytesPerUser / MB} MB together (429, 413 beyond). The answer’s \`Location\` is where the parts go.`,
        ),
        tags,
        response: { 201: protocol },
      },
    },
    handOver,
  );
  api.head(
    '/tus/:id',
    {
      config: rights,
      schema: {
        ...operation(
          'files.resumable.offset',
          'Ask how much of a resumable upload arrived',
          'tus 1.0: `Upload-Offset` says where to carry on.',
        ),
        tags,
        params: idParams,
        response: { 200: protocol },
      },
    },
    handOver,
  );
  api.patch(
    '/tus/:id',
    {
      config: rights,
      schema: {
        ...operation(
          'files.resumable.append',
          'Send the next part of a resumable upload',
          'tus 1.0: `Upload-Offset` must be what HEAD answered; the body (`application/offset+octet-stream`) is appended. Every part but the last is at least 256 KiB (400 otherwise). Every part, the last included, is answered 204; the last stores the file, which `GET /cms/api/tus/{id}` then describes. An upload is answered only to the person or API token that started it (404 to anyone else).',
        ),
        tags,
        params: idParams,
        response: { 204: protocol },
      },
    },
    handOver,
  );
  api.delete(
    '/tus/:id',
    {
      config: rights,
      schema: {
        ...operation('files.resumable.terminate', 'Cancel a resumable upload', 'tus 1.0 termination: what arrived is removed.'),
        tags,
        params: idParams,
        response: { 204: protocol },
      },
    },
    handOver,
  );
  api.get(
    '/tus/:id',
    {
      config: rights,
      exposeHeadRoute: false,
      schema: {
        ...operation(
          'files.resumable.result',
          'Read the file a resumable upload became',
          'What a whole upload became, asked once its last part is in (that PATCH is answered 204, with no body): the stored file (stored now if it was not yet), 409 while parts are missing.',
        ),
        tags,
        params: idParams,
        response: {
          200: itemEnvelope({
            type: 'object',
            properties: {
              name: { type: 'string' },
              url: { type: 'string' },
              mime: { type: 'string' },
              size: { type: 'integer' },
            },
          }),
        },
      },
    },
    async (request) => {
      const upload = await store.getUpload(request.params.id).catch(() => undefined);
      if (!upload || !isCallers(request, upload)) throw notFound('Upload');
      if (upload.size === undefined || upload.offset < upload.size) {
        throw new HttpError(409, `The upload is not whole yet: ${upload.offset} of ${upload.size ?? '?'} bytes arrived`, {
          id: 'Incomplete',
        });
      }
      return storedAnswer(await finish(request, upload));
    },
  );
}

/** What one tus endpoint does of its own: who may see an upload, what starts one, what a whole one becomes. */
export interface TusEndpoint {
  path: string;
  maxSize: number;
  /** Whether the upload exists for this caller: anyone else's is answered 404. */
  owns: (request: FastifyRequest, upload: Upload | undefined) => boolean;
  /** Checks a new upload (throwing a refusal) and answers the metadata it is kept with. */
  create: (request: FastifyRequest, upload: Upload) => Promise<Record<string, string>>;
  /** Keeps what a whole upload became (its last PATCH, or a later ask). */
  finish: (request: FastifyRequest, upload: Upload) => Promise<unknown>;
  /** An upload the caller cancelled. */
  terminated?: (id: string) => Promise<unknown>;
}

/**
 * A tus 1.0 endpoint on the uploads' parts store (partial-uploads.ts), answered through Fastify so
 * its hooks and headers apply as to any route: the handler the endpoint's routes share. Staff's
 * media uploads and visitors' files of a form (content/entry-files.ts) are each one.
 */
export function tusEndpoint(app: FastifyInstance, endpoint: TusEndpoint) {
  const store = app.ctx.partialUploads;
  /** The Fastify request behind each request tus handles: its site, user and activity log. */
  const requests = new WeakMap<Request, FastifyRequest>();
  const fastifyRequestOf = (req: Request): FastifyRequest => {
    const request = requests.get(req);
    if (!request) throw refusal(500, 'The upload lost its request');
    return request;
  };
  // Made on the first resumable upload.
  let server: Server | undefined;
  const tus = () => (server ??= makeServer());
  const makeServer = () =>
    new Server({
      path: endpoint.path,
      datastore: store,
      relativeLocation: true,
      // Same origin only: the back-office and the site are served by this server.
      allowedOrigins: [],
      maxSize: endpoint.maxSize,
      async onIncomingRequest(req, id) {
        if (req.method === 'POST') return;
        const request = fastifyRequestOf(req);
        const upload = await store.getUpload(id).catch(() => undefined);
        // Another site's upload, or another person's, does not exist for this caller.
        if (!endpoint.owns(request, upload)) throw refusal(404, 'No such upload', 'id');
      },
      async onUploadCreate(req, upload) {
        const metadata = await endpoint.create(fastifyRequestOf(req), upload);
        return { metadata: { ...upload.metadata, ...metadata } };
      },
      async onUploadFinish(req, upload) {
        // Stored now, so a refusal (a type that is not kept) answers this PATCH; the answer is
        // the protocol's 204, and a GET of the upload says what it became.
        await endpoint.finish(fastifyRequestOf(req), upload);
        return {};
      },
      async onResponseError(_req, error) {
        // Every refusal in the API's shape, with the field it is about.
        const { status_code: status, body } = error as { status_code?: number; body?: string };
        if (error instanceof HttpError) {
          return { status_code: error.statusCode, body: JSON.stringify({ message: error.message, errors: error.errors }) };
        }
        if (status && body?.startsWith('{')) return undefined;
        if (status === 413) return refusal(413, `The file is larger than ${endpoint.maxSize / 1024 / 1024} MB`);
        if (status && status < 500) return refusal(status, (body ?? 'Refused').trim(), 'upload');
        app.log.error({ err: error }, 'A resumable upload failed');
        return refusal(500, 'The upload could not be stored', 'upload');
      },
    });

  // tus reads the body itself, as a stream, chunk by chunk.
  app.addContentTypeParser(OFFSET_STREAM, (_request, _payload, done) => done(null));
  /** tus answers the request; Fastify sends the answer (its hooks and headers apply as to any route). */
  return async (request: FastifyRequest, reply: FastifyReply) => {
    // Only a part is a body tus reads (left unread by the parser above); any other body was read
    // by Fastify already (JSON, say), and tus answers the request as one without a part.
    const carriesBody =
      request.headers['content-type'] === OFFSET_STREAM && (request.method === 'POST' || request.method === 'PATCH');
    const asked = new Request(new URL(request.url, 'http://orgsite.invalid'), {
      method: request.method,
      headers: Object.entries(request.headers).flatMap(([name, value]) =>
        value === undefined ? [] : [[name, Array.isArray(value) ? value.join(', ') : value] as [string, string]],
      ),
      ...(carriesBody ? { body: Readable.toWeb(request.raw) as ReadableStream, duplex: 'half' } : {}),
    });
    requests.set(asked, request);
    const answer = await tus().handleWeb(asked);
    if (request.method === 'DELETE' && answer.status === 204) await endpoint.terminated?.((request.params as { id: string }).id);
    reply.status(answer.status).headers(Object.fromEntries(answer.headers));
    const body = answer.body ? await answer.text() : '';
    // The protocol's own refusals (a missing Tus-Resumable header, a bad one) in the API's shape too.
    if (answer.status >= 400 && !body.startsWith('{')) {
      const { body: shaped } = refusal(answer.status, body.trim() || 'Refused', 'upload');
      return reply.type('application/json').send(shaped);
    }
    return reply.send(body);
  };
}
