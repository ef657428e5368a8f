import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';

// No schema object: queries name their tables (the `*.table.ts` files) or are SQL; the
// relational query API that would need every table here is not used.
export type Db = NodePgDatabase;
/** A transaction handle, usable wherever a Db is. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  pool: pg.Pool;
  db: Db;
  close(): Promise<void>;
}

/** How long a request waits for a free connection of a busy pool. */
const POOL_WAIT_MS = 15_000;
/**
 * How long opening one connection may take: the database is gone after that. Not less: a
 * new connection to the embedded PostgreSQL (SCRAM plus a backend start) took over a second
 * while both cores were hashing passwords (docs/performance.md).
 */
const CONNECT_MS = 3000;

/** pg-pool hands its own `connectionTimeoutMillis` (the wait for a free client) to each new client. */
class QuickConnectClient extends pg.Client {
  constructor(config?: pg.ClientConfig) {
    super({ ...config, connectionTimeoutMillis: CONNECT_MS });
  }
}

// numeric and bigint as strings stay exact; counts are cast in SQL where wanted.
export function openDatabase(url: string, opts: { max?: number } = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.max ?? 10,
    // A database that refuses connections is answered 503 at once, one that does not answer
    // within CONNECT_MS; a request that only waits for one of the pool's busy connections (a
    // first morning's boards, each a dozen calls at once) waits longer instead of a 503.
    Client: QuickConnectClient,
    connectionTimeoutMillis: POOL_WAIT_MS,
    idleTimeoutMillis: 30_000,
    // No JIT compilation: our heaviest reads (a period's listing sums) cost 100,000–400,000,
    // above jit_above_cost, and compiling took 30–50 ms of a 60 ms statement on PostgreSQL 15
    // (docs/decisions.md). Nothing here runs long enough to win it back.
    options: '-c jit=off',
  });
  // An idle client that loses its server must not crash the process.
  pool.on('error', () => {});
  const db = drizzle(pool);
  return { pool, db, close: () => pool.end() };
}

/** The pool behind a Db (drizzle keeps it as `$client`), for cursors that stream. */
export const poolOf = (db: Db): pg.Pool => (db as unknown as { $client: pg.Pool }).$client;
