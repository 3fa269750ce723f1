import { describe, expect, it } from 'vitest';
import { checkPublicForm } from '../../../src/shared/public-forms';
import { siteBn } from '../../../src/shared/messages/site-bn';
import { siteEn } from '../../../src/shared/messages/site-en';
import { interpolate } from '../../../src/shared/messages/interpolate';
import { refusalText, siteCatalogue, siteText } from '../../../src/shared/messages/site-catalogues';
import { SITE_TEXT_LANGUAGES } from '../../../src/shared/messages/site-loading';
import { formatDate, widgetTitle } from '../../../src/client/ui/display';
import { buildMenuTree } from '../../../src/client/site/layout/menu-tree';

describe("the site's message catalogues", () => {
  it('keeps the spec’s English texts word for word', () => {
    const t = siteText('en');
    expect(t('notFound.title')).toBe('Page Not Found 404');
    expect(t('gallery.loading')).toBe('Loading...');
    expect(t('gallery.none')).toBe('No data found.');
    expect(t('contact.submit')).toBe('Send Message');
  });

  it('has every text in Bangla, in Bangla, with the same variables', () => {
    for (const [key, english] of Object.entries(siteEn) as [keyof typeof siteEn, string][]) {
      const bangla = siteBn[key];
      expect(bangla, key).toBeTruthy();
      const variables = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      expect(variables(bangla), key).toEqual(variables(english));
    }
    // Said in Bangla, not left in English (digits and a few borrowed names aside).
    const untranslated = Object.entries(siteBn).filter(([, text]) =>
      /[A-Za-z]{4,}/.test(text.replace(/name@example\.com|\{\{\w+\}\}/g, '')),
    );
    expect(untranslated).toEqual([]);
  });

  it('finds a catalogue by language, else English', () => {
    expect(siteCatalogue('bn-BD')).toBe(siteBn);
    expect(siteCatalogue('BN')).toBe(siteBn);
    expect(siteCatalogue('fr')).toBe(siteEn);
    expect(siteCatalogue(undefined)).toBe(siteEn);
    expect(siteText('bn')('notFound.title')).toBe('পাতাটি পাওয়া যায়নি ৪০৪');
  });

  it('gives the server every language the browser can fetch (site-catalogues.ts)', () => {
    for (const language of SITE_TEXT_LANGUAGES.filter((tag) => tag !== 'en')) {
      expect(siteCatalogue(language), language).not.toBe(siteEn);
    }
  });

  it('fills variables and leaves unknown ones', () => {
    expect(interpolate('{{a}} of {{ b }}', { a: 1, b: 'x' })).toBe('1 of x');
    expect(interpolate('{{missing}}', {})).toBe('{{missing}}');
    expect(siteText('bn')('gallery.viewLarger', { title: 'ছবি' })).toBe('বড় করে দেখুন: ছবি');
  });

  it("says a form's refusals in the visitor's language, and the server's own words as they are", () => {
    const refusals = checkPublicForm('contact', { name: '', email: 'nope', message: 'hi' });
    expect(refusals).toEqual({ name: 'contact.name.required', email: 'form.email.invalid' });
    expect(refusalText(siteText('en'), refusals.name!)).toBe('Please enter your name.');
    expect(refusalText(siteText('bn'), refusals.name!)).toBe('আপনার নাম লিখুন।');
    expect(refusalText(siteText('bn'), 'Too many requests')).toBe('Too many requests');
  });

  it('writes dates and fallbacks in the page’s language', () => {
    expect(formatDate('2026-11-05 09:00:00')).toBe('5 November 2026');
    expect(formatDate('2026-11-05 09:00:00', siteText('bn'))).toBe('৫ নভেম্বর ২০২৬');
    expect(widgetTitle(null, siteText('bn'))).toBe('শিরোনামহীন');
  });

  it("names the menu's fixed entries and headings in the page's language", () => {
    const item = { id: 1, title: 'মিশন', slug: 'mission', location: 'ab1', status: 1, parent_id: null, shortcode: null };
    const tree = buildMenuTree([item as never], (href) => `/bn${href}`, siteText('bn'));
    expect(tree.map((entry) => entry.label)).toEqual(['হোম', 'আমাদের সম্পর্কে', 'আর্কাইভ', 'যোগাযোগ']);
    const about = tree[1]!;
    expect(about.kind === 'mega' && about.columns[0]!.heading).toBe('আমাদের সম্পর্কে');
  });
});
