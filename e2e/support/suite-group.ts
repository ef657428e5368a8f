/**
 * Runs several browser suites in one process, on one server (`npm test`, scripts/test.mjs):
 * E2E_GROUP names them (e2e/tests/<name>.test.ts, comma-separated). Each suite runs inside a
 * describe of its name, so its before/after hooks stay its own and the suites run one after
 * another, in the order given; only the server is shared (startServer in support/server.ts).
 */
import path from 'node:path';
import { after, describe } from 'node:test';
import { stopSharedServer } from './server';

process.env.E2E_SHARED_SERVER = '1';
const names = (process.env.E2E_GROUP ?? '').split(',').filter(Boolean);
if (names.length === 0) throw new Error('E2E_GROUP names no suite');

for (const name of names) {
  describe(name, async () => {
    await import(path.join(import.meta.dirname, '..', 'tests', `${name}.test.ts`));
  });
}
after(stopSharedServer);
