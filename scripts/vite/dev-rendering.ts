/**
 * `npm run dev`: pages are rendered by the app's server entry, loaded through Vite (so an edit
 * shows on the next load, with hot reload after that), with the API answered by the dev API
 * server. The same render as production (src/server/seo/ssr.ts) minus the page cache; the
 * document's entry is the source module instead of a built chunk.
 */
import type { IncomingMessage } from 'node:http';
import type { Plugin, ViteDevServer } from 'vite';
import type { RenderPage, ViteManifest } from '../../src/shared/ssr.js';
import { APP_PATHS, SERVER_PATHS } from '../../src/shared/address-space.js';

/**
 * The dev "build": the entry is the source module, started by /start.js as in production. Nothing
 * is added to the document outside React (hydration would trip over it): React's refresh preamble
 * is imported by main.tsx, and Vite's client by every module that hot-reloads.
 */
const DEV_MANIFEST: ViteManifest = {
  'index.html': { file: 'src/client/main.tsx', isEntry: true },
  'src/client/islands/main.ts': { file: 'src/client/islands/main.ts', isEntry: true },
};

const isPage = (req: IncomingMessage, apiPaths: string[]) =>
  req.method === 'GET' &&
  (req.headers.accept ?? '').includes('text/html') &&
  !apiPaths.some((prefix) => req.url?.startsWith(prefix)) &&
  !req.url?.startsWith('/@') &&
  !req.url?.startsWith('/src/');

const SERVER_ENTRY = '/src/client/entry-server.tsx';
const APP_ENTRY = '/src/client/main.tsx';

/**
 * The stylesheets the render's modules import, in import order, as a build lists them for its
 * entry. A public page's components are drawn on the server only, so the browser never imports
 * their styles (the islands entry brings only the islands'): without these links the page would be
 * drawn unstyled. `?direct` makes Vite answer a stylesheet, not the module that injects it.
 */
async function stylesheetsOf(server: ViteDevServer): Promise<string[]> {
  const found = new Set<string>();
  const isCss = (url: string) => /\.css($|\?)/.test(url);
  const keep = (url: string) => found.add(`${url.slice(1)}${url.includes('?') ? '&' : '?'}direct`);
  // Mantine's own styles, which the app's entry imports (a build puts them in its stylesheet):
  // asked of the browser's module graph, which knows an entry's imports once it has transformed it.
  const client = server.environments.client;
  await client.transformRequest(APP_ENTRY);
  const app = await client.moduleGraph.getModuleByUrl(APP_ENTRY);
  for (const child of app?.importedModules ?? []) if (isCss(child.url)) keep(child.url);
  // Then every stylesheet the render's modules import, in import order. The graph holds every
  // module a render has loaded so far; the back-office's are left out, as the back-office loads
  // its own styles in the browser and a public page must not be drawn with them.
  const root = await server.environments.ssr.moduleGraph.getModuleByUrl(SERVER_ENTRY);
  const seen = new Set<unknown>();
  const walk = (node: typeof root) => {
    if (!node || seen.has(node) || node.url.startsWith('/src/client/admin/')) return;
    seen.add(node);
    if (isCss(node.url)) keep(node.url);
    for (const child of node.importedModules) walk(child);
  };
  walk(root);
  return [...found];
}

export function devRendering(apiTarget: string, apiPaths: string[]): Plugin {
  const render = async (server: ViteDevServer, req: IncomingMessage) => {
    const entry = (await server.ssrLoadModule(SERVER_ENTRY)) as { render: RenderPage };
    const url = req.url ?? '/';
    const renderWith = (css: string[]) =>
      entry.render({
        url,
        origin: `http://${req.headers.host ?? 'localhost'}`,
        shell: url === APP_PATHS.appShell,
        config: { apiBase: SERVER_PATHS.api, appKey: process.env.VITE_APP_KEY ?? 'demo' },
        manifest: { ...DEV_MANIFEST, 'index.html': { ...DEV_MANIFEST['index.html']!, css } },
        transport: async (path, init) => {
          const response = await fetch(`${apiTarget}${path}`, init);
          return { status: response.status, text: await response.text() };
        },
      });
    // A page's screens are loaded by its render: the first render of a kind of page brings
    // stylesheets the graph did not hold before it, and is made again with them.
    const before = await stylesheetsOf(server);
    const page = await renderWith(before);
    const after = await stylesheetsOf(server);
    return after.length === before.length ? page : renderWith(after);
  };
  return {
    name: 'orgsite:dev-rendering',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if (!isPage(req, apiPaths)) return next();
        render(server, req)
          .then(async (page) => {
            if ('redirect' in page) return void res.writeHead(page.status, { location: page.redirect }).end();
            res.writeHead(page.status, { 'content-type': 'text/html; charset=utf-8' }).end(page.html);
          })
          .catch((error: Error) => {
            server.ssrFixStacktrace(error);
            next(error);
          });
      });
    },
  };
}
