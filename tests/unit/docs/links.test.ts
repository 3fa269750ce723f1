/**
 * Every pointer names something that exists (issue #55): each relative link in README.md and
 * docs/ leads to a file (and, into a Markdown file, to one of its headings), each repository path
 * the docs and ESLint's messages name in code spans exists, and the README's commands name only
 * scripts package.json has.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces to hyphens. */
export function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading] of withoutCode(markdown).matchAll(/^#{1,6}\s+(.+)$/gm)) {
    const base = headingAnchor(heading!);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count ? `${base}-${count}` : base);
  }
  return anchors;
}

/** The text without its fenced code blocks (a `#` there is a shell comment, a `[x](y)` is code). */
const withoutCode = (markdown: string) => markdown.replace(/^```[\s\S]*?^```/gm, '');

/** Each broken relative link of a Markdown file at `file` (a path from the root): `target (why)`. */
export function brokenLinks(file: string, markdown: string): string[] {
  const exists = (target: string) => fs.existsSync(target);
  const broken: string[] = [];
  const text = withoutCode(markdown).replace(/`[^`\n]*`/g, '');
  // A target as Markdown writes it: bare, or in angle brackets (which may hold `$` and spaces).
  for (const [, bracketed, bare] of text.matchAll(/\]\((?:<([^>]+)>|([^)\s]+))(?:\s+"[^"]*")?\)/g)) {
    const target = (bracketed ?? bare)!;
    if (/^[a-z]+:|^\/\//i.test(target)) continue;
    const [address, anchor] = target.split('#') as [string, string | undefined];
    const resolved = path.join(ROOT, path.dirname(file), decodeURI(address));
    if (address && !exists(resolved)) {
      broken.push(`${target} (no such file)`);
      continue;
    }
    if (!anchor || !(address ? resolved.endsWith('.md') : true)) continue;
    const headings = anchorsOf(address ? fs.readFileSync(resolved, 'utf8') : markdown);
    if (!headings.has(anchor)) broken.push(`${target} (no such heading)`);
  }
  return broken;
}

/** Repository paths a text names in code spans (`src/…`, `scripts/…`), as written. */
export function namedPaths(text: string): string[] {
  return [...text.matchAll(/`((?:src|scripts|tests|docs|machines|patches)\/[\w./@+-]+?)(?::[\w.]+)?`/g)]
    .map((match) => match[1]!)
    .filter((named) => !/[*{}]/.test(named));
}

const docs = () => [
  'README.md',
  ...fs
    .readdirSync(path.join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

describe('the docs', () => {
  it('link only to files and headings that exist', () => {
    const broken = docs().flatMap((file) =>
      brokenLinks(file, fs.readFileSync(path.join(ROOT, file), 'utf8')).map((link) => `${file}: ${link}`),
    );
    expect(broken).toEqual([]);
  });

  it('name only repository paths that exist, and ESLint’s messages too', () => {
    const texts = [...docs(), 'eslint.config.js'].map((file) => [file, fs.readFileSync(path.join(ROOT, file), 'utf8')] as const);
    const eslintPaths = [...texts.at(-1)![1].matchAll(/\((docs\/[\w.-]+\.md)[:)]/g)].map((match) => match[1]!);
    const missing = [
      ...texts.flatMap(([file, text]) => namedPaths(text).map((named) => [file, named] as const)),
      ...eslintPaths.map((named) => ['eslint.config.js', named] as const),
    ].filter(([, named]) => !fs.existsSync(path.join(ROOT, named.replace(/\/$/, ''))));
    expect(missing.map(([file, named]) => `${file}: ${named}`)).toEqual([]);
  });

  it('run only the npm scripts package.json has', () => {
    const scripts = Object.keys(JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts as object);
    const builtIn = ['install', 'ci', 'start', 'test', 'run', 'view', 'exec', 'uninstall', 'update', 'ls', 'outdated'];
    const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const blocks = [...readme.matchAll(/^```[^\n]*\n([\s\S]*?)^```/gm)].map((match) => match[1]!);
    const unknown = blocks
      .flatMap((block) => [...block.matchAll(/\bnpm (?:run )?([\w:-]+)/g)].map((match) => [match[0], match[1]!] as const))
      .filter(([command, name]) =>
        command.includes(' run ') ? !scripts.includes(name) : !builtIn.includes(name) && !scripts.includes(name),
      );
    expect(unknown.map(([command]) => command)).toEqual([]);
  });

  it('would find a broken link, a missing heading and a missing path', () => {
    const markdown =
      '# Top\n\nSee [ops](security.md), [nowhere](nowhere.md), [top](#top), [gone](#gone).\n\n```\n[code](not-a-link.md)\n```\n';
    expect(brokenLinks('docs/x.md', markdown)).toEqual(['nowhere.md (no such file)', '#gone (no such heading)']);
    expect(namedPaths('Lives in `src/server/nowhere.ts` and `src/server/app.ts:createServer`.')).toEqual([
      'src/server/nowhere.ts',
      'src/server/app.ts',
    ]);
    expect(headingAnchor('The page pipeline: from the socket to the pixels')).toBe(
      'the-page-pipeline-from-the-socket-to-the-pixels',
    );
  });
});
