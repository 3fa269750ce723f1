/**
 * `npm run entity:new -- <name> [--public] [--scheduled]`: adds an entity in one command
 * (docs/adding-an-entity.md). It writes a starter definition, registers it, writes the migration
 * that makes its table (columns and indexes derived from the definition by server/db/entity-tables.ts,
 * written out as data) with the next free number, lists its words in the Bangla terms table as
 * untranslated, and regenerates the API types by running `npm run api:types`'s script.
 *
 * A name that is taken (an entity, a table, a definition file), is not a lower-case snake or kebab
 * identifier, or is an address the site or the back-office owns is refused before anything is
 * written; a step that fails undoes what the run wrote.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as prettier from 'prettier';
import { sql } from 'kysely';
import { ADMIN_API_PATH, API_DOCS_PATH, APP_PATHS, RESERVED_SEGMENTS, SERVER_PATHS } from '../src/shared/address-space';
import { ENTITIES, type EntityDef } from '../src/shared/entities';
import { ADMIN_SCREENS } from '../src/client/admin/layout/admin-screens';
import { definitionWords, isCode } from '../src/client/admin/i18n/definition-words';
import { termsBn } from '../src/client/admin/i18n/terms-bn';
import { openDatabase } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import { type EntityTableSpec, entityTableSpec } from '../src/server/db/entity-tables';

const ROOT = path.resolve(import.meta.dirname, '..');
const at = (...parts: string[]) => path.join(ROOT, ...parts);
const FILES = {
  entities: at('src/shared/entities'),
  registry: at('src/shared/entities/index.ts'),
  migrations: at('src/server/db/migrations'),
  migrate: at('src/server/db/migrate.ts'),
  terms: at('src/client/admin/i18n/terms-bn.ts'),
  adminRoutes: at('src/client/routes/admin'),
  apiTypesScript: at('scripts/api-types.ts'),
  schema: at('src/shared/api/schema.ts'),
};

/** Lower-case words joined by `-` or `_`, starting with a letter: a resource, a table and an address segment at once. */
const NAME = /^[a-z][a-z0-9]*(?:[-_][a-z0-9]+)*$/;
/** Index names add up to 16 characters to the table's, and PostgreSQL cuts names at 63. */
const MAX_NAME = 40;
/** Words a `const` cannot be called, and the names the definition file imports. */
const NOT_IDENTIFIERS = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends false finally for function if ' +
    'implements import in instanceof interface let new null package private protected public return static super switch this ' +
    'throw true try typeof var void while with yield await f defineEntity'
  ).split(' '),
);
const UNTRANSLATED_SECTION =
  '// Not translated yet (npm run entity:new): shown in English until each UNTRANSLATED is replaced by its Bangla';

class Refusal extends Error {}

interface Options {
  name: string;
  public: boolean;
  scheduled: boolean;
}

function parseArgs(argv: string[]): Options {
  const flags = argv.filter((arg) => arg.startsWith('-'));
  const names = argv.filter((arg) => !arg.startsWith('-'));
  const unknown = flags.filter((flag) => flag !== '--public' && flag !== '--scheduled');
  if (names.length !== 1 || unknown.length > 0) {
    throw new Refusal(
      `usage: npm run entity:new -- <name> [--public] [--scheduled]${unknown.length ? ` (unknown: ${unknown.join(' ')})` : ''}`,
    );
  }
  return { name: names[0]!, public: flags.includes('--public'), scheduled: flags.includes('--scheduled') };
}

const words = (name: string) => name.split(/[-_]/);
const camelCase = (name: string) =>
  words(name)
    .map((w, i) => (i === 0 ? w : w[0]!.toUpperCase() + w.slice(1)))
    .join('');
const titleCase = (name: string) =>
  words(name)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ');
/** 'press-releases' → 'Press Release', 'categories' → 'Category'; a name it cannot tell stays as it is. */
function singular(title: string): string {
  if (/ies$/.test(title)) return title.replace(/ies$/, 'y');
  if (/(ss|x|ch|sh)es$/.test(title)) return title.replace(/es$/, '');
  if (/[^s]s$/.test(title)) return title.slice(0, -1);
  return title;
}

/** The path segments something other than an entity answers at: [what owns them, the path they are below, the segments]. */
function ownedSegments(): [string, string, string[]][] {
  const cmsOwn = [ADMIN_API_PATH, API_DOCS_PATH].map((p) => p.slice(SERVER_PATHS.api.length + 1));
  const adminOwn = [
    ...ADMIN_SCREENS.map((screen) => screen.path.split('/')[0]!),
    ...fs.readdirSync(FILES.adminRoutes).map((file) => file.replace(/\.tsx?$/, '')),
  ].filter((segment) => !segment.startsWith('$') && segment !== 'route' && segment !== 'index');
  return [
    ['a top-level address of the site (src/shared/address-space.ts)', '', [...RESERVED_SEGMENTS]],
    ['an address of the API (src/shared/address-space.ts)', SERVER_PATHS.api, cmsOwn],
    ['a back-office screen (src/client/routes/admin)', APP_PATHS.admin, adminOwn],
  ];
}

/** The tables the migrations make, entity tables or not (sessions, files, search tables …). */
async function migratedTables(): Promise<string[]> {
  const database = openDatabase('sqlite::memory:');
  try {
    await migrateToLatest(database.db);
    const { rows } = await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(database.db);
    return rows.map((row) => row.name);
  } finally {
    await database.close();
  }
}

/** Refuses a name that is malformed, taken or owned by an address; answers nothing when it is free. */
async function checkName(name: string): Promise<void> {
  if (!NAME.test(name)) {
    throw new Refusal(`"${name}" is not a lower-case snake or kebab identifier (like press-releases or press_releases)`);
  }
  if (name.length > MAX_NAME) throw new Refusal(`"${name}" is longer than ${MAX_NAME} characters`);
  const table = name.replace(/-/g, '_');
  const identifier = camelCase(name);
  for (const def of Object.values(ENTITIES) as EntityDef[]) {
    if ([def.resource, def.adminPath, def.table].some((taken) => taken === name || taken === table)) {
      throw new Refusal(`"${name}" exists: the entity ${def.resource} (admin path ${def.adminPath}, table ${def.table}) has it`);
    }
  }
  if (fs.existsSync(path.join(FILES.entities, `${name}.ts`))) {
    throw new Refusal(`"${name}" exists: src/shared/entities/${name}.ts is there already`);
  }
  const registry = fs.readFileSync(FILES.registry, 'utf8');
  if (NOT_IDENTIFIERS.has(identifier) || new RegExp(`\\b${identifier}\\b`).test(registry)) {
    throw new Refusal(`"${name}" cannot be used: its definition would be called ${identifier}, which is taken or reserved`);
  }
  for (const [owner, below, segments] of ownedSegments()) {
    if (segments.includes(name)) throw new Refusal(`"${name}" collides with ${owner}: ${below}/${name} is taken`);
  }
  if ((await migratedTables()).includes(table)) throw new Refusal(`"${name}" exists: the database has a table ${table}`);
}

/** The starter definition, in the existing definitions' style. */
function definitionSource(options: Options): string {
  const { name } = options;
  const title = titleCase(name);
  const lines = [
    `import { defineEntity, f } from './define';`,
    ``,
    `export const ${camelCase(name)} = defineEntity({`,
    `  resource: '${name}',`,
    `  title: '${title}',`,
    `  formTitle: '${singular(title)}',`,
    ...(options.public ? [`  public: { list: { size: 10 }, detail: true },`] : []),
    `  labelField: 'title',`,
    ...(options.scheduled ? [`  publishedFrom: 'publish_at',`] : []),
    `  order: [`,
    `    { field: 'sort_order', dir: 'asc' },`,
    `    { field: 'id', dir: 'desc' },`,
    `  ],`,
    ...(options.public ? [`  slug: { field: 'slug', from: 'title' },`] : []),
    `  fields: {`,
    `    title: f.text('Title', { localized: true, required: true, searchable: true }),`,
    ...(options.public
      ? [
          `    slug: f.text('Slug', { localized: true, searchable: true, unique: true, hint: 'Left empty, it is made from the title' }),`,
        ]
      : []),
    `    content: f.html('Content', { localized: true }),`,
    `    thumb: f.image('Thumb'),`,
    `    sort_order: f.number('Sort Order', { min: 0, default: 0 }),`,
    `    status: f.status(),`,
    ...(options.scheduled ? [`    publish_at: f.publishAt(),`] : []),
    `  },`,
    `  columns: [`,
    `    { label: 'Title', field: 'title' },`,
    ...(options.public ? [`    { label: 'Slug', field: 'slug' },`] : []),
    `    { label: 'Order', field: 'sort_order', empty: '--' },`,
    `    { label: 'Status', field: 'status', format: 'status' },`,
    `  ],`,
    `});`,
  ];
  return `${lines.join('\n')}\n`;
}

/** The registry with the new definition imported (in its place among the imports, by path) and listed last in ENTITIES. */
function registered(source: string, name: string): string {
  const identifier = camelCase(name);
  const lines = source.split('\n');
  const start = lines.findIndex((line) => line.startsWith('export const ENTITIES'));
  const end = lines.findIndex((line, i) => i > start && line.startsWith('}'));
  if (start === -1 || end === -1) throw new Error('could not find ENTITIES in src/shared/entities/index.ts');
  const key = identifier === name ? name : /^[a-z][a-z0-9_]*$/.test(name) ? `${name}: ${identifier}` : `'${name}': ${identifier}`;
  lines.splice(end, 0, `  ${key},`);
  const imports = lines
    .slice(0, start)
    .map((line, i) => [i, /^import .* from '\.\/([^']+)';$/.exec(line)?.[1]] as const)
    .filter((entry): entry is readonly [number, string] => entry[1] !== undefined);
  if (imports.length === 0) throw new Error('could not find the imports of src/shared/entities/index.ts');
  const after = imports.find(([, from]) => from > name);
  lines.splice(after ? after[0] : imports.at(-1)![0] + 1, 0, `import { ${identifier} } from './${name}';`);
  return lines.join('\n');
}

function nextMigrationNumber(): string {
  const numbers = fs
    .readdirSync(FILES.migrations)
    .map((file) => /^(\d+)_/.exec(file)?.[1])
    .filter((n): n is string => n !== undefined)
    .map(Number);
  return String(Math.max(0, ...numbers) + 1).padStart(3, '0');
}

/** The spec as source: a property a line, each index on one line of its own. */
function specLines(spec: EntityTableSpec): string {
  return Object.entries(spec)
    .map(([key, value]) =>
      key === 'indexes'
        ? `  indexes: [\n${spec.indexes.map((index) => `    ${JSON.stringify(index)},`).join('\n')}\n  ],`
        : `  ${key}: ${JSON.stringify(value)},`,
    )
    .join('\n');
}

function migrationSource(def: EntityDef, spec: EntityTableSpec): string {
  return `/**
 * The ${def.title} entity's table (src/shared/entities/${def.resource}.ts), written by \`npm run entity:new\`:
 * its columns and the indexes its reads need, derived from the definition by server/db/entity-tables.ts
 * and written out here, so this migration keeps making the table it made when the definition changes
 * (a later change is a migration of its own).
 */
import type { Kysely } from 'kysely';
import { createEntityTable, dropEntityTable, type EntityTableSpec } from '../entity-tables';

const TABLE: EntityTableSpec = {
${specLines(spec)}
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await createEntityTable(db, TABLE);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropEntityTable(db, TABLE);
}
`;
}

function withMigration(source: string, migration: string, alias: string): string {
  const lines = source.split('\n');
  const lastImport = lines
    .map((line, i) => (line.startsWith('import * as ') && line.includes("'./migrations/") ? i : -1))
    .reduce((a, b) => Math.max(a, b));
  if (lastImport === -1) throw new Error('could not find the migrations imported in src/server/db/migrate.ts');
  lines.splice(lastImport + 1, 0, `import * as ${alias} from './migrations/${migration}';`);
  const start = lines.findIndex((line) => line.startsWith('const MIGRATIONS'));
  const end = lines.findIndex((line, i) => i > start && line === '};');
  if (start === -1 || end === -1) throw new Error('could not find MIGRATIONS in src/server/db/migrate.ts');
  lines.splice(end, 0, `  '${migration}': ${alias},`);
  return lines.join('\n');
}

const quotedKey = (word: string) =>
  /^[A-Za-z_$][\w$]*$/.test(word) ? word : `'${word.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** The terms table with `missing` words marked untranslated, in its last part. */
function withTerms(source: string, missing: string[]): string {
  const lines = source.split('\n');
  const end = lines.map((line, i) => (line === '};' ? i : -1)).reduce((a, b) => Math.max(a, b));
  if (end === -1) throw new Error('could not find the end of termsBn in src/client/admin/i18n/terms-bn.ts');
  const entries = missing.map((word) => `  ${quotedKey(word)}: UNTRANSLATED,`);
  const section = lines.some((line) => line.trim() === UNTRANSLATED_SECTION) ? [] : ['', `  ${UNTRANSLATED_SECTION}`];
  lines.splice(end, 0, ...section, ...entries);
  return lines.join('\n');
}

async function formatted(file: string, source: string): Promise<string> {
  const config = (await prettier.resolveConfig(file)) ?? {};
  return prettier.format(source, { ...config, filepath: file });
}

async function main(argv: string[]): Promise<number> {
  const options = parseArgs(argv);
  await checkName(options.name);
  const { name } = options;

  /** Each file this run touched, with what it held before (undefined: it is new). */
  const before = new Map<string, string | undefined>();
  const write = async (file: string, source: string) => {
    if (!before.has(file)) before.set(file, fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined);
    fs.writeFileSync(file, await formatted(file, source));
  };
  const undo = () => {
    for (const [file, source] of before) {
      if (source === undefined) fs.rmSync(file, { force: true });
      else fs.writeFileSync(file, source);
    }
  };

  try {
    const definitionFile = path.join(FILES.entities, `${name}.ts`);
    await write(definitionFile, definitionSource(options));
    const module = (await import(pathToFileURL(definitionFile).href)) as Record<string, EntityDef>;
    const def = module[camelCase(name)]!;
    await write(FILES.registry, registered(fs.readFileSync(FILES.registry, 'utf8'), name));

    const migration = `${nextMigrationNumber()}_${def.table}`;
    const migrationFile = path.join(FILES.migrations, `${migration}.ts`);
    const registry = [...(Object.values(ENTITIES) as EntityDef[]), def];
    const spec = entityTableSpec(def, registry);
    await write(migrationFile, migrationSource(def, spec));
    await write(FILES.migrate, withMigration(fs.readFileSync(FILES.migrate, 'utf8'), migration, `${camelCase(name)}Table`));

    const missing = definitionWords(def).filter((word) => !isCode(word) && !(word in termsBn));
    if (missing.length > 0) await write(FILES.terms, withTerms(fs.readFileSync(FILES.terms, 'utf8'), missing));

    // A process of its own: this one has the registry as it was before the new entity.
    before.set(FILES.schema, fs.readFileSync(FILES.schema, 'utf8'));
    const types = spawnSync(process.execPath, ['--import', 'tsx', FILES.apiTypesScript], { cwd: ROOT, encoding: 'utf8' });
    if (types.status !== 0) throw new Error(`npm run api:types failed:\n${types.stdout}${types.stderr}`);

    const relative = (file: string) => path.relative(ROOT, file);
    const print = (line = '') => console.log(line);
    print(`Added the entity ${name}${options.public ? ' (public)' : ''}${options.scheduled ? ' (scheduled)' : ''}.`);
    print();
    print('Wrote:');
    print(`  ${relative(definitionFile)}   its definition`);
    print(`  ${relative(migrationFile)}   its table: ${Object.keys(spec.columns).join(', ')}`);
    for (const index of spec.indexes)
      print(`      index ${index.name} (${index.columns.join(', ')})${index.unique ? ' unique' : ''}`);
    if (spec.search.length > 0) print(`      search index on ${spec.search.join(', ')}`);
    print('Edited:');
    print(`  ${relative(FILES.registry)}   registered in ENTITIES (its API, rights and back-office screens follow)`);
    print(`  ${relative(FILES.migrate)}   runs ${migration}`);
    if (missing.length > 0)
      print(
        `  ${relative(FILES.terms)}   ${missing.length === 1 ? 'a word' : `${missing.length} words`} marked UNTRANSLATED: ${missing.join(', ')}`,
      );
    print(`  ${relative(FILES.schema)}   regenerated (npm run api:types)`);
    print();
    print('Next, by hand (docs/adding-an-entity.md):');
    print(`  1. Shape ${relative(definitionFile)}: its fields, columns, order, admin group. Before the migration has`);
    print(`     run anywhere, make its TABLE match (tests/api/schema.test.ts says where they differ); after, add a migration.`);
    print(`  2. Put the Bangla of each UNTRANSLATED word in ${relative(FILES.terms)}.`);
    print('  3. Run `npm run api:types` again after changing the definition.');
    if (options.public) {
      print(`  4. A page for each record on the site: add path: '/${name}/:slug' (and sitemap: true) to its public block;`);
      print(`     a screen of its own: src/client/site/detail/screens/${name}.tsx. A home section showing them:`);
      print('     a template in src/client/site/home/sections/registry.ts.');
    }
    print('  Then: npx tsc --noEmit -p tsconfig.json, and the unit and API tests.');
    return 0;
  } catch (error) {
    undo();
    throw error;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  try {
    process.exitCode = await main(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Refusal ? `entity:new: ${error.message}` : error);
    console.error(error instanceof Refusal ? 'Nothing was written.' : 'What this run wrote has been undone.');
    process.exitCode = 1;
  }
}
