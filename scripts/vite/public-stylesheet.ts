/**
 * Writes the public site's one stylesheet (src/client/router-manifest.ts, publicStylesheetParts):
 * its parts as the browser build made them, one after the other, named after its content, and
 * records it in the build manifest for the server (PUBLIC_STYLESHEET). Written with the build's
 * other files, before the service worker's precache list is made from them, so the worker keeps it
 * like any of them; the parts are marked there as the back-office's (`isPart`).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { PUBLIC_STYLESHEET, publicStylesheetParts } from '../../src/client/router-manifest.js';
import type { ViteManifest } from '../../src/shared/ssr.js';

const MANIFEST = '.vite/manifest.json';

export function publicStylesheet(): { plugin: Plugin; isPart: (url: string) => boolean } {
  let parts = new Set<string>();
  const plugin: Plugin = {
    name: 'orgsite:public-stylesheet',
    apply: 'build',
    writeBundle(options, bundle) {
      const written = bundle[MANIFEST];
      if (!options.dir || written?.type !== 'asset') return; // the server-rendering build has no manifest
      const manifest = JSON.parse(String(written.source)) as ViteManifest;
      const files = publicStylesheetParts(manifest);
      if (files.length === 0) return;
      const source = files
        .map((part) => {
          const asset = bundle[part];
          if (asset?.type !== 'asset') throw new Error(`${part}, a part of the public stylesheet, is not in the build`);
          const text = String(asset.source);
          // Either is only honoured at the start of a file: joined after another, it would be dropped.
          if (/@(?:import|charset)\b/.test(text)) throw new Error(`${part} has an @import or @charset: it cannot be joined`);
          return text;
        })
        .join('\n');
      const file = `assets/public-${createHash('sha256').update(source).digest('base64url').slice(0, 8)}.css`;
      fs.writeFileSync(path.join(options.dir, file), source);
      manifest[PUBLIC_STYLESHEET] = { file, css: files };
      fs.writeFileSync(path.join(options.dir, MANIFEST), JSON.stringify(manifest, null, 2));
      parts = new Set(files);
    },
  };
  return {
    plugin,
    /**
     * True for a part (known once the bundle is written): a public page links the whole instead,
     * so only the back-office's documents link a part.
     */
    isPart: (url: string) => parts.has(url),
  };
}
