/**
 * Replies that must not tell existing accounts from unknown ones by their timing
 * (registration, password reset): the work runs, then the reply waits until a fixed
 * time after the start, whether the work succeeded or failed. The floor is well above
 * the work (an argon2 hash is about 20 ms here), so both kinds of answer take the floor.
 * Anything slow and outside (mail) is sent after the reply, never waited for.
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

/** The time every registration and password-reset reply takes at least. */
export const EVEN_REPLY_MS = 150;

export async function atLeast<T>(floorMs: number, work: () => Promise<T>): Promise<T> {
  const until = performance.now() + floorMs;
  try {
    return await work();
  } finally {
    const left = until - performance.now();
    if (left > 0) await sleep(left);
  }
}
