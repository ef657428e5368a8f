/**
 * Starts the built back-office (apps/server/dist/main.js) on a free loopback port, times
 * how long it takes until /api/health answers 200, and stops it (and, should the server
 * die without stopping it, the embedded PostgreSQL it started) afterwards.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..', '..');
export const ADMIN_PASSWORD = 'Bench-admin-pass-1';
export const DEMO_PASSWORD = 'Bench-demo-pass-1';

const START_DEADLINE_MS = 180_000;
const STOP_GRACE_MS = 15_000;
const OUTPUT_KEEP_CHARS = 20_000;

export interface RunningServer {
  base: string;
  /** Milliseconds from spawn until /api/health first answered 200. */
  readyMs: number;
  /** The server's latest output (stdout and stderr, at most 20,000 characters). */
  output(): string;
  /** The server process (for its memory). */
  pid: number;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.unref();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => (typeof a === 'object' && a ? resolve(a.port) : reject(new Error('no free port'))));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The embedded PostgreSQL's postmaster.pid in DATA_DIR/pg: its pid and port. */
export async function embeddedPostmaster(dataDir: string): Promise<{ pid: number; port: number } | null> {
  const file = path.join(dataDir, 'pg', 'postmaster.pid');
  if (!existsSync(file)) return null;
  const lines = (await fs.readFile(file, 'utf8')).split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  return pid && port ? { pid, port } : null;
}

/**
 * Starts the server. `databaseUrl` empty: the server starts its own embedded PostgreSQL
 * in `dataDir` (initialising it when the directory is empty).
 */
export async function startServer(opts: {
  dataDir: string;
  databaseUrl: string;
  env?: Record<string, string>;
}): Promise<RunningServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const t0 = performance.now();
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: opts.dataDir,
      DATABASE_URL: opts.databaseUrl,
      ADMIN_PASSWORD,
      DEMO_PASSWORD,
      SEED: 'demo',
      // The load runs measure the API, not the request log (info writes two lines a request).
      LOG_LEVEL: 'warn',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (d: Buffer) => {
    output = (output + d.toString()).slice(-OUTPUT_KEEP_CHARS);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  let stopping: Promise<void> | null = null;
  const stop = () => {
    stopping ??= stopOnce();
    return stopping;
  };
  const stopOnce = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(STOP_GRACE_MS)]);
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await Promise.race([exited, sleep(2_000)]);
      }
    }
    // A server killed before it stopped its embedded PostgreSQL leaves it running: stop
    // that one process (by the pid it wrote), fast shutdown.
    if (!opts.databaseUrl) {
      const pm = await embeddedPostmaster(opts.dataDir).catch(() => null);
      if (pm && pidAlive(pm.pid)) {
        process.kill(pm.pid, 'SIGINT');
        for (let i = 0; i < 100 && pidAlive(pm.pid); i++) await sleep(100);
      }
    }
  };

  try {
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited early:\n${output}`);
      try {
        const r = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2_000) });
        if (r.status === 200) break;
      } catch {
        // not listening yet
      }
      if (performance.now() - t0 > START_DEADLINE_MS) throw new Error(`the server did not answer within 180 s:\n${output}`);
      await sleep(20);
    }
  } catch (err) {
    await stop();
    throw err;
  }
  return { base, readyMs: performance.now() - t0, output: () => output, stop, pid: child.pid ?? 0 };
}
