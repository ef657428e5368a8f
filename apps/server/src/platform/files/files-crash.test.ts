/**
 * kill -9 mid-upload: a real server process (src/main.ts through tsx, on a clone of the test
 * database) is killed with SIGKILL twice: while a client is still sending a large file, and
 * while the upload's transaction has written its blob and chunks but not yet its file row
 * (held there by a lock this test takes). Afterwards there is no file row, no blob, no chunk
 * and nothing in the server's temp directory.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneDatabase, TEST_ADMIN_PASSWORD, TEST_MAIL_SECRET_KEY } from '../../../test/harness';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

let url: string;
let pool: pg.Pool;
let tmp: string;

beforeAll(async () => {
  url = await cloneDatabase();
  pool = new pg.Pool({ connectionString: url, max: 3 });
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'bo-files-crash-'));
});
/** Every server started here: one a failed test did not kill is stopped after the file. */
const started: ChildProcess[] = [];
afterAll(async () => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await pool.end();
  await fs.rm(tmp, { recursive: true, force: true });
});

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });

interface Server {
  child: ChildProcess;
  base: string;
  port: number;
  /** The server's own temp directory (TMPDIR). */
  tmpDir: string;
}

async function startServer(): Promise<Server> {
  const port = await freePort();
  const tmpDir = await fs.mkdtemp(path.join(tmp, 'server-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED: 'none',
      JOBS_ENABLED: 'false',
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
      MAIL_SECRET_KEY: TEST_MAIL_SECRET_KEY,
      TMPDIR: tmpDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited early:\n${output}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the server did not start in time:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { child, base, port, tmpDir };
}

async function kill9(s: Server) {
  const exited = new Promise((r) => s.child.once('exit', r));
  s.child.kill('SIGKILL');
  await exited;
}

async function login(base: string): Promise<string> {
  const r = await fetch(`${base}/api/user/rest/v2/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ loginName: 'admin', password: TEST_ADMIN_PASSWORD }),
  });
  return ((await r.json()) as { data: { token: string } }).data.token;
}

/** Starts a multipart upload of a research pdf of `size` bytes; `send(n)` writes the next n bytes of the file. */
function startUpload(s: Server, token: string, size: number) {
  const boundary = 'crash-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="crash.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const file = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(size - 16), Buffer.from('\n%%EOF\n')]);
  const req = http.request({
    host: '127.0.0.1',
    port: s.port,
    method: 'POST',
    path: '/api/files/upload?purpose=research',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(head.length + file.length + tail.length),
    },
  });
  const ended = new Promise<string>((resolve) => {
    req.on('error', (e) => resolve(`error: ${e.message}`));
    req.on('response', (res) => resolve(`status ${res.statusCode}`));
  });
  req.write(head);
  let at = 0;
  return {
    ended,
    send: (n: number) =>
      new Promise<void>((resolve) => {
        const part = file.subarray(at, at + n);
        at += part.length;
        if (at >= file.length) req.end(Buffer.concat([part, tail]), resolve);
        else req.write(part, () => resolve());
      }),
  };
}

const leftovers = async (s: Server) => {
  const { rows } = await pool.query(
    `SELECT (SELECT count(*) FROM files)::int AS files, (SELECT count(*) FROM file_blobs)::int AS blobs,
            (SELECT count(*) FROM file_chunks)::int AS chunks`,
  );
  return { ...rows[0], temp: (await fs.readdir(s.tmpDir)).filter((f) => !f.startsWith('tsx-')) };
};
// What the demo seed stored (the app content's banner images) stays; the upload adds nothing.
const nothingMore = async (s: Server) => ({ ...(await leftovers(s)), temp: [] });

describe('kill -9 during an upload', () => {
  it('while the file is still arriving: nothing is left', async () => {
    const s = await startServer();
    const token = await login(s.base);
    const nothing = await nothingMore(s);
    expect(await leftovers(s)).toEqual(nothing);
    const up = startUpload(s, token, 40 * 1024 * 1024);
    // Half the file on its way, then the process dies.
    for (let i = 0; i < 20; i++) await up.send(1024 * 1024);
    await kill9(s);
    expect(await up.ended).toMatch(/^error/);
    expect(await leftovers(s)).toEqual(nothing);
  }, 120_000);

  it('inside the upload’s transaction, after the chunks were written: nothing is left', async () => {
    const s = await startServer();
    const token = await login(s.base);
    const nothing = await nothingMore(s);
    // Hold the upload in its transaction just before the file row: the blob and its chunks are written by then.
    const holder = await pool.connect();
    let uploader = 0;
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE files IN SHARE MODE');
      const size = 3 * 1024 * 1024;
      const up = startUpload(s, token, size);
      await up.send(size);
      const deadline = Date.now() + 60_000;
      for (;;) {
        const { rows } = await pool.query(
          `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%INSERT INTO files%'`,
        );
        if (rows[0]) {
          uploader = rows[0].pid as number;
          break;
        }
        if (Date.now() > deadline) throw new Error('the upload never reached its file row');
        await new Promise((r) => setTimeout(r, 100));
      }
      // By now it has written into file_chunks (uncommitted).
      const { rows: held } = await pool.query(
        `SELECT 1 FROM pg_locks WHERE pid = $1 AND relation = 'file_chunks'::regclass AND mode = 'RowExclusiveLock' AND granted`,
        [uploader],
      );
      expect(held).toHaveLength(1);
      await kill9(s);
      expect(await up.ended).toMatch(/^error/);
    } finally {
      await holder.query('ROLLBACK');
      holder.release();
    }
    // PostgreSQL ends the dead server's session (its client is gone) and rolls its transaction back.
    const deadline = Date.now() + 30_000;
    const alive = async () => (await pool.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [uploader])).rows.length > 0;
    while ((await alive()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(await alive()).toBe(false);
    expect(await leftovers(s)).toEqual(nothing);
  }, 120_000);
});
