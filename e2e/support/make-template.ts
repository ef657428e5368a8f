/**
 * `node --import tsx e2e/support/make-template.ts DIR`: prepares the data directory every
 * browser suite copies (see startServer). scripts/test.mjs runs it once after the build.
 */
import { makeDataTemplate } from './server';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: make-template.ts DIR');
  process.exit(2);
}
const t0 = Date.now();
await makeDataTemplate(dir);
console.log(`browser suites' data template ready in ${dir} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
