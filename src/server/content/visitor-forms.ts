/**
 * What a visitor sends (src/shared/public-forms.ts), stored the same way whether it came as JSON
 * from an island (POST /cms/messages, /cms/subscribers) or as a plain form post of the page
 * (plugins/form-posts.ts): one schema per form, one way to store it, one idempotency rule.
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type FieldRule, PUBLIC_FORMS, type PublicFormName, type PublicFormValues } from '../../shared/public-forms';
import { badRequest, HttpError } from '../errors';
import { LOCALE_TAG } from '../../shared/locales';
import { askToConfirm, type Subscriber } from './subscriptions';
import { siteLocales } from './translations';
import { siteEn, type SiteMessageKey } from '../../shared/messages/site-en';

/** The rules' words: the API's in English; a plain form post's as catalogue keys, which its page says in its language. */
type Words = (key: SiteMessageKey) => string;
const inEnglish: Words = (key) => siteEn[key];
const asKeys: Words = (key) => key;

const fieldSchema = (rule: FieldRule, words: Words) => {
  const text = z.string().trim();
  const bounded = (rule.required ? text.min(1, words(rule.required)) : text).max(rule.max, words(rule.tooLong));
  const checked = rule.email ? bounded.pipe(z.email(words(rule.email))) : bounded;
  return rule.required ? checked : checked.optional();
};

const schemaOf = <F extends PublicFormName>(form: F, words: Words) =>
  z.strictObject(
    Object.fromEntries(Object.entries(PUBLIC_FORMS[form].fields).map(([field, rule]) => [field, fieldSchema(rule, words)])) as {
      [K in keyof (typeof PUBLIC_FORMS)[F]['fields']]: ReturnType<typeof fieldSchema>;
    },
  );

const bodiesIn = (words: Words) => ({
  contact: schemaOf('contact', words),
  subscribe: schemaOf('subscribe', words).extend({
    name: z.string().trim().max(255).optional(),
    // The language of the page it was sent from: the confirmation mail is written in it.
    locale: z.string().max(35).regex(LOCALE_TAG, 'Not a language tag').optional(),
  }),
});

/** The JSON bodies of the public writes; the API's subscribe also takes an optional name and the page's language. */
export const visitorBodies = bodiesIn(inEnglish);
const postedBodies = bodiesIn(asKeys);

/** What the JSON API says once a form is stored. */
export const sentText = (form: PublicFormName) => inEnglish(PUBLIC_FORMS[form].sent.text);

/** Each field's refusal of a plain form post (a catalogue key), by the same schema as the JSON API. */
export function refusalsOf(form: PublicFormName, values: PublicFormValues): Record<string, string> {
  const parsed = postedBodies[form].safeParse(values);
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? 'form')] ??= issue.message;
  return errors;
}

/**
 * The key a submission is stored once under. An island sends a random one for each text it sends;
 * a plain form post names its hidden field's, and one without (sent before any script ran) is
 * keyed by what it says, so pressing twice or the browser sending the post again stores it once.
 */
export function visitorKey(form: string, values: PublicFormValues, given: string | undefined): string {
  if (given) return given;
  const digest = createHash('sha256')
    .update(JSON.stringify([form, values]))
    .digest('base64url');
  return `content:${digest}`;
}

/**
 * Mails a contact message to the site's own address when the server sends mail. The visitor's
 * answer does not wait for it: the message is stored either way, and a failure is logged.
 */
function mailToSite(request: FastifyRequest, message: PublicFormValues): void {
  const { mailer } = request.server.ctx;
  const site = request.application;
  if (!mailer.configured || !site.email) return;
  const oneLine = (text: string) => text.replace(/\s+/g, ' ').slice(0, 120);
  mailer
    .send({
      to: site.email,
      replyTo: message.email,
      subject: `Message from ${oneLine(message.name ?? '')} via ${oneLine(site.name || site.app_key)}`,
      text: `${message.name} <${message.email}> wrote through the contact page:\n\n${message.message}\n\nReply to this mail to answer them. The message is also under Messages in the admin.`,
    })
    .catch((error: unknown) => request.log.warn({ err: error }, 'Mailing a contact message to the site failed'));
}

/** Stores a checked submission; `key` from visitorKey. Answers the id of a stored message. */
export async function storeVisitorForm(
  request: FastifyRequest,
  form: PublicFormName,
  values: PublicFormValues & { name?: string; locale?: string },
  key: string,
): Promise<{ id?: number }> {
  const { services } = request.server.ctx;
  const appKey = request.application.app_key;
  if (form === 'contact') {
    const { row, replayed } = await services.messages.create(appKey, values, { caller: 'visitor', key });
    if (!replayed) mailToSite(request, values);
    return { id: row.id };
  }
  const email = values.email!.toLowerCase();
  const locales = siteLocales(request.application);
  if (values.locale !== undefined && !locales.includes(values.locale)) {
    throw badRequest(`locale must be one of the site's languages: ${locales.join(', ')}`, {
      locale: 'Not one of the site’s languages',
    });
  }
  const locale = values.locale ?? locales[0]!;
  // The same answer whether or not the address was already there: the form must not tell anyone
  // who is subscribed. That also makes a repeated subscription land once, key or not.
  const known = (await services.subscribers.repo.findBy(appKey, 'email', email, 'any')) as
    (Subscriber & { deleted_at?: unknown }) | undefined;
  // Signing up again after staff moved the address to the Trash brings it back.
  if (known?.deleted_at) await services.subscribers.repo.trash(appKey, known.id, true);
  if (known) {
    // Confirmed: nothing to do. Pending: a new link (the last may be lost). Left: back to pending,
    // to be confirmed again in the language of this sign-up.
    if (known.confirmation === 'confirmed') return {};
    const asked = { ...known, confirmation: 'pending', locale };
    await services.subscribers.repo.update(appKey, known.id, { confirmation: 'pending', locale });
    askToConfirm(request, asked);
    return {};
  }
  try {
    // Unconfirmed: anyone's browser can be made to send this form for any address (issue 53, L9).
    const { row } = await services.subscribers.create(appKey, {
      name: values.name ?? null,
      email,
      confirmation: 'pending',
      locale,
    });
    askToConfirm(request, row as unknown as Subscriber);
  } catch (error) {
    // Two sign-ups of one address at once: the other one stored it (and mailed its link).
    if (!(error instanceof HttpError && error.statusCode === 409)) throw error;
  }
  return {};
}
