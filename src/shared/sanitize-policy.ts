/**
 * What stored HTML may contain once rendered (docs/security.md: stored HTML is cleaned where it is rendered): one
 * policy, applied by two engines. In the browser DOMPurify does the parsing (sanitize.ts); the
 * server, which has no DOM, reads the HTML with parse5, the parser browsers follow
 * (sanitize-markup.ts). Both keep exactly the elements and attributes listed here, check addresses
 * the same way and finish each kept element with `vet`: the same HTML comes out of both.
 */
import type { Config } from 'dompurify';
import { renditionSrcSet, resizableName, SIZES } from './renditions';

/** Embeds the site shows: YouTube players and Google Maps. Nothing else may be framed. */
const IFRAME_SOURCES: readonly { host: string; path: RegExp }[] = [
  { host: 'www.youtube.com', path: /^\/embed\/[\w-]+/ },
  { host: 'www.youtube-nocookie.com', path: /^\/embed\/[\w-]+/ },
  { host: 'www.google.com', path: /^\/maps\/embed(\/|$)/ },
];

export function isAllowedIframeSrc(src: string | null | undefined): boolean {
  if (!src) return false;
  let url: URL;
  try {
    // Parsing (rather than a string prefix test) resolves '..' segments and exposes the real host,
    // so 'https://www.youtube.com.evil.test/embed/' or '/embed/../../x' cannot slip through.
    url = new URL(src.trim());
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return false;
  return IFRAME_SOURCES.some(({ host, path }) => url.hostname === host && path.test(url.pathname));
}

/** Links that open a new tab must not hand the opened page a handle on ours (reverse tabnabbing). */
export function safeRel(target: string | null | undefined, rel: string | null | undefined): string | null {
  if (target !== '_blank') return rel ?? null;
  const parts = new Set((rel ?? '').split(/\s+/).filter(Boolean));
  parts.add('noopener');
  parts.add('noreferrer');
  return [...parts].join(' ');
}

/**
 * The attributes that make markup an island the browser brings to life (islands/Island.tsx,
 * hydrate.ts): content must not plant one, with props of its choosing.
 */
export const ISLAND_ATTRIBUTES = ['data-island', 'data-props', 'data-when', 'data-id'];

/**
 * The elements content may keep: text-level and structural HTML, tables, media and (vetted) frames.
 * Not SVG or MathML, not forms, not `<style>`: their parsing rules are where sanitisers are fooled,
 * and no editor of ours writes them. An element not listed is taken out and its text kept, except
 * those whose content is not text for the reader (DROPPED_WITH_CONTENT).
 */
export const ALLOWED_TAGS = [
  'a', 'abbr', 'address', 'article', 'aside', 'audio', 'b', 'bdi', 'bdo', 'big', 'blockquote', 'br', 'caption',
  'center', 'cite', 'code', 'col', 'colgroup', 'data', 'dd', 'del', 'details', 'dfn', 'div', 'dl', 'dt', 'em',
  'figcaption', 'figure', 'font', 'footer', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hgroup', 'hr', 'i',
  'iframe', 'img', 'ins', 'kbd', 'li', 'main', 'mark', 'nav', 'ol', 'p', 'picture', 'pre', 'q', 'rp', 'rt', 'ruby',
  's', 'samp', 'section', 'small', 'source', 'span', 'strike', 'strong', 'sub', 'summary', 'sup', 'table', 'tbody',
  'td', 'tfoot', 'th', 'thead', 'time', 'tr', 'track', 'tt', 'u', 'ul', 'var', 'video', 'wbr',
]; // prettier-ignore

/** Elements dropped whole, what they hold included: code, raw text, foreign markup, documents in documents. */
export const DROPPED_WITH_CONTENT = [
  'script', 'style', 'template', 'noscript', 'noembed', 'noframes', 'xmp', 'plaintext', 'title', 'textarea',
  'select', 'option', 'optgroup', 'datalist', 'svg', 'math', 'object', 'embed', 'applet', 'head', 'frameset',
  'frame', 'iframe', 'canvas', 'map',
]; // prettier-ignore

/**
 * The attributes content may keep, besides `data-*` (not the island ones) and `aria-*`. Never an
 * event handler, `srcdoc`, `formaction` or `name` (which would shadow the document's own properties).
 */
export const ALLOWED_ATTR = [
  'align', 'allow', 'allowfullscreen', 'alt', 'border', 'cellpadding', 'cellspacing', 'cite', 'class', 'color',
  'cols', 'colspan', 'controls', 'datetime', 'decoding', 'dir', 'face', 'frameborder', 'headers', 'height',
  'hidden', 'href', 'hreflang', 'id', 'kind', 'label', 'lang', 'loading', 'loop', 'muted', 'open', 'playsinline',
  'poster', 'preload', 'referrerpolicy', 'rel', 'reversed', 'role', 'rows', 'rowspan', 'scope', 'size', 'sizes',
  'span', 'src', 'srclang', 'srcset', 'start', 'style', 'summary', 'target', 'title', 'translate', 'type',
  'valign', 'value', 'width',
]; // prettier-ignore

const DATA_ATTR = /^data-[-\w.\u00B7-\uFFFF]+$/;
const ARIA_ATTR = /^aria-[-\w]+$/;
/** Attributes whose value is text, never an address: not checked as one. */
const TEXT_ATTR = new Set(['alt', 'class', 'id', 'label', 'role', 'summary', 'title', 'value', 'style']);
/** Addresses content may use (DOMPurify's own rule): known schemes, or no scheme at all. */
const ALLOWED_URI = /^(?:(?:(?:f|ht)tps?|mailto|tel|callto|sms|cid|xmpp|matrix):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;
/** What browsers ignore in an address (so `java&#x09;script:` is read as `javascript:`). */
const ATTR_WHITESPACE = /[\u0000-\u0020\u00A0\u1680\u180E\u2000-\u2029\u205F\u3000]/g; // eslint-disable-line no-control-regex
/** Media that may carry their picture or sound inline. */
const DATA_URI_TAGS = new Set(['img', 'audio', 'video', 'source', 'track']);
/** Text that would end a comment or a raw-text element if an attribute were ever read as markup. */
const MARKUP_IN_VALUE = /((--!?|])>)|<\/(style|title)/i;

/** Whether `name="value"` may stay on a kept `tag` (both lower case, the value as parsed). */
export function isAllowedAttribute(tag: string, name: string, value: string): boolean {
  if (ISLAND_ATTRIBUTES.includes(name)) return false;
  if (MARKUP_IN_VALUE.test(value)) return false;
  if (DATA_ATTR.test(name) || ARIA_ATTR.test(name)) return true;
  if (!ALLOWED_ATTR.includes(name)) return false;
  if (TEXT_ATTR.has(name) || value === '') return true;
  const address = value.replace(ATTR_WHITESPACE, '');
  if (ALLOWED_URI.test(address)) return true;
  return (name === 'src' || name === 'href') && DATA_URI_TAGS.has(tag) && address.toLowerCase().startsWith('data:');
}

/** DOMPurify settings: the same lists, with iframes then vetted one by one. */
export const PURIFY_CONFIG: Config = {
  ALLOWED_TAGS,
  ALLOWED_ATTR,
  FORBID_ATTR: ['srcdoc', 'formaction', 'name', ...ISLAND_ATTRIBUTES],
  FORBID_CONTENTS: DROPPED_WITH_CONTENT,
  ALLOW_DATA_ATTR: true,
  ALLOW_ARIA_ATTR: true,
};

/** What `vet` needs of a kept element: a DOM Element has it, and so does the server's parse5 node. */
export interface VettedElement {
  /** Lower case. */
  readonly tag: string;
  get(name: string): string | null;
  set(name: string, value: string): void;
  remove(): void;
}

/** The last word on each kept element, after its attributes were cleaned. */
export function vet(node: VettedElement): void {
  if (node.tag === 'iframe') {
    if (!isAllowedIframeSrc(node.get('src'))) {
      node.remove();
      return;
    }
    // A frame needs an accessible name; embed code pasted from YouTube or Maps often has none.
    if (!node.get('title')) node.set('title', node.get('src')?.includes('/maps/') ? 'Map' : 'Embedded video');
    node.set('loading', 'lazy');
    node.set('referrerpolicy', 'strict-origin-when-cross-origin');
  } else if (node.tag === 'img') {
    node.set('loading', 'lazy');
    node.set('decoding', 'async');
    // An uploaded picture in a text comes in the width the reader's screen needs.
    const name = resizableName(node.get('src'));
    if (name) {
      node.set('srcset', renditionSrcSet(name, 'webp'));
      node.set('sizes', SIZES.content);
    }
    // An image without alt is announced by its file name; treat it as decorative instead.
    if (node.get('alt') === null) node.set('alt', '');
  } else if (node.tag === 'a') {
    const rel = safeRel(node.get('target'), node.get('rel'));
    if (rel) node.set('rel', rel);
  }
}
