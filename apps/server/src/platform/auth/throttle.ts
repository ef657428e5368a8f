/**
 * Throttling kept in PostgreSQL (table login_failures), so every server process sees the
 * same counts.
 *
 * Sign-in failures are counted per account *and address* and per address, never per
 * account alone: a lock on the account would let anyone lock its owner out (ten wrong
 * passwords for `admin`). So:
 * - one address guessing at one account is slowed progressively: after FREE_PAIR_FAILURES
 *   in a row, each further try waits 2, 4, 8 … seconds, at most LOCK_SECONDS;
 * - one address is locked for LOCK_SECONDS after MAX_CONSECUTIVE failures in a row on any
 *   accounts, and takes at most MAX_PER_HOUR failures an hour;
 * - the account's own hourly count is kept only to warn an operator of a distributed
 *   attack (ACCOUNT_WARN_PER_HOUR); it never refuses the right password.
 * The address is the connection's, or the one a configured proxy forwards (TRUST_PROXY).
 * Public share links count an address's unknown tokens the same way ('share:<address>').
 *
 * `consume` is a plain fixed-window rate limit on the same table, for public or
 * enumerable endpoints (registration, the cellphone check).
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { throttled } from '../errors';

export const FREE_PAIR_FAILURES = 4;
export const MAX_CONSECUTIVE = 10;
export const LOCK_SECONDS = 15 * 60;
export const MAX_PER_HOUR = 100;
export const ACCOUNT_WARN_PER_HOUR = 100;

const lower = (loginName: string) => loginName.toLowerCase();
/** One address guessing at one account. */
export const pairKey = (loginName: string, ip: string) => `pair:${lower(loginName)}|${ip}`;
/** One address, whatever the account. */
export const addressKey = (ip: string) => `ip:${ip}`;
/**
 * One address reading public share links (platform/share): its unknown tokens are counted and
 * locked exactly as an address's failed sign-ins, under a key of their own, so guessing at
 * links never locks the address out of signing in (nor the reverse).
 */
export const shareAddressKey = (ip: string) => `share:${ip}`;
/** One account, whatever the address: counted for the operator, never locked. */
export const accountKey = (loginName: string) => `acct:${lower(loginName)}`;

/** The keys a sign-in checks and counts. */
export const signInKeys = (loginName: string, ip: string) => ({
  checked: [pairKey(loginName, ip), addressKey(ip)],
  counted: [pairKey(loginName, ip), addressKey(ip), accountKey(loginName)],
});

/** Throws 429 with the seconds to wait when any of the keys is held back. */
export async function assertNotThrottled(db: DbOrTx, keys: string[]): Promise<void> {
  const res = await db.execute<{ retry: number }>(sql`
    SELECT CEIL(GREATEST(
      CASE WHEN key LIKE 'pair:%' AND consecutive > ${FREE_PAIR_FAILURES}
        THEN EXTRACT(EPOCH FROM (last_failure_at
               + make_interval(secs => LEAST(${LOCK_SECONDS}, power(2, LEAST(consecutive - ${FREE_PAIR_FAILURES}, 20))))
               - now())) ELSE 0 END,
      CASE WHEN (key LIKE 'ip:%' OR key LIKE 'share:%') AND consecutive >= ${MAX_CONSECUTIVE}
        THEN EXTRACT(EPOCH FROM (last_failure_at + make_interval(secs => ${LOCK_SECONDS}) - now())) ELSE 0 END,
      CASE WHEN (key LIKE 'ip:%' OR key LIKE 'share:%') AND window_count >= ${MAX_PER_HOUR}
        THEN EXTRACT(EPOCH FROM (window_start + interval '1 hour' - now())) ELSE 0 END
    ))::int AS retry
    FROM login_failures WHERE key IN (${sql.join(
      keys.map((k) => sql`${k}`),
      sql`, `,
    )})`);
  const retry = Math.max(0, ...res.rows.map((r) => Number(r.retry)));
  if (retry > 0) throw throttled(retry);
}

/** Counts a failure on every key; answers each key's count in its current hour. */
export async function recordFailure(db: DbOrTx, keys: string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const key of keys) {
    const r = await db.execute<{ window_count: number }>(sql`
      INSERT INTO login_failures (key, consecutive, last_failure_at, window_start, window_count)
      VALUES (${key}, 1, now(), now(), 1)
      ON CONFLICT (key) DO UPDATE SET
        consecutive = CASE WHEN login_failures.last_failure_at < now() - make_interval(secs => ${LOCK_SECONDS})
                           THEN 1 ELSE login_failures.consecutive + 1 END,
        last_failure_at = now(),
        window_start = CASE WHEN login_failures.window_start < now() - interval '1 hour' THEN now() ELSE login_failures.window_start END,
        window_count = CASE WHEN login_failures.window_start < now() - interval '1 hour' THEN 1 ELSE login_failures.window_count + 1 END
      RETURNING window_count`);
    counts.set(key, Number(r.rows[0]?.window_count ?? 0));
  }
  return counts;
}

/** A success ends the run of failures of its keys (the hourly counts stay). */
export async function recordSuccess(db: DbOrTx, keys: string[]): Promise<void> {
  await db.execute(
    sql`UPDATE login_failures SET consecutive = 0 WHERE key IN (${sql.join(
      keys.map((k) => sql`${k}`),
      sql`, `,
    )})`,
  );
}

/**
 * Counts one use of `key` in a fixed window of `windowSeconds`; past `limit` uses the
 * caller gets 429 with the seconds left in the window (refused uses count too).
 */
export async function consume(db: DbOrTx, key: string, limit: number, windowSeconds: number): Promise<void> {
  const left = await tryConsume(db, key, limit, windowSeconds);
  if (left !== true) throw throttled(left);
}

/** As `consume`, without throwing: true while within the limit, else the seconds to wait. */
export async function tryConsume(db: DbOrTx, key: string, limit: number, windowSeconds: number): Promise<true | number> {
  const r = await db.execute<{ n: number; retry: number }>(sql`
    INSERT INTO login_failures (key, consecutive, last_failure_at, window_start, window_count)
    VALUES (${key}, 0, now(), now(), 1)
    ON CONFLICT (key) DO UPDATE SET
      last_failure_at = now(),
      window_start = CASE WHEN login_failures.window_start <= now() - make_interval(secs => ${windowSeconds})
                          THEN now() ELSE login_failures.window_start END,
      window_count = CASE WHEN login_failures.window_start <= now() - make_interval(secs => ${windowSeconds})
                          THEN 1 ELSE login_failures.window_count + 1 END
    RETURNING window_count AS n,
              CEIL(EXTRACT(EPOCH FROM (window_start + make_interval(secs => ${windowSeconds}) - now())))::int AS retry`);
  const row = r.rows[0];
  if (!row || Number(row.n) <= limit) return true;
  return Math.max(1, Number(row.retry));
}
