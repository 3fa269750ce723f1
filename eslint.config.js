// @ts-check
/**
 * Lint rules, run by `npm test`. Besides the recommended sets, the import rules keep the layers
 * of DESIGN.md apart: shared → server, shared → client, machines import no app code, the public
 * site never reaches into the admin, and no module imports itself in a cycle.
 */
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

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
    },
    // Server, scripts and browser code share the repository; tsc checks which globals each may use.
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-self-import': 'error',
      'import-x/no-duplicates': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: LAYERS.flatMap(([target, from]) =>
            from.map((source) => ({
              target,
              from: source,
              message: `${target} may not import ${source} (DESIGN.md: imports run one way)`,
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
    files: ['src/client/**/*.tsx', 'src/client/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  prettier,
);
