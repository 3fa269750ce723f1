import { beforeAll, describe, expect, it, vi } from 'vitest';
import { SECURITY_SETTINGS_FIELDS } from '../../../src/shared/security-settings';
import {
  CHANGE_PASSWORD_FIELDS,
  CURRENT_PASSWORD_FIELDS,
  SIGN_IN_CODE_FIELDS,
  SIGN_IN_FIELDS,
} from '../../../src/shared/account-forms';
import { ENTITIES, type EntityDef, type FieldDef, SCREEN_GROUPS } from '../../../src/shared/entities';
import { ADMIN_SCREENS } from '../../../src/client/admin/layout/admin-screens';
import { adminBn } from '../../../src/client/admin/i18n/bn';
import { adminEn } from '../../../src/client/admin/i18n/en';
import { NOTIFICATION_WORDS } from '../../../src/client/admin/notifications/notification-words';
import { termsBn, UNTRANSLATED } from '../../../src/client/admin/i18n/terms-bn';
import { definitionWords, fieldWords, isCode } from '../../../src/client/admin/i18n/definition-words';
import {
  adminT,
  adminTerm,
  changeAdminLanguage,
  deviceLanguage,
  loadAdminWords,
  validationMessage,
} from '../../../src/client/admin/i18n';

// Every signed-in screen's words, as the /admin route's loader fetches them.
beforeAll(() => loadAdminWords());

const variables = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

/** Every word the definitions show staff: titles, labels, hints, choices, toggles, columns. */
function allDefinitionWords(): string[] {
  const words = new Set<string>([...SCREEN_GROUPS, ...ADMIN_SCREENS.map((screen) => screen.label)]);
  for (const def of Object.values(ENTITIES) as EntityDef[]) for (const word of definitionWords(def)) words.add(word);
  for (const form of [
    SIGN_IN_FIELDS,
    SIGN_IN_CODE_FIELDS,
    CURRENT_PASSWORD_FIELDS,
    CHANGE_PASSWORD_FIELDS,
    SECURITY_SETTINGS_FIELDS,
  ]) {
    for (const word of fieldWords(form as Record<string, FieldDef>)) words.add(word);
  }
  return [...words];
}

describe("the back-office's catalogues", () => {
  it('keeps the spec’s English words', () => {
    expect(adminEn['delete.question']).toBe('Are you sure to delete?');
    expect(adminEn['form.success']).toBe('Success! Data updated successfully.');
    expect(adminEn['login.remember']).toBe('Remember Me');
    expect(adminEn['list.showing']).toBe('Showing {{from}} to {{to}} of {{total}} entries');
  });

  it('has every text in Bangla, with the same variables', () => {
    for (const [key, english] of Object.entries(adminEn)) {
      const bangla = adminBn[key as keyof typeof adminBn];
      expect(bangla, key).toBeTruthy();
      expect(variables(bangla), key).toEqual(variables(english));
      expect(
        bangla.replace(
          /\{\{\w+\}\}|CSV|YYYY-MM-DD|API|URL|OG|HTML|PDF|MB|GPS|WebP|JPEG|QR|SMTP_URL|Authorization: Bearer|HMAC-SHA256|POST|Aegis|Google Authenticator|1Password|Alt|Enter|Delete|youtube\.com\/watch|youtu\.be|LCP|INP|CLS/g,
          '',
        ),
        key,
      ).not.toMatch(/[A-Za-z]{3,}/);
    }
  });

  it('has the notification list’s and switches’ words in Bangla too, with the same variables', () => {
    for (const [key, english] of Object.entries(NOTIFICATION_WORDS.en)) {
      const bangla = NOTIFICATION_WORDS.bn[key as keyof typeof NOTIFICATION_WORDS.bn];
      expect(bangla, key).toBeTruthy();
      expect(variables(bangla), key).toEqual(variables(english));
      expect(bangla.replace(/\{\{\w+\}\}/g, ''), key).not.toMatch(/[A-Za-z]{3,}/);
    }
  });

  it('has a Bangla word, or an entry marked untranslated, for every word of the definitions that staff read (codes stay as they are)', () => {
    const missing = allDefinitionWords().filter((word) => !isCode(word) && !(word in termsBn));
    expect(missing).toEqual([]);
  });

  it('says plurals by the language’s rules and fills variables', async () => {
    await changeAdminLanguage('en');
    expect(adminT('delete.toTrash', { count: 1 })).toBe('It moves to the Trash, where it can be restored for 1 day.');
    expect(adminT('delete.toTrash', { count: 30 })).toBe('It moves to the Trash, where it can be restored for 30 days.');
    expect(adminTerm('Sub Title')).toBe('Sub Title');
    await changeAdminLanguage('bn');
    expect(adminT('list.showing', { from: 11, to: 20, total: 34 })).toBe('৩৪টির মধ্যে ১১ থেকে ২০ দেখানো হচ্ছে');
    expect(adminTerm('Sub Title')).toBe('উপশিরোনাম');
    // A word no catalogue has shows as it is, never as a key.
    expect(adminTerm('A field added tomorrow')).toBe('A field added tomorrow');
    await changeAdminLanguage('en');
  });

  it('shows a word marked untranslated in English, and the translated ones beside it in Bangla', async () => {
    vi.resetModules();
    vi.doMock('../../../src/client/admin/i18n/terms-bn', () => ({
      UNTRANSLATED,
      termsBn: { ...termsBn, 'Press Releases': UNTRANSLATED },
    }));
    try {
      const i18n = await import('../../../src/client/admin/i18n');
      await i18n.changeAdminLanguage('bn');
      expect(i18n.adminTerm('Press Releases')).toBe('Press Releases');
      expect(i18n.adminTerm('Sub Title')).toBe('উপশিরোনাম');
    } finally {
      vi.doUnmock('../../../src/client/admin/i18n/terms-bn');
      vi.resetModules();
    }
  });

  it('shows English until another language’s catalogue has come, and the last choice wins', async () => {
    const fresh = async () => {
      vi.resetModules();
      return import('../../../src/client/admin/i18n');
    };
    const first = await fresh();
    const coming = first.changeAdminLanguage('bn');
    expect(first.adminT('login.title')).toBe(adminEn['login.title']);
    await coming;
    expect(first.adminT('login.title')).toBe(adminBn['login.title']);

    const second = await fresh();
    const slow = second.changeAdminLanguage('bn');
    await second.changeAdminLanguage('en');
    await slow;
    expect(second.adminT('login.title')).toBe(adminEn['login.title']);
  });

  it("says the API's validation messages in the user's language, and others as they are", async () => {
    await changeAdminLanguage('bn');
    const say = (text: string) => validationMessage(text, adminT, adminTerm);
    expect(say('Title is required')).toBe('শিরোনাম আবশ্যক');
    expect(say('Sub Title must be at most 255 characters')).toBe('উপশিরোনাম সর্বোচ্চ ২৫৫ অক্ষরের হতে পারে');
    expect(say('Email must be a valid email address')).toBe('ইমেইল: সঠিক ইমেইল ঠিকানা দিন');
    expect(say('The slug is taken by another page')).toBe('The slug is taken by another page');
    await changeAdminLanguage('en');
    expect(validationMessage('Title is required', adminT, adminTerm)).toBe('Title is required');
  });

  it('shows the language last used on this device, else the browser’s, else English', () => {
    const storage = new Map<string, string>();
    const restore = { localStorage: globalThis.localStorage, navigator: globalThis.navigator };
    Object.defineProperty(globalThis, 'localStorage', {
      configurable: true,
      value: { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => storage.set(k, v) },
    });
    Object.defineProperty(globalThis, 'navigator', {
      configurable: true,
      value: { languages: ['bn-BD', 'en'], language: 'bn-BD' },
    });
    try {
      expect(deviceLanguage()).toBe('bn');
      storage.set('orgsite.admin-language', 'en');
      expect(deviceLanguage()).toBe('en');
      storage.set('orgsite.admin-language', 'xx');
      Object.defineProperty(globalThis, 'navigator', { configurable: true, value: { languages: ['fr'], language: 'fr' } });
      expect(deviceLanguage()).toBe('en');
    } finally {
      Object.defineProperty(globalThis, 'localStorage', { configurable: true, value: restore.localStorage });
      Object.defineProperty(globalThis, 'navigator', { configurable: true, value: restore.navigator });
    }
  });
});
