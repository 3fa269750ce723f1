/**
 * What a visitor sends through a form staff built (issue 60), stored the same way whether it came
 * as JSON from its island (POST /cms/forms/{id}/entries) or as a plain form post of the page it is
 * on (plugins/form-posts.ts): the form's own rules (shared/built-forms.ts), one idempotency rule
 * (visitorKey's), a form that is closed taking nothing, and every entry mailed to the form's
 * notify addresses through the mailer.
 */
import type { FastifyRequest } from 'fastify';
import {
  builtFormName,
  CAREER_FIELD,
  checkEntry,
  closedReason,
  type EntryValues,
  FILL_TIME_FIELD,
  HONEYPOT_FIELD,
  MIN_FILL_MS,
  parseFields,
  answeredFields,
  entryValues,
  type FormFieldDef,
  inLanguage,
} from '../../shared/built-forms';
import { dateTimeOf } from '../../shared/date-time';
import type { RecordOf } from '../../shared/entities';
import type { careers } from '../../shared/entities/careers';
import type { forms } from '../../shared/entities/forms';
import { siteEn, type SiteMessageKey } from '../../shared/messages/site-en';
import type { DB } from '../db/database';
import type { AppContext } from '../plugins/context';
import { HttpError, notFound } from '../errors';
import { notifyAddresses } from './form-hooks';
import { visitorKey } from './visitor-forms';
import { bindFiles, eraseLooseFiles, namedFiles } from './entry-files';

export type BuiltForm = RecordOf<typeof forms>;
export type Career = RecordOf<typeof careers>;

/** A form visitors may send: active and out of the Trash. */
export async function liveForm(request: FastifyRequest, id: number): Promise<BuiltForm> {
  const form = (await request.server.ctx.services.forms.repo.get(request.application.app_key, id)) as BuiltForm | undefined;
  if (!form || form.status !== 1) throw notFound('Form');
  return form;
}

export async function entryCount(db: DB, appKey: string, formId: number): Promise<number> {
  const { n } = await db
    .selectFrom('form_entries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('app_key', '=', appKey)
    .where('form_id', '=', formId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(n);
}

export const fieldsOf = (form: Pick<BuiltForm, 'fields'>): FormFieldDef[] => parseFields(form.fields);

/** The form's answers in `input` (a JSON body or a posted form). */
export const builtValues = (form: BuiltForm, input: Record<string, unknown>): EntryValues => entryValues(fieldsOf(form), input);

/** Each answer's refusal, as catalogue keys (a page says them in its language). */
export const builtRefusals = (form: BuiltForm, values: EntryValues): Record<string, SiteMessageKey> =>
  checkEntry(fieldsOf(form), values);

/** The refusals in English, as the JSON API answers them. */
export const inEnglish = (errors: Record<string, SiteMessageKey>) =>
  Object.fromEntries(Object.entries(errors).map(([field, key]) => [field, siteEn[key]]));

const CLOSED: Record<string, SiteMessageKey> = {
  'not-yet': 'builtForm.closed.notYet',
  ended: 'builtForm.closed.ended',
  full: 'builtForm.closed.full',
};

/** A 409 for a form that takes no entries now, saying why (`errors.form`, a catalogue key). */
async function refuseIfClosed(request: FastifyRequest, form: BuiltForm): Promise<void> {
  const { db } = request.server.ctx.database;
  const reason = closedReason(form, new Date(), form.max_entries ? await entryCount(db, form.app_key, form.id) : undefined);
  if (!reason) return;
  const key = CLOSED[reason]!;
  const text = siteEn[key].replace('{{date}}', form.open_from ?? '');
  throw new HttpError(409, text, { form: key });
}

const CAREER_CLOSED: Record<string, SiteMessageKey> = {
  'not-yet': 'careers.closed.notYet',
  ended: 'careers.closed.ended',
};

/**
 * The career an application names (the hidden `career_id` of its career's page), when it names
 * one: visible to visitors and taking this very form, or a 404 (an entry is never bound to a
 * career the visitor could not have applied to). Its dates are checked as the entry is stored.
 */
export async function careerOf(
  request: FastifyRequest,
  form: BuiltForm,
  input: Record<string, unknown>,
): Promise<Career | undefined> {
  const given = input[CAREER_FIELD];
  if (given === undefined || given === null || given === '') return undefined;
  const id = Number(given);
  if (!Number.isInteger(id) || id <= 0)
    throw new HttpError(400, `${CAREER_FIELD}: not a career`, { [CAREER_FIELD]: 'not a career' });
  const career = (await request.server.ctx.services.careers.repo.get(request.application.app_key, id)) as Career | undefined;
  // Published as visitors' reads see it (content/visibility.ts compares the same text).
  const published = !career?.application_publish_at || career.application_publish_at <= dateTimeOf(Date.now());
  if (!career || career.status !== 1 || !published || career.form_id !== form.id) throw notFound('Career');
  return career;
}

/** A 409 for an application outside its career's dates, saying which side (`errors.form`). */
function refuseIfCareerClosed(career: Career): void {
  const reason = closedReason({ open_from: career.application_start_at, open_to: career.application_end_at }, new Date());
  if (!reason) return;
  const key = CAREER_CLOSED[reason]!;
  throw new HttpError(409, siteEn[key].replace('{{date}}', career.application_start_at ?? ''), { form: key });
}

/**
 * Signs that a robot sent it: the hidden field filled (answered as stored, storing nothing), or a
 * form sent sooner after its island woke than a person reads it (refused, so a person sends again).
 */
export function robotCheck(input: Record<string, unknown>): 'robot' | 'too-fast' | undefined {
  const trap = input[HONEYPOT_FIELD];
  if (typeof trap === 'string' && trap.trim() !== '') return 'robot';
  const fill = Number(input[FILL_TIME_FIELD]);
  if (input[FILL_TIME_FIELD] !== undefined && input[FILL_TIME_FIELD] !== '' && Number.isFinite(fill) && fill < MIN_FILL_MS) {
    return 'too-fast';
  }
  return undefined;
}

export const tooFast = () => new HttpError(400, siteEn['builtForm.tooFast'], { [FILL_TIME_FIELD]: 'builtForm.tooFast' });

/** The key an entry is stored once under: the island's, or one made from what it says. */
export const entryKey = (form: BuiltForm, values: EntryValues, given: string | undefined, career?: Career) =>
  // The same answers sent for two careers are two applications.
  visitorKey(builtFormName(form.id), career ? { ...values, [CAREER_FIELD]: String(career.id) } : values, given);

/** A line that says whose entry it is, for the list and the mail's subject. */
function summaryOf(fields: readonly FormFieldDef[], values: EntryValues): string {
  return answeredFields(fields)
    .filter((field) => ['text', 'email', 'phone', 'choice'].includes(field.kind))
    .map((field) => values[field.name])
    .filter(Boolean)
    .slice(0, 3)
    .join(' · ')
    .slice(0, 300);
}

/** The entry as text: each question and its answer, in the form's order. */
export function entryText(fields: readonly FormFieldDef[], values: EntryValues): string {
  return answeredFields(fields)
    .map((field) => `${inLanguage(field, 'label', 'en')}:\n${values[field.name] || '—'}`)
    .join('\n\n');
}

/**
 * Mails a stored entry to the form's notify addresses when the server sends mail. The visitor's
 * answer does not wait for it: the entry is stored either way, and a failure is logged.
 */
function mailEntry(request: FastifyRequest, form: BuiltForm, values: EntryValues, email: string | undefined): void {
  const { mailer } = request.server.ctx;
  const to = notifyAddresses(form.notify_emails);
  if (!mailer.configured || to.length === 0) return;
  const oneLine = (text: string) => text.replace(/\s+/g, ' ').slice(0, 120);
  const fields = fieldsOf(form);
  const summary = summaryOf(fields, values);
  for (const address of to) {
    mailer
      .send({
        to: address,
        ...(email ? { replyTo: email } : {}),
        subject: `${oneLine(form.title)}: ${oneLine(summary || 'a new entry')}`,
        text: `A new entry of the form "${form.title}":\n\n${entryText(fields, values)}\n\nIt is also under Form Entries in the admin.`,
      })
      .catch((error: unknown) => request.log.warn({ err: error }, 'Mailing a form entry failed'));
  }
}

/**
 * Stores a checked entry of an open form under `key`, once. Answers its id; a replay of a key
 * already stored answers the stored entry without mailing again.
 */
export async function storeEntry(
  request: FastifyRequest,
  form: BuiltForm,
  values: EntryValues,
  key: string,
  locale: string | undefined,
  career?: Career,
): Promise<{ id: number }> {
  const { services } = request.server.ctx;
  const appKey = request.application.app_key;
  const entries = services['form-entries'];
  const fields = fieldsOf(form);
  const email = answeredFields(fields)
    .filter((field) => field.kind === 'email')
    .map((field) => values[field.name])
    .find(Boolean);
  const idempotency = { caller: 'visitor', key };
  // A submission sent again (a double press, the outbox after a lost answer) is the stored one,
  // even if the form has closed meanwhile (its last place taken by this very entry).
  const stored = await request.server.ctx.database.db
    .selectFrom('idempotency_keys')
    .select('record_id')
    .where('app_key', '=', appKey)
    .where('key', '=', `${idempotency.caller}:${key}`)
    .where('resource', '=', entries.def.resource)
    .executeTakeFirst();
  if (!stored) {
    await refuseIfClosed(request, form);
    if (career) refuseIfCareerClosed(career);
  }
  // Each file it names is checked before anything is stored, and its answer becomes the file's name.
  const files = await namedFiles(request, form, fields, values, stored ? Number(stored.record_id) : undefined);
  const input = {
    form_id: form.id,
    email: email ? email.toLowerCase() : null,
    summary: summaryOf(fields, values) || null,
    data: JSON.stringify(files.values),
    locale: locale ?? null,
    career_id: career?.id ?? null,
  };
  const { row, replayed } = await entries.create(appKey, input, idempotency);
  if (!replayed) {
    await bindFiles(request.server.ctx.database.db, appKey, files.uploads, row.id);
    mailEntry(request, form, files.values, email);
  }
  return { id: row.id };
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Entries erased at a time by one form's retention, so one upkeep run never holds the database long. */
const ERASE_BATCH = 500;

/**
 * Erases the entries each form has kept longer than its retention days (the hourly upkeep, on one
 * instance per period: plugins/upkeep.ts). Erased outright, not to the Trash: keeping them is
 * what retention ends. A form in the Trash keeps its rule until it is purged.
 */
export async function eraseExpiredEntries(ctx: AppContext, at = Date.now()): Promise<number> {
  const { db } = ctx.database;
  const rules = await db
    .selectFrom('forms')
    .select(['id', 'app_key', 'retention_days'])
    .where('retention_days', 'is not', null)
    .execute();
  let erased = 0;
  for (const rule of rules) {
    const cutoff = new Date(at - Number(rule.retention_days) * DAY_MS).toISOString();
    for (;;) {
      const old = await db
        .selectFrom('form_entries')
        .select('id')
        .where('app_key', '=', String(rule.app_key))
        .where('form_id', '=', Number(rule.id))
        .where('created_at', '<', cutoff)
        .limit(ERASE_BATCH)
        .execute();
      for (const row of old) {
        await ctx.services['form-entries'].delete(String(rule.app_key), Number(row.id), undefined, true);
      }
      erased += old.length;
      if (old.length < ERASE_BATCH) break;
    }
  }
  // Their files go with them.
  if (erased > 0) await eraseLooseFiles(ctx, at);
  return erased;
}
