/** The connections the app opens: settings every statement relies on. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('openDatabase', () => {
  it('opens connections without JIT compilation, on every connection of the pool', async () => {
    const clients = await Promise.all([t.database.pool.connect(), t.database.pool.connect()]);
    try {
      for (const c of clients) expect((await c.query('SHOW jit')).rows[0]).toEqual({ jit: 'off' });
    } finally {
      for (const c of clients) c.release();
    }
  });
});
