/**
 * The Content-Security-Policy the SPA satisfies: our own scripts only (analytics tags are loaded
 * from their vendors' hosts, never inline), inline styles (Mantine sets style attributes),
 * images from anywhere over https (content may link external images), frames from YouTube and
 * Google Maps only.
 */
const ANALYTICS_SCRIPTS = [
  'https://www.googletagmanager.com',
  'https://www.google-analytics.com',
  'https://connect.facebook.net',
];
const ANALYTICS_CONNECT = [...ANALYTICS_SCRIPTS, 'https://*.google-analytics.com', 'https://www.facebook.com'];
export const FRAME_HOSTS = ['https://www.youtube.com', 'https://www.youtube-nocookie.com', 'https://www.google.com'];

export function contentSecurityPolicy(): Record<string, string[]> {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...ANALYTICS_SCRIPTS],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...ANALYTICS_CONNECT],
    frameSrc: [...FRAME_HOSTS, 'https://www.googletagmanager.com'],
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'self'"],
  };
}

/** For JSON answers: nothing may load from them and nothing may frame them. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** Helmet headers that only mean something for a document (or for browsers long gone). */
export const DOCUMENT_ONLY_HEADERS = [
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];
