/**
 * Starts the built back-office (apps/server/dist) on a free loopback port with its own
 * embedded PostgreSQL in a temporary DATA_DIR and the demo seed; stops it afterwards.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export const ADMIN_PASSWORD = 'E2e-admin-pass-1';
export const DEMO_PASSWORD = 'E2e-demo-pass-1';
const root = path.resolve(import.meta.dirname, '..', '..');

export interface RunningServer {
  base: string;
  /** The server process's pid (for its memory, from /proc). */
  pid: number;
  stop(): Promise<void>;
  /** Calls the API directly (outside the browser). */
  api(
    method: string,
    apiPath: string,
    opts?: { token?: string; body?: unknown },
  ): Promise<{ status: number; body: { code: number; msg: string; data: unknown } }>;
  login(loginName: string, password?: string): Promise<string>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => (typeof a === 'object' && a ? resolve(a.port) : reject(new Error('no port'))));
    });
  });
}

export interface SpawnedServer {
  child: ChildProcess;
  base: string;
  /** What the process printed so far. */
  output(): string;
}

/** Starts the built server on DATA_DIR and PORT and waits until /api/health answers 200. */
export async function spawnServer(dataDir: string, port: number, env: Record<string, string> = {}): Promise<SpawnedServer> {
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_PASSWORD,
      DEMO_PASSWORD,
      SEED: 'demo',
      LOG_LEVEL: process.env.E2E_SERVER_LOG ? 'info' : 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  // E2E_SERVER_LOG=<dir>: every server's output, at info level, in <dir>/server-<port>.log.
  const logDir = process.env.E2E_SERVER_LOG;
  if (logDir) {
    const file = createWriteStream(path.join(logDir, `server-${port}.log`));
    child.stdout?.pipe(file);
    child.stderr?.pipe(file);
  }
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const r = await fetch(`${base}/api/health`);
      if (r.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start in time:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, base, output: () => output };
}

/**
 * A stopped data directory that already holds the migrated, seeded database (made once per
 * `npm test` by e2e/support/make-template.ts): each suite starts from a copy of it in about a
 * second instead of running initdb, the migrations and the demo seed again (about nine).
 * Without it (a suite run by hand) the server builds its data from scratch as before.
 */
const TEMPLATE_ENV = 'E2E_DATA_TEMPLATE';

/** Makes the template: starts the built server on `dir` with the suites' passwords, then stops it cleanly. */
export async function makeDataTemplate(dir: string): Promise<void> {
  await fs.mkdir(dir, { recursive: true });
  await fs.chmod(dir, 0o755);
  // No background jobs: a job claimed when the template stops would stay leased to a process
  // that no longer exists in every copy, until its lease ran out. Each copy's server
  // schedules its own recurring jobs when it starts.
  const { child } = await spawnServer(dir, await freePort(), { JOBS_ENABLED: 'false' });
  // Every suite copies this directory. PostgreSQL keeps the WAL segments the migrations and the
  // seed wrote for reuse (225 of 377 MB); without recycling, the shutdown's checkpoint removes
  // them, and the copies carry only the data. The two settings go again afterwards, so the
  // copies run as configured.
  const pid = await fs.readFile(path.join(dir, 'pg', 'postmaster.pid'), 'utf8');
  const db = new pg.Client({ connectionString: `postgres://postgres:embedded@127.0.0.1:${Number(pid.split('\n')[3])}/postgres` });
  await db.connect();
  try {
    await db.query('ALTER SYSTEM SET wal_recycle = off');
    await db.query(`ALTER SYSTEM SET min_wal_size = '32MB'`);
    await db.query('SELECT pg_reload_conf()');
    await db.query('CHECKPOINT');
  } finally {
    await db.end();
  }
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
  const auto = path.join(dir, 'pg', 'postgresql.auto.conf');
  const conf = await fs.readFile(auto, 'utf8');
  await fs.writeFile(
    auto,
    conf
      .split('\n')
      .filter((l) => !/^(wal_recycle|min_wal_size)\b/.test(l))
      .join('\n'),
  );
}

/** A new temporary DATA_DIR: a copy of the template when there is one, else empty. Remove it with `removeDataDir`. */
export async function newDataDir(): Promise<string> {
  const template = process.env[TEMPLATE_ENV];
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bo-e2e-'));
  await fs.chmod(dataDir, 0o755);
  // cp -a keeps the owner: when we are root the embedded PostgreSQL runs as a user of its own.
  if (template) await run('cp', ['-a', `${template}/.`, dataDir]);
  return dataDir;
}

function run(cmd: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} exited ${code}`))));
  });
}

/**
 * `npm test` runs most screen suites in groups, one process a group (e2e/support/suite-group.ts):
 * there a suite that asks for a server as it is (no settings of its own) gets the group's one
 * server, started by the first suite and stopped after the last. A server start is about 7 s of
 * CPU, most of a small suite's fixed cost. Run alone, a suite starts its own as before.
 */
let shared: Promise<RunningServer> | null = null;

export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  if (process.env.E2E_SHARED_SERVER !== '1' || Object.keys(env).length > 0) return launchServer(env);
  shared ??= launchServer({});
  const server = await shared;
  return { ...server, stop: async () => {} };
}

/** Stops the group's shared server, if one was started (suite-group.ts calls it last). */
export async function stopSharedServer(): Promise<void> {
  const server = await shared;
  shared = null;
  await server?.stop();
}

async function launchServer(env: Record<string, string>): Promise<RunningServer> {
  const dataDir = await newDataDir();
  const { child, base } = await spawnServer(dataDir, await freePort(), env);
  const api: RunningServer['api'] = async (method, apiPath, opts = {}) => {
    const r = await fetch(`${base}/api/${apiPath}`, {
      method,
      headers: {
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...(opts.body ? { 'content-type': 'application/json' } : {}),
      },
      body: opts.body ? JSON.stringify(opts.body) : undefined,
    });
    return { status: r.status, body: (await r.json()) as { code: number; msg: string; data: unknown } };
  };
  return {
    base,
    pid: child.pid ?? 0,
    api,
    login: async (loginName, password) => {
      const r = await api('POST', 'user/rest/v2/login', {
        body: { loginName, password: password ?? (loginName === 'admin' ? ADMIN_PASSWORD : DEMO_PASSWORD) },
      });
      if (r.status !== 200) throw new Error(`login failed: ${JSON.stringify(r.body)}`);
      return (r.body.data as { token: string }).token;
    },
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Removes a test's DATA_DIR. A server stopped by kill -9 leaves its embedded PostgreSQL
 * running on that directory, still writing to it (rm then fails with ENOTEMPTY, and the
 * process would outlive the test): stop it first by the pid it wrote, fast shutdown, then
 * SIGKILL after 10 s.
 */
export async function removeDataDir(dir: string): Promise<void> {
  const pidFile = path.join(dir, 'pg', 'postmaster.pid');
  const pid = Number((await fs.readFile(pidFile, 'utf8').catch(() => '')).split('\n')[0]);
  if (pid > 0 && alive(pid)) {
    process.kill(pid, 'SIGINT');
    for (let i = 0; i < 100 && alive(pid); i++) await new Promise((r) => setTimeout(r, 100));
    if (alive(pid)) process.kill(pid, 'SIGKILL');
  }
  await fs.rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
}
