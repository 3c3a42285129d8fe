// Lint, including the one-way data flow: schemas → definitions → engine | server | codegen; src wires them.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  // The client package is a Node package generated from codegen/clientPackage/, which is linted as source.
  // Folders that change while a lint runs beside the tests must not be walked: ESLint lists a folder, then fails with
  // exit 2 when a file in it is gone (CI failed so on the ClickHouse shards' data under .clickhouse/, whose parts merge
  // and vanish, and could on the add-area API test's catalog written beside the shell's for a moment).
  {
    ignores: [
      'dist/**', 'node_modules/**', 'docs/**', 'coverage/**', '.data*/**', '.tmp/**', '.clickhouse/**',
      'engine/generated/portal-client/**', 'src/shell/.add-area-*',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // The build does not run the React compiler, so "compilation skipped" notices say nothing about our code.
      'react-hooks/incompatible-library': 'off',
    },
  },
  {
    files: ['scripts/**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
  {
    files: ['schemas/**/*.ts'],
    rules: restrict([
      { group: ['react', 'react-dom', '@mantine/*', 'node:*', 'fastify', 'pg', '@electric-sql/*'], message: 'schemas/ is isomorphic: no React, no Node.' },
      { group: ['**/definitions/**', '**/engine/**', '**/server/**', '**/src/**', '**/codegen/**'], message: 'schemas/ imports nothing downstream.' },
    ]),
  },
  {
    files: ['definitions/**/*.ts'],
    ignores: ['definitions/**/*.test.ts'],
    rules: restrict([
      { group: ['react', 'react-dom', '@mantine/*', 'node:*', 'fastify'], message: 'definitions/ knows nothing of React or Node.' },
      { group: ['**/engine/**', '**/server/**', '**/src/**', '**/codegen/**'], message: 'definitions/ imports only schemas/.' },
    ]),
  },
  {
    files: ['engine/**/*.{ts,tsx}'],
    ignores: ['engine/**/*.test.{ts,tsx}'],
    rules: restrict([
      {
        group: ['**/definitions/index', '**/definitions/api/**', '**/definitions/policy/**', '**/definitions/settings/**', '**/definitions/logs/**', '**/definitions/reports/**'],
        message: 'The engine never imports a particular definition; it receives the registry from src/.',
      },
      // The folder itself is the registry; its types (define.ts, registry.ts) stay importable.
      { regex: '(^|/)definitions/?$', message: 'The engine never imports the registry; it receives it from src/.' },
      { group: ['**/server/**', '**/src/**', '**/codegen/**', 'node:*'], message: 'engine/ is browser code below src/.' },
    ]),
  },
  {
    files: ['server/**/*.ts'],
    rules: restrict([
      { group: ['react', 'react-dom', '@mantine/*', '**/engine/**', '**/src/**'], message: 'server/ does not depend on the UI.' },
    ]),
  },
);
