import { createHash } from 'node:crypto';
import { setImmediate as yieldToLoop } from 'node:timers/promises';

/** sha256 of an upload in 1 MB steps with the event loop served between them (50 MB hashed at once holds it ~100 ms). */
export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const hash = createHash('sha256');
  const step = 1024 * 1024;
  for (let at = 0; at < bytes.length; at += step) {
    hash.update(bytes.subarray(at, at + step));
    if (at + step < bytes.length) await yieldToLoop();
  }
  return hash.digest('hex');
}
