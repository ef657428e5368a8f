/**
 * Prints (or with --write, rewrites) foreign-tables.baseline.json from the code as it is:
 * for each file of apps/server/src/modules, the foreign tables its SQL names today.
 * Use it to drop entries after moving reads to a published reads file; a change that adds
 * entries is a new cross-area dependency and is refused in review (docs/decisions.md).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import tsParser from '@typescript-eslint/parser';
import { Linter } from 'eslint';
import plugin, { BASELINE_FILE, baselineKey, REPO_ROOT, readOwnership } from './foreign-tables.mjs';

function* sources(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(full);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.fixtures.ts')) yield full;
  }
}

const owners = readOwnership();
const linter = new Linter({ configType: 'flat' });
const config = [
  {
    files: ['**/*.ts'],
    languageOptions: { parser: tsParser, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { local: plugin },
    rules: { 'local/no-foreign-tables': ['error', { owners, baseline: {} }] },
  },
];
const baseline = {};
for (const file of sources(path.join(REPO_ROOT, 'apps', 'server', 'src', 'modules'))) {
  const messages = linter.verify(readFileSync(file, 'utf8'), config, file);
  const tables = new Set();
  for (const m of messages) {
    const t = /names the table (\w+)/.exec(m.message);
    if (t) tables.add(t[1]);
    else if (m.fatal) throw new Error(`${file}: ${m.message}`);
  }
  if (tables.size) baseline[baselineKey(file)] = [...tables].sort();
}
const sorted = Object.fromEntries(Object.entries(baseline).sort(([a], [b]) => a.localeCompare(b)));
const text = `${JSON.stringify(sorted, null, 2)}\n`;
if (process.argv.includes('--write')) {
  writeFileSync(BASELINE_FILE, text);
  // In the layout Biome checks.
  execFileSync('npx', ['biome', 'format', '--write', BASELINE_FILE], { cwd: REPO_ROOT, stdio: 'ignore' });
} else process.stdout.write(text);
console.error(`${Object.keys(sorted).length} files, ${Object.values(sorted).flat().length} file-table pairs`);
