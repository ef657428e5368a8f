/**
 * The stock screens' computed rows, kept per process while the supply epoch stands
 * (docs/performance.md "Stock lists: the supply epoch"; migration 0071).
 *
 * /inventoryMgr, /inventoryMonitor, /inventoryAge, /dullBoard, /replenish and /shipmentForcast
 * each compute every listing of the caller's shops (cover from 30 days of sales, the advice's
 * projection, twelve weeks of shipments) before they can sort, count and page. That takes seconds
 * on a large account, and the answer only changes when a table it reads changes. A statement
 * trigger on each of those tables adds its transaction to `supply_epoch_changes`; the epoch is
 * the number of such transactions ever committed. A read takes the epoch first, then the data,
 * so what it keeps is at least as new as the epoch it is kept under: the first read after any
 * commit computes again, every other read filters, sorts and pages the kept rows in memory.
 *
 * Only the pool is accepted, never a transaction: rows read inside a transaction that has not
 * committed must not be kept for others.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { ShopScope } from '../shops/shops/shop-scope';

/** Kept row sets per database (tests run several in one process); each row set is one screen × scope × settings. */
const MAX_ENTRIES = 16;

interface Entry {
  epoch: string;
  value: Promise<unknown>;
  usedAt: number;
}

const kept = new WeakMap<Db, Map<string, Entry>>();

/** The epochs: the supply epoch (every table the stock screens read) and the sales epoch (the sales facts alone). */
export type EpochName = 'supply' | 'sales';

const EPOCH_TABLES = {
  supply: { base: 'supply_epoch_base', changes: 'supply_epoch_changes' },
  sales: { base: 'sales_epoch_base', changes: 'sales_epoch_changes' },
} as const;

export async function epochOf(db: Db, name: EpochName): Promise<string> {
  const t = EPOCH_TABLES[name];
  const res = await db.execute<{ n: string }>(
    sql`SELECT ((SELECT n FROM ${sql.identifier(t.base)} WHERE id = 1) + (SELECT count(*) FROM ${sql.identifier(t.changes)}))::text AS n`,
  );
  return res.rows[0]?.n ?? '0';
}

export const supplyEpoch = (db: Db) => epochOf(db, 'supply');

/** The key part of a scope: its shops (the account and the internal flag give no other rows). */
export const scopeKey = (scope: ShopScope) => scope.shopIds.join(',');

/**
 * `compute()`'s value for `key`, computed again only when the epoch has moved since it was kept.
 * Concurrent reads of one key and epoch share one computation; a failed one is not kept.
 */
export function supplyMemo<T>(db: Db, key: string, compute: () => Promise<T>): Promise<T> {
  return memoUnder(db, 'supply', key, compute);
}

/** `supplyMemo` under either epoch. */
export async function memoUnder<T>(db: Db, name: EpochName, key: string, compute: () => Promise<T>): Promise<T> {
  const epoch = await epochOf(db, name);
  const k = `${name}|${key}`;
  let entries = kept.get(db);
  if (!entries) {
    entries = new Map();
    kept.set(db, entries);
  }
  const hit = entries.get(k);
  if (hit && hit.epoch === epoch) {
    hit.usedAt = Date.now();
    return hit.value as Promise<T>;
  }
  const value = compute();
  const entry: Entry = { epoch, value, usedAt: Date.now() };
  const map = entries;
  map.set(k, entry);
  value.catch(() => {
    if (map.get(k) === entry) map.delete(k);
  });
  if (map.size > MAX_ENTRIES) {
    const oldest = [...map.entries()].sort((a, b) => a[1].usedAt - b[1].usedAt)[0];
    if (oldest) map.delete(oldest[0]);
  }
  return value;
}

export const SUPPLY_EPOCH_FOLD_JOB = 'inventory.supplyEpochFold';

/** Folds each epoch's committed changes into its base (one statement each: an epoch never goes back). A recurring job. */
export async function foldSupplyEpoch(db: Db): Promise<number> {
  let folded = 0;
  for (const t of Object.values(EPOCH_TABLES)) {
    const res = await db.execute<{ folded: string }>(sql`
      WITH d AS (DELETE FROM ${sql.identifier(t.changes)} RETURNING 1),
           u AS (UPDATE ${sql.identifier(t.base)} SET n = n + (SELECT count(*) FROM d) WHERE id = 1 RETURNING 1)
      SELECT (SELECT count(*) FROM d)::text AS folded, (SELECT count(*) FROM u) AS updated`);
    folded += Number(res.rows[0]?.folded ?? 0);
  }
  return folded;
}
