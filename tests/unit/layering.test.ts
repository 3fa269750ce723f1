/** Imports run one way (DESIGN.md): shared → server; shared → client; machines import no app code. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.gen.ts') ? [full] : [];
  });
}

function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)]
    .map((m) => m[1] ?? m[2]!)
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => path.relative(process.cwd(), path.resolve(path.dirname(file), spec)));
}

const RULES: [string, string[]][] = [
  ['src/shared', ['src/server', 'src/client', 'machines']],
  ['src/server', ['src/client', 'machines']],
  ['src/client', ['src/server']],
  ['machines', ['src']],
  ['src/client/site', ['src/client/admin']],
];

describe('import direction', () => {
  it.each(RULES)('%s imports nothing from %j', (from, forbidden) => {
    const offenders = sources(from).flatMap((file) =>
      importsOf(file)
        .filter((target) => forbidden.some((f) => target === f || target.startsWith(`${f}/`)))
        .map((target) => `${file} → ${target}`),
    );
    expect(offenders).toEqual([]);
  });
});
