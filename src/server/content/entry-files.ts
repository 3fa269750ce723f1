/**
 * The files visitors send with a built form's entry (issue 60: a career's CV), kept apart from the
 * media library and never public:
 * - they arrive through the resumable path (tus 1.0, media/resumable.ts) at /cms/form-uploads,
 *   scoped to the site by its app key, each upload naming its form and field; a type the field
 *   does not take (by name when it starts, by content when it is whole) or a size beyond its
 *   `max_mb` is refused with the field named, and nothing of it is kept;
 * - a whole upload is kept under `_entries/` in the storage (never served by `/uploads/`, which
 *   serves only the library's `files`) with a row in `entry_files`, unbound;
 * - the entry names it by the upload's id (the file field's answer), and is stored with it once:
 *   its id binds the file (storeEntry, built-forms.ts), and the entry's answer becomes the file's
 *   name, which exports and mails show;
 * - staff who may read entries list and download an entry's files (routes/form-entries.ts);
 * - a file whose entry is erased (retention, an erasure by address, the Trash's purge) and one
 *   never bound for a day are removed, bytes and row, by the hourly upkeep and right after an
 *   erasure.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Upload } from '@tus/server';
import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { acceptedExtensions, checkFile, type EntryValues, type FormFieldDef, UPLOAD_ID_PATTERN } from '../../shared/built-forms';
import { siteEn, type SiteMessageKey } from '../../shared/messages/site-en';
import { type DB, now } from '../db/database';
import { HttpError } from '../errors';
import { refusal, tusEndpoint } from '../media/resumable';
import { operation } from '../openapi';
import type { AppContext } from '../plugins/context';
import { LONE_SURROGATE } from '../plugins/text-guard';
import type { BuiltForm } from './built-forms';

/** Where the files are kept in the storage: outside every address the site serves. */
export const ENTRY_FILES_DIR = '_entries';
export const FORM_UPLOADS_PATH = '/cms/form-uploads';
const DAY_MS = 24 * 60 * 60 * 1000;
/** The largest file any field may take (checkDefinition's bound on `max_mb`). */
const LARGEST = 50 * 1024 * 1024;

/** Extensions the sniffer names differently from the file's usual name. */
const SAME_TYPE: Record<string, string[]> = { jpg: ['.jpg', '.jpeg'], cfb: ['.doc'], tif: ['.tif', '.tiff'] };
/** Text has no signature to read: taken by its name alone, and kept as text. */
const PLAIN_TEXT = new Set(['.txt', '.csv']);

export interface EntryFileRow {
  id: number;
  app_key: string;
  form_id: number;
  field: string;
  entry_id: number | null;
  upload_id: string;
  name: string;
  mime: string;
  size: number;
  storage_key: string;
  created_at: string;
}

/** A refusal about one field, in English as the API answers (the island says it in its language). */
export const fieldRefusal = (field: string, key: SiteMessageKey, status = 400) =>
  new HttpError(status, `${field}: ${siteEn[key]}`, { [field]: siteEn[key] });

/** The name the visitor's file had, for staff only: without control characters or broken Unicode. */
function displayName(filename: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const clean = filename.replace(/[\u0000-\u001f\u007f/\\]/g, '').replace(new RegExp(LONE_SURROGATE, 'g'), '');
  return clean.slice(-200) || 'file';
}

/** The file's type as its content says, when the field takes it; a refusal naming the field otherwise. */
async function sniffedType(field: FormFieldDef, name: string, content: { bytes: Buffer } | { path: string }): Promise<string> {
  const accepted = acceptedExtensions(field);
  const extension = /\.[^.]+$/.exec(name.toLowerCase())?.[0] ?? '';
  const type = 'bytes' in content ? await fileTypeFromBuffer(content.bytes) : await fileTypeFromFile(content.path);
  if (!type) {
    if (PLAIN_TEXT.has(extension) && accepted.includes(extension)) return 'text/plain';
    throw fieldRefusal(field.name, 'builtForm.file.type');
  }
  const names = SAME_TYPE[type.ext] ?? [`.${type.ext}`];
  // Both what it is and what it is called: a PDF named .exe is refused, so is a script named .pdf.
  if (!names.some((ext) => accepted.includes(ext)) || !names.includes(extension))
    throw fieldRefusal(field.name, 'builtForm.file.type');
  return type.mime;
}

/** The file field `name` of the form, or a refusal naming it. */
function fileField(fields: readonly FormFieldDef[], name: string | undefined | null): FormFieldDef {
  const field = fields.find((candidate) => candidate.name === name && candidate.kind === 'file');
  if (!field) throw refusal(400, 'field must name a file field of the form', 'field');
  return field;
}

/**
 * Keeps a whole file of a form's field: checks it, writes its bytes under `_entries/`, and adds
 * its unbound row. Answers the row (the same row when this upload was kept before).
 */
export async function keepEntryFile(
  request: FastifyRequest,
  form: BuiltForm,
  field: FormFieldDef,
  incoming: { uploadId: string; name: string; size: number; content: { bytes: Buffer } | { path: string } },
): Promise<EntryFileRow> {
  const { db } = request.server.ctx.database;
  const appKey = request.application.app_key;
  const kept = await db.selectFrom('entry_files').selectAll().where('upload_id', '=', incoming.uploadId).executeTakeFirst();
  if (kept) return kept as EntryFileRow;
  const name = displayName(incoming.name);
  const problem = checkFile(field, { name, size: incoming.size });
  if (problem) throw fieldRefusal(field.name, problem);
  const mime = await sniffedType(field, name, incoming.content);
  const key = `${ENTRY_FILES_DIR}/${randomBytes(16).toString('hex')}`;
  await request.server.ctx.storage.write(key, 'bytes' in incoming.content ? incoming.content.bytes : incoming.content, mime);
  const row = await db
    .insertInto('entry_files')
    .values({
      app_key: appKey,
      form_id: form.id,
      field: field.name,
      entry_id: null,
      upload_id: incoming.uploadId,
      name,
      mime,
      size: incoming.size,
      storage_key: key,
      created_at: now(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return row as EntryFileRow;
}

/** A plain post's file (no JavaScript): kept as an upload of its own, its id the field's answer. */
export const newUploadId = () => randomBytes(16).toString('hex');

/**
 * The files an entry's answers name, each checked: this site's, this form's and field's, not
 * bound to another entry (`entryId` is the entry a replay of the same submission stored), and
 * landed within a day. A refusal names the field. Answers the answers with each file's name in
 * place of its id, and the ids to bind.
 */
export async function namedFiles(
  request: FastifyRequest,
  form: BuiltForm,
  fields: readonly FormFieldDef[],
  values: EntryValues,
  entryId: number | undefined,
): Promise<{ values: EntryValues; uploads: string[] }> {
  const { db } = request.server.ctx.database;
  const named = { ...values };
  const uploads: string[] = [];
  for (const field of fields) {
    const id = values[field.name];
    if (field.kind !== 'file' || !id) continue;
    let row = UPLOAD_ID_PATTERN.test(id)
      ? ((await db
          .selectFrom('entry_files')
          .selectAll()
          .where('app_key', '=', request.application.app_key)
          .where('upload_id', '=', id)
          .executeTakeFirst()) as EntryFileRow | undefined)
      : undefined;
    // Whole but not kept yet (the server stopped after its last part): kept now.
    row ??= await finishLate(request, form, field, id);
    const fresh = row && (row.entry_id !== null || Date.parse(row.created_at) > Date.now() - DAY_MS);
    if (
      !row ||
      !fresh ||
      row.form_id !== form.id ||
      row.field !== field.name ||
      (row.entry_id !== null && row.entry_id !== entryId)
    ) {
      throw fieldRefusal(field.name, 'builtForm.file.missing');
    }
    named[field.name] = row.name;
    uploads.push(row.upload_id);
  }
  return { values: named, uploads };
}

/** Binds the checked files to their entry, once: a file already bound stays with its entry. */
export async function bindFiles(db: DB, appKey: string, uploads: string[], entryId: number): Promise<void> {
  if (uploads.length === 0) return;
  await db
    .updateTable('entry_files')
    .set({ entry_id: entryId })
    .where('app_key', '=', appKey)
    .where('upload_id', 'in', uploads)
    .where('entry_id', 'is', null)
    .execute();
}

/** An entry's files, for staff. */
export const filesOfEntry = (db: DB, appKey: string, entryId: number) =>
  db
    .selectFrom('entry_files')
    .select(['id', 'field', 'name', 'mime', 'size', 'created_at'])
    .where('app_key', '=', appKey)
    .where('entry_id', '=', entryId)
    .orderBy('id')
    .execute();

/**
 * Removes the files no entry holds any more (erased) and those never bound for a day: bytes
 * first, then rows, so a failure leaves a row to try again. Answers how many went.
 */
export async function eraseLooseFiles(ctx: AppContext, at = Date.now()): Promise<number> {
  const { db } = ctx.database;
  const cutoff = new Date(at - DAY_MS).toISOString();
  const loose = await db
    .selectFrom('entry_files')
    .select(['id', 'storage_key'])
    .where((eb) =>
      eb.or([
        eb.and([eb('entry_id', 'is', null), eb('created_at', '<', cutoff)]),
        eb.and([
          eb('entry_id', 'is not', null),
          eb.not(eb.exists(eb.selectFrom('form_entries').select('id').whereRef('form_entries.id', '=', 'entry_files.entry_id'))),
        ]),
      ]),
    )
    .execute();
  if (loose.length === 0) return 0;
  await ctx.storage.remove(loose.map((row) => row.storage_key));
  await db
    .deleteFrom('entry_files')
    .where(
      'id',
      'in',
      loose.map((row) => row.id),
    )
    .execute();
  return loose.length;
}

/** A whole upload of this form's field whose file was not kept yet, kept now; undefined otherwise. */
async function finishLate(
  request: FastifyRequest,
  form: BuiltForm,
  field: FormFieldDef,
  id: string,
): Promise<EntryFileRow | undefined> {
  if (!UPLOAD_ID_PATTERN.test(id)) return undefined;
  const upload = await request.server.ctx.partialUploads.getUpload(id).catch(() => undefined);
  if (
    !upload ||
    !isVisitors(request, upload) ||
    upload.metadata?.form !== String(form.id) ||
    upload.metadata?.field !== field.name
  )
    return undefined;
  if (upload.size === undefined || upload.offset < upload.size) return undefined;
  return finishUpload(request, form, field, upload).catch(() => undefined);
}

const isVisitors = (request: FastifyRequest, upload: Upload | undefined) =>
  upload !== undefined && upload.metadata?.owner === 'visitor' && upload.metadata?.app_key === request.application.app_key;

/** What a whole visitor's upload becomes: its file, kept; a refused one is removed whole. */
async function finishUpload(request: FastifyRequest, form: BuiltForm, field: FormFieldDef, upload: Upload) {
  const store = request.server.ctx.partialUploads;
  const whole = await store.assemble(upload.id);
  if (!whole) throw new HttpError(409, 'The upload is not whole yet', { id: 'Incomplete' });
  try {
    const row = await keepEntryFile(request, form, field, {
      uploadId: upload.id,
      name: upload.metadata?.filename ?? 'file',
      size: upload.size ?? upload.offset,
      content: { path: whole.path },
    });
    await store.markStored(upload.id);
    return row;
  } catch (error) {
    // What the field does not take is not kept in part either.
    if (error instanceof HttpError && error.statusCode === 400) await store.remove(upload.id).catch(() => undefined);
    throw error;
  } finally {
    await whole.done();
  }
}

/**
 * The visitors' resumable uploads of a form's files (tus 1.0, as staff's media uploads): `POST
 * /cms/form-uploads` with `Upload-Metadata` `form`, `field` and `filename`; then HEAD/PATCH/DELETE
 * at the answer's `Location`; `GET` of it says what the whole upload became.
 */
export async function formUploadRoutes(
  app: FastifyInstance,
  {
    liveForm,
    fieldsOf,
    writeLimit,
  }: {
    liveForm: (request: FastifyRequest, id: number) => Promise<BuiltForm>;
    fieldsOf: (form: BuiltForm) => FormFieldDef[];
    writeLimit: { rateLimit: { max: number; timeWindow: string } };
  },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const formOf = async (request: FastifyRequest, upload: Upload) => {
    const id = Number(upload.metadata?.form);
    if (!Number.isInteger(id) || id <= 0) throw refusal(400, 'form must name a form by its id', 'form');
    const form = await liveForm(request, id);
    return { form, field: fileField(fieldsOf(form), upload.metadata?.field) };
  };
  const handOver = tusEndpoint(app, {
    path: FORM_UPLOADS_PATH,
    maxSize: LARGEST,
    owns: isVisitors,
    async create(request, upload) {
      if (upload.sizeIsDeferred)
        throw refusal(400, 'Upload-Length is required: the size must be known when the upload starts', 'Upload-Length');
      const filename = displayName(upload.metadata?.filename?.trim() ?? '');
      if (!upload.metadata?.filename?.trim())
        throw refusal(400, 'The upload must name its file (metadata "filename")', 'filename');
      const { form, field } = await formOf(request, upload);
      const problem = checkFile(field, { name: filename, size: upload.size ?? 0 });
      if (problem) throw fieldRefusal(field.name, problem);
      return { filename, form: String(form.id), field: field.name, app_key: request.application.app_key, owner: 'visitor' };
    },
    async finish(request, upload) {
      const { form, field } = await formOf(request, upload);
      return finishUpload(request, form, field, upload);
    },
  });
  const protocol = {
    type: 'string',
    maxLength: 0,
    description: 'Empty: the tus answer’s headers say the rest (Location, Upload-Offset, Upload-Length, Upload-Expires)',
  };
  const idParams = z.object({ id: z.string().regex(UPLOAD_ID_PATTERN, 'Not an upload id') });
  const tags = ['Public'];
  // Parts come many to one upload, and again after a dropped link: a looser limit than a start's.
  const partLimit = { rateLimit: { ...writeLimit.rateLimit, max: writeLimit.rateLimit.max * 30 } };
  const path = FORM_UPLOADS_PATH.replace(/^\/cms/, '');
  api.post(
    path,
    {
      config: writeLimit,
      schema: {
        ...operation(
          'public.forms.uploads.create',
          'Start the upload of a file a form asks for',
          'tus 1.0 creation: `Upload-Length` and `Upload-Metadata` with `form` (its id), `field` (a file field’s name) and `filename`. A name whose type the field does not take, or a size beyond its `max_mb`, is a 400 naming the field. The answer’s `Location` is where the parts go; its last segment is the upload’s id, the field’s answer in the entry.',
        ),
        tags,
        response: { 201: protocol },
      },
    },
    handOver,
  );
  for (const [method, id, summary, description] of [
    ['head', 'offset', 'Ask how much of a form’s file arrived', 'tus 1.0: `Upload-Offset` says where to carry on.'],
    [
      'patch',
      'append',
      'Send the next part of a form’s file',
      'tus 1.0: the part at `Upload-Offset`. The last one keeps the file; a content the field does not take is a 400 naming the field, and nothing of it is kept.',
    ],
    ['delete', 'terminate', 'Cancel the upload of a form’s file', 'tus 1.0 termination: what arrived is removed.'],
  ] as const) {
    api[method](
      `${path}/:id`,
      {
        config: partLimit,
        schema: {
          ...operation(`public.forms.uploads.${id}`, summary, description),
          tags,
          params: idParams,
          response: { [method === 'head' ? 200 : 204]: protocol },
        },
      },
      handOver,
    );
  }
  api.get(
    `${path}/:id`,
    {
      config: partLimit,
      exposeHeadRoute: false,
      schema: {
        ...operation(
          'public.forms.uploads.result',
          'Read what the upload of a form’s file became',
          'The kept file (its name, type and size), kept now if that did not happen yet; 409 while parts are missing, 404 for an upload that is not this site’s.',
        ),
        tags,
        params: idParams,
        response: {
          200: {
            type: 'object',
            properties: {
              data: {
                type: 'object',
                properties: {
                  id: { type: 'string' },
                  name: { type: 'string' },
                  mime: { type: 'string' },
                  size: { type: 'integer' },
                },
              },
            },
          },
        },
      },
    },
    async (request) => {
      const upload = await app.ctx.partialUploads.getUpload(request.params.id).catch(() => undefined);
      if (!upload || !isVisitors(request, upload)) throw new HttpError(404, 'Upload not found');
      if (upload.size === undefined || upload.offset < upload.size) {
        throw new HttpError(409, `The upload is not whole yet: ${upload.offset} of ${upload.size ?? '?'} bytes arrived`, {
          id: 'Incomplete',
        });
      }
      const { form, field } = await formOf(request, upload);
      const row = await finishUpload(request, form, field, upload);
      return { data: { id: row.upload_id, name: row.name, mime: row.mime, size: row.size } };
    },
  );
}
