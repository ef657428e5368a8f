/**
 * Bounds the password hashes (argon2id) that run at once. Each one takes a core for about
 * 20 ms and 19 MiB; unbounded, a burst of sign-ins fills libuv's thread pool, starves
 * PostgreSQL and every other request of CPU, and ends in database pool timeouts. Here at
 * most one hash per core runs; the rest wait in line, and when the line is too long or a
 * check has waited too long the caller gets a deliberate 503 with Retry-After, before
 * any database work of its own is held.
 */
import { availableParallelism } from 'node:os';
import { ERROR_CODES, STATUS } from '@bo/contract';
import { AppError } from '../errors';

export const serverBusy = (retryAfterSeconds: number) =>
  new AppError(STATUS.UNAVAILABLE, ERROR_CODES.BUSY, 'the server is busy checking passwords, try again shortly', null, {
    'retry-after': String(retryAfterSeconds),
  });

export interface HashGateOptions {
  /** Hashes running at once. */
  slots: number;
  /** Callers that may wait for a slot; one more is refused at once. */
  maxQueue: number;
  /** The longest a caller waits for a slot before it is refused. */
  maxWaitMs: number;
}

export class HashGate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(readonly options: HashGateOptions) {}

  get stats() {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** Refuses at once when the line is full: call it before any other work of a sign-in. */
  assertRoom(): void {
    if (this.running >= this.options.slots && this.waiting.length >= this.options.maxQueue) throw serverBusy(this.retryAfter);
  }

  private get retryAfter(): number {
    return Math.max(1, Math.ceil(this.options.maxWaitMs / 1000));
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running < this.options.slots) this.running++;
    else await this.waitForSlot();
    try {
      return await work();
    } finally {
      // The slot passes straight to the next in line, so `running` stays counted.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  private waitForSlot(): Promise<void> {
    const retryAfter = this.retryAfter;
    if (this.waiting.length >= this.options.maxQueue) return Promise.reject(serverBusy(retryAfter));
    return new Promise<void>((resolve, reject) => {
      const take = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        const at = this.waiting.indexOf(take);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(serverBusy(retryAfter));
      }, this.options.maxWaitMs);
      timer.unref();
      this.waiting.push(take);
    });
  }
}

/**
 * The server's gate: one hash per core; 32 per core may wait up to 2 s (at about 60
 * hashes a second per core that line clears in about half a second, so only a real
 * overload is refused).
 */
const cores = Math.max(1, availableParallelism());
export const passwordGate = new HashGate({ slots: cores, maxQueue: cores * 32, maxWaitMs: 2000 });
