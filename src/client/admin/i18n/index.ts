/**
 * The back-office's own words in the language each user chose in My Profile (users.language).
 *
 * The catalogues are in i18next's JSON format (flat keys, `{{name}}`, `_one`/`_other` plurals by
 * the CLDR rules of Intl.PluralRules), which translators' tools read and write. They are read by
 * the few lines below rather than by i18next itself: the back-office uses nothing else of it
 * (no nesting, no formatters, no backends), and i18next with react-i18next was 19 KB of
 * compressed JavaScript on every screen, the sign-in screen included, for a phone on a slow
 * link. The sign-in screen's English words come with the code (en-sign-in.ts); the rest of English
 * is fetched before any signed-in screen draws (`loadAdminWords`, the /admin route's loader), so
 * the sign-in screen does not carry every screen's words. Another language's catalogue is fetched
 * when it is first shown (English shows meanwhile), so nobody downloads a language they do not read.
 *
 * Two namespaces:
 * - `admin`: the screens' own texts, by key (en.ts, bn.ts). English keeps the spec's words.
 * - `terms`: the words the entity definitions give in English (screen titles, field labels,
 *   choices, columns), keyed by the English word itself (terms-bn.ts). A word without a
 *   translation, or marked UNTRANSLATED there, shows in English, so a new field never shows a key.
 */
import { useMemo, useSyncExternalStore } from 'react';
import { BACK_OFFICE_LANGUAGES } from '../../../shared/locales';
import { interpolate } from '../../../shared/messages/interpolate';
import type { adminEn } from './en';
import { adminEnSignIn } from './en-sign-in';

type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
type WithoutPlural<K> = K extends `${infer Base}_${PluralSuffix}` ? Base : K;
export type AdminMessageKey = WithoutPlural<keyof typeof adminEn>;
export type AdminText = (key: AdminMessageKey, vars?: Record<string, unknown>) => string;

/** The back-office's languages: each has a catalogue. The first is the default. */
export const ADMIN_LANGUAGES = BACK_OFFICE_LANGUAGES;
export type AdminLanguage = (typeof ADMIN_LANGUAGES)[number];

export const isAdminLanguage = (value: unknown): value is AdminLanguage =>
  typeof value === 'string' && (ADMIN_LANGUAGES as readonly string[]).includes(value);

/** One language's texts: the screens' own, and the definitions' words. */
interface Catalogue {
  admin: Readonly<Record<string, string>>;
  terms: Readonly<Record<string, string>>;
}

const ENGLISH_SIGN_IN: Catalogue = { admin: adminEnSignIn, terms: {} };
/** Each other language's catalogue, fetched the first time it is shown. */
const LOAD_CATALOGUE: Record<Exclude<AdminLanguage, 'en'>, () => Promise<Catalogue>> = {
  bn: () =>
    Promise.all([import('./bn'), import('./terms-bn')]).then(([admin, terms]) => ({
      admin: admin.adminBn,
      terms: translatedOnly(terms.termsBn),
    })),
};
const loaded = new Map<AdminLanguage, Catalogue>([['en', ENGLISH_SIGN_IN]]);
let allEnglish: Promise<void> | undefined;

/**
 * Settles once every English word is here: the signed-in screens' loader waits for it, so no
 * screen draws a key. One that cannot be fetched fails the load (the route shows why: offline, or
 * code this device has not kept) and is tried again by the next.
 */
export function loadAdminWords(): Promise<void> {
  allEnglish ??= import('./en').then(
    ({ adminEn }) => void loaded.set('en', { admin: adminEn, terms: {} }),
    (error: unknown) => {
      allEnglish = undefined;
      throw error;
    },
  );
  return allEnglish;
}

/** A terms table without the words it marks untranslated, which then show in English. */
function translatedOnly(terms: Readonly<Record<string, string | null>>): Record<string, string> {
  return Object.fromEntries(Object.entries(terms).filter((entry): entry is [string, string] => entry[1] !== null));
}

/** The language the back-office is shown in now (its catalogue is loaded). */
let shown: AdminLanguage = 'en';
/** The language last asked for: a slower catalogue that arrives after a later choice is not shown. */
let wanted: AdminLanguage = 'en';
const listeners = new Set<() => void>();
const plurals = new Map<string, Intl.PluralRules>();

const pluralOf = (language: string, count: number) => {
  let rules = plurals.get(language);
  if (!rules) plurals.set(language, (rules = new Intl.PluralRules(language)));
  return rules.select(count);
};

/** A text of the language shown, else English's; a count picks its plural form (`key_one`, `key_other`). */
function lookup(namespace: keyof Catalogue, key: string, count?: unknown): string | undefined {
  for (const language of shown === 'en' ? (['en'] as const) : [shown, 'en' as const]) {
    const texts = loaded.get(language)![namespace];
    if (typeof count === 'number') {
      const form = `${key}_${pluralOf(language, count)}`;
      if (Object.hasOwn(texts, form)) return texts[form];
      if (Object.hasOwn(texts, `${key}_other`)) return texts[`${key}_other`];
    }
    if (Object.hasOwn(texts, key)) return texts[key];
  }
  return undefined;
}

/**
 * Shows the back-office in `language` (every screen re-renders); settles once it is shown. A
 * catalogue that cannot be fetched (offline before it was ever kept) leaves the language shown.
 */
export async function changeAdminLanguage(language: AdminLanguage): Promise<void> {
  wanted = language;
  if (!loaded.has(language) && language !== 'en') {
    const catalogue = await LOAD_CATALOGUE[language]().catch(() => undefined);
    if (!catalogue) return;
    loaded.set(language, catalogue);
  }
  if (wanted !== language || shown === language) return;
  shown = language;
  for (const listener of listeners) listener();
}

const subscribeLanguage = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** Where the language last used on this device is kept, for the sign-in screen before anyone is known. */
const STORAGE_KEY = 'orgsite.admin-language';

/** The language to show before a user is known: the one last used here, else the browser's, else English. */
export function deviceLanguage(): AdminLanguage {
  try {
    const kept = localStorage.getItem(STORAGE_KEY);
    if (isAdminLanguage(kept)) return kept;
  } catch {
    // storage blocked: fall through
  }
  const preferred = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  return preferred.map((tag) => tag.toLowerCase().split('-')[0]).find(isAdminLanguage) ?? 'en';
}

/** Shows the back-office in `language` from now on, and remembers it on this device. */
export function setAdminLanguage(language: AdminLanguage): void {
  void changeAdminLanguage(language);
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // storage blocked: the user's own setting still holds once signed in
  }
}

/**
 * The texts of the back-office in the user's language:
 * - `t(key, vars)`: a screen's own text;
 * - `term(word)`: a word of the entity definitions (a field's label, a screen's title);
 * - `message(text)`: a validation message of the API or of the form's own check (they are the
 *   same rules, in English: the API's contract), said in the user's language when its pattern is known.
 */
export function useAdminText() {
  // Re-renders the component when the language changes. The server, and the browser while it
  // adopts the server's markup, draw English.
  const language = useSyncExternalStore(
    subscribeLanguage,
    () => shown,
    () => 'en' as AdminLanguage,
  );
  return useMemo(
    () => ({ t: adminT, term: adminTerm, message: (text: string) => validationMessage(text, adminT, adminTerm), language }),
    [language],
  );
}

/** The language the back-office is shown in now, for code outside React (a query's labels). */
export const shownAdminLanguage = (): AdminLanguage => shown;

/**
 * A number as the back-office shows it: in the shown language's own digits (`number.digits`),
 * so a Bangla screen never mixes ২৫৬০ with 50. Every count, page and size goes through here: a
 * catalogue text's number variables do so by themselves.
 */
export function adminNumber(value: number | string): string {
  const digits = [...(lookup('admin', 'number.digits') ?? '0123456789')];
  return String(value).replace(/[0-9]/g, (digit) => digits[Number(digit)] ?? digit);
}

const numbersInWords = (vars?: Record<string, unknown>) =>
  vars &&
  Object.fromEntries(Object.entries(vars).map(([name, value]) => [name, typeof value === 'number' ? adminNumber(value) : value]));

/** The same outside React (a notification shown by a machine's action): the language shown now. */
export const adminT: AdminText = (key, vars) => interpolate(lookup('admin', key, vars?.count) ?? key, numbersInWords(vars));
export const adminTerm = (word: string) => (word ? (lookup('terms', word) ?? word) : word);

/** The shapes of the entity rules' messages (shared/entities/schemas.ts), each with its text. */
const RULES: [RegExp, AdminMessageKey][] = [
  [/^(.+) is required$/, 'rule.required'],
  [/^(.+) must be at most (\d+) characters$/, 'rule.maxLength'],
  [/^(.+) must be at least 8 characters$/, 'rule.password'],
  [/^(.+) must be a valid email address$/, 'rule.email'],
  [/^(.+) must be a whole number$/, 'rule.integer'],
  [/^(.+) must be a number$/, 'rule.number'],
  [/^(.+) must be at least (\d+)$/, 'rule.min'],
  [/^(.+) must be at most (\d+)$/, 'rule.max'],
  [/^(.+) may contain digits only$/, 'rule.digits'],
  [/^(.+) must be a date \(YYYY-MM-DD\)$/, 'rule.date'],
  [/^(.+) must be one of: (.+)$/, 'rule.oneOf'],
];

export function validationMessage(text: string, t: AdminText, term: (word: string) => string): string {
  for (const [pattern, key] of RULES) {
    const found = pattern.exec(text);
    // A limit is a number like any other shown: in the language's digits.
    if (found)
      return t(key, {
        field: term(found[1]!),
        limit: found[2] && /^\d+$/.test(found[2]) ? Number(found[2]) : found[2],
        choices: found[2],
      });
  }
  return text;
}
