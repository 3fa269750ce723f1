/**
 * The back-office's own words in the language each user chose in My Profile (users.language):
 * i18next with react-i18next, one instance of its own so nothing else on the page shares it.
 *
 * Why i18next: it is the most used and longest kept of the three the issue names, its JSON format
 * (flat keys, `{{name}}`, `_one`/`_other` plurals by the CLDR rules of Intl.PluralRules) is what
 * translators' tools read and write, and react-i18next re-renders every screen when the language
 * changes without a reload. The public site's catalogues use the same format without the library
 * (src/shared/messages/site.ts): visitors download no i18n runtime.
 *
 * Two namespaces:
 * - `admin`: the screens' own texts, by key (en.ts, bn.ts). English keeps the spec's words.
 * - `terms`: the words the entity definitions give in English (screen titles, field labels,
 *   choices, columns), keyed by the English word itself (terms-bn.ts). A word without a
 *   translation shows in English, so a new field never shows a key.
 */
import i18next, { type i18n } from 'i18next';
import { useMemo } from 'react';
import { initReactI18next, useTranslation } from 'react-i18next';
import { BACK_OFFICE_LANGUAGES } from '../../../shared/entities/users';
import { adminBn } from './bn';
import { adminEn } from './en';
import { termsBn } from './terms-bn';

type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
type WithoutPlural<K> = K extends `${infer Base}_${PluralSuffix}` ? Base : K;
export type AdminMessageKey = WithoutPlural<keyof typeof adminEn>;
export type AdminText = (key: AdminMessageKey, vars?: Record<string, unknown>) => string;

/** The back-office's languages: each has a catalogue. The first is the default. */
export const ADMIN_LANGUAGES = BACK_OFFICE_LANGUAGES;
export type AdminLanguage = (typeof ADMIN_LANGUAGES)[number];

export const isAdminLanguage = (value: unknown): value is AdminLanguage =>
  typeof value === 'string' && (ADMIN_LANGUAGES as readonly string[]).includes(value);

export const adminI18n: i18n = i18next.createInstance();
void adminI18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: [...ADMIN_LANGUAGES],
  ns: ['admin', 'terms'],
  defaultNS: 'admin',
  // Flat keys ('list.addNew') and terms that hold dots or colons ('ab1: About Us') are keys as they are.
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false }, // React escapes what it renders
  resources: { en: { admin: adminEn, terms: {} }, bn: { admin: adminBn, terms: termsBn } },
  initAsync: false,
  react: { useSuspense: false },
});

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
  if (adminI18n.language !== language) void adminI18n.changeLanguage(language);
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
  // Subscribes the component to language changes; the texts themselves are the instance's.
  const { language } = useTranslation('admin', { i18n: adminI18n }).i18n;
  return useMemo(
    () => ({ t: adminT, term: adminTerm, message: (text: string) => validationMessage(text, adminT, adminTerm), language }),
    [language],
  );
}

/** The same outside React (a notification shown by a machine's action): the language shown now. */
export const adminT: AdminText = (key, vars) => String(adminI18n.t(key, vars as never));
export const adminTerm = (word: string) => (word ? String(adminI18n.t(word, { ns: 'terms', defaultValue: word })) : word);

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
    if (found) return t(key, { field: term(found[1]!), limit: found[2], choices: found[2] });
  }
  return text;
}
