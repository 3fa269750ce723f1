// @vitest-environment jsdom
/**
 * The rich-text editor never drops content: every seeded text and a corpus of real-world HTML go
 * through the editor and back with nothing lost (after sanitising, as the site shows them); what
 * the editor cannot hold is named, so the form keeps it in the HTML view instead.
 */
import { describe, expect, it } from 'vitest';
import { demoContent } from '../../../src/server/db/demo/content';
import type { DemoCategoryTree, DemoSectionTree } from '../../../src/server/db/demo/types';
import { ENTITIES, type ResourceName } from '../../../src/shared/entities';
import { youtubeEmbedUrl } from '../../../src/client/admin/form/rich-text/extensions';
import { markupLost, throughEditor } from '../../../src/client/admin/form/rich-text/markup-loss';

/** Every HTML field value of every seeded record, named by where it comes from. */
function seededHtml(): [string, string][] {
  const sections = (trees: DemoSectionTree[]) =>
    trees.flatMap((t) => [['sections', t.section] as const, ...t.widgets.map((w) => ['widgets', w] as const)]);
  const categories = (trees: DemoCategoryTree[]): (readonly [ResourceName, object])[] =>
    trees.flatMap((t) => [
      ['post-categories', t.category] as const,
      ...t.posts.map((p) => ['posts', p] as const),
      ...categories(t.children),
    ]);
  const records: (readonly [ResourceName, object])[] = [
    ['applications', demoContent.application],
    ...sections(demoContent.homeSections),
    ...demoContent.pages.flatMap((p) => [['pages', p.page] as const, ...sections(p.sections)]),
    ...demoContent.sliders.map((s) => ['sliders', s] as const),
    ...categories(demoContent.categories),
    ...demoContent.faqs.map((f) => ['faqs', f] as const),
    ...demoContent.careers.map((c) => ['careers', c] as const),
    ...demoContent.profiles.map((p) => ['profiles', p] as const),
  ];
  return records.flatMap(([name, record]) =>
    Object.entries(ENTITIES[name].fields)
      .filter(([field, def]) => def.kind === 'html' && typeof (record as Record<string, unknown>)[field] === 'string')
      .map(
        ([field]) =>
          [
            `${name}.${field} "${String((record as Record<string, unknown>).title ?? '')}"`,
            (record as Record<string, string>)[field]!,
          ] as [string, string],
      ),
  );
}

/** Real-world HTML the editor holds: what WordPress, Ghost and pasted documents produce. */
const HELD = {
  paragraphs: '<p>One <strong>bold</strong> and <em>italic</em> word.</p><p>Second <u>paragraph</u> with <s>strike</s>.</p>',
  'b and i for strong and em': '<p><b>Bold</b> <i>italic</i></p>',
  headings: '<h2>Our work</h2><p>Text</p><h3>Loans</h3><h4>Terms</h4>',
  lists: '<ul><li>One</li><li>Two<ul><li>Nested</li></ul></li></ul><ol><li>First</li></ol>',
  quote: '<blockquote><p>Microfinance changed our village.</p></blockquote>',
  links: '<p>See <a href="/about">about us</a> and <a href="https://example.org/report.pdf" target="_blank">the report</a>.</p>',
  'an image with alt text': '<p>Before</p><img src="/uploads/gallery-1.webp" alt="Field officers in Khulna"><p>After</p>',
  'an image inside a paragraph': '<p><img src="/uploads/gallery-1.webp" alt=""></p>',
  'a table with a header row':
    '<table><thead><tr><th>Loan</th><th>Rate</th></tr></thead><tbody><tr><td>Small</td><td>9%</td></tr></tbody></table>',
  'a YouTube player':
    '<iframe width="560" height="315" src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" title="Our story" allow="encrypted-media" allowfullscreen></iframe>',
  'a Google map':
    '<iframe src="https://www.google.com/maps/embed?pb=!1m18" width="600" height="450" style="border:0;" title="Office"></iframe>',
  'a horizontal rule and line break': '<p>Line one<br>Line two</p><hr><p>After</p>',
  'bare text and divs': 'Just text<div>in a div</div>',
};

/** Real-world HTML the editor cannot hold, and what it would lose. */
const NOT_HELD: Record<string, [string, RegExp]> = {
  'a class': ['<p class="lead">Intro</p>', /class="lead" on <p>/],
  'an inline style': ['<p><span style="color: red">Red</span></p>', /style="color: red;" on <span>/],
  'a figure with a caption': [
    '<figure><img src="/uploads/a.webp" alt="A"><figcaption>Caption</figcaption></figure>',
    /<figure>|<figcaption>/,
  ],
  'a video element': ['<video src="/uploads/clip.mp4" controls></video>', /<video>/],
  'an aligned paragraph': ['<p style="text-align: center">Centred</p>', /style="text-align: center;" on <p>/],
  'a definition list': ['<dl><dt>APR</dt><dd>Annual rate</dd></dl>', /<dl>|<dt>|<dd>/],
};

describe('the rich-text editor', () => {
  const seeded = seededHtml();

  it('finds the seeded texts to check', () => {
    expect(seeded.length).toBeGreaterThan(20);
  });

  it.each(seeded)('holds the seeded %s without losing anything', (_where, html) => {
    expect(markupLost(html)).toEqual([]);
  });

  it.each(Object.entries(HELD))('holds %s without losing anything', (_what, html) => {
    expect(markupLost(html)).toEqual([]);
  });

  it('keeps an image with its address and alt text through the editor', () => {
    const out = throughEditor(HELD['an image with alt text']);
    expect(out).toContain('src="/uploads/gallery-1.webp"');
    expect(out).toContain('alt="Field officers in Khulna"');
  });

  it.each(Object.entries(NOT_HELD))('names what it would lose from %s', (_what, [html, loss]) => {
    const lost = markupLost(html);
    expect(lost.length).toBeGreaterThan(0);
    expect(lost.join(', ')).toMatch(loss);
  });

  it('notices text the editor would drop', () => {
    expect(markupLost('<p>Kept</p><p>Dropped</p>', '<p>Kept</p>')).toEqual(['<p>', 'some of the text']);
  });
});

describe('YouTube addresses', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
  ])('turns %s into its embed address', (input, embed) => {
    expect(youtubeEmbedUrl(input)).toBe(embed);
  });

  it.each(['https://vimeo.com/1234', 'not a url', 'https://www.youtube.com/watch?v=<script>'])('refuses %s', (input) => {
    expect(youtubeEmbedUrl(input)).toBeUndefined();
  });
});
