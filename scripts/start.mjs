/** `npm start`: build what is not built, then run the server (migrations and seeding happen there). */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildAll } from './build.mjs';
import { root } from './lib.mjs';

try {
  await buildAll();
} catch (err) {
  console.error(`Build failed: ${err.message ?? err}`);
  process.exit(1);
}
await import(pathToFileURL(path.join(root, 'apps/server/dist/main.js')).href);
