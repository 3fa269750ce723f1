/**
 * `<link rel="modulepreload">` for the code of the route a URL opens and `<link rel="stylesheet">`
 * for its styles, read from Vite's build manifest. Without them the browser learns of a route's
 * chunks only after the entry script has run and the router has matched, and the server-rendered
 * page would paint unstyled; with them they download alongside the entry.
 */
import fs from 'node:fs';
import path from 'node:path';
import { type PublicRoute, publicRoute } from './public-route';

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
const LEAF: Partial<Record<PublicRoute['kind'], string>> = {
  home: 'index.tsx',
  contact: 'contact.tsx',
  news: 'news/index.tsx',
  page: '$slug.tsx',
  post: 'news/$slug.tsx',
};

export function routeChunks(pathname: string): string[] {
  const { kind } = publicRoute(pathname);
  if (kind === 'admin') return [];
  const leaf = LEAF[kind];
  return [component(`${ROUTES}.tsx`), ...(leaf ? [component(`${ROUTES}/${leaf}`)] : [])];
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
      // Stylesheets, not preloads: the server-rendered page must not paint before its styles.
      // `crossorigin` as Vite loads them, so its loader finds them already there.
      ...chunks.flatMap((c) => c.css ?? []).map((css) => `<link rel="stylesheet" crossorigin href="/${css}">`),
    ];
  }
}
