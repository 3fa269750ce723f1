/**
 * Internal values said in words (#56 item 10): the activity log's actions and changes, a relation
 * selector's choices, a device's name from its User-Agent text, and numbers in the language's
 * digits (item 11), in English and Bangla.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY_ACTIONS } from '../../../src/shared/activity';
import { adminBn } from '../../../src/client/admin/i18n/bn';
import { adminEn } from '../../../src/client/admin/i18n/en';
import { adminNumber, adminT, adminTerm, changeAdminLanguage, loadAdminWords } from '../../../src/client/admin/i18n';
import {
  actionLabel,
  changeFieldLabel,
  changeValue,
  entityTitle,
  readableCode,
} from '../../../src/client/admin/activity/activity-words';
import { relationChoices } from '../../../src/client/admin/api/entity-queries';
import { deviceName } from '../../../src/client/admin/account/device-name';

// Every signed-in screen's words, as the /admin route's loader fetches them.
beforeAll(() => loadAdminWords());

afterEach(() => changeAdminLanguage('en'));

/** Every action code the server's source passes to the log (`action: '…'`). */
function codesTheServerWrites(): string[] {
  const codes = new Set<string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (path.endsWith('.ts'))
        for (const found of readFileSync(path, 'utf8').matchAll(/\baction: '([a-z-]+)'/g)) codes.add(found[1]!);
    }
  };
  walk(join(__dirname, '../../../src/server'));
  return [...codes];
}

describe("the activity log's actions", () => {
  it('labels every code the server writes, in both languages, in sentence case', async () => {
    const written = codesTheServerWrites();
    expect(written).toContain('sign-in-failed');
    for (const code of new Set([...written, ...ACTIVITY_ACTIONS])) {
      const key = `activityAction.${code}` as keyof typeof adminEn;
      // Sentence case (a screen's name such as the Trash keeps its capital), never the code itself.
      expect(adminEn[key], code).toMatch(/^[A-Z][a-z]/);
      expect(adminEn[key], code).not.toBe(code);
      expect(adminBn[key], code).toBeTruthy();
      expect(adminBn[key], code).not.toBe(adminEn[key]);
    }
    expect(actionLabel('sign-in-failed', adminT)).toBe('Sign-in failed');
    await changeAdminLanguage('bn');
    expect(actionLabel('sign-in-failed', adminT)).toBe('সাইন ইন ব্যর্থ');
  });

  it('reads a code it does not know yet as words, never as a key', async () => {
    expect(readableCode('api-token-rotated')).toBe('Api token rotated');
    expect(actionLabel('api-token-rotated', adminT)).toBe('Api token rotated');
    await changeAdminLanguage('bn');
    expect(actionLabel('api-token-rotated', adminT)).toBe('Api token rotated');
    expect(readableCode('')).toBe('');
  });
});

describe("the activity log's changes", () => {
  it('names the field by its label and says the values as the form shows them', async () => {
    expect(changeFieldLabel('users', 'language', adminTerm)).toBe('Back-office language');
    expect(changeValue('users', 'language', null, adminT, adminTerm)).toBe('none');
    expect(changeValue('users', 'language', 'bn', adminT, adminTerm)).toBe('বাংলা');
    expect(changeValue('posts', 'status', 1, adminT, adminTerm)).toBe('Active');
    expect(changeValue('posts', 'status', 0, adminT, adminTerm)).toBe('Inactive');
    // A choice by its label (cut, as a long value is), not its stored value.
    expect(changeValue('users', 'role', 'editor', adminT, adminTerm)).toMatch(/^Editor: all content.*…$/);
    expect(entityTitle('posts', adminTerm)).toBe('Posts');
    expect(entityTitle('files', adminTerm)).toBe('Media files');
    expect(entityTitle('tokens', adminTerm)).toBe('Tokens');
    // A field of no definition (a token's, a file's) is named by its name in words; its value stays.
    expect(changeFieldLabel('tokens', 'expires_at', adminTerm)).toBe('Expires at');
    expect(changeValue('tokens', 'name', 'ci', adminT, adminTerm)).toBe('ci');
    expect(changeValue('posts', 'title', 'x'.repeat(80), adminT, adminTerm)).toBe(`${'x'.repeat(60)}…`);

    await changeAdminLanguage('bn');
    expect(changeValue('users', 'language', '', adminT, adminTerm)).toBe('নেই');
    expect(changeValue('posts', 'status', 1, adminT, adminTerm)).toBe('সক্রিয়');
    expect(changeFieldLabel('posts', 'status', adminTerm)).toBe('অবস্থা');
    expect(entityTitle('files', adminTerm)).toBe('মিডিয়া ফাইল');
  });
});

describe("a relation selector's choices", () => {
  const rows = [
    { id: 7, name: 'News' },
    { id: 9, name: 'Events' },
    { id: 12, name: 'News' },
    { id: 15, name: '' },
  ];

  it('shows each label alone, and tells namesakes apart by their place, never by an id', async () => {
    const choices = relationChoices(rows, 'name', adminT, 'en');
    expect(choices).toEqual([
      { value: '7', label: 'News (1st)' },
      { value: '9', label: 'Events' },
      { value: '12', label: 'News (2nd)' },
      { value: '15', label: 'Untitled' },
    ]);
    for (const choice of choices) expect(choice.label).not.toMatch(/#|\d{2}/);

    await changeAdminLanguage('bn');
    expect(relationChoices(rows, 'name', adminT, 'bn').map((c) => c.label)).toEqual([
      'News (১ম)',
      'Events',
      'News (২য়)',
      'শিরোনামহীন',
    ]);
  });

  it('says the ordinals by the language’s rules', () => {
    const many = Array.from({ length: 23 }, (_, i) => ({ id: 100 + i, name: 'Same' }));
    const labels = relationChoices(many, 'name', adminT, 'en').map((c) => c.label);
    expect(labels[2]).toBe('Same (3rd)');
    expect(labels[10]).toBe('Same (11th)');
    expect(labels[21]).toBe('Same (22nd)');
  });
});

describe("a device's name", () => {
  const UA = {
    chromeWindows:
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    safariIphone:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
    chromeAndroid:
      'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
    edgeMac:
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  };

  it('names the browser and the system, as people say them', async () => {
    expect(deviceName(UA.chromeWindows, adminT)).toBe('Chrome on Windows');
    expect(deviceName(UA.safariIphone, adminT)).toBe('Safari on iPhone');
    expect(deviceName(UA.firefoxLinux, adminT)).toBe('Firefox on Linux');
    expect(deviceName(UA.chromeAndroid, adminT)).toBe('Chrome on Android');
    expect(deviceName(UA.edgeMac, adminT)).toBe('Microsoft Edge on macOS');
    await changeAdminLanguage('bn');
    expect(deviceName(UA.chromeWindows, adminT)).toBe('Windows-এ Chrome');
  });

  it('says "Unknown device" when there is nothing to read', () => {
    expect(deviceName(null, adminT)).toBe('Unknown device');
    expect(deviceName('', adminT)).toBe('Unknown device');
    expect(deviceName('x', adminT)).not.toBe('');
  });
});

describe('numbers in the back-office', () => {
  it('are in Bangla digits in Bangla, through one function, catalogue variables included', async () => {
    expect(adminNumber(2560)).toBe('2560');
    await changeAdminLanguage('bn');
    expect(adminNumber(2560)).toBe('২৫৬০');
    expect(adminNumber('50 MB')).toBe('৫০ MB');
    expect(adminT('list.showing', { from: 21, to: 37, total: 37 })).toBe('৩৭টির মধ্যে ২১ থেকে ৩৭ দেখানো হচ্ছে');
  });
});
