import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RoutePreloads, routeChunks } from '../../src/server/seo/route-preloads';

const R = 'src/client/routes/_site';
const split = (file: string) => `${file}?tsr-split=component`;

describe('routeChunks', () => {
  it.each([
    ['/', [split(`${R}.tsx`), split(`${R}/index.tsx`)]],
    ['/about', [split(`${R}.tsx`), split(`${R}/$slug.tsx`)]],
    ['/contact', [split(`${R}.tsx`), split(`${R}/contact.tsx`)]],
    ['/news', [split(`${R}.tsx`), split(`${R}/news/index.tsx`)]],
    ['/news/opening', [split(`${R}.tsx`), split(`${R}/news/$slug.tsx`)]],
    ['/admin/page', []],
  ])('%s', (pathname, expected) => expect(routeChunks(pathname)).toEqual(expected));
});

describe('RoutePreloads', () => {
  it("preloads the route's chunks and their imports, not what the entry already loads", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'orgsite-manifest-'));
    fs.mkdirSync(path.join(dir, '.vite'));
    fs.writeFileSync(
      path.join(dir, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'] },
        '_react.js': { file: 'assets/react.js' },
        '_grid.js': { file: 'assets/grid.js', imports: ['_react.js'] },
        [split(`${R}.tsx`)]: { file: 'assets/layout.js', imports: ['index.html'], css: ['assets/layout.css'] },
        [split(`${R}/$slug.tsx`)]: { file: 'assets/slug.js', imports: ['_grid.js', 'index.html'] },
      }),
    );
    try {
      expect(new RoutePreloads(dir).tags('/about')).toEqual([
        '<link rel="modulepreload" crossorigin href="/assets/layout.js">',
        '<link rel="modulepreload" crossorigin href="/assets/slug.js">',
        '<link rel="modulepreload" crossorigin href="/assets/grid.js">',
        '<link rel="stylesheet" crossorigin href="/assets/layout.css">',
      ]);
      expect(new RoutePreloads(path.join(dir, 'missing')).tags('/about')).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
