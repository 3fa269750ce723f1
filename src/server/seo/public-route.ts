/**
 * Which screen of the SPA a URL opens. The head tags, server rendering and the route preloads all
 * start from this one reading of the path.
 */
export type PublicRoute =
  { kind: 'home' | 'contact' | 'news' | 'details' | 'admin' | 'unknown' } | { kind: 'page' | 'post'; slug: string };

const FIXED: Record<string, 'contact' | 'news' | 'details'> = { contact: 'contact', news: 'news', details: 'details' };

export function publicRoute(pathname: string): PublicRoute {
  let segments: string[];
  try {
    segments = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return { kind: 'unknown' };
  }
  const [first, second] = segments;
  if (first === 'admin') return { kind: 'admin' };
  if (segments.length === 0) return { kind: 'home' };
  if (segments.length === 1) return FIXED[first!] ? { kind: FIXED[first!]! } : { kind: 'page', slug: first! };
  if (segments.length === 2 && first === 'news') return { kind: 'post', slug: second! };
  return { kind: 'unknown' };
}
