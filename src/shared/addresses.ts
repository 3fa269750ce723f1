/**
 * Which addresses stored fields may hold. Links and images are rendered into the site, so an
 * address must not run script when followed: `javascript:`, `data:`, `vbscript:` and any other
 * scheme are refused. Allowed: http(s), mailto and tel addresses, and anything without a scheme
 * (a site path such as /about, a #anchor, or, for gallery items, YouTube embed code).
 */
const ALLOWED_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);

/** The scheme a browser would read, after dropping what it ignores (whitespace and controls). */
export function addressScheme(address: string): string | undefined {
  // eslint-disable-next-line no-control-regex -- browsers drop these characters before reading a URL's scheme
  const normalised = address.replace(/[\u0000-\u0020\u007f]/g, '');
  return /^([a-z][a-z0-9+.-]*):/i.exec(normalised)?.[1]?.toLowerCase();
}

export function isSafeAddress(address: string): boolean {
  const scheme = addressScheme(address);
  return scheme === undefined || ALLOWED_SCHEMES.has(scheme);
}

export const UNSAFE_ADDRESS_MESSAGE = 'must be an http(s), mailto or tel address, or a path on this site';
