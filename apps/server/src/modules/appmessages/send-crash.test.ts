/**
 * "A message sends exactly once across a kill -9" (issue #24). The sender runs in a child process
 * (send-crash.child.ts, 20 devices a batch); after some batches committed, this test holds the
 * message table so that the next batch stops inside its transaction, after writing its deliveries
 * and before moving the cursor, and kills the process there with SIGKILL. Nothing of that batch is
 * left; a second run finishes the message; every device of the audience has exactly one delivery,
 * and the provider was handed each (message, device) key.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneDatabase } from '../../../test/harness';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const DEVICES = 600;

let url: string;
let pool: pg.Pool;
let tmp: string;
const started: ChildProcess[] = [];

beforeAll(async () => {
  url = await cloneDatabase();
  pool = new pg.Pool({ connectionString: url, max: 3 });
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'bo-send-crash-'));
});
afterAll(async () => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await pool.end();
  await fs.rm(tmp, { recursive: true, force: true });
});

function runSender(messageId: number, log: string) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/modules/appmessages/send-crash.child.ts', url, String(messageId), log],
    {
      cwd: serverDir,
      env: { ...process.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  started.push(child);
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

const count = async (text: string, values: unknown[] = []) => Number((await pool.query(text, values)).rows[0].n);
const waitUntil = async (cond: () => Promise<boolean>, what: string, ms = 60_000) => {
  const deadline = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
};

describe('kill -9 in the middle of a batch', () => {
  it('leaves nothing of the batch, and a second run delivers to every device exactly once', async () => {
    await pool.query('DELETE FROM app_messages');
    await pool.query('DELETE FROM app_devices');
    await pool.query(
      `INSERT INTO app_devices (device_key, country, language, app_version, v_major, v_minor, v_patch, platform, model, time_zone)
       SELECT 'crash-' || i, CASE WHEN i % 4 = 0 THEN 'FR' ELSE 'US' END, 'en-us', '3.2.0', 3, 2, 0, 'ios', 'H6199', 'UTC'
         FROM generate_series(1, $1::int) AS i`,
      [DEVICES],
    );
    const audience = await count(`SELECT count(*)::int AS n FROM app_devices WHERE country = 'US'`);
    const { rows } = await pool.query(
      `INSERT INTO app_messages (name, title_en, body_en, countries, state, send_at, throttle_per_minute)
       VALUES ('Crash', 'Hello', 'Body', '{US}', 'scheduled', now() - interval '1 minute', 100000) RETURNING id`,
    );
    const id = Number(rows[0].id);
    const log = path.join(tmp, 'keys.log');
    await fs.writeFile(log, '');
    const deliveries = () => count('SELECT count(*)::int AS n FROM app_message_deliveries WHERE message_id = $1', [id]);

    const first = runSender(id, log);
    await waitUntil(async () => (await deliveries()) >= 100, 'the first batches');
    const holder = await pool.connect();
    let sender = 0;
    try {
      await holder.query('BEGIN');
      // The next batch takes its row lock (compatible), writes its deliveries, then waits here to move the cursor.
      await holder.query('LOCK TABLE app_messages IN SHARE MODE');
      await waitUntil(async () => {
        const r = await pool.query(
          `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'
              AND query LIKE '%UPDATE app_messages SET cursor_device%'`,
        );
        sender = r.rows[0]?.pid ?? 0;
        return sender > 0;
      }, 'the batch to reach its cursor');
      const held = await pool.query(
        `SELECT 1 FROM pg_locks WHERE pid = $1 AND relation = 'app_message_deliveries'::regclass AND mode = 'RowExclusiveLock' AND granted`,
        [sender],
      );
      expect(held.rows).toHaveLength(1);
      const exited = new Promise((r) => first.child.once('exit', r));
      first.child.kill('SIGKILL');
      await exited;
    } finally {
      await holder.query('ROLLBACK');
      holder.release();
    }
    await waitUntil(
      async () => (await pool.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [sender])).rows.length === 0,
      'PostgreSQL to end the dead session',
    );
    // What committed is whole batches, and the cursor moved with them.
    const committed = await deliveries();
    const { rows: m } = await pool.query('SELECT state, cursor_device, targeted FROM app_messages WHERE id = $1', [id]);
    expect(m[0].state).toBe('sending');
    expect(committed % 20).toBe(0);
    expect(committed).toBe(
      await count(`SELECT count(*)::int AS n FROM app_devices WHERE country = 'US' AND id <= $1`, [m[0].cursor_device]),
    );
    expect(committed).toBeLessThan(audience);

    const second = runSender(id, log);
    expect(await second.exited, second.output()).toBe(0);
    expect(await deliveries()).toBe(audience);
    expect(
      await count(`SELECT count(DISTINCT device_id)::int AS n FROM app_message_deliveries WHERE message_id = $1`, [id]),
    ).toBe(audience);
    expect(
      await count(
        `SELECT count(*)::int AS n FROM app_message_deliveries x JOIN app_devices d ON d.id = x.device_id
          WHERE x.message_id = $1 AND d.country <> 'US'`,
        [id],
      ),
    ).toBe(0);
    const done = await pool.query('SELECT state, targeted FROM app_messages WHERE id = $1', [id]);
    expect(done.rows[0]).toEqual({ state: 'sent', targeted: audience });
    expect(
      await count(`SELECT count(*)::int AS n FROM app_message_deliveries WHERE message_id = $1 AND pushed_at IS NULL`, [id]),
    ).toBe(0);
    const keys = (await fs.readFile(log, 'utf8')).split('\n').filter(Boolean);
    expect(new Set(keys).size).toBe(audience);
  }, 180_000);
});
