import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  holdsRouteComponent,
  islandFiles,
  islandsEntry,
  PUBLIC_STYLESHEET,
  publicRouterManifest,
  publicStylesheetParts,
  routeFileCandidates,
  routerManifest,
} from '../../src/client/router-manifest';
import { ISLANDS, REACT_ISLAND_SOURCE } from '../../src/client/islands/registry';

const R = 'src/client/routes';
const split = (file: string) => `${R}/${file}?tsr-split=component`;

/** Every route id the route tree declares (the generated file names them in its path→route map). */
function routeIds(): string[] {
  const generated = fs.readFileSync('src/client/routeTree.gen.ts', 'utf8');
  const map = /export interface FileRoutesById \{([\s\S]*?)\n\}/.exec(generated)![1]!;
  return [...map.matchAll(/^\s*'([^']+)':/gm)].map((match) => match[1]!);
}

describe('routeFileCandidates', () => {
  it.each([
    ['/_site/news/$slug', ['_site/news/$slug.tsx', '_site/news/$slug/route.tsx']],
    ['/_site/', ['_site/index.tsx']],
    ['/admin', ['admin.tsx', 'admin/route.tsx']],
  ])('%s', (id, files) => expect(routeFileCandidates(id)).toEqual(files));

  it('finds the file of every route the router knows', () => {
    const ids = routeIds();
    expect(ids.length).toBeGreaterThan(15);
    for (const id of ids) {
      expect(
        routeFileCandidates(id).some((file) => fs.existsSync(path.join(R, file))),
        id,
      ).toBe(true);
    }
  });
});

describe('holdsRouteComponent', () => {
  it.each([
    ['src/client/routes/_site/news.tsx?tsr-split=component', true],
    ['src/client/routes/admin/$entity/form/index.tsx?tsr-split=component---loader', true],
    ['src/client/routes/admin/$entity/form/index.tsx?tsr-split=loader---component', true],
    ['src/client/routes/admin/route.tsx?tsr-split=notFoundComponent', false],
    ['src/client/routes/admin/route.tsx?tsr-split=errorComponent---loader', false],
    ['src/client/routes/admin/route.tsx', false],
  ])('%s: %s', (id, holds) => expect(holdsRouteComponent(id)).toBe(holds));
});

describe('routerManifest', () => {
  const vite = {
    'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'], css: ['assets/index.css'] },
    '_react.js': { file: 'assets/react.js' },
    '_grid.js': { file: 'assets/grid.js', imports: ['_react.js'] },
    [split('_site.tsx')]: { file: 'assets/layout.js', imports: ['index.html'], css: ['assets/layout.css'] },
    [split('_site/$slug.tsx')]: { file: 'assets/slug.js', imports: ['_grid.js', 'index.html'] },
  };

  it('gives each route its styles and, after paint, its chunks and their imports, not what the entry already loads', () => {
    const { routes } = routerManifest(vite, ['__root__', '/_site', '/_site/$slug', '/admin']);
    const afterPaint = (preload: string) => [{ attrs: { defer: true, src: '/start.js', 'data-preload': preload } }];
    expect(routes['/_site']).toEqual({
      css: [{ href: '/assets/layout.css', crossOrigin: 'anonymous' }],
      scripts: afterPaint('/assets/layout.js'),
    });
    expect(routes['/_site/$slug']).toEqual({ css: [], scripts: afterPaint('/assets/slug.js /assets/grid.js') });
    expect(routes['/admin']).toBeUndefined(); // not in this build's manifest
  });

  it('finds the chunk of a route whose component is split together with its loader (codeSplitGroupings)', () => {
    const grouped = {
      ...vite,
      [`${R}/admin/$entity/form/index.tsx?tsr-split=component---loader`]: {
        file: 'assets/form.js',
        imports: ['_grid.js', 'index.html'],
        css: ['assets/form.css'],
      },
      // Another part of the same route (its error screen) is not where the component is.
      [`${R}/admin/$entity/form/index.tsx?tsr-split=errorComponent`]: { file: 'assets/form-error.js' },
    };
    expect(routerManifest(grouped, ['/admin/$entity/form/']).routes['/admin/$entity/form/']).toEqual({
      css: [{ href: '/assets/form.css', crossOrigin: 'anonymous' }],
      scripts: [{ attrs: { defer: true, src: '/start.js', 'data-preload': '/assets/form.js /assets/grid.js' } }],
    });
  });

  it('starts the entry from /start.js after the first paint, with the entry styles in the head', () => {
    const root = routerManifest(vite, ['__root__']).routes.__root__!;
    expect(root.css).toEqual([{ href: '/assets/index.css', crossOrigin: 'anonymous' }]);
    expect(root.scripts).toEqual([
      { attrs: { defer: true, src: '/start.js', 'data-entry': '/assets/index.js', 'data-preload': '/assets/react.js' } },
    ]);
  });

  it("gives the public layout the styles of the site's shared chunk it was gathered into, and what that chunk imports", () => {
    const { [split('_site.tsx')]: _own, 'index.html': entry, ...rest } = vite;
    const gathered = {
      // The app entry loads the layout's chunk on demand, as the router loads a route's component.
      'index.html': { ...entry, dynamicImports: ['_site-1.js'] },
      // A module named site.ts makes a chunk named `site` too, ahead of the shared one here.
      '_site-0.js': { file: 'assets/site-0.js', name: 'site', imports: ['_react.js'] },
      ...rest,
      '_layout.module-1.js': { file: 'assets/layout.module-1.js', css: ['assets/layout-1.css'] },
      '_site-1.css': { file: 'assets/site-1.css' },
      '_site-1.js': {
        file: 'assets/site-1.js',
        name: 'site',
        imports: ['index.html', '_layout.module-1.js'],
        css: ['assets/site-1.css'],
      },
    };
    const layout = routerManifest(gathered, ['__root__', '/_site']).routes['/_site']!;
    expect(layout.css).toEqual([
      { href: '/assets/site-1.css', crossOrigin: 'anonymous' },
      { href: '/assets/layout-1.css', crossOrigin: 'anonymous' },
    ]);
  });

  it('takes the app entry by name when the islands entry is there too', () => {
    const both = { ...vite, 'src/client/islands/main.ts': { file: 'assets/islands.js', isEntry: true, imports: ['_react.js'] } };
    expect(routerManifest(both, ['__root__']).routes.__root__!.scripts![0]).toMatchObject({
      attrs: { 'data-entry': '/assets/index.js' },
    });
  });
});

describe('the public stylesheet', () => {
  const vite = {
    'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_theme.js'], css: ['assets/index.css'] },
    '_theme.js': { file: 'assets/theme.js', css: ['assets/theme.css'] },
    '_ui.js': { file: 'assets/ui.js', imports: ['_theme.js'], css: ['assets/ui.css'] },
    [split('_site.tsx')]: { file: 'assets/layout.js', imports: ['index.html', '_ui.js'], css: ['assets/layout.css'] },
    [split('_site/search.tsx')]: { file: 'assets/search.js', imports: ['_ui.js'], css: ['assets/search.css'] },
    [split('_site/index.tsx')]: { file: 'assets/home.js', imports: ['_ui.js'], css: ['assets/home.css'] },
    [split('admin/route.tsx')]: { file: 'assets/admin.js', imports: ['_theme.js'], css: ['assets/admin.css'] },
  };

  it("joins, once each, the entry's stylesheets, the layout's, then each public route's, and no back-office one", () => {
    expect(publicStylesheetParts(vite)).toEqual([
      'assets/index.css',
      'assets/theme.css',
      'assets/layout.css',
      'assets/ui.css',
      'assets/home.css',
      'assets/search.css',
    ]);
    expect(publicStylesheetParts({})).toEqual([]);
  });

  it("puts it in the root's place on a public page, each part named by a disabled link, and keeps what is not a part", () => {
    const ids = ['__root__', '/_site', '/_site/search', '/admin'];
    const parts = publicStylesheetParts(vite);
    const built = { ...vite, [PUBLIC_STYLESHEET]: { file: 'assets/public-1.css', css: parts } };
    const site = publicRouterManifest(built, routerManifest(built, ids)).routes;
    expect(site.__root__!.css).toEqual([
      { href: '/assets/public-1.css', crossOrigin: 'anonymous' },
      ...parts.map((part) => ({ href: `/${part}`, crossOrigin: 'anonymous', disabled: true })),
    ]);
    expect(site['/_site']!.css).toEqual([]);
    expect(site['/_site/search']!.css).toEqual([]);
    expect(site['/admin']!.css).toEqual([{ href: '/assets/admin.css', crossOrigin: 'anonymous' }]);
    // The scripts are the route's own, as on any page.
    expect(site['/_site/search']!.scripts).toEqual(routerManifest(built, ids).routes['/_site/search']!.scripts);
  });

  it('leaves each page its own stylesheets where the build made none (`npm run dev`)', () => {
    const ids = ['__root__', '/_site', '/_site/search'];
    expect(publicRouterManifest(vite, routerManifest(vite, ids))).toEqual(routerManifest(vite, ids));
  });
});

describe('islandsEntry', () => {
  it('names the islands entry and the modules it imports at once', () => {
    const vite = {
      'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'] },
      'src/client/islands/main.ts': { file: 'assets/islands.js', isEntry: true, imports: ['_react.js', '_registry.js'] },
      '_react.js': { file: 'assets/react.js' },
      '_registry.js': { file: 'assets/registry.js', imports: ['_react.js'] },
    };
    expect(islandsEntry(vite)).toEqual({ entry: '/assets/islands.js', preload: ['/assets/react.js', '/assets/registry.js'] });
  });

  it('is absent from a build without it (the app is sent instead)', () => {
    expect(islandsEntry({ 'index.html': { file: 'assets/index.js', isEntry: true } })).toBeUndefined();
  });
});

describe('islandFiles', () => {
  it("names an island's chunk and what it imports, but for what the islands entry brings", () => {
    const vite = {
      'src/client/islands/main.ts': { file: 'assets/islands.js', isEntry: true, imports: ['_react.js'] },
      '_react.js': { file: 'assets/react.js' },
      'src/client/admin/login/SignInIsland.tsx': { file: 'assets/SignIn.js', imports: ['_react.js', '_mantine.js'] },
      '_mantine.js': { file: 'assets/mantine.js', imports: ['_react.js'] },
    };
    expect(islandFiles(vite, 'src/client/admin/login/SignInIsland.tsx')).toEqual(['/assets/SignIn.js', '/assets/mantine.js']);
    expect(islandFiles(vite, 'src/client/nowhere.tsx')).toEqual([]);
  });

  it('finds a module the render imports too in the shared chunk its name is on, loaded on demand', () => {
    const vite = {
      'src/client/islands/main.ts': { file: 'assets/islands.js', isEntry: true, imports: ['_react.js'] },
      '_react.js': { file: 'assets/react.js' },
      '_registry.js': { file: 'assets/registry.js', dynamicImports: ['_MobileMenu-x.js'] },
      '_MobileMenu-x.js': { file: 'assets/MobileMenu-x.js', name: 'MobileMenu', imports: ['_react.js', '_text.js'] },
      '_text.js': { file: 'assets/text.js' },
      // A chunk of the same name that nothing loads on demand is not it.
      '_MegaMenu-y.js': { file: 'assets/MegaMenu-y.js', name: 'MegaMenu' },
    };
    expect(islandFiles(vite, 'src/client/site/layout/MobileMenu.tsx')).toEqual(['/assets/MobileMenu-x.js', '/assets/text.js']);
    expect(islandFiles(vite, 'src/client/site/layout/MegaMenu.tsx')).toEqual([]);
  });

  it("an island's source is a file that exists (the manifest is keyed by it)", () => {
    for (const [name, island] of Object.entries(ISLANDS)) {
      if ('source' in island) expect(fs.existsSync(island.source), name).toBe(true);
    }
    expect(fs.existsSync(REACT_ISLAND_SOURCE)).toBe(true);
  });
});
