/**
 * Comments say why; measured figures go stale where they stand, so they live in
 * docs/performance.md and in commit messages (issue #55). This reads every comment in src/ and
 * scripts/ and fails on one that reports a measurement: a timing, a throughput, a before → after,
 * a figure "instead of" or "against" another, or a measured download or memory size. A constant's
 * comment may still name its own size ("5 MB parts", "1600×700").
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOTS = ['src', 'scripts'];
const SOURCE = /\.(ts|tsx|mts|mjs|js|css)$/;
/** Generated files, and migrations, which are history and keep the words they were written with. */
const LEFT_OUT = [/^src\/shared\/api\/schema\.ts$/, /^src\/client\/routeTree\.gen\.ts$/, /^src\/server\/db\/migrations\//];

/** What a measurement looks like in words, each with why it is one. */
export const MEASUREMENTS: [RegExp, string][] = [
  [/\b\d+(?:[.,]\d+)?\s?(?:ms|µs|μs)\b|\bp(?:50|75|95|99)\b/, 'a timing'],
  [/\b\d+(?:[.,]\d+)?\s?% (?:smaller|larger|faster|slower|less|more)\b/, 'a measured difference'],
  [/\breq\/s\b|\brequests? a second\b/i, 'a throughput'],
  [/\d[\d.,]*\s?(?:[kKM]B|ms|%|k)?\s?(?:→|->)\s?\d/, 'a before → after'],
  [/\b(?:instead of|against|rather than)\s+(?:about\s+|some\s+)?\d/, 'a figure compared with another'],
  [/\d+(?:[.,]\d+)?\s?[kKM]B (?:of (?:gzip|brotli)|gzip)\b/, 'a measured download'],
  [/\d+(?:[.,]\d+)?\s?MB (?:of (?:the |a )?(?:server's |process's )?memory|resident|more resident)\b/, 'a measured memory size'],
];

/** Each comment line of a source file: `//` and `/* … *\/` comments, and JSX's `{/* … *\/}`. */
export function commentLines(text: string): { line: number; text: string }[] {
  const lines = text.split('\n');
  const found: { line: number; text: string }[] = [];
  let inBlock = false;
  lines.forEach((raw, index) => {
    let rest = raw;
    let comment = '';
    while (rest.length) {
      if (inBlock) {
        const end = rest.indexOf('*/');
        comment += ` ${end === -1 ? rest : rest.slice(0, end)}`;
        if (end === -1) rest = '';
        else {
          inBlock = false;
          rest = rest.slice(end + 2);
        }
        continue;
      }
      const block = rest.indexOf('/*');
      const line = rest.search(/(^|[^:'"`\\])\/\//);
      if (line !== -1 && (block === -1 || line < block)) {
        comment += ` ${rest.slice(rest.indexOf('//', line))}`;
        rest = '';
      } else if (block !== -1) {
        inBlock = true;
        rest = rest.slice(block + 2);
      } else rest = '';
    }
    if (comment.trim()) found.push({ line: index + 1, text: comment.trim() });
  });
  return found;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return SOURCE.test(entry.name) ? [file] : [];
  });
}

export function measurementsIn(text: string): string[] {
  return commentLines(text).flatMap(({ line, text: comment }) =>
    MEASUREMENTS.filter(([pattern]) => pattern.test(comment)).map(([, what]) => `${line}: ${what}: ${comment.slice(0, 140)}`),
  );
}

describe('comments in src/ and scripts/', () => {
  it('report no measurement', () => {
    const found = ROOTS.flatMap(sourceFiles)
      .map((file) => file.split(path.sep).join('/'))
      .filter((file) => !LEFT_OUT.some((pattern) => pattern.test(file)))
      .flatMap((file) => measurementsIn(fs.readFileSync(file, 'utf8')).map((hit) => `${file}:${hit}`));
    expect(found).toEqual([]);
  });

  it('would find one: each kind, in each way a comment is written', () => {
    expect(measurementsIn('// made again in 8.3 ms at p50\nconst a = 1;')).toHaveLength(1);
    expect(measurementsIn('/**\n * kept pages at 53k req/s\n */')).toHaveLength(1);
    expect(measurementsIn('const b = 2; // 186 → 156 MB idle')).toHaveLength(1);
    expect(measurementsIn('{/* 157 MB idle instead of 184 */}')).toHaveLength(1);
    expect(measurementsIn('// Mantine Select brought about 40 KB of gzip')).toHaveLength(1);
    expect(measurementsIn("/* jsdom held about 100 MB of the server's memory */")).toHaveLength(1);
    // What is not a measurement: a constant's size, a URL, a figure in code.
    expect(measurementsIn('// tus parts of 5 MB, pictures up to 1920 px\nconst url = "http://x/y"; const ms = 150;')).toEqual([]);
  });
});
