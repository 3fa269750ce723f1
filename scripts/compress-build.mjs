// The browser build's text files in assets/ as brotli (at its best quality) and gzip, each beside
// its file (`x.css.br`, `x.css.gz`), for @fastify/static to send as they are (`preCompressed`,
// src/server/plugins/spa.ts): what the server would make on every request at a quick quality is
// made once, smaller. Only there: a file's name changes with its content, so a compressed form is
// never older than its file; the few others (sw.js, start.js) the server compresses as it sends
// them, whatever edits them. A step of scripts/build.mjs, run as
// `node scripts/compress-build.mjs <outDir>`.
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/** Files worth compressing: text. Pictures and fonts are compressed by their own formats. */
const TEXT = /\.(?:css|html|js|json|mjs|svg|txt|webmanifest|xml)$/;
/** Below this a compressed copy saves less than its headers cost (@fastify/compress's threshold too). */
const SMALLEST = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The text files under `dir`. */
function textFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return textFiles(file);
    return TEXT.test(entry.name) ? [file] : [];
  });
}

export async function compressBuild(outDir) {
  const assets = path.join(outDir, 'assets');
  if (!fs.existsSync(assets)) return 0;
  const files = textFiles(assets).filter((file) => fs.statSync(file).size >= SMALLEST);
  // On libuv's threads, several at once.
  await Promise.all(
    files.map(async (file) => {
      const bytes = fs.readFileSync(file);
      const forms = await Promise.all([
        brotli(bytes, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
        }),
        gzip(bytes, { level: 9 }),
      ]);
      for (const [form, extension] of [
        [forms[0], 'br'],
        [forms[1], 'gz'],
      ]) {
        if (form.length < bytes.length) fs.writeFileSync(`${file}.${extension}`, form);
      }
    }),
  );
  return files.length;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const outDir = process.argv[2] ?? 'dist';
  console.log(`${await compressBuild(outDir)} files compressed in ${outDir}`);
}
