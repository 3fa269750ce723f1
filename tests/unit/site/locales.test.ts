/** Which language an address is in, and a page's addresses in the others (shared/locales.ts, site/locale.ts). */
import { describe, expect, it } from 'vitest';
import { defaultLocaleAddress, documentLocale, inLocale, localesOf } from '../../../src/shared/locales';
import { alternatesOf, localHref } from '../../../src/client/site/locale';

const SITE = ['en', 'bn'];

describe('the language of an address', () => {
  it('is the default at today’s addresses and another under its prefix', () => {
    expect(documentLocale(SITE, '/about')).toEqual({ locale: 'en', path: '', locales: SITE });
    expect(documentLocale(SITE, '/bn/about')).toEqual({ locale: 'bn', path: '/bn', locales: SITE });
    expect(documentLocale(SITE, '/bn')).toMatchObject({ locale: 'bn' });
    // The default's own tag is no prefix, and a site in one language has no locale at all.
    expect(documentLocale(SITE, '/en/about')).toMatchObject({ locale: 'en', path: '' });
    expect(documentLocale(['en'], '/bn/about')).toBeUndefined();
  });

  it('sends the default language’s prefix to the address without it, and leaves every other address', () => {
    const locales = ['en', 'bn'];
    expect(defaultLocaleAddress(locales, '/en/about')).toBe('/about');
    expect(defaultLocaleAddress(locales, '/en/')).toBe('/');
    expect(defaultLocaleAddress(locales, '/en')).toBe('/');
    expect(defaultLocaleAddress(locales, '/english')).toBeUndefined();
    expect(defaultLocaleAddress(locales, '/bn/about')).toBeUndefined();
    expect(defaultLocaleAddress(['en'], '/en/about')).toBeUndefined();
  });

  it('puts a site address under the prefix, the home page at /bn/', () => {
    const bangla = documentLocale(SITE, '/bn/')!;
    expect(inLocale(bangla, '/about')).toBe('/bn/about');
    expect(inLocale(bangla, '/')).toBe('/bn/');
    expect(inLocale(documentLocale(SITE, '/')!, '/about')).toBe('/about');
  });

  it('localizes only the site’s own pages: not other sites, files, the API or the back-office', () => {
    const bangla = documentLocale(SITE, '/bn/')!;
    expect(localHref(bangla, '/contact')).toBe('/bn/contact');
    for (const href of [
      'https://example.org/x',
      '//cdn.example.org/x',
      '/uploads/a.jpg',
      '/cms/pages',
      '/admin',
      'mailto:a@b.c',
    ]) {
      expect(localHref(bangla, href)).toBe(href);
    }
  });

  it('reads a site’s list of languages in order, each once', () => {
    expect(localesOf('EN, bn,en')).toEqual(['en', 'bn']);
    expect(localesOf('')).toEqual(['en']);
  });
});

describe('a page in each language', () => {
  it('is at the same path in every language unless the record names its own', () => {
    expect(alternatesOf(SITE, '/news').map(({ locale, href }) => [locale, href])).toEqual([
      ['en', '/news'],
      ['bn', '/bn/news'],
    ]);
    const about = alternatesOf(SITE, '/about', { en: '/about', bn: '/আমাদের-কথা' });
    expect(about[1]).toMatchObject({ locale: 'bn', href: `/bn/${encodeURIComponent('আমাদের-কথা')}` });
  });

  it('leaves out a language the record is not written in, and has none on a site in one language', () => {
    expect(alternatesOf(SITE, '/gallery', { en: '/gallery' }).map((a) => a.locale)).toEqual(['en']);
    expect(alternatesOf(['en'], '/about')).toEqual([]);
  });

  it('names each language in itself', () => {
    expect(alternatesOf(SITE, '/').map((a) => a.name)).toEqual(['English', 'বাংলা']);
  });
});
