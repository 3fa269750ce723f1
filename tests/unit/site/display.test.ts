import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../../src/shared/limits';
import {
  DEFAULT_THUMB,
  excerpt,
  formatDate,
  imageAlt,
  widgetContent,
  widgetThumb,
  widgetTitle,
} from '../../../src/client/ui/display';
import { htmlToText } from '../../../src/shared/html-text';

describe('htmlToText', () => {
  it('removes tags, keeps words apart at block ends and decodes entities', () => {
    expect(htmlToText('<p>Loans&nbsp;&amp; savings</p><p>for <b>everyone</b></p>')).toBe('Loans & savings for everyone');
  });
  it('drops script and style bodies entirely', () => {
    expect(htmlToText('<script>alert(1)</script>Hello<style>p{}</style> world')).toBe('Hello world');
  });
  it('decodes numeric entities and leaves unknown ones as written', () => {
    expect(htmlToText('&#8217;&#x2014;&bogus;')).toBe('’—&bogus;');
  });
  it('returns an empty string for null or empty input', () => {
    expect(htmlToText(null)).toBe('');
    expect(htmlToText('')).toBe('');
  });
  it('keeps a "<" that no ">" closes as text, as a browser shows it', () => {
    expect(htmlToText('1 < 2 and <b>3</b> < 4')).toBe('1 < 2 and 3 < 4');
    expect(htmlToText('a <br> b <i')).toBe('a b <i');
  });
  it('keeps text after a script that is never closed, like the tag-only reading', () => {
    expect(htmlToText('<script>x = 1; <p>after</p>')).toBe('x = 1; after');
    expect(htmlToText('<p>one</p><script>a</script><p>two</p><script>b')).toBe('one two b');
  });

  // A hang guard, not a benchmark: the limit is generous; a quadratic pass takes minutes here.
  it.each([
    ['500,000 unclosed <', '<'.repeat(500_000)],
    ['500,000 characters of <p', '<p'.repeat(250_000)],
    ['unclosed scripts', '<script>'.repeat(60_000)],
    ['entity starts', '&a'.repeat(250_000)],
  ])('finishes at once on the worst cases: %s', (_name, html) => {
    const started = performance.now();
    htmlToText(html);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe('widget display rules (spec §5)', () => {
  it(`cuts titles longer than ${LIMITS.truncate.widgetTitle} characters with an ellipsis`, () => {
    const long = 'x'.repeat(LIMITS.truncate.widgetTitle + 1);
    expect(widgetTitle(long)).toBe(`${'x'.repeat(LIMITS.truncate.widgetTitle)}...`);
    expect(widgetTitle('x'.repeat(LIMITS.truncate.widgetTitle))).toBe('x'.repeat(LIMITS.truncate.widgetTitle));
  });
  it("shows 'Untitled' for a missing or blank title", () => {
    expect(widgetTitle(null)).toBe('Untitled');
    expect(widgetTitle('   ')).toBe('Untitled');
  });
  it(`cuts content at ${LIMITS.truncate.widgetContent} characters of text, after removing HTML`, () => {
    const html = `<p>${'y'.repeat(LIMITS.truncate.widgetContent + 20)}</p>`;
    expect(widgetContent(html)).toBe(`${'y'.repeat(LIMITS.truncate.widgetContent)}...`);
    expect(widgetContent('<b>short</b>')).toBe('short');
  });
  it("shows 'No content available.' for missing content or content with no text", () => {
    expect(widgetContent(null)).toBe('No content available.');
    expect(widgetContent('<p> </p>')).toBe('No content available.');
  });
  it('falls back to the default image for a missing thumbnail', () => {
    expect(widgetThumb(null)).toBe(DEFAULT_THUMB);
    expect(widgetThumb('')).toBe(DEFAULT_THUMB);
    expect(widgetThumb('/uploads/a.webp')).toBe('/uploads/a.webp');
    expect(DEFAULT_THUMB).toBe('/images/default-thumb.webp');
  });
});

describe('excerpt', () => {
  it.each([LIMITS.truncate.cardLong, LIMITS.truncate.cardMedium, LIMITS.truncate.cardShort, LIMITS.truncate.sectionContent])(
    'cuts plain text at %i characters',
    (max) => {
      expect(excerpt(`<p>${'z'.repeat(max + 5)}</p>`, max)).toBe(`${'z'.repeat(max)}...`);
      expect(excerpt('<p>tiny</p>', max)).toBe('tiny');
    },
  );
});

describe('imageAlt', () => {
  it('prefers alt_text, then title, else empty for a decorative image', () => {
    expect(imageAlt({ alt_text: 'Staff training', title: 'IMG_1' })).toBe('Staff training');
    expect(imageAlt({ alt_text: ' ', title: 'Branch opening' })).toBe('Branch opening');
    expect(imageAlt({ alt_text: null, title: null })).toBe('');
  });
});

describe('formatDate', () => {
  it('reads stored date-times and ISO stamps as the same calendar day', () => {
    expect(formatDate('2026-11-05 09:00:00')).toBe('5 November 2026');
    expect(formatDate('2026-11-22T00:12:55.632Z')).toBe('22 November 2026');
  });
  it('gives null for missing or unreadable values', () => {
    expect(formatDate(null)).toBeNull();
    expect(formatDate('soon')).toBeNull();
  });
});

describe('named entities', () => {
  it('decodes every one the runtime knows, once it says how (the server: the entities package)', async () => {
    const { decodeHTMLStrict } = await import('entities');
    const { decodeNamedEntitiesWith } = await import('../../../src/shared/html-text');
    expect(htmlToText('Caf&eacute;')).toBe('Caf&eacute;'); // only the common few without a table
    decodeNamedEntitiesWith((entity) => {
      const text = decodeHTMLStrict(entity);
      return text === entity ? undefined : text;
    });
    expect(htmlToText('<p>Caf&eacute; &frac12; &rarr; &Alpha;&amp;&bogus;</p>')).toBe('Café ½ → Α&&bogus;');
  });
});
