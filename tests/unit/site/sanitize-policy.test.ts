// @vitest-environment jsdom
/**
 * The sanitiser's policy, and its two engines: DOMPurify (the browser's, here on jsdom) and the
 * server's parse5 one. Over the XSS corpus and over ordinary content, both give the same HTML, and
 * none of it can run.
 */
import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../../../src/client/ui/sanitize';
import { sanitizeMarkup } from '../../../src/shared/sanitize-markup';
import { isAllowedAttribute, isAllowedIframeSrc, PURIFY_CONFIG, safeRel } from '../../../src/shared/sanitize-policy';
import { JS, XSS_VECTORS } from '../../fixtures/xss-vectors';

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
  it('lists what content keeps, forbids frames-in-disguise and forms, and drops code with its content', () => {
    expect(PURIFY_CONFIG.ALLOWED_TAGS).toContain('iframe');
    expect(PURIFY_CONFIG.ALLOWED_TAGS).not.toEqual(expect.arrayContaining(['style']));
    for (const tag of ['style', 'object', 'embed', 'form', 'input', 'svg', 'math', 'script'])
      expect(PURIFY_CONFIG.ALLOWED_TAGS).not.toContain(tag);
    expect(PURIFY_CONFIG.FORBID_ATTR).toEqual(expect.arrayContaining(['srcdoc', 'formaction', 'name']));
    expect(PURIFY_CONFIG.FORBID_CONTENTS).toEqual(expect.arrayContaining(['script', 'style', 'svg', 'textarea']));
  });
});

describe('isAllowedAttribute', () => {
  it.each([
    ['a', 'href', 'https://example.org/'],
    ['a', 'href', '/about'],
    ['a', 'href', 'mailto:info@example.org'],
    ['a', 'href', '#top'],
    ['img', 'src', 'data:image/png;base64,AAAA'],
    ['p', 'data-note', 'x'],
    ['p', 'aria-label', 'x'],
    ['td', 'colspan', '2'],
  ])('keeps <%s %s="%s">', (tag, name, value) => expect(isAllowedAttribute(tag, name, value)).toBe(true));

  it.each([
    ['a', 'href', 'javascript:alert(1)'],
    ['a', 'href', 'java\tscript:alert(1)'],
    ['a', 'href', ' JaVaScRiPt:alert(1)'],
    ['a', 'href', 'data:text/html,<script>alert(1)</script>'],
    ['img', 'onerror', 'alert(1)'],
    ['iframe', 'srcdoc', '<script>alert(1)</script>'],
    ['img', 'name', 'getElementById'],
    ['div', 'data-island', 'gallery'],
    ['div', 'data-props', '{}'],
    ['p', 'title', '--><img src=x onerror=alert(1)>'],
    ['p', 'width', 'javascript:alert(1)'],
  ])('refuses <%s %s="%s">', (tag, name, value) => expect(isAllowedAttribute(tag, name, value)).toBe(false));
});

/** Both engines: the browser's (DOMPurify, here on jsdom's window) and the server's (parse5). */
const ENGINES = [
  ['DOMPurify', sanitizeHtml],
  ['parse5', sanitizeMarkup],
] as const;

/** What could run once a browser reads the output: a script, a handler, a frame's document, a script address. */
function executable(html: string): string[] {
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html');
  const found: string[] = [];
  for (const element of doc.body.querySelectorAll('*')) {
    const tag = element.localName;
    if (['script', 'style', 'object', 'embed', 'form', 'base', 'meta', 'link', 'svg', 'math', 'template'].includes(tag))
      found.push(`<${tag}>`);
    for (const { name, value } of element.attributes) {
      if (name.startsWith('on') || name === 'srcdoc' || name === 'formaction') found.push(`${tag}[${name}]`);
      // What a browser skips in an address: control characters and spaces.
      const address = [...value].filter((c) => c.charCodeAt(0) > 0x20).join('');
      if (/^(javascript|vbscript|data):/i.test(address) && !(tag === 'img' && name === 'src'))
        found.push(`${tag}[${name}=${value}]`);
    }
    if (tag === 'iframe' && !/^https:\/\/www\.(youtube(-nocookie)?|google)\.com\//.test(element.getAttribute('src') ?? ''))
      found.push(`iframe[src=${element.getAttribute('src')}]`);
  }
  return found;
}

/** Ordinary content: what the rich-text editor writes, embeds pasted from YouTube and Maps, tables, media. */
const ORDINARY = [
  '<p>Plain <strong>bold</strong>, <em>italic</em>, <u>under</u>, <s>struck</s> and <code>code</code>.</p>',
  '<h2 id="goals">Goals</h2><ol start="3"><li>One</li><li><p>Two</p><ul><li>nested</li></ul></li></ol>',
  '<p><a href="https://example.org/a?b=1&amp;c=2" target="_blank">out</a> <a href="/about" rel="nofollow">in</a> <a href="mailto:x@example.org">mail</a></p>',
  '<figure><img src="/uploads/photo.png" alt="A photo" width="640" height="480"><figcaption>Caption</figcaption></figure>',
  '<p><img src="https://example.org/b.png"></p>',
  '<iframe width="560" height="315" src="https://www.youtube.com/embed/dQw4w9WgXcQ" title="YouTube video player" frameborder="0" allow="accelerometer; autoplay; encrypted-media" allowfullscreen></iframe>',
  '<iframe src="https://www.google.com/maps/embed?pb=!1m18!1m12" width="600" height="450" style="border:0;" allowfullscreen="" loading="lazy"></iframe>',
  '<table><thead><tr><th scope="col">A</th></tr></thead><tbody><tr><td colspan="2" style="text-align:center">1 &lt; 2 &amp; 3</td></tr></tbody></table>',
  '<blockquote cite="https://example.org/"><p>Quoted “text” — with non-breaking&nbsp;space</p></blockquote>',
  '<pre>\n  indented\n  code</pre><hr><p dir="rtl" lang="ar">مرحبا</p><p lang="bn">আমাদের কথা</p>',
  '<video controls poster="/uploads/p.jpg"><source src="/uploads/v.mp4" type="video/mp4"><track kind="captions" src="/uploads/v.vtt" srclang="en"></video>',
  '<p style="color:red" class="lead" data-note="kept" aria-describedby="n">styled</p><details open><summary>More</summary>text</details>',
  '<div><span>no closing tags<p>and a paragraph',
  '<p>Word’s <font face="Arial" color="#333">font</font> and <center>center</center><br>line</p><!-- a comment -->',
];

describe.each(ENGINES)('the %s engine', (_name, clean) => {
  it.each(XSS_VECTORS.map((vector, n) => [n, vector.replaceAll(JS, 'alert(1)')]))(
    'leaves nothing that can run of vector %i: %s',
    (_n, vector) => {
      const once = clean(vector);
      expect(executable(once)).toEqual([]);
      // What is clean stays the same when cleaned again: nothing hidden surfaces on a second reading.
      expect(clean(once)).toBe(once);
    },
  );

  it('lets no content plant a live island (its name, props, timing or id)', () => {
    const planted =
      '<div data-island="gallery" data-when="load" data-id="i9-" data-props=\'{"items":[{"link":"javascript:alert(1)"}]}\'><p data-note="kept">Text</p></div>';
    expect(clean(planted)).toBe('<div><p data-note="kept">Text</p></div>');
  });

  it('vets frames, pictures and links the same way', () => {
    expect(clean('<iframe src="https://www.youtube.com/embed/abc"></iframe>')).toBe(
      '<iframe src="https://www.youtube.com/embed/abc" title="Embedded video" loading="lazy" referrerpolicy="strict-origin-when-cross-origin"></iframe>',
    );
    expect(clean('<iframe src="https://evil.example.org/"></iframe><p>after</p>')).toBe('<p>after</p>');
    expect(clean('<a href="/x" target="_blank">x</a>')).toBe('<a href="/x" target="_blank" rel="noopener noreferrer">x</a>');
    expect(clean('<form action="/x"><button>go</button> <input value="v"><textarea>t</textarea></form>')).toBe('go ');
  });
});

describe('the two engines', () => {
  // Except <noscript>: a page's parser (and parse5) reads its content as raw text, DOMPurify's
  // DOMParser (scripts off) as markup. Two different trees, each cleaned safely (above).
  const read = XSS_VECTORS.filter((vector) => !vector.includes('<noscript>'));
  it.each([...ORDINARY, ...read.map((vector) => vector.replaceAll(JS, 'alert(1)'))])('give the same HTML for %s', (html) =>
    expect(sanitizeMarkup(html)).toBe(sanitizeHtml(html)),
  );
});
