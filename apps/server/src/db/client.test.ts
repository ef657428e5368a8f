/**
 * The pool's two waits: opening a connection to a database that does not answer gives up
 * after 3 s (the request is answered 503), while waiting for a busy pool's connection
 * to come free is not mistaken for an outage.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneDatabase } from '../../test/harness';
import { isDbUnavailable } from '../platform/errors';
import { openDatabase } from './client';

describe('database pool', () => {
  let silent: net.Server;
  let silentPort = 0;
  const held: net.Socket[] = [];
  beforeAll(async () => {
    // Accepts connections and never says a word: a database that hangs.
    silent = net.createServer((s) => held.push(s));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    silentPort = (silent.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    for (const s of held) s.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('gives up on a database that does not answer after its connect timeout (3 s), as an outage', async () => {
    const dead = openDatabase(`postgres://postgres@127.0.0.1:${silentPort}/none`, { max: 2 });
    const t0 = Date.now();
    const err = await dead.pool.query('select 1').catch((e: unknown) => e);
    const took = Date.now() - t0;
    await dead.close().catch(() => {});
    expect(isDbUnavailable(err), String(err)).toBe(true);
    expect(took).toBeGreaterThanOrEqual(2900);
    expect(took).toBeLessThan(5000);
  });

  it('waits for a busy connection to come free instead of failing after the connect timeout', async () => {
    const database = openDatabase(await cloneDatabase(), { max: 1 });
    try {
      const busy = await database.pool.connect();
      const waiting = database.pool.query<{ one: number }>('select 1 as one');
      await new Promise((resolve) => setTimeout(resolve, 3500));
      busy.release();
      const r = await waiting;
      expect(r.rows[0]?.one).toBe(1);
    } finally {
      await database.close();
    }
  });
});
