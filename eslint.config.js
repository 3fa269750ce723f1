// @ts-check
/**
 * Lint rules, run by `npm test`. Besides the recommended sets, the import rules keep the layers
 * of docs/architecture.md apart: shared → server, shared → client, machines import no app code, the public
 * site never reaches into the admin, and no module imports itself in a cycle.
 */
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** The top-level paths of the address space, as an esquery regex: the exact path as a string … */
const TOP_LEVEL = 'admin|app-shell|cms|uploads|assets|sitemap\\.xml|robots\\.txt|analytics\\.js|manifest\\.webmanifest|sw\\.js';
const TOP_LEVEL_PATH = `/^\\/(${TOP_LEVEL})$/`;
/** … or a pattern that starts by listing them (`/^\/(admin|cms)(\/|$)/`). */
const TOP_LEVEL_PATTERN = `/^\\^\\\\\\/\\((${TOP_LEVEL})\\b/`;

/** The public site's overlays, which keep Mantine's Drawer and Modal (the rest draws with site/ui/). */
const SITE_MANTINE_OVERLAYS = ['src/client/site/layout/MenuDrawer.tsx', 'src/client/site/gallery/Lightbox.tsx'];
/** The files drawn inside a kept part (src/client/islands/KeptPart.tsx): the header, the footer, home and page sections. */
const KEPT_PART_FILES = [
  'src/client/site/layout/{Header,Footer,MegaMenu,MenuLinks,MobileMenu,MenuDrawer,LanguageSwitcher,SubscribeBox}.tsx',
  'src/client/site/home/sections/**',
  'src/client/site/page/PageSection.tsx',
  'src/client/site/widgets/**',
];
const KEPT_PART_MESSAGE =
  'Drawn inside a kept part: take it as a prop from outside the part, where it becomes one of its inputs (src/client/islands/KeptPart.tsx).';
const SITE_MANTINE_BAN = {
  name: '@mantine/core',
  message: 'The public site draws with its UI kit (src/client/site/ui/); Mantine only in the named overlay islands',
};
/** The router's hooks that read where the router is or what it loaded. */
const ROUTER_STATE_HOOKS = [
  'useRouter',
  'useRouterState',
  'useMatches',
  'useMatch',
  'useLocation',
  'useParams',
  'useSearch',
  'useLoaderData',
  'useRouteContext',
  'useNavigate',
];

/** What a file drawn inside a kept part may not import. */
const KEPT_PART_BANS = {
  paths: [
    { name: '@tanstack/react-query', allowTypeImports: true, message: KEPT_PART_MESSAGE },
    { name: '@tanstack/react-router', importNames: ROUTER_STATE_HOOKS, message: KEPT_PART_MESSAGE },
  ],
  patterns: [
    { group: ['**/api/queries'], message: KEPT_PART_MESSAGE },
    {
      group: ['**/site/locale', '../locale', '../../locale'],
      importNames: ['useLanguages', 'useTextLanguage'],
      message: KEPT_PART_MESSAGE,
    },
  ],
};

/** [the layer, what it may not import]. */
const LAYERS = [
  ['./src/shared', ['./src/server', './src/client', './machines']],
  ['./src/server', ['./src/client', './machines']],
  ['./src/client', ['./src/server']],
  ['./machines', ['./src']],
  ['./src/client/site', ['./src/client/admin']],
];

export default tseslint.config(
  { ignores: ['dist/**', '.tmp/**', 'data/**', 'node_modules/**', 'src/client/routeTree.gen.ts', 'dev-dist/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
      // The imported modules are parsed too (to follow a cycle through them): TypeScript's parser reads them.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts', '.cts'] },
    },
    // Server, scripts and browser code share the repository; tsc checks which globals each may use.
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // Our own modules only: following imports into node_modules cost most of the lint's time, and a
      // cycle through a package is not ours to break.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-duplicates': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: LAYERS.flatMap(([target, from]) =>
            from.map((source) => ({
              target,
              from: source,
              message: `${target} may not import ${source} (docs/architecture.md: imports run one way)`,
            })),
          ),
        },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  {
    // One table of the address space (src/shared/address-space.ts): a top-level path named again
    // elsewhere, as its own string or in a pattern, is a second listing that will drift.
    files: ['src/**/*.{ts,tsx}', 'scripts/**/*.{ts,mjs}', 'vite.config.ts'],
    // Migrations are history: they keep the names they were written with.
    // TanStack Router's file routes name their own path (its generator writes it).
    ignores: [
      'src/shared/address-space.ts',
      'src/client/routeTree.gen.ts',
      'src/client/routes/**',
      'src/server/db/migrations/**',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `Literal[value=${TOP_LEVEL_PATH}]`,
          message: 'A top-level path is listed once, in src/shared/address-space.ts: import it from there.',
        },
        {
          selector: `Literal[regex.pattern=${TOP_LEVEL_PATTERN}]`,
          message: 'A pattern of top-level paths is made once, in src/shared/address-space.ts: use its helpers.',
        },
        {
          selector: "TSTypeReference[typeName.name='Kysely'] > TSTypeParameterInstantiation > TSAnyKeyword",
          message:
            'Kysely<any> only in migrations: code serving every entity uses Kysely<LooseTables> (src/server/db/schema.ts).',
        },
      ],
    },
  },
  {
    // The public site draws with its UI kit (src/client/site/ui/, issue #54): Mantine's components
    // only where its overlay machinery (focus trap, scroll lock, portal) is needed. A rule of its
    // own, not in the no-restricted-syntax list above, which other files share.
    files: ['src/client/site/**/*.{ts,tsx}'],
    ignores: SITE_MANTINE_OVERLAYS,
    rules: { 'no-restricted-imports': ['error', { paths: [SITE_MANTINE_BAN] }] },
  },
  {
    // Kept parts (src/client/islands/KeptPart.tsx): what is drawn inside one is reused by later
    // renders whose inputs are the same, so it may draw only what it is given. Reading the query
    // cache, the router's state or a page's reads from inside would show through a kept copy stale;
    // tests/api/kept-parts.test.ts draws every page with and without them to catch what this misses.
    // The same rule as the kit's above (a later block replaces a rule's options), with these added.
    files: KEPT_PART_FILES,
    // Where a template's read is declared, for the home page to read it outside the part.
    ignores: ['src/client/site/home/sections/registry.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [...KEPT_PART_BANS.paths, SITE_MANTINE_BAN],
          patterns: KEPT_PART_BANS.patterns,
        },
      ],
    },
  },
  {
    // A kept part's overlay keeps Mantine, and the kept part's rule.
    files: SITE_MANTINE_OVERLAYS,
    rules: { 'no-restricted-imports': ['error', KEPT_PART_BANS] },
  },
  {
    // The server writes in every language at once (mail, feeds, pages): its site texts come with
    // every catalogue known. `messages/site` alone knows English until a browser fetches another.
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: 'shared/messages/site$',
              message: 'The server reads the site texts from shared/messages/site-catalogues (every language known).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/client/**/*.tsx', 'src/client/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  prettier,
);
