/**
 * Whether the rich-text editor can take over some HTML without losing any of it. The HTML goes
 * through the editor and back; both versions are sanitised as the site would show them, and every
 * element and attribute of the first must still be in the second, with the same text. What is
 * missing is named, so the screen can say why the content stays in the HTML view.
 *
 * Differences that change nothing are not losses: `<b>` written as `<strong>`, a bare wrapper
 * (`<div>`, `<span>`, `<thead>` without attributes) dropped, paragraphs the editor adds, a style
 * written with other spacing.
 */
import { Editor } from '@tiptap/core';
import { sanitizeHtml } from '../../../ui/sanitize';
import { RICH_TEXT_EXTENSIONS } from './extensions';

const SAME_AS: Record<string, string> = { b: 'strong', i: 'em', strike: 's', del: 's' };
/** Wrappers that carry nothing without attributes (a table's head keeps its meaning in its `<th>` cells). */
const BARE_WRAPPERS = new Set(['div', 'span', 'thead', 'tbody', 'tfoot']);
/** Attributes the site's sanitiser sets by itself when it shows the content. */
const DERIVED = new Set(['loading', 'decoding', 'referrerpolicy']);

/** The editor's version of `html`, as it would save it. */
export function throughEditor(html: string): string {
  const editor = new Editor({ extensions: RICH_TEXT_EXTENSIONS, content: html, element: null });
  try {
    return editor.getHTML();
  } finally {
    editor.destroy();
  }
}

/** `border:0;` and `border: 0px` are one style: both as the browser's CSS parser writes them. */
function sameStyle(style: string): string {
  const probe = document.createElement('div');
  probe.style.cssText = style;
  return probe.style.cssText;
}

/** Every element and attribute of `html`, as countable descriptions, and its text. */
function features(html: string): { items: Map<string, number>; text: string } {
  const body = new DOMParser().parseFromString(sanitizeHtml(html), 'text/html').body;
  const items = new Map<string, number>();
  const add = (item: string) => items.set(item, (items.get(item) ?? 0) + 1);
  for (const element of body.querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase();
    const name = SAME_AS[tag] ?? tag;
    const attributes = [...element.attributes].filter((a) => !DERIVED.has(a.name));
    if (BARE_WRAPPERS.has(name) && attributes.length === 0) continue;
    add(`<${name}>`);
    for (const { name: attribute, value } of attributes) {
      add(`${attribute}="${attribute === 'style' ? sameStyle(value) : value}" on <${name}>`);
    }
  }
  return { items, text: (body.textContent ?? '').replace(/\s+/g, ' ').trim() };
}

/** What the editor would drop from `html` ([] when nothing), e.g. `<video>` or `class="lead" on <p>`. */
export function markupLost(html: string, edited = throughEditor(html)): string[] {
  const before = features(html);
  const after = features(edited);
  const lost: string[] = [];
  for (const [item, count] of before.items) {
    if ((after.items.get(item) ?? 0) < count) lost.push(item);
  }
  if (before.text !== after.text) lost.push('some of the text');
  return lost;
}
