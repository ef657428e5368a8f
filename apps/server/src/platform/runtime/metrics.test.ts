import { afterAll, beforeAll, expect, it } from 'vitest';
import { type MetricsServer, startMetricsServer } from './metrics';

let m: MetricsServer;
beforeAll(async () => {
  m = await startMetricsServer(0);
});
afterAll(() => m.close());

it('answers memory and event-loop delay on loopback, and resets the histogram on ?reset=1', async () => {
  // Block the loop for 400 ms: the delay histogram must see it, and the delays after the reset
  // stay below it even when the machine is loaded (a 60 ms block was outdone by a busy CI).
  await new Promise((r) => setTimeout(r, 50));
  const until = Date.now() + 400;
  while (Date.now() < until) {
    // busy
  }
  await new Promise((r) => setTimeout(r, 50));
  const a = await (await fetch(`http://127.0.0.1:${m.port}/metrics?reset=1`)).json();
  expect(a.pid).toBe(process.pid);
  expect(a.rssBytes).toBeGreaterThan(1e6);
  expect(a.eventLoopDelay.maxMs).toBeGreaterThan(300);
  const b = await (await fetch(`http://127.0.0.1:${m.port}/metrics`)).json();
  expect(b.eventLoopDelay.maxMs).toBeLessThan(a.eventLoopDelay.maxMs);
  expect((await fetch(`http://127.0.0.1:${m.port}/other`)).status).toBe(404);
  expect((await fetch(`http://127.0.0.1:${m.port}/metrics`, { method: 'POST' })).status).toBe(404);
});
