import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { type Database, openDatabase } from '../../db/client';
import { enqueue, JobWorker } from './jobs';

const log = {
  info: () => {},
  warn: () => {},
  error: () => {},
  debug: () => {},
  trace: () => {},
  fatal: () => {},
  child: () => log,
  level: 'silent',
  silent: () => {},
} as never;

let t: TestApp;
let second: Database;
const url = () => t.config.DATABASE_URL as string;

beforeAll(async () => {
  t = await createTestApp();
  // A second process is a second pool on the same database.
  second = openDatabase(url(), { max: 4 });
});
afterAll(async () => {
  await second.close();
  await t.close();
});

const rows = async (q: ReturnType<typeof sql>) => (await t.database.db.execute<Record<string, unknown>>(q)).rows;
const waitFor = async (cond: () => Promise<boolean>, ms = 10_000) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await cond()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('timed out');
};

describe('jobs', () => {
  it('two workers on one database run each job exactly once', async () => {
    const ran: number[] = [];
    const handler = async (p: unknown) => {
      await new Promise((r) => setTimeout(r, 2));
      ran.push((p as { n: number }).n);
    };
    const a = new JobWorker(t.database.db, log, { pollMs: 20, concurrency: 3, workerId: 'A' }).register('t.once', handler);
    const b = new JobWorker(second.db, log, { pollMs: 20, concurrency: 3, workerId: 'B' }).register('t.once', handler);
    await t.database.db.transaction(async (tx) => {
      for (let n = 0; n < 60; n++) await enqueue(tx, 't.once', { n });
    });
    a.start();
    b.start();
    await waitFor(async () => (await rows(sql`SELECT 1 FROM jobs WHERE kind = 't.once' AND state <> 'done'`)).length === 0);
    await Promise.all([a.stop(), b.stop()]);
    expect(ran.sort((x, y) => x - y)).toEqual(Array.from({ length: 60 }, (_, i) => i));
    const by = await rows(
      sql`SELECT count(*)::int AS n, count(DISTINCT id)::int AS d, max(attempts) AS m FROM jobs WHERE kind = 't.once'`,
    );
    expect(by[0]).toEqual({ n: 60, d: 60, m: 1 });
  });

  it('a job enqueued in a rolled-back transaction never exists', async () => {
    await t.database.db
      .transaction(async (tx) => {
        await enqueue(tx, 't.rollback', {});
        throw new Error('roll back');
      })
      .catch(() => {});
    expect(await rows(sql`SELECT 1 FROM jobs WHERE kind = 't.rollback'`)).toHaveLength(0);
  });

  it('retries a failing job with growing delays and fails it after max attempts', async () => {
    let calls = 0;
    const w = new JobWorker(t.database.db, log, { backoffMs: 1, maxBackoffMs: 5 }).register('t.flaky', async () => {
      calls++;
      throw new Error(`boom ${calls}`);
    });
    const id = await enqueue(t.database.db, 't.flaky', {}, { maxAttempts: 3 });
    // The first attempt fails and is queued again, later.
    expect(await w.drain(1)).toBe(1);
    const [after1] = await rows(
      sql`SELECT state, attempts, last_error, run_at > now() - interval '1 second' AS later FROM jobs WHERE id = ${id}`,
    );
    expect(after1).toMatchObject({ state: 'queued', attempts: 1, last_error: 'boom 1', later: true });
    await waitFor(async () => {
      await w.drain();
      return (await rows(sql`SELECT 1 FROM jobs WHERE id = ${id} AND state = 'failed'`)).length === 1;
    });
    expect(calls).toBe(3);
    const [final] = await rows(sql`SELECT state, attempts, last_error FROM jobs WHERE id = ${id}`);
    expect(final).toMatchObject({ state: 'failed', attempts: 3, last_error: 'boom 3' });
  });

  it('succeeds on a retry', async () => {
    let calls = 0;
    const w = new JobWorker(t.database.db, log, { backoffMs: 1, maxBackoffMs: 2 }).register('t.second', async () => {
      calls++;
      if (calls === 1) throw new Error('transient');
    });
    const id = await enqueue(t.database.db, 't.second', {});
    await waitFor(async () => {
      await w.drain();
      return (await rows(sql`SELECT 1 FROM jobs WHERE id = ${id} AND state = 'done'`)).length === 1;
    });
    expect(calls).toBe(2);
  });

  it('re-claims a job whose lease expired (its process died) and runs it once more', async () => {
    const id = await enqueue(t.database.db, 't.orphan', { x: 1 });
    // A process claimed it and died: running, leased to a worker that no longer renews.
    await t.database.db.execute(
      sql`UPDATE jobs SET state = 'running', locked_by = 'dead-process', attempts = 1, locked_until = now() + interval '300 ms' WHERE id = ${id}`,
    );
    const seen: unknown[] = [];
    const w = new JobWorker(second.db, log, { workerId: 'alive' }).register('t.orphan', async (p, j) => {
      seen.push([p, j.attempt]);
    });
    // Not before the lease lapses...
    expect(await w.drain()).toBe(0);
    await new Promise((r) => setTimeout(r, 400));
    expect(await w.drain()).toBe(1);
    expect(seen).toEqual([[{ x: 1 }, 2]]);
    const [row] = await rows(sql`SELECT state, locked_by FROM jobs WHERE id = ${id}`);
    expect(row).toEqual({ state: 'done', locked_by: null });
  });

  it('renews the lease of a long job so that nobody else takes it', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let runs = 0;
    const handler = async () => {
      runs++;
      await gate;
    };
    const a = new JobWorker(t.database.db, log, { pollMs: 20, leaseMs: 300, workerId: 'long-A' }).register('t.long', handler);
    const b = new JobWorker(second.db, log, { pollMs: 20, leaseMs: 300, workerId: 'long-B' }).register('t.long', handler);
    const id = await enqueue(t.database.db, 't.long', {});
    a.start();
    await waitFor(async () => runs === 1);
    b.start();
    await new Promise((r) => setTimeout(r, 900));
    expect(runs).toBe(1);
    release();
    await waitFor(async () => (await rows(sql`SELECT 1 FROM jobs WHERE id = ${id} AND state = 'done'`)).length === 1);
    await Promise.all([a.stop(), b.stop()]);
    expect(runs).toBe(1);
  });

  it('stops gracefully: the running job finishes, nothing new is claimed', async () => {
    let finished = 0;
    const w = new JobWorker(t.database.db, log, { pollMs: 20, concurrency: 1 }).register('t.stop', async () => {
      await new Promise((r) => setTimeout(r, 200));
      finished++;
    });
    const first = await enqueue(t.database.db, 't.stop', {});
    w.start();
    await waitFor(async () => (await rows(sql`SELECT 1 FROM jobs WHERE id = ${first} AND state = 'running'`)).length === 1);
    const other = await enqueue(t.database.db, 't.stop', {});
    await w.stop();
    expect(finished).toBe(1);
    expect(w.running).toBe(false);
    const states = await rows(sql`SELECT id, state FROM jobs WHERE kind = 't.stop' ORDER BY id`);
    expect(states).toEqual([
      { id: first, state: 'done' },
      { id: other, state: 'queued' },
    ]);
  });

  it('keeps one unfinished job per dedupe key and queues a recurring job once across processes', async () => {
    expect(await enqueue(t.database.db, 't.d', {}, { dedupeKey: 'k1' })).not.toBeNull();
    expect(await enqueue(t.database.db, 't.d', {}, { dedupeKey: 'k1' })).toBeNull();
    let runs = 0;
    const mk = (db: Database['db'], id: string) =>
      new JobWorker(db, log, { workerId: id })
        .register('t.tick', async () => {
          runs++;
        })
        .every('t.tick', 60_000);
    const a = mk(t.database.db, 'tick-A');
    const b = mk(second.db, 'tick-B');
    await Promise.all([a.ensureRecurring(), b.ensureRecurring(), a.ensureRecurring()]);
    expect(await rows(sql`SELECT state FROM jobs WHERE kind = 't.tick'`)).toEqual([{ state: 'queued' }]);
    await Promise.all([a.drain(), b.drain()]);
    expect(runs).toBe(1);
    // The next run is queued an interval later, still only one.
    await a.ensureRecurring();
    const next = await rows(
      sql`SELECT state, run_at > now() + interval '50 seconds' AS later FROM jobs WHERE kind = 't.tick' ORDER BY id`,
    );
    expect(next).toEqual([
      { state: 'done', later: false },
      { state: 'queued', later: true },
    ]);
  });

  it('purges done jobs after 7 days and failed ones after 30, nothing unfinished', async () => {
    const w = new JobWorker(t.database.db, log);
    const ids: number[] = [];
    for (const [state, days] of [
      ['done', 8],
      ['done', 6],
      ['failed', 8],
      ['failed', 31],
      ['queued', 40],
    ] as const) {
      const id = (await enqueue(t.database.db, 't.purge', {})) as number;
      ids.push(id);
      await t.database.db.execute(
        sql`UPDATE jobs SET state = ${state}, finished_at = now() - make_interval(days => ${days}) WHERE id = ${id}`,
      );
    }
    expect(await w.purge()).toBe(2);
    const left = await rows(sql`SELECT id FROM jobs WHERE kind = 't.purge' ORDER BY id`);
    expect(left.map((r) => r.id)).toEqual([ids[1], ids[2], ids[4]]);
  });

  it('records a failure whose message quotes a NUL byte or a lone surrogate (issue #18), retried and final', async () => {
    const w = new JobWorker(t.database.db, log, { backoffMs: 1, maxBackoffMs: 2 }).register('t.nul', async () => {
      throw new Error('server said \u0000 and \ud800 here');
    });
    const id = (await enqueue(t.database.db, 't.nul', {}, { maxAttempts: 2 })) as number;
    await w.drain(1);
    const [retry] = await rows(sql`SELECT state, last_error FROM jobs WHERE id = ${id}`);
    expect(retry).toEqual({ state: 'queued', last_error: 'server said  and \ufffd here' });
    await t.database.db.execute(sql`UPDATE jobs SET run_at = now() WHERE id = ${id}`);
    await w.drain(1);
    const [final] = await rows(sql`SELECT state, last_error FROM jobs WHERE id = ${id}`);
    expect(final).toEqual({ state: 'failed', last_error: 'server said  and \ufffd here' });
  });
});
