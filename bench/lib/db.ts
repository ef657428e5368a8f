/** The PostgreSQL side of a run: where it is, a fresh database for --db url, its version. */
import pg from 'pg';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/** Benchmarks only ever talk to this machine: refuse a database elsewhere. */
export function assertLoopback(url: string): URL {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new Error('BENCH_DATABASE_URL is not a URL (expected postgres://user[:password]@127.0.0.1:5432/postgres)');
  }
  if (u.protocol !== 'postgres:' && u.protocol !== 'postgresql:') {
    throw new Error(`BENCH_DATABASE_URL must start with postgres:// (got ${u.protocol})`);
  }
  // An empty host with ?host=/path is a Unix socket of this machine.
  const socket = u.hostname === '' && (u.searchParams.get('host') ?? '').startsWith('/');
  if (!socket && !LOOPBACK.has(u.hostname)) {
    throw new Error(
      `BENCH_DATABASE_URL must point at this machine (127.0.0.1, ::1, localhost or a Unix socket), not ${u.hostname}`,
    );
  }
  return u;
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end().catch(() => {});
  }
}

export async function createDatabase(serverUrl: string, name: string): Promise<void> {
  await withClient(serverUrl, (c) => c.query(`CREATE DATABASE ${c.escapeIdentifier(name)}`));
}

export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  // WITH (FORCE) (PostgreSQL 13+) ends connections a killed server may have left behind.
  await withClient(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${c.escapeIdentifier(name)} WITH (FORCE)`));
}

export async function postgresVersion(url: string): Promise<{ version: string; short: string }> {
  return withClient(url, async (c) => {
    const v = await c.query<{ version: string; server_version: string }>(
      'SELECT version() AS version, current_setting($1) AS server_version',
      ['server_version'],
    );
    const row = v.rows[0];
    return { version: row?.version ?? 'unknown', short: row?.server_version ?? 'unknown' };
  });
}
