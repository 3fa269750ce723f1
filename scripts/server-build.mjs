// The server compiled to plain JavaScript (dist/.server), so `npm start` runs no TypeScript and
// needs only the production dependencies: those stay outside the bundle, everything else
// (src/shared, the entity definitions) is inside it. A step of scripts/build.mjs, run as
// `node scripts/server-build.mjs <outDir> [logLevel]`.
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { serverBuildDir } from './build-id.mjs';

const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8'));
const runtime = Object.keys(pkg.dependencies ?? {});
const isRuntimeImport = (id) =>
  id.startsWith('node:') || builtinModules.includes(id) || runtime.some((name) => id === name || id.startsWith(`${name}/`));

export async function buildServer(outDir, logLevel = 'info') {
  const dir = serverBuildDir(outDir);
  await build({
    configFile: false,
    logLevel,
    ssr: { noExternal: true, target: 'node' },
    build: {
      ssr: true,
      outDir: dir,
      emptyOutDir: true,
      copyPublicDir: false,
      target: 'node20',
      minify: false,
      sourcemap: true,
      rolldownOptions: {
        input: { main: 'src/server/main.ts', cli: 'src/server/cli.ts' },
        external: isRuntimeImport,
        // Flat, so a module's own folder holds what it reads beside itself (the demo images).
        output: { entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js', format: 'es' },
      },
    },
  });
  // The demo seed reads its images beside itself (src/server/db/seed.ts).
  fs.cpSync('src/server/db/demo/images', path.join(dir, 'demo', 'images'), { recursive: true });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [outDir, logLevel] = process.argv.slice(2);
  if (!outDir) throw new Error('Usage: node scripts/server-build.mjs <outDir> [logLevel]');
  await buildServer(path.resolve(outDir), logLevel);
}
