/**
 * What stored HTML may contain once rendered (DESIGN.md "Sanitise HTML where it is rendered").
 * DOMPurify does the parsing and already drops script and on* handlers; this file holds the
 * decisions it cannot make alone, as pure functions so they are unit-tested in node.
 */
import type { Config } from 'dompurify';

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

/** DOMPurify settings: iframes are admitted here and then vetted one by one with isAllowedIframeSrc. */
export const PURIFY_CONFIG: Config = {
  ADD_TAGS: ['iframe'],
  ADD_ATTR: ['allow', 'allowfullscreen', 'frameborder', 'loading', 'referrerpolicy', 'target'],
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'object', 'embed'],
  FORBID_ATTR: ['srcdoc', 'formaction', ...ISLAND_ATTRIBUTES],
};
