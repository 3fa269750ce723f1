/**
 * A public form sent as plain HTML: before its island has woken, with JavaScript off, or by a
 * browser the script never reached. Each form posts to the page it is on, naming itself
 * (`POST /contact?form=contact`, urlencoded; src/shared/public-forms.ts), and is answered as
 * Remix or SvelteKit answer their form actions:
 * - stored: 303 back to the page with `?sent=<form>`, which shows the island's own confirmation
 *   (so a reload sends nothing again);
 * - refused: 400 with the page drawn again around the visitor's words, each refusal beside its
 *   field (never kept: it is one person's).
 * The validation, rate limit and storing are the JSON API's (content/visitor-forms.ts), and the
 * hidden idempotency key (or, without one, what the post says) makes a double press or a resent
 * post land once.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  builtFormId,
  FORM_PARAM,
  type FormName,
  type FormOutcome,
  formValues,
  isFormName,
  isPublicFormName,
  KEY_FIELD,
  type PublicFormValues,
  SENT_PARAM,
} from '../../shared/public-forms';
import {
  type BuiltForm,
  builtRefusals,
  builtValues,
  careerOf,
  entryKey,
  fieldsOf,
  liveForm,
  robotCheck,
  storeEntry,
} from '../content/built-forms';
import { keepEntryFile, newUploadId } from '../content/entry-files';
import { checkFile, maxFileBytes } from '../../shared/built-forms';
import type { SiteMessageKey } from '../../shared/messages/site-en';
import { refusalsOf, storeVisitorForm, visitorKey } from '../content/visitor-forms';
import { meaningfulUrl } from '../seo/origin';
import { findApplication, refuseUnpublished } from './tenant';
import { sitePath } from './same-origin-redirects';
import { isPageAddress } from '../../shared/address-space';
import { documentLocale } from '../../shared/locales';
import { siteLocales } from '../content/translations';
import { acceptMultipart } from './multipart';

/** Far more than the longest form holds (a 5,000-character message, encoded). */
const BODY_LIMIT = 64 * 1024;
const KEY_PATTERN = /^[\w-]{8,200}$/;

export interface FormPostOptions {
  /** Sends the page at `url` drawn with a visitor's refused form, with `status`. */
  sendPageWithForm: (
    request: FastifyRequest,
    reply: FastifyReply,
    url: string,
    form: FormOutcome,
    status: number,
  ) => Promise<unknown>;
}

const formOf = (request: FastifyRequest): FormName | undefined => {
  const name = (request.query as Record<string, unknown>)[FORM_PARAM];
  return isFormName(name) ? name : undefined;
};

/**
 * What the visitor typed, to draw again around a refusal: a code-written form's own fields, or
 * every answer of a built one (several choices joined by newlines, as its island holds them).
 */
function typedValues(form: FormName, body: Record<string, unknown>): PublicFormValues {
  if (isPublicFormName(form)) return formValues(form, body);
  return Object.fromEntries(
    Object.entries(body).flatMap(([name, value]) =>
      typeof value === 'string' ? [[name, value]] : Array.isArray(value) ? [[name, value.join('\n')]] : [],
    ),
  );
}

/**
 * The page's own address as the site keeps it, with `?sent=<form>` for the answer after a store:
 * a path of this site whatever the posted address said (`//host`, `/\\host`).
 */
function sentUrl(pageUrl: string, form: FormName): string {
  const url = new URL(sitePath(pageUrl), 'http://page');
  url.searchParams.set(SENT_PARAM, form);
  return sitePath(url.pathname + url.search);
}

/**
 * A built form's plain post as multipart (a form with a file field, sent without JavaScript): its
 * fields as a body, each file kept at once (entry-files.ts) and its field's answer the kept
 * file's id, so a page drawn again around another refusal holds the file and the visitor does not
 * choose it twice. A file the field does not take is a refusal of that field.
 */
async function multipartBody(
  request: FastifyRequest,
  built: BuiltForm,
): Promise<{ body: Record<string, string | string[]>; refused: Record<string, SiteMessageKey> }> {
  const fileFields = fieldsOf(built).filter((field) => field.kind === 'file');
  const body: Record<string, string | string[]> = {};
  const refused: Record<string, SiteMessageKey> = {};
  const files: { field: (typeof fileFields)[number]; name: string; bytes: Buffer }[] = [];
  const largest = Math.max(0, ...fileFields.map(maxFileBytes));
  const limits = { fields: 500, fieldSize: BODY_LIMIT, files: Math.max(1, fileFields.length), fileSize: largest + 1 };
  for await (const part of request.parts({ limits })) {
    if (part.type === 'field') {
      const held = body[part.fieldname];
      const value = String(part.value);
      body[part.fieldname] = held === undefined ? value : Array.isArray(held) ? [...held, value] : [held, value];
      continue;
    }
    const field = fileFields.find((candidate) => candidate.name === part.fieldname);
    if (!field || !part.filename) {
      part.file.resume();
      continue;
    }
    try {
      files.push({ field, name: part.filename, bytes: await part.toBuffer() });
    } catch {
      refused[field.name] = 'builtForm.file.size';
    }
  }
  for (const { field, name, bytes } of files) {
    const problem = checkFile(field, { name, size: bytes.length });
    if (problem) {
      refused[field.name] = problem;
      continue;
    }
    try {
      const kept = await keepEntryFile(request, built, field, {
        uploadId: newUploadId(),
        name,
        size: bytes.length,
        content: { bytes },
      });
      // The file chosen now is the answer, whatever the hidden field held from an earlier post.
      body[field.name] = kept.upload_id;
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode !== 400) throw error;
      refused[field.name] = 'builtForm.file.type';
    }
  }
  for (const field of fileFields) {
    // The hidden field and the file input share the name: the answer is the one id among them.
    const given = body[field.name];
    if (Array.isArray(given)) body[field.name] = given.find(Boolean) ?? '';
    if (refused[field.name]) body[field.name] = '';
  }
  return { body, refused };
}

export async function formPosts(app: FastifyInstance, { sendPageWithForm }: FormPostOptions): Promise<void> {
  await acceptMultipart(app);
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: BODY_LIMIT },
    (_request, body, done) => {
      // A name sent more than once (a built form's several choices) is a list of its values.
      const fields: Record<string, string | string[]> = {};
      for (const [name, value] of new URLSearchParams(body as string)) {
        const held = fields[name];
        fields[name] = held === undefined ? value : Array.isArray(held) ? [...held, value] : [held, value];
      }
      done(null, fields);
    },
  );

  const { config } = app.ctx;
  // The page as the site keeps it (`?form=` dropped, a listing's `?page=` kept).
  const pageOf = (request: FastifyRequest) => meaningfulUrl(request.url);
  const bodyOf = (request: FastifyRequest) =>
    request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};

  /**
   * A post that cannot be taken (too many from this address, text no field may hold, a failure):
   * the page again, the visitor's words kept, the reason above the form.
   */
  const refuse = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const form = formOf(request);
    if (!form) throw error;
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, 'a form post failed');
    const message =
      status === 429
        ? 'You have sent several forms in a short time. Please wait a minute and send again.'
        : status === 500
          ? 'Something went wrong on the server. Please try again.'
          : error.message;
    const outcome: FormOutcome = { form, status: 'refused', values: typedValues(form, bodyOf(request)), errors: {}, message };
    return sendPageWithForm(request, reply, pageOf(request), outcome, status);
  };

  app.post(
    '/*',
    {
      schema: { hide: true },
      // Counted once the body is read, so a refusal can still show the visitor their words.
      config: { rateLimit: { max: config.publicWriteLimit, timeWindow: '1 minute', hook: 'preHandler' } },
      errorHandler: refuse,
    },
    async (request, reply) => {
      const form = formOf(request);
      const page = pageOf(request);
      if (!form || !isPageAddress(page.split('?')[0]!)) return reply.callNotFound();
      const builtId = builtFormId(form);
      if (builtId !== undefined) {
        request.application = refuseUnpublished(await findApplication(request, config.appKey));
        const built = await liveForm(request, builtId);
        const posted = request.isMultipart() ? await multipartBody(request, built) : undefined;
        if (posted) request.body = posted.body;
        const body = bodyOf(request);
        // A robot filled the hidden field: it is shown what a person is, and nothing is stored.
        if (robotCheck(body) === 'robot') return reply.redirect(sentUrl(page, form), 303);
        const values = builtValues(built, body);
        const errors = { ...builtRefusals(built, values), ...posted?.refused };
        if (Object.keys(errors).length > 0) {
          const typed = { ...typedValues(form, body), ...values };
          return sendPageWithForm(request, reply, page, { form, status: 'refused', values: typed, errors }, 400);
        }
        const career = await careerOf(request, built, body);
        const given = typeof body[KEY_FIELD] === 'string' && KEY_PATTERN.test(body[KEY_FIELD]) ? body[KEY_FIELD] : undefined;
        const locale = documentLocale(siteLocales(request.application), page.split('?')[0]!)?.locale;
        await storeEntry(request, built, values, entryKey(built, values, given, career), locale, career);
        return reply.redirect(sentUrl(page, form), 303);
      }
      if (!isPublicFormName(form)) return reply.callNotFound();
      const body = bodyOf(request);
      const values = formValues(form, body);
      const errors = refusalsOf(form, values);
      if (Object.keys(errors).length > 0) {
        return sendPageWithForm(request, reply, page, { form, status: 'refused', values, errors }, 400);
      }
      request.application = refuseUnpublished(await findApplication(request, config.appKey));
      const given = typeof body[KEY_FIELD] === 'string' && KEY_PATTERN.test(body[KEY_FIELD]) ? body[KEY_FIELD] : undefined;
      // The language of the page it was posted from (a subscriber's mail is written in it).
      const locale = documentLocale(siteLocales(request.application), page.split('?')[0]!)?.locale;
      await storeVisitorForm(
        request,
        form,
        { ...values, ...(form === 'subscribe' && locale ? { locale } : {}) },
        visitorKey(form, values, given),
      );
      return reply.redirect(sentUrl(page, form), 303);
    },
  );
}
