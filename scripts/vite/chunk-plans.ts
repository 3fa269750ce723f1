/**
 * The two plans the browser build makes from its own module and chunk graphs: which modules form
 * the public site's one shared chunk (public-chunks.ts), and which output files only the admin
 * uses, so the service worker leaves them out of its precache (precache-plan.ts). Both are read
 * later in the same build, so they live in this closure rather than in module-level variables.
 */
import path from 'node:path';
import type { Plugin } from 'vite';
import { SITE_CHUNK } from '../../src/shared/ssr.js';
import { adminOnlyFiles, publicModuleIds } from './precache-plan.js';
import { adminShellModules, publicSharedModules } from './public-chunks.js';

const APP_ENTRY = path.resolve('src/client/main.tsx');
const ISLANDS_ENTRY = path.resolve('src/client/islands/main.ts');
const ADMIN_LAYOUT = path.resolve('src/client/admin/layout/AdminLayout.tsx');
/** What draws a back-office screen without the signed-in frame (see adminShellModules). */
const SIGNED_OUT_ROOTS = [
  path.resolve('src/client/admin/AdminRoot.tsx'),
  path.resolve('src/client/admin/login/SignInIsland.tsx'),
  path.resolve('src/client/admin/login/LoginScreen.tsx'),
  `${path.resolve('src/client/routes/admin/reset-password.tsx')}?tsr-split=component`,
];

/**
 * Packages of a back-office tool too big to keep ahead on every staff device (the flows
 * inspector's graph layout): the files that carry them are kept when the tool is first opened.
 */
const KEPT_WHEN_OPENED = ['elkjs'];
const carriesToolPackage = (id: string) =>
  KEPT_WHEN_OPENED.some((name) => id.includes(`${path.sep}node_modules${path.sep}${name}${path.sep}`));

export function chunkPlans() {
  let siteModules = new Set<string>();
  let shellModules = new Set<string>();
  let adminFiles = new Set<string>();
  let openedFiles = new Set<string>();

  const publicChunks: Plugin = {
    name: 'orgsite:public-chunks',
    apply: 'build',
    buildEnd() {
      const info = (id: string) => this.getModuleInfo(id);
      siteModules = publicSharedModules({ ids: this.getModuleIds(), info }, APP_ENTRY);
      // What islands documents load stays out of it: an island must not bring the app's shared chunk.
      for (const id of publicModuleIds(ISLANDS_ENTRY, info)) siteModules.delete(id);
      const visitors = new Set([...publicModuleIds(APP_ENTRY, info), ...publicModuleIds(ISLANDS_ENTRY, info)]);
      shellModules = adminShellModules({ ids: this.getModuleIds(), info }, ADMIN_LAYOUT, SIGNED_OUT_ROOTS, visitors);
    },
  };

  const adminChunks: Plugin = {
    name: 'orgsite:admin-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      const info = (id: string) => this.getModuleInfo(id);
      const visitors = new Set([...publicModuleIds(APP_ENTRY, info), ...publicModuleIds(ISLANDS_ENTRY, info)]);
      // The chunks that carry such a package, and the files they bring (a worker's script).
      openedFiles = new Set(
        Object.values(bundle).flatMap((output) =>
          output.type === 'chunk' && output.moduleIds.some(carriesToolPackage)
            ? [output.fileName, ...(output.viteMetadata?.importedAssets ?? [])]
            : [],
        ),
      );
      adminFiles = adminOnlyFiles(
        Object.values(bundle).flatMap((output) =>
          output.type === 'chunk'
            ? [
                {
                  fileName: output.fileName,
                  isEntry: output.isEntry,
                  facadeModuleId: output.facadeModuleId,
                  imports: output.imports,
                  dynamicImports: output.dynamicImports,
                  css: [...(output.viteMetadata?.importedCss ?? [])],
                  assets: [...(output.viteMetadata?.importedAssets ?? [])],
                  moduleIds: output.moduleIds,
                },
              ]
            : [],
        ),
        undefined,
        // Only our own modules tell: a library's barrel file makes every part of it look reachable.
        (id) => visitors.has(id) && !id.includes(`${path.sep}node_modules${path.sep}`),
      );
    },
  };

  return {
    plugins: [publicChunks, adminChunks],
    /** The codeSplitting group that gathers the public site's shared modules into `site`. */
    // Only the modules named: a module an island needs too must stay out of it, even when a module
    // of the group imports it (the group would take its imports along by default).
    siteGroup: {
      debugName: SITE_CHUNK,
      name: (id: string) => (siteModules.has(id) ? SITE_CHUNK : null),
      includeDependenciesRecursively: false,
    },
    /** The codeSplitting group that gathers the signed-in frame's own modules into `admin-shell`. */
    adminShellGroup: {
      name: (id: string) => (shellModules.has(id) ? 'admin-shell' : null),
      includeDependenciesRecursively: false,
    },
    /** True for an output file only the admin loads (known once the bundle is generated). */
    isAdminFile: (url: string) => adminFiles.has(url),
    /** True for a file of a back-office tool kept only once opened (KEPT_WHEN_OPENED). */
    isKeptWhenOpened: (url: string) => openedFiles.has(url),
  };
}
