/**
 * `npm run entity:new` (scripts/entity-new.ts), run for real in a copy of the repository: the
 * entity it adds type-checks with everything else, is served by the admin API and the public
 * reads from its own migration, and has its back-office screens; and a name it must not take is
 * refused with nothing written. The copy is the tracked files as they are in this checkout, with
 * this checkout's node_modules linked in.
 */
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const NAME = 'press-releases';

/** Runs `node --import tsx <script> …args` in `cwd`: its exit code and output, failing or not. */
async function tsx(cwd: string, script: string, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', script, ...args], { cwd, maxBuffer: 1 << 24 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

/** Made and run in the copy, so it imports the copy's code: the registry with the new entity in it. */
const CHECK = `
import { adminEntityByPath } from './src/client/admin/admin-entities';
import { ADMIN_SCREENS } from './src/client/admin/layout/admin-screens';
import { startTestApp } from './tests/api/harness';

const t = await startTestApp('sqlite');
try {
  const created = await t.admin('POST', '/cms/api/${NAME}', { title: 'Annual report is out', content: '<p>Read it.</p>', status: 1 });
  const hidden = await t.admin('POST', '/cms/api/${NAME}', { title: 'Draft release', status: 0 });
  const id = created.json().data?.id;
  const read = await t.admin('GET', '/cms/api/${NAME}/' + id);
  const list = await t.visitor('GET', '/cms/${NAME}');
  const detail = await t.visitor('GET', '/cms/${NAME}/' + read.json().data?.slug);
  const entity = adminEntityByPath('${NAME}');
  console.log(JSON.stringify({
    created: [created.statusCode, hidden.statusCode],
    read: [read.statusCode, read.json().data],
    list: [list.statusCode, list.json().data?.data?.map((row) => row.title)],
    detail: [detail.statusCode, detail.json().data?.content],
    screen: ADMIN_SCREENS.find((screen) => screen.path === '${NAME}'),
    entity: entity && { resource: entity.def.resource, canCreate: entity.canCreate, canEdit: entity.canEdit },
  }));
} finally {
  await t.close();
}
`;

describe('npm run entity:new', () => {
  let dir: string;
  /** The migrations' highest number before the run. */
  let lastMigration: number;
  const file = (name: string) => path.join(dir, name);
  const read = (name: string) => fs.readFileSync(file(name), 'utf8');

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'orgsite-entity-new-'));
    const tracked = execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8' }).split('\0').filter(Boolean);
    for (const name of tracked) {
      if (!fs.existsSync(name)) continue; // deleted in this checkout, not yet committed
      fs.mkdirSync(path.dirname(file(name)), { recursive: true });
      fs.copyFileSync(name, file(name));
    }
    fs.symlinkSync(fs.realpathSync('node_modules'), file('node_modules'), 'dir');
    lastMigration = Math.max(...fs.readdirSync(file('src/server/db/migrations')).map((name) => parseInt(name, 10)));
  });
  afterAll(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('adds a public entity that type-checks, is served from its migration, and has its back-office screens', async () => {
    const made = await tsx(dir, 'scripts/entity-new.ts', NAME, '--public');
    expect(made.code, made.stdout + made.stderr).toBe(0);

    const migration = `src/server/db/migrations/${String(lastMigration + 1).padStart(3, '0')}_press_releases.ts`;
    for (const written of [`src/shared/entities/${NAME}.ts`, migration]) expect(made.stdout).toContain(written);
    expect(read(`src/shared/entities/${NAME}.ts`)).toContain('public: { list: { size: 10 }, detail: true }');
    expect(read('src/shared/entities/index.ts')).toContain(`'${NAME}': pressReleases,`);
    expect(read('src/server/db/migrate.ts')).toContain(`'${path.basename(migration, '.ts')}': pressReleasesTable,`);
    expect(read(migration)).toContain("{ name: 'press_releases_app_slug_uq', columns: ['app_key', 'slug'], unique: true }");
    expect(read('src/client/admin/i18n/terms-bn.ts')).toMatch(
      /'Press Releases': UNTRANSLATED,\n\s*'Press Release': UNTRANSLATED,/,
    );
    expect(read('src/shared/api/schema.ts')).toContain(`"/cms/api/${NAME}/{id}": {`);

    fs.writeFileSync(file('check-entity.ts'), CHECK);
    const [typecheck, check] = await Promise.all([
      run(process.execPath, [file('node_modules/typescript/bin/tsc'), '--noEmit', '-p', 'tsconfig.json'], { cwd: dir }).then(
        () => ({ code: 0, stdout: '' }),
        (error: { code?: number; stdout?: string }) => ({ code: error.code ?? 1, stdout: error.stdout ?? '' }),
      ),
      tsx(dir, 'check-entity.ts'),
    ]);
    expect(typecheck.code, typecheck.stdout).toBe(0);
    expect(check.code, check.stderr).toBe(0);
    const result = JSON.parse(check.stdout.trim().split('\n').at(-1)!);
    expect(result.created).toEqual([201, 201]);
    expect(result.read[0]).toBe(200);
    expect(result.read[1]).toMatchObject({ title: 'Annual report is out', slug: 'annual-report-is-out', status: 1, version: 1 });
    // Visitors see the active one only, in the list and by its slug.
    expect(result.list).toEqual([200, ['Annual report is out']]);
    expect(result.detail).toEqual([200, '<p>Read it.</p>']);
    // The back-office's list and form screens are its generic ones: the sidebar lists it and /admin/press-releases opens it.
    expect(result.screen).toMatchObject({ label: 'Press Releases', path: NAME, group: 'Content' });
    expect(result.entity).toEqual({ resource: NAME, canCreate: true, canEdit: true });
  }, 240_000);

  it('refuses a name that is taken, malformed or an address, and writes nothing', async () => {
    const registry = read('src/shared/entities/index.ts');
    const refusals = await Promise.all(
      [NAME, 'Press Releases', 'contact', 'uploads', 'api', 'dashboard', 'sessions'].map((name) =>
        tsx(dir, 'scripts/entity-new.ts', name),
      ),
    );
    expect(refusals.map((refused) => refused.code)).toEqual([1, 1, 1, 1, 1, 1, 1]);
    expect(refusals.map((refused) => refused.stderr.split('\n')[0])).toEqual([
      `entity:new: "${NAME}" exists: the entity ${NAME} (admin path ${NAME}, table press_releases) has it`,
      'entity:new: "Press Releases" is not a lower-case snake or kebab identifier (like press-releases or press_releases)',
      'entity:new: "contact" collides with a top-level address of the site (src/shared/address-space.ts): /contact is taken',
      'entity:new: "uploads" collides with a top-level address of the site (src/shared/address-space.ts): /uploads is taken',
      'entity:new: "api" collides with an address of the API (src/shared/address-space.ts): /cms/api is taken',
      'entity:new: "dashboard" collides with a back-office screen (src/client/routes/admin): /admin/dashboard is taken',
      'entity:new: "sessions" exists: the database has a table sessions',
    ]);
    expect(read('src/shared/entities/index.ts')).toBe(registry);
  }, 60_000);
});
