/**
 * A person's data, found by their email address (issue 59): everything this installation holds
 * about it, on every site (subscriptions with their confirmation links and the newsletters mailed
 * to them, contact messages, live or in the Trash), exported as JSON or erased for good in one
 * transaction.
 *
 * An erasure outlives the copies made before it: the keyed hash of the address (HMAC with the
 * installation's key, so the list names nobody to whoever reads it) goes into `erased_people`,
 * which backups keep, and into the erasures file beside the key, which they do not. A restore and
 * every server start erase again whatever still holds one of those addresses.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { type DB, now } from '../db/database';
import type { SecretBox } from '../security/secret-box';
import { parseFields } from '../../shared/built-forms';

/** Addresses are compared as their owners mean them: without surrounding spaces, in any case. */
export const normalAddress = (email: string): string => email.trim().toLowerCase();

/** The keyed hash an erased address is remembered by. */
export const addressHash = (box: SecretBox, email: string): string => box.sign(`erased-person:${normalAddress(email)}`);

const sameAddress = (email: string) => sql<boolean>`lower(email) = ${normalAddress(email)}`;

/** What each person-holding table is: records of a site, erased with their traces. */
const HOLDERS = [
  { table: 'subscribers', resource: 'subscribers' },
  { table: 'messages', resource: 'messages' },
  { table: 'form_entries', resource: 'form-entries' },
] as const;

type Ids = Record<(typeof HOLDERS)[number]['table'], number[]>;

interface EntryRow {
  id: number;
  app_key: string;
  form_id: number;
  career_id: number | null;
  email: string | null;
  data: string;
  locale: string | null;
  created_at: string;
  read_at: string | null;
  deleted_at: string | null;
}

/**
 * The addresses a form entry holds: its `email` (the first email answer) and every answer to an
 * email question of its form (a form may ask for a referee's too). A form gone from the database
 * leaves its entries' answers unnamed: then every answer shaped like an address counts.
 */
function entryAddresses(entry: Pick<EntryRow, 'email' | 'data'>, emailFields: readonly string[] | undefined): Set<string> {
  const found = new Set<string>();
  if (entry.email) found.add(normalAddress(entry.email));
  let answers: Record<string, unknown> = {};
  try {
    answers = JSON.parse(entry.data) as Record<string, unknown>;
  } catch {
    // An entry whose answers are not JSON holds no address beyond its `email`.
  }
  for (const [name, value] of Object.entries(answers)) {
    if (typeof value !== 'string') continue;
    if (emailFields ? emailFields.includes(name) : /^[^\s@]+@[^\s@]+$/.test(value.trim())) found.add(normalAddress(value));
  }
  return found;
}

/** Each form's email questions by its id, for the forms of `entries`. */
async function emailFieldsOf(db: DB, entries: readonly Pick<EntryRow, 'form_id'>[]): Promise<Map<number, string[]>> {
  const ids = [...new Set(entries.map((entry) => Number(entry.form_id)))];
  if (ids.length === 0) return new Map();
  const forms = await db.selectFrom('forms').select(['id', 'fields']).where('id', 'in', ids).execute();
  return new Map(
    forms.map((form) => [
      Number(form.id),
      parseFields(String(form.fields ?? '[]'))
        .filter((field) => field.kind === 'email')
        .map((field) => field.name),
    ]),
  );
}

/**
 * The form entries, on every site and in the Trash, that hold `email` as an answer. The database
 * narrows them (the address in the answers' text, in any case), the form's questions decide.
 */
async function entriesHolding(db: DB, email: string): Promise<EntryRow[]> {
  const address = normalAddress(email);
  const candidates = (await db
    .selectFrom('form_entries')
    .select(['id', 'app_key', 'form_id', 'career_id', 'email', 'data', 'locale', 'created_at', 'read_at', 'deleted_at'])
    .where((eb) => eb.or([sameAddress(email), sql<boolean>`lower(data) like ${`%${address}%`}`]))
    .orderBy('id')
    .execute()) as unknown as EntryRow[];
  const fields = await emailFieldsOf(db, candidates);
  return candidates.filter((entry) => entryAddresses(entry, fields.get(Number(entry.form_id))).has(address));
}

export interface PersonData {
  email: string;
  exported_at: string;
  subscriptions: {
    site: string;
    name: string | null;
    email: string;
    status: string;
    language: string | null;
    subscribed_at: string;
    updated_at: string;
    in_trash: boolean;
    confirmation_links: { sent_at: string; expires_at: string; used_at: string | null }[];
  }[];
  messages: {
    site: string;
    name: string;
    email: string;
    message: string;
    sent_at: string;
    read_at: string | null;
    in_trash: boolean;
  }[];
  /** The newsletters queued for the address: what went, in which language, and when. */
  newsletters: {
    site: string;
    subject: string;
    language: string;
    status: string;
    queued_at: string;
    sent_at: string | null;
    unsubscribed_at: string | null;
  }[];
  /** The answers it sent through the forms staff built (issue 60), an application's career named. */
  form_entries: {
    site: string;
    form: string | null;
    applied_for: string | null;
    answers: Record<string, unknown>;
    language: string | null;
    sent_at: string;
    read_at: string | null;
    in_trash: boolean;
  }[];
  /** Whether the address is also a staff account's (kept: accounts are removed under Users). */
  staff_account: boolean;
}

export async function exportPerson(db: DB, email: string): Promise<PersonData> {
  const subscribers = await db
    .selectFrom('subscribers')
    .select(['id', 'app_key', 'name', 'email', 'confirmation', 'locale', 'created_at', 'updated_at', 'deleted_at'])
    .where(sameAddress(email))
    .orderBy('id')
    .execute();
  const links = subscribers.length
    ? await db
        .selectFrom('subscriber_confirmations')
        .select(['subscriber_id', 'created_at', 'expires_at', 'used_at'])
        .where(
          'subscriber_id',
          'in',
          subscribers.map((s) => Number(s.id)),
        )
        .orderBy('created_at')
        .execute()
    : [];
  const messages = await db
    .selectFrom('messages')
    .select(['app_key', 'name', 'email', 'message', 'created_at', 'read_at', 'deleted_at'])
    .where(sameAddress(email))
    .orderBy('id')
    .execute();
  const newsletters = await db
    .selectFrom('newsletter_sends')
    .innerJoin('newsletter_copies', (join) =>
      join
        .onRef('newsletter_copies.newsletter_id', '=', 'newsletter_sends.newsletter_id')
        .onRef('newsletter_copies.locale', '=', 'newsletter_sends.locale'),
    )
    .select([
      'newsletter_sends.app_key',
      'newsletter_copies.subject',
      'newsletter_sends.locale',
      'newsletter_sends.status',
      'newsletter_sends.created_at',
      'newsletter_sends.sent_at',
      'newsletter_sends.unsubscribed_at',
    ])
    .where(sql<boolean>`lower(newsletter_sends.email) = ${normalAddress(email)}`)
    .orderBy('newsletter_sends.id')
    .execute();
  const entries = await entriesHolding(db, email);
  const titles = async (table: 'forms' | 'careers', ids: (number | null)[]) => {
    const wanted = [...new Set(ids.filter((id): id is number => id !== null).map(Number))];
    const rows = wanted.length ? await db.selectFrom(table).select(['id', 'title']).where('id', 'in', wanted).execute() : [];
    return new Map(rows.map((row) => [Number(row.id), String(row.title)]));
  };
  const formTitles = await titles(
    'forms',
    entries.map((entry) => entry.form_id),
  );
  const careerTitles = await titles(
    'careers',
    entries.map((entry) => entry.career_id),
  );
  const staff = await db.selectFrom('users').select('id').where(sameAddress(email)).executeTakeFirst();
  return {
    email: normalAddress(email),
    exported_at: now(),
    subscriptions: subscribers.map((s) => ({
      site: String(s.app_key),
      name: (s.name as string | null) || null,
      email: String(s.email),
      status: String(s.confirmation),
      language: (s.locale as string | null) ?? null,
      subscribed_at: String(s.created_at),
      updated_at: String(s.updated_at),
      in_trash: s.deleted_at != null,
      confirmation_links: links
        .filter((link) => link.subscriber_id === Number(s.id))
        .map((link) => ({ sent_at: link.created_at, expires_at: link.expires_at, used_at: link.used_at })),
    })),
    messages: messages.map((m) => ({
      site: String(m.app_key),
      name: String(m.name),
      email: String(m.email),
      message: String(m.message),
      sent_at: String(m.created_at),
      read_at: (m.read_at as string | null) ?? null,
      in_trash: m.deleted_at != null,
    })),
    newsletters: newsletters.map((n) => ({
      site: n.app_key,
      subject: n.subject,
      language: n.locale,
      status: n.status,
      queued_at: n.created_at,
      sent_at: n.sent_at,
      unsubscribed_at: n.unsubscribed_at,
    })),
    form_entries: entries.map((entry) => ({
      site: String(entry.app_key),
      form: formTitles.get(Number(entry.form_id)) ?? null,
      applied_for: entry.career_id === null ? null : (careerTitles.get(Number(entry.career_id)) ?? null),
      answers: JSON.parse(entry.data) as Record<string, unknown>,
      language: entry.locale ?? null,
      sent_at: String(entry.created_at),
      read_at: entry.read_at ?? null,
      in_trash: entry.deleted_at != null,
    })),
    staff_account: staff !== undefined,
  };
}

export interface Erased {
  subscriptions: number;
  messages: number;
  form_entries: number;
  /** The sites whose records went (their kept answers and counts are forgotten). */
  sites: string[];
}

/** Erases the records of `ids` in each holder, with their confirmation links, newsletters mailed, History, drafts and translations. */
async function eraseRecords(trx: DB, ids: Ids): Promise<void> {
  if (ids.subscribers.length > 0) {
    await trx.deleteFrom('subscriber_confirmations').where('subscriber_id', 'in', ids.subscribers).execute();
    // The record of each newsletter mailed to them holds the address too.
    await trx.deleteFrom('newsletter_sends').where('subscriber_id', 'in', ids.subscribers).execute();
  }
  for (const { table, resource } of HOLDERS) {
    const these = ids[table];
    if (these.length === 0) continue;
    for (const traces of ['revisions', 'drafts', 'translations'] as const) {
      await trx.deleteFrom(traces).where('resource', '=', resource).where('record_id', 'in', these).execute();
    }
    await trx.deleteFrom(table).where('id', 'in', these).execute();
  }
}

/** Erases everything held about `email`, on every site and in the Trash, and remembers its hash: one transaction. */
export async function erasePerson(db: DB, box: SecretBox, erasuresFile: string, email: string): Promise<Erased> {
  const hash = addressHash(box, email);
  const erased = await db.transaction().execute(async (trx) => {
    const found = await Promise.all(
      (['subscribers', 'messages'] as const).map((table) =>
        trx.selectFrom(table).select(['id', 'app_key']).where(sameAddress(email)).execute(),
      ),
    );
    const [subscribers, messages] = found as [{ id: number; app_key: string }[], { id: number; app_key: string }[]];
    const entries = await entriesHolding(trx, email);
    await eraseRecords(trx, {
      subscribers: subscribers.map((r) => Number(r.id)),
      messages: messages.map((r) => Number(r.id)),
      form_entries: entries.map((r) => Number(r.id)),
    });
    const known = await trx
      .selectFrom('erased_people')
      .select('address_hash')
      .where('address_hash', '=', hash)
      .executeTakeFirst();
    if (!known) await trx.insertInto('erased_people').values({ address_hash: hash, erased_at: now() }).execute();
    return {
      subscriptions: subscribers.length,
      messages: messages.length,
      form_entries: entries.length,
      sites: [...new Set([...subscribers, ...messages, ...entries].map((r) => String(r.app_key)))],
    };
  });
  rememberErasure(erasuresFile, hash);
  return erased;
}

/** Adds `hash` to the erasures file (readable by its owner only), once. */
function rememberErasure(file: string, hash: string): void {
  if (erasuresIn(file).has(hash)) return;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.appendFileSync(file, `${hash}\n`, { mode: 0o600 });
}

function erasuresIn(file: string): Set<string> {
  if (!fs.existsSync(file)) return new Set();
  return new Set(
    fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  );
}

/**
 * Erases again, from a database restored or started from an earlier copy, the records whose
 * address hashes to an erased one (the table's and the file's), and makes the table hold both
 * lists. Answers how many records went. Nothing is read when nobody was ever erased.
 */
export async function applyErasures(db: DB, key: () => SecretBox, erasuresFile: string): Promise<number> {
  const fromFile = erasuresIn(erasuresFile);
  const stored = new Set((await db.selectFrom('erased_people').select('address_hash').execute()).map((r) => r.address_hash));
  const all = new Set([...stored, ...fromFile]);
  if (all.size === 0) return 0;
  // The key is read only now: a restore without erasures needs none.
  const box = key();
  return db.transaction().execute(async (trx) => {
    const missing = [...fromFile].filter((hash) => !stored.has(hash));
    for (let i = 0; i < missing.length; i += 200) {
      await trx
        .insertInto('erased_people')
        .values(missing.slice(i, i + 200).map((address_hash) => ({ address_hash, erased_at: now() })))
        .execute();
    }
    const hashes = new Map<string, boolean>();
    const erased = (email: unknown) => {
      const address = normalAddress(String(email ?? ''));
      if (!hashes.has(address)) hashes.set(address, all.has(addressHash(box, address)));
      return hashes.get(address)!;
    };
    const ids: Ids = { subscribers: [], messages: [], form_entries: [] };
    for (const table of ['subscribers', 'messages'] as const) {
      const rows = await trx.selectFrom(table).select(['id', 'email']).execute();
      ids[table] = rows.filter((row) => erased(row.email)).map((row) => Number(row.id));
    }
    // A form entry goes when any address it holds was erased.
    const entries = (await trx
      .selectFrom('form_entries')
      .select(['id', 'form_id', 'email', 'data'])
      .execute()) as unknown as EntryRow[];
    const fields = await emailFieldsOf(trx, entries);
    ids.form_entries = entries
      .filter((entry) => [...entryAddresses(entry, fields.get(Number(entry.form_id)))].some(erased))
      .map((entry) => Number(entry.id));
    await eraseRecords(trx, ids);
    return ids.subscribers.length + ids.messages.length + ids.form_entries.length;
  });
}
