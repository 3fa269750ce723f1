/**
 * The browser half of the sanitiser: DOMPurify with the decisions of sanitize-policy.ts hooked in.
 * Only SafeHtml calls it.
 */
import DOMPurify from 'dompurify';
import { isAllowedIframeSrc, PURIFY_CONFIG, safeRel } from './sanitize-policy';

const purify = DOMPurify();

purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'IFRAME') {
    if (!isAllowedIframeSrc(node.getAttribute('src'))) {
      node.remove();
      return;
    }
    // A frame needs an accessible name; embed code pasted from YouTube or Maps often has none.
    if (!node.getAttribute('title')) node.setAttribute('title', node.getAttribute('src')?.includes('/maps/') ? 'Map' : 'Embedded video');
    node.setAttribute('loading', 'lazy');
    node.setAttribute('referrerpolicy', 'strict-origin-when-cross-origin');
  } else if (node.tagName === 'IMG') {
    node.setAttribute('loading', 'lazy');
    node.setAttribute('decoding', 'async');
    // An image without alt is announced by its file name; treat it as decorative instead.
    if (!node.hasAttribute('alt')) node.setAttribute('alt', '');
  } else if (node.tagName === 'A') {
    const rel = safeRel(node.getAttribute('target'), node.getAttribute('rel'));
    if (rel) node.setAttribute('rel', rel);
  }
});

export function sanitizeHtml(html: string): string {
  return purify.sanitize(html, PURIFY_CONFIG);
}
