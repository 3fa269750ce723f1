/**
 * The patches in patches/ (applied by patch-package on every `npm install`/`npm ci`, see
 * scripts/postinstall.mjs) are in the installed packages: `npm run dev`, the tests and the build
 * then run the same code. This fails when an install skipped them, or when a package was upgraded
 * away from the version its patch was made for.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const PATCHES = path.resolve('patches');

interface Hunk {
  before: string;
  after: string;
}

/** A patch-package file's name (`@scope+name+1.2.3.patch`) and its changes, file by file. */
function readPatch(file: string) {
  const match = /^(.+)\+(\d+\.\d+\.\d+[^+]*)\.patch$/.exec(file);
  if (!match) throw new Error(`${file} is not named <package>+<version>.patch`);
  const files = new Map<string, Hunk[]>();
  let hunks: Hunk[] | undefined;
  let hunk: { before: string[]; after: string[] } | undefined;
  const close = () => {
    if (hunk && hunks) hunks.push({ before: hunk.before.join('\n'), after: hunk.after.join('\n') });
    hunk = undefined;
  };
  for (const line of fs.readFileSync(path.join(PATCHES, file), 'utf8').split('\n')) {
    const target = /^diff --git a\/(\S+) b\/(\S+)$/.exec(line);
    if (target) {
      close();
      hunks = [];
      files.set(target[2]!, hunks);
    } else if (line.startsWith('@@')) {
      close();
      hunk = { before: [], after: [] };
    } else if (hunk) {
      if (line.startsWith(' ')) {
        hunk.before.push(line.slice(1));
        hunk.after.push(line.slice(1));
      } else if (line.startsWith('-')) hunk.before.push(line.slice(1));
      else if (line.startsWith('+')) hunk.after.push(line.slice(1));
    }
  }
  close();
  return { name: match[1]!.replaceAll('+', '/'), version: match[2]!, files };
}

const patches = fs.readdirSync(PATCHES).filter((f) => f.endsWith('.patch'));

describe('patched packages', () => {
  it('has patches to check', () => {
    expect(patches.length).toBeGreaterThan(0);
  });

  for (const file of patches) {
    const patch = readPatch(file);

    it(`${patch.name} is installed at ${patch.version}, the version ${file} was made for`, () => {
      const installed = JSON.parse(fs.readFileSync(path.join('node_modules', patch.name, 'package.json'), 'utf8'));
      expect(installed.version).toBe(patch.version);
    });

    for (const [target, hunks] of patch.files) {
      it(`${target} has ${file} applied`, () => {
        expect(hunks.length).toBeGreaterThan(0);
        const installed = fs.readFileSync(target, 'utf8');
        for (const { before, after } of hunks) {
          expect(installed).toContain(after);
          expect(installed).not.toContain(before);
        }
      });
    }
  }

  // What the Mantine patch is for: ScrollArea (in every Modal, Drawer, Select and Table) merging
  // its refs with Mantine's own hook, not bringing all of @floating-ui/react to screens without a popover.
  it('has ScrollArea take no part of @floating-ui/react, in both of its forms', () => {
    for (const form of ['esm/components/ScrollArea/ScrollArea.mjs', 'cjs/components/ScrollArea/ScrollArea.cjs']) {
      const code = fs.readFileSync(path.join('node_modules/@mantine/core', form), 'utf8');
      expect(code).not.toMatch(/(from |require\()"@floating-ui\/react"/);
      expect(code).toMatch(/useMergedRef/);
    }
  });
});
