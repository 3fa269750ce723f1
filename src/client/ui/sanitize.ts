/**
 * The browser half of the sanitiser: DOMPurify with the decisions of sanitize-policy.ts hooked in.
 * Only SafeHtml calls it. The instance is made on first use, so importing this module where there
 * is no DOM (unit tests, tooling) costs nothing and fails nothing. The server, which renders pages
 * without a browser, hands it a jsdom window (setSanitizerWindow): the same DOMPurify and the same
 * policy clean the HTML on both sides, so the browser hydrates exactly what the server sent.
 */
import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';
import { renditionSrcSet, resizableName } from '../../shared/renditions';
import { SIZES } from './Picture';
import { isAllowedIframeSrc, PURIFY_CONFIG, safeRel } from './sanitize-policy';

let purifier: Purifier | null = null;
let domWindow: Parameters<typeof DOMPurify>[0] | undefined;

export function setSanitizerWindow(win: Parameters<typeof DOMPurify>[0]): void {
  if (win === domWindow) return;
  domWindow = win;
  purifier = null;
}

function vet(node: Element): void {
  if (node.tagName === 'IFRAME') {
    if (!isAllowedIframeSrc(node.getAttribute('src'))) {
      node.remove();
      return;
    }
    // A frame needs an accessible name; embed code pasted from YouTube or Maps often has none.
    if (!node.getAttribute('title'))
      node.setAttribute('title', node.getAttribute('src')?.includes('/maps/') ? 'Map' : 'Embedded video');
    node.setAttribute('loading', 'lazy');
    node.setAttribute('referrerpolicy', 'strict-origin-when-cross-origin');
  } else if (node.tagName === 'IMG') {
    node.setAttribute('loading', 'lazy');
    node.setAttribute('decoding', 'async');
    // An uploaded picture in a text comes in the width the reader's screen needs.
    const name = resizableName(node.getAttribute('src'));
    if (name) {
      node.setAttribute('srcset', renditionSrcSet(name, 'webp'));
      node.setAttribute('sizes', SIZES.content);
    }
    // An image without alt is announced by its file name; treat it as decorative instead.
    if (!node.hasAttribute('alt')) node.setAttribute('alt', '');
  } else if (node.tagName === 'A') {
    const rel = safeRel(node.getAttribute('target'), node.getAttribute('rel'));
    if (rel) node.setAttribute('rel', rel);
  }
}

function instance(): Purifier {
  if (!purifier) {
    purifier = DOMPurify(domWindow ?? window);
    purifier.addHook('afterSanitizeAttributes', vet);
  }
  return purifier;
}

export function sanitizeHtml(html: string): string {
  return instance().sanitize(html, PURIFY_CONFIG);
}
