/**
 * The router's asset manifest, made from Vite's build manifest: for each route, the stylesheets
 * (<HeadContent /> puts them in the head) and the modules its code needs (<Scripts /> renders the
 * /start.js tags that load them once the page has painted).
 */
import { type Manifest, rootRouteId } from '@tanstack/react-router';
import { SITE_CHUNK, type ViteManifest } from '../shared/ssr.js';

const ROUTES_DIR = 'src/client/routes/';
/** The build's two entries (vite.config.ts): the app's, and the one that wakes islands documents. */
export const APP_ENTRY = 'index.html';
export const ISLANDS_ENTRY = 'src/client/islands/main.ts';

/**
 * The source files a route id may live in, by the router's file conventions: `/news/$slug` in
 * news/$slug.tsx, `/admin` in admin/route.tsx or admin.tsx, `/news/` in news/index.tsx.
 */
export function routeFileCandidates(routeId: string): string[] {
  if (routeId === rootRouteId) return ['__root.tsx'];
  const path = routeId.replace(/^\//, '');
  return path.endsWith('/') || path === '' ? [`${path}index.tsx`] : [`${path}.tsx`, `${path}/route.tsx`];
}

/**
 * Whether a module id or manifest key is the part of a route file that holds its component, as the
 * code-splitting router plugin names it: `?tsr-split=component` alone, or the parts a route groups
 * together (`codeSplitGroupings`) joined by `---`, such as `?tsr-split=component---loader`.
 */
export const holdsRouteComponent = (id: string): boolean =>
  (id.split('?tsr-split=', 2)[1]?.split('---') ?? []).includes('component');

/** The chunk of a route's component, split or not, by its manifest key. */
function routeChunkKey(vite: ViteManifest, routeId: string): string | undefined {
  for (const file of routeFileCandidates(routeId)) {
    const module = `${ROUTES_DIR}${file}`;
    const split = Object.keys(vite).find((key) => key.startsWith(`${module}?`) && holdsRouteComponent(key));
    if (split) return split;
    if (vite[module]) return module;
  }
  return undefined;
}

/** Routes whose component the build gathers into a named shared chunk rather than a chunk of its own. */
const GATHERED: Record<string, string> = { '/_site': SITE_CHUNK };

/**
 * The chunk a route's component is in: its own, or the shared one it was gathered into, which the
 * app entry loads on demand as the router loads a route's component. Not simply the chunk of that
 * name: a module whose file has the same name (shared/messages/site.ts) makes a chunk named after
 * it, and whichever came first in the manifest was taken; when it was the other one, a page whose
 * own chunk does not import the layout's styles (a news post) was sent without them.
 */
function routeChunkOrGathered(vite: ViteManifest, routeId: string): string | undefined {
  const own = routeChunkKey(vite, routeId);
  if (own || !GATHERED[routeId]) return own;
  return vite[APP_ENTRY]?.dynamicImports?.find((key) => vite[key]?.name === GATHERED[routeId]);
}

/** A chunk and every chunk it imports, by manifest key. */
function withImports(vite: ViteManifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key) || !vite[key]) return into;
  into.add(key);
  for (const child of vite[key].imports ?? []) withImports(vite, child, into);
  return into;
}

type CssLink = NonNullable<Manifest['routes'][string]['css']>[number];

const url = (file: string) => `/${file}`;
// `crossorigin` as Vite loads them itself, so its loader finds them already there.
const stylesheet = (file: string) => ({ href: url(file), crossOrigin: 'anonymous' as const });

/** A /start.js tag: it starts `data-entry` and preloads `data-preload` once the page has painted. */
export const afterPaint = (attrs: Record<string, string>) => ({ attrs: { defer: true, src: '/start.js', ...attrs } });

/**
 * Styles go in the head: the page must not paint unstyled. Code waits until the page has painted:
 * a server-rendered page reads without it, so it must not compete with the stylesheets and the
 * first images. /start.js then starts the entry (the root route's), and preloads the modules of
 * the page's routes that the entry does not already bring (each route's own tag), so they do not
 * wait for the entry to run and match.
 */
export function routerManifest(vite: ViteManifest, routeIds: string[]): Manifest {
  const entryKey = vite[APP_ENTRY] ? APP_ENTRY : undefined;
  if (!entryKey) return { routes: {} };
  const entry = withImports(vite, entryKey);
  const entryImports = [...entry].filter((key) => key !== entryKey).map((key) => url(vite[key]!.file));
  const routes: Manifest['routes'] = {
    [rootRouteId]: {
      css: [...entry].flatMap((key) => vite[key]!.css ?? []).map(stylesheet),
      scripts: [afterPaint({ 'data-entry': url(vite[entryKey]!.file), 'data-preload': entryImports.join(' ') })],
    },
  };
  for (const routeId of routeIds) {
    const key = routeId === rootRouteId ? undefined : routeChunkOrGathered(vite, routeId);
    if (!key) continue;
    const chunks = [...withImports(vite, key)].filter((chunk) => !entry.has(chunk)).map((chunk) => vite[chunk]!);
    routes[routeId] = {
      css: chunks.flatMap((chunk) => chunk.css ?? []).map(stylesheet),
      scripts: [afterPaint({ 'data-preload': chunks.map((chunk) => url(chunk.file)).join(' ') })],
    };
  }
  return { routes };
}

/** The route files of the public site: its layout and every route below it. */
const PUBLIC_ROUTES = `${ROUTES_DIR}_site/`;
const PUBLIC_LAYOUT = '/_site';
/**
 * The manifest's key for the public site's one stylesheet: its file, and its parts as `css`. The
 * build adds it (scripts/vite/public-stylesheet.ts); a manifest without it (`npm run dev`'s) has
 * each page link its modules' stylesheets.
 */
export const PUBLIC_STYLESHEET = 'public.css';

/**
 * The parts of the public site's one stylesheet: every stylesheet a public page may link, in the
 * order a page links them: the app entry's, the public layout's, then each public route's own (by
 * file). One file means a page waits on one request before it paints rather than on eight, and
 * every later page finds it kept. A page that did not need some parts gets them too: their rules
 * are scoped by CSS modules' class names.
 */
export function publicStylesheetParts(vite: ViteManifest): string[] {
  if (!vite[APP_ENTRY]) return [];
  const routes = Object.keys(vite)
    .filter((key) => key.startsWith(PUBLIC_ROUTES))
    .sort();
  const chunks = new Set<string>();
  for (const key of [APP_ENTRY, routeChunkOrGathered(vite, PUBLIC_LAYOUT), ...routes]) if (key) withImports(vite, key, chunks);
  return [...new Set([...chunks].flatMap((key) => vite[key]!.css ?? []))];
}

/**
 * The router's manifest for a public address: each route's stylesheets that are parts of the public
 * stylesheet give way to it, in the root's place. Each part is still named, by a `disabled` link the
 * browser does not fetch: Vite's loader, which adds a chunk's stylesheets when an island's or a
 * route's code is imported, skips any whose address a `<link rel="stylesheet">` of the document
 * has. Without them it would add the parts again, after the page's own rules, and fetch them twice.
 */
export function publicRouterManifest(vite: ViteManifest, manifest: Manifest): Manifest {
  const sheet = vite[PUBLIC_STYLESHEET];
  if (!sheet) return manifest;
  const parts = sheet.css ?? [];
  const inSheet = new Set(parts.map(url));
  const routes: Manifest['routes'] = {};
  for (const [id, route] of Object.entries(manifest.routes)) {
    const css = (route.css ?? []).filter((link) => !inSheet.has(typeof link === 'string' ? link : link.href));
    routes[id] = { ...route, css };
  }
  const root = routes[rootRouteId] ?? {};
  routes[rootRouteId] = { ...root, css: [stylesheet(sheet.file), ...parts.map(namedPart), ...(root.css ?? [])] };
  return { ...manifest, routes };
}

/** A part of the public stylesheet, named for Vite's loader: a stylesheet link the browser leaves alone. */
function namedPart(file: string): CssLink {
  // The router puts a link's every attribute on its tag; its type names only the two it uses itself.
  const link = { ...stylesheet(file), disabled: true };
  return link;
}

/** The islands entry's file and the modules it imports at once, or none in a build without it. */
export function islandsEntry(vite: ViteManifest): { entry: string; preload: string[] } | undefined {
  if (!vite[ISLANDS_ENTRY]) return undefined;
  const imports = [...withImports(vite, ISLANDS_ENTRY)].filter((key) => key !== ISLANDS_ENTRY);
  return { entry: url(vite[ISLANDS_ENTRY].file), preload: imports.map((key) => url(vite[key]!.file)) };
}

/**
 * The manifest's key of the chunk built from `source`: the source itself for a chunk only loaded
 * on demand; a module the pages' render imports as well (the burger, in the header) is built into
 * a shared chunk, keyed by its file (`_MobileMenu-….js`), which carries its module's name and is
 * loaded on demand by some chunk.
 */
function chunkOf(vite: ViteManifest, source: string): string | undefined {
  if (vite[source]) return source;
  const name = source.replace(/^.*\//, '').replace(/\.[^.]+$/, '');
  const onDemand = new Set(Object.values(vite).flatMap((chunk) => chunk.dynamicImports ?? []));
  return [...onDemand].find((key) => key.startsWith('_') && vite[key]?.name === name);
}

/**
 * The files of the chunk built from `source` and of every chunk it imports, but for those the
 * islands entry already brings: what to fetch ahead for an island that wakes later.
 */
export function islandFiles(vite: ViteManifest, source: string): string[] {
  const key = chunkOf(vite, source);
  if (!key) return [];
  const entry = vite[ISLANDS_ENTRY] ? withImports(vite, ISLANDS_ENTRY) : new Set<string>();
  return [...withImports(vite, key)].filter((chunk) => !entry.has(chunk)).map((chunk) => url(vite[chunk]!.file));
}
