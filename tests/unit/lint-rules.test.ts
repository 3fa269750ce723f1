/** The project's lint rules that keep one listing of each thing: they fire on a second one. */
import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();
const rulesFiredOn = async (code: string, filePath: string) =>
  (await eslint.lintText(code, { filePath })).flatMap((result) => result.messages.map((m) => m.message));

// The first call builds ESLint's TypeScript program, which on a busy 2-core machine outlasts the
// default 5 s; the rules themselves answer at once after that.
describe('lint', { timeout: 30_000 }, () => {
  it('refuses a top-level path listed outside the address-space table, as a string or a pattern', async () => {
    const messages = await rulesFiredOn(
      "export const api = '/cms';\nexport const notPage = (p: string) => /^\\/(admin|uploads)(\\/|$)/.test(p);\n",
      'src/server/plugins/example.ts',
    );
    expect(messages).toEqual([
      expect.stringContaining('listed once, in src/shared/address-space.ts'),
      expect.stringContaining('made once, in src/shared/address-space.ts'),
    ]);
    expect(await rulesFiredOn("export const login = '/cms/api/login';\n", 'src/server/plugins/example.ts')).toEqual([]);
  });

  it('refuses Kysely<any> outside migrations', async () => {
    const code =
      "import type { Kysely } from 'kysely';\n// eslint-disable-next-line @typescript-eslint/no-explicit-any\nexport type Loose = Kysely<any>;\n";
    expect(await rulesFiredOn(code, 'src/server/content/example.ts')).toEqual([
      expect.stringContaining('Kysely<any> only in migrations'),
    ]);
    expect(await rulesFiredOn(code, 'src/server/db/migrations/999_example.ts')).toEqual([]);
  });

  it('keeps Mantine out of the public site (it draws with its UI kit), but for its two overlays', async () => {
    const code = "import { Button } from '@mantine/core';\nexport const Press = Button;\n";
    const mantine = [
      expect.stringContaining(
        'The public site draws with its UI kit (src/client/site/ui/); Mantine only in the named overlay islands',
      ),
    ];
    expect(await rulesFiredOn(code, 'src/client/site/news/Example.tsx')).toEqual(mantine);
    expect(
      await rulesFiredOn(
        "import type { ButtonProps } from '@mantine/core';\nexport type P = ButtonProps;\n",
        'src/client/site/ui/Example.tsx',
      ),
    ).toEqual(mantine);
    expect(await rulesFiredOn(code, 'src/client/site/layout/MenuDrawer.tsx')).toEqual([]);
    expect(await rulesFiredOn(code, 'src/client/site/gallery/Lightbox.tsx')).toEqual([]);
    expect(await rulesFiredOn(code, 'src/client/admin/Example.tsx')).toEqual([]);
    expect(
      await rulesFiredOn("import { Button } from '../ui';\nexport const Press = Button;\n", 'src/client/site/news/Example.tsx'),
    ).toEqual([]);
  });

  it('refuses a value import cycle, one through a dynamic import() too, and lets a type-only one be', async () => {
    const dir = fs.mkdtempSync(path.join('src', 'client', 'cycle-probe-'));
    try {
      const write = (name: string, code: string) => fs.writeFileSync(path.join(dir, name), code);
      write('registry.ts', "export const load = () => import('./viewer');\nexport type Name = 'viewer';\n");
      write('island.ts', "import { load } from './registry';\nexport const island = load;\n");
      write('viewer.ts', "import { island } from './island';\nexport const viewer = island;\n");
      write('typed.ts', "import type { Name } from './registry';\nexport const name: Name = 'viewer';\n");
      const results = await eslint.lintFiles([dir]);
      const cycles = (file: string) =>
        results
          .find((result) => result.filePath.endsWith(file))!
          .messages.filter((message) => message.ruleId === 'import-x/no-cycle');
      expect(cycles('registry.ts')).toHaveLength(1); // the dynamic import starts the cycle
      expect(cycles('island.ts')).toHaveLength(1);
      expect(cycles('viewer.ts')).toHaveLength(1);
      expect(cycles('typed.ts')).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
