/**
 * The sign-in island carries only en-sign-in.ts of the back-office's English (#54: its budget). A
 * word its code says that is not there would show as its key, and differ from the server's
 * drawing of the same screen. Read from the island's own modules: every module it imports
 * statically, and the help dialog it loads on a press.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { adminT, loadAdminWords } from '../../../src/client/admin/i18n';
import { adminEnSignIn } from '../../../src/client/admin/i18n/en-sign-in';

const ROOT = path.resolve(__dirname, '../../..');
const ISLAND = 'src/client/admin/login/SignInIsland.tsx';
/** What the island loads on demand, and says words in (its other lazy parts are the form fields sign-in has none of). */
const LOADED_ON_DEMAND = ['src/client/admin/login/HelpDialog.tsx'];

/** The island's source files under src/, following static imports only. */
async function islandModules(): Promise<string[]> {
  const { metafile } = await build({
    entryPoints: [ISLAND, ...LOADED_ON_DEMAND].map((file) => path.join(ROOT, file)),
    absWorkingDir: ROOT,
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    splitting: true,
    outdir: 'out',
    packages: 'external',
    loader: { '.css': 'empty' },
    logLevel: 'silent',
  });
  const reached = new Set<string>();
  const visit = (file: string) => {
    if (reached.has(file)) return;
    reached.add(file);
    for (const imported of metafile.inputs[file]?.imports ?? []) if (imported.kind === 'import-statement') visit(imported.path);
  };
  for (const entry of [ISLAND, ...LOADED_ON_DEMAND]) visit(entry);
  return [...reached].filter((file) => file.startsWith('src/'));
}

describe("the sign-in island's words", () => {
  it('has every word its code says, before the rest of English is fetched', async () => {
    const modules = await islandModules();
    expect(modules).toContain('src/client/admin/login/LoginScreen.tsx');
    expect(modules).toContain('src/client/admin/form/field-registry.tsx');
    const said = new Set<string>();
    for (const file of modules)
      for (const found of readFileSync(path.join(ROOT, file), 'utf8').matchAll(/\b(?:t|adminT)\(\s*'([\w.]+)'/g))
        said.add(found[1]!);
    expect(said).toContain('login.submit');
    const missing = [...said].filter(
      (key) => !Object.hasOwn(adminEnSignIn, key) && !Object.hasOwn(adminEnSignIn, `${key}_other`),
    );
    expect(missing).toEqual([]);
    // And they read as words now, without en.ts.
    expect(adminT('login.submit')).toBe('Sign in');
    expect(adminT('rule.required', { field: 'Password' })).toBe('Password is required');
  });

  it("reads a signed-in screen's word once the rest is fetched, and only then", async () => {
    expect(adminT('nav.dashboards')).toBe('nav.dashboards');
    await loadAdminWords();
    expect(adminT('nav.dashboards')).toBe('Dashboards');
    expect(adminT('login.submit')).toBe('Sign in');
  });
});
