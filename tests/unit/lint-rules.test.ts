/** The project's lint rules that keep one listing of each thing: they fire on a second one. */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();
const rulesFiredOn = async (code: string, filePath: string) =>
  (await eslint.lintText(code, { filePath })).flatMap((result) => result.messages.map((m) => m.message));

describe('lint', () => {
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
});
