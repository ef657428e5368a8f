import { ERROR_CODES } from '@bo/contract';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { HashGate } from './hash-gate';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('HashGate', () => {
  it('runs at most `slots` at once and the rest in arrival order', async () => {
    const gate = new HashGate({ slots: 2, maxQueue: 10, maxWaitMs: 5000 });
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const job = (i: number) =>
      gate.run(async () => {
        running++;
        peak = Math.max(peak, running);
        await sleep(5);
        running--;
        order.push(i);
        return i;
      });
    const results = await Promise.all([0, 1, 2, 3, 4, 5].map(job));
    expect(results).toEqual([0, 1, 2, 3, 4, 5]);
    expect(peak).toBe(2);
    expect(order.slice(2)).toEqual([2, 3, 4, 5]);
    expect(gate.stats).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses with 503 and Retry-After when the line is full, and after waiting too long', async () => {
    const gate = new HashGate({ slots: 1, maxQueue: 1, maxWaitMs: 30 });
    const long = gate.run(() => sleep(100));
    const waits = gate.run(() => sleep(1));
    const refused = await gate.run(() => sleep(1)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(503);
    expect((refused as AppError).code).toBe(ERROR_CODES.BUSY);
    expect((refused as AppError).headers['retry-after']).toBe('1');
    expect(() => gate.assertRoom()).toThrow(AppError);
    // The one in line waited 30 ms of the 100 ms the first one takes: refused too.
    await expect(waits).rejects.toMatchObject({ status: 503 });
    await long;
    expect(gate.stats).toEqual({ running: 0, waiting: 0 });
    expect(await gate.run(async () => 'free again')).toBe('free again');
  });

  it('frees the slot when the work fails', async () => {
    const gate = new HashGate({ slots: 1, maxQueue: 1, maxWaitMs: 1000 });
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await gate.run(async () => 1)).toBe(1);
  });
});
