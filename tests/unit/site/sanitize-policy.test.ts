import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { sanitizeHtml, setSanitizerWindow } from '../../../src/client/ui/sanitize';
import { isAllowedIframeSrc, PURIFY_CONFIG, safeRel } from '../../../src/client/ui/sanitize-policy';

describe('isAllowedIframeSrc', () => {
  it.each([
    'https://www.youtube.com/embed/dQw4w9WgXcQ',
    'https://www.youtube.com/embed/dQw4w9WgXcQ?si=abc&start=10',
    'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    'https://www.google.com/maps/embed?pb=!1m18!1m12',
    'https://www.google.com/maps/embed/v1/place?q=Dhaka',
    ' https://www.youtube.com/embed/abc ',
  ])('allows %s', (src) => expect(isAllowedIframeSrc(src)).toBe(true));

  it.each([
    ['plain http', 'http://www.youtube.com/embed/abc'],
    ['a look-alike host', 'https://www.youtube.com.evil.test/embed/abc'],
    ['another YouTube path', 'https://www.youtube.com/watch?v=abc'],
    ['a path escaping /embed/', 'https://www.youtube.com/embed/../redirect?q=x'],
    ['an empty embed id', 'https://www.youtube.com/embed/'],
    ['Google outside Maps embed', 'https://www.google.com/search?q=x'],
    ['a Maps look-alike path', 'https://www.google.com/maps/embedded'],
    ['credentials in the URL', 'https://user:pw@www.youtube.com/embed/abc'],
    ['an explicit port', 'https://www.youtube.com:8443/embed/abc'],
    ['javascript:', 'javascript:alert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['a relative path', '/embed/abc'],
    ['nothing', null],
    ['an empty string', ''],
  ])('refuses %s', (_label, src) => expect(isAllowedIframeSrc(src)).toBe(false));
});

describe('safeRel', () => {
  it('adds noopener and noreferrer to links opening a new tab, keeping other rel values', () => {
    expect(safeRel('_blank', null)).toBe('noopener noreferrer');
    expect(safeRel('_blank', 'nofollow')).toBe('nofollow noopener noreferrer');
    expect(safeRel('_blank', 'noopener')).toBe('noopener noreferrer');
  });
  it('leaves other links as they were', () => {
    expect(safeRel(null, null)).toBeNull();
    expect(safeRel('_self', 'nofollow')).toBe('nofollow');
  });
});

describe('PURIFY_CONFIG', () => {
  it('admits iframes for vetting and forbids frames-in-disguise and forms', () => {
    expect(PURIFY_CONFIG.ADD_TAGS).toContain('iframe');
    expect(PURIFY_CONFIG.FORBID_TAGS).toEqual(expect.arrayContaining(['style', 'object', 'embed', 'form']));
    expect(PURIFY_CONFIG.FORBID_ATTR).toContain('srcdoc');
  });
});

describe('sanitizeHtml', () => {
  it('lets no content plant a live island (its name, props, timing or id)', () => {
    setSanitizerWindow(new JSDOM('').window as unknown as Parameters<typeof setSanitizerWindow>[0]);
    const planted =
      '<div data-island="gallery" data-when="load" data-id="i9-" data-props=\'{"items":[{"link":"javascript:alert(1)"}]}\'><p data-note="kept">Text</p></div>';
    const clean = sanitizeHtml(planted);
    expect(clean).toBe('<div><p data-note="kept">Text</p></div>');
  });
});
