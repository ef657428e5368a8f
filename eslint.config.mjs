// ESLint runs the security rules (eslint-plugin-security) and the project's own rules
// (scripts/eslint/); Biome does the rest of the linting and the formatting. Server and
// contract code: what handles outside input.
import tsParser from '@typescript-eslint/parser';
import security from 'eslint-plugin-security';
import local from './scripts/eslint/foreign-tables.mjs';

export default [
  // Built bundles carry the sources' eslint comments without the plugin's scope.
  { ignores: ['**/dist/**'] },
  {
    files: ['apps/server/src/**/*.ts', 'packages/contract/src/**/*.ts'],
    // *.matrix.ts: an area's permission-matrix rows, test code that the server never loads.
    ignores: ['**/*.test.ts', '**/*.matrix.ts', 'apps/server/src/db/migrations/**'],
    languageOptions: { parser: tsParser, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { security },
    rules: {
      ...security.configs.recommended.rules,
      // Flags every obj[key]; keys here are typed unions or come from zod-validated input,
      // and the rule cannot tell. The fuzz suite is the check on request-driven lookups.
      'security/detect-object-injection': 'off',
    },
  },
  // An area's SQL names only its own tables (apps/server/README.md, "Data layer").
  // Demo seed steps (*.seed.ts, sales/seed/) are skipped like the test fixtures: they write the
  // demo rows an area's own stand on (a listing's shop, an order's listing), as src/seed/ did.
  {
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.fixtures.ts', '**/*.matrix.ts', '**/*.seed.ts', 'apps/server/src/modules/*/seed/**'],
    languageOptions: { parser: tsParser, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { local },
    rules: { 'local/no-foreign-tables': 'error' },
  },
];
