/**
 * Sign-in throttling, kept in PostgreSQL so every server process sees the same counts:
 * 10 failures in a row on an account or from an address lock it for 15 minutes, and an
 * account never takes more than 100 failures an hour.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { throttled } from '../errors';

export const MAX_CONSECUTIVE = 10;
export const LOCK_SECONDS = 15 * 60;
export const MAX_PER_HOUR = 100;

export const accountKey = (loginName: string) => `acct:${loginName.toLowerCase()}`;
export const addressKey = (ip: string) => `ip:${ip}`;

/** Throws 429 when any of the keys is locked. */
export async function assertNotThrottled(db: DbOrTx, keys: string[]): Promise<void> {
  const res = await db.execute<{ retry: number }>(sql`
    SELECT GREATEST(
      CASE WHEN consecutive >= ${MAX_CONSECUTIVE}
        THEN EXTRACT(EPOCH FROM (last_failure_at + make_interval(secs => ${LOCK_SECONDS}) - now())) ELSE 0 END,
      CASE WHEN key LIKE 'acct:%' AND window_count >= ${MAX_PER_HOUR}
        THEN EXTRACT(EPOCH FROM (window_start + interval '1 hour' - now())) ELSE 0 END
    )::int AS retry
    FROM login_failures WHERE key IN (${sql.join(keys.map((k) => sql`${k}`), sql`, `)})`);
  const retry = Math.max(0, ...res.rows.map((r) => Number(r.retry)));
  if (retry > 0) throw throttled(retry);
}

export async function recordFailure(db: DbOrTx, keys: string[]): Promise<void> {
  for (const key of keys) {
    await db.execute(sql`
      INSERT INTO login_failures (key, consecutive, last_failure_at, window_start, window_count)
      VALUES (${key}, 1, now(), now(), 1)
      ON CONFLICT (key) DO UPDATE SET
        consecutive = CASE WHEN login_failures.last_failure_at < now() - make_interval(secs => ${LOCK_SECONDS})
                           THEN 1 ELSE login_failures.consecutive + 1 END,
        last_failure_at = now(),
        window_start = CASE WHEN login_failures.window_start < now() - interval '1 hour' THEN now() ELSE login_failures.window_start END,
        window_count = CASE WHEN login_failures.window_start < now() - interval '1 hour' THEN 1 ELSE login_failures.window_count + 1 END`);
  }
}

/** A success ends the run of failures (the hourly count stays). */
export async function recordSuccess(db: DbOrTx, keys: string[]): Promise<void> {
  await db.execute(sql`UPDATE login_failures SET consecutive = 0 WHERE key IN (${sql.join(keys.map((k) => sql`${k}`), sql`, `)})`);
}
