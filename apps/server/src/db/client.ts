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

// numeric and bigint as strings stay exact; counts are cast in SQL where wanted.
export function openDatabase(url: string, opts: { max?: number } = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.max ?? 10,
    // A request must not wait on a dead database longer than this: 503 within a second.
    connectionTimeoutMillis: 1000,
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
