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

export function devRendering(apiTarget: string, apiPaths: string[]): Plugin {
  const render = async (server: ViteDevServer, req: IncomingMessage) => {
    const entry = (await server.ssrLoadModule('/src/client/entry-server.tsx')) as { render: RenderPage };
    const url = req.url ?? '/';
    return entry.render({
      url,
      origin: `http://${req.headers.host ?? 'localhost'}`,
      shell: url === APP_PATHS.appShell,
      config: { apiBase: SERVER_PATHS.api, appKey: process.env.VITE_APP_KEY ?? 'demo' },
      manifest: DEV_MANIFEST,
      transport: async (path, init) => {
        const response = await fetch(`${apiTarget}${path}`, init);
        return { status: response.status, text: await response.text() };
      },
    });
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
