/**
 * `<link rel="modulepreload">` for the code of the route a URL opens, read from Vite's build
 * manifest. Without them the browser learns of a route's chunks only after the entry script has
 * run and the router has matched; with them they download alongside the entry.
 */
import fs from 'node:fs';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

const ROUTES = 'src/client/routes/_site';
const component = (file: string) => `${file}?tsr-split=component`;

/** The route modules (as the manifest names them) that render the public page at `pathname`. */
export function routeChunks(pathname: string): string[] {
  const segments = pathname.split('/').filter(Boolean);
  if (segments[0] === 'admin') return [];
  const layout = component(`${ROUTES}.tsx`);
  if (segments.length === 0) return [layout, component(`${ROUTES}/index.tsx`)];
  if (segments.length === 1 && segments[0] === 'contact') return [layout, component(`${ROUTES}/contact.tsx`)];
  if (segments.length === 1 && segments[0] === 'news') return [layout, component(`${ROUTES}/news/index.tsx`)];
  if (segments.length === 1) return [layout, component(`${ROUTES}/$slug.tsx`)];
  if (segments.length === 2 && segments[0] === 'news') return [layout, component(`${ROUTES}/news/$slug.tsx`)];
  return [layout];
}

export class RoutePreloads {
  private cached: { mtimeMs: number; manifest: Manifest } | undefined;

  constructor(private readonly staticDir: string) {}

  private manifest(): Manifest | undefined {
    const file = path.join(this.staticDir, '.vite', 'manifest.json');
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (!stat) return undefined;
    if (this.cached?.mtimeMs !== stat.mtimeMs) {
      this.cached = { mtimeMs: stat.mtimeMs, manifest: JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest };
    }
    return this.cached.manifest;
  }

  /** The link tags for `pathname`; what index.html already loads (the entry and its imports) is left out. */
  tags(pathname: string): string[] {
    const manifest = this.manifest();
    if (!manifest) return [];
    const already = new Set<string>();
    const collect = (key: string, into: Set<string>) => {
      if (into.has(key) || !manifest[key]) return;
      into.add(key);
      for (const child of manifest[key].imports ?? []) collect(child, into);
    };
    for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) collect(key, already);
    const needed = new Set<string>();
    for (const key of routeChunks(pathname)) collect(key, needed);
    const chunks = [...needed].filter((key) => !already.has(key)).map((key) => manifest[key]!);
    return [
      ...chunks.map((c) => `<link rel="modulepreload" crossorigin href="/${c.file}">`),
      ...chunks.flatMap((c) => c.css ?? []).map((css) => `<link rel="preload" as="style" href="/${css}">`),
    ];
  }
}
