/**
 * The site's address space, in one table: every top-level path that is not a public page, and
 * what it is. The server (pages, kept answers, form posts, security headers), the islands' link
 * handling, the service worker, the dev server's proxy and the slugs a page may not take all read
 * it, so a new top-level path is added here once. Plain data: it ships to every visitor.
 */

/** What the server answers itself: the content API, files, and what it writes from the content. */
export const SERVER_PATHS = {
  /** Public reads and forms under /cms; the admin API under /cms/api; its description at /cms/docs. */
  api: '/cms',
  uploads: '/uploads',
  sitemap: '/sitemap.xml',
  robots: '/robots.txt',
  analytics: '/analytics.js',
  manifest: '/manifest.webmanifest',
  /** The news feeds of the default language (`/bn/feed.xml` for another; seo/feeds.ts). */
  rss: '/feed.xml',
  atom: '/atom.xml',
  /** A subscriber's own pages, from the links in their mail: confirm, unsubscribe (routes/subscriptions.ts). */
  subscription: '/subscription',
  /** The site's search as browsers offer it in their address bar (seo/routes.ts). */
  openSearch: '/opensearch.xml',
  /** The search index the browser answers with offline, per language (content/offline-search.ts). */
  searchIndex: '/search-index',
} as const;

/** The site's search: its page (below a language's prefix) and the read it makes under /cms. */
export const SEARCH_PAGE = '/search';
export const SEARCH_READ = '/search';

/** Inside /cms: the admin API and the API's description (not visitors' reads). */
export const ADMIN_API_PATH = `${SERVER_PATHS.api}/api`;
export const API_DOCS_PATH = `${SERVER_PATHS.api}/docs`;

/** The back-office and the app shell it (and the offline screen) opens from: rendered in the browser. */
export const APP_PATHS = { admin: '/admin', appShell: '/app-shell' } as const;

/** What the build writes: hashed assets, the service worker, icons and pictures of the public folder. */
export const BUILD_PATHS = {
  assets: '/assets',
  serviceWorker: '/sw.js',
  icons: '/icons',
  images: '/images',
  screenshots: '/screenshots',
} as const;

/** Paths the site's own routes own below the root (pages cannot take them as slugs). */
export const SITE_ROUTE_SEGMENTS = ['news', 'contact', 'details', SEARCH_PAGE.slice(1)] as const;

const TOP_LEVEL = [...Object.values(SERVER_PATHS), ...Object.values(APP_PATHS), ...Object.values(BUILD_PATHS)];
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** `pathname` is `path` or below it. */
const under = (paths: readonly string[]) => new RegExp(`^(${paths.map(escape).join('|')})(/|$|\\?|#)`);

const NOT_A_PAGE = under(TOP_LEVEL);
/** The back-office's addresses (the service worker opens them from the app shell). */
export const BACK_OFFICE_PATTERN = under([APP_PATHS.admin]);
const API = under([SERVER_PATHS.api]);
const API_OR_FILE = under([SERVER_PATHS.api, SERVER_PATHS.uploads]);
const PUBLIC_API_READ = new RegExp(`^${escape(SERVER_PATHS.api)}/(?!(api|docs)(/|$|\\?))`);

/** Whether an address (path, with or without its query) is one of the site's pages. */
export const isPageAddress = (address: string) => !NOT_A_PAGE.test(address);

/** Whether an address is the back-office (the app, or its sign-in screen: shared/stored-session.ts). */
export const isBackOfficeAddress = (address: string) => BACK_OFFICE_PATTERN.test(address);

/** Back-office screens for those who cannot sign in: shown with or without a session, never the sign-in. */
export const RESET_PASSWORD_SCREEN = `${APP_PATHS.admin}/reset-password`;
export const SIGNED_OUT_SCREENS = [RESET_PASSWORD_SCREEN] as const;
/** Where `/admin` itself leads once someone is signed in. */
export const ADMIN_HOME = `${APP_PATHS.admin}/dashboard` as const;
/** Whether a path is `/admin` itself (the sign-in's own address, which leads to ADMIN_HOME). */
export const isAdminRoot = (pathname: string) => pathname.replace(/\/$/, '') === APP_PATHS.admin;
const SIGNED_OUT = under(SIGNED_OUT_SCREENS);

/** Whether a back-office address shows the sign-in screen to someone without a session. */
export const isSignInAddress = (address: string) => isBackOfficeAddress(address) && !SIGNED_OUT.test(address);

/**
 * Whether an address is a visitors' read of the content API. For the service worker and the API's
 * description only: what the server keeps is decided by the route that answered (routes/public.ts),
 * never by this pattern. Give it a `normalizedAddress`, so `/cms/%61pi` is the admin API here too.
 */
export const isPublicApiAddress = (address: string) => PUBLIC_API_READ.test(address);

const ESCAPED = /%[0-9a-f]{2}/gi;
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;
const DOT_SEGMENT = /^\.\.?$/;

/**
 * An address with the percent-encoded unreserved characters of its path decoded (RFC 3986 §6.2.2.2:
 * `/cms/%61pi` is `/cms/api`). Fastify's router decodes a path before it matches it, so the server
 * rewrites every request with this before routing (app.ts) and the service worker reads addresses
 * through it: the router, every cache and every rule that reads an address see one spelling. A
 * segment that would decode to `.` or `..` keeps its escapes (no new dot segments); the query is
 * left as it was.
 */
export function normalizedAddress(address: string): string {
  const queryAt = address.search(/[?#]/);
  const path = queryAt === -1 ? address : address.slice(0, queryAt);
  if (!path.includes('%')) return address;
  const decoded = path
    .split('/')
    .map((segment) => {
      const plain = segment.replace(ESCAPED, (escape) => {
        const character = String.fromCharCode(parseInt(escape.slice(1), 16));
        return UNRESERVED.test(character) ? character : escape.toUpperCase();
      });
      return DOT_SEGMENT.test(plain) ? segment : plain;
    })
    .join('/');
  return queryAt === -1 ? decoded : decoded + address.slice(queryAt);
}

/** Whether an address is one of the API's (/cms, public or admin). */
export const isApiAddress = (address: string) => API.test(address);

/**
 * Whether an address is answered by the API or the file store, never by a page render (the
 * back-office and the app shell are rendered documents too).
 */
export const isApiOrFileAddress = (address: string) => API_OR_FILE.test(address);

/** First path segments a page's slug may not take: every top-level path and the site's own routes. */
export const RESERVED_SEGMENTS: readonly string[] = [
  ...TOP_LEVEL.map((path) => path.slice(1)).filter((segment) => !segment.includes('.')),
  ...SITE_ROUTE_SEGMENTS,
];
