/**
 * The sender in a process of its own, for send-crash.test.ts: runs one message's batches (20
 * devices each, a pause between them so that the test can step in) with a provider that appends
 * each idempotency key it is handed to a file. Usage: send-crash.child.ts <database url> <message id> <key log>
 */
import fs from 'node:fs';
import { openDatabase } from '../../db/client';
import type { PushProvider } from './push-provider';
import { sendBatch } from './sender';

const [url, id, log] = process.argv.slice(2);
if (!url || !id || !log) throw new Error('usage: send-crash.child.ts <database url> <message id> <key log>');
const database = openDatabase(url, { max: 2 });
const recording: PushProvider = {
  name: 'recording',
  async send(_delivery, key) {
    // eslint-disable-next-line security/detect-non-literal-fs-filename -- the test's own temp file, named on the command line
    fs.appendFileSync(log, `${key}\n`);
  },
};
for (;;) {
  const r = await sendBatch(database.db, recording, Number(id), { batchSize: 20 });
  process.stdout.write(`${r.outcome}\n`);
  if (r.outcome !== 'more') break;
  await new Promise((resolve) => setTimeout(resolve, 40));
}
await database.close();
