// Development and tests run the server from its TypeScript sources: a worker started from
// them registers tsx first, then loads its entry (workerData.entry). The built server
// starts its bundled worker directly and never loads this file.
import { workerData } from 'node:worker_threads';

const { register } = await import('tsx/esm/api');
register();
await import(workerData.entry);
