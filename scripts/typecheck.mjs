/**
 * `npm run typecheck`: every package's types, with TypeScript 7 (the native compiler in
 * tools/typecheck; `npx tsc` stays TypeScript 5.9, whose JavaScript API typescript-eslint uses).
 */
import path from 'node:path';
import { root, run } from './lib.mjs';

const tsc7 = path.join(root, 'tools', 'typecheck', 'node_modules', '.bin', 'tsc');
for (const p of ['packages/contract', 'apps/server', 'apps/web', 'e2e', 'bench']) {
  const code = await run(tsc7, ['-p', p, '--noEmit']);
  if (code !== 0) process.exit(code);
}
