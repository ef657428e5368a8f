/**
 * Runtime figures of this process for the soak suite and operators: memory and the
 * event-loop delay (perf_hooks.monitorEventLoopDelay, 10 ms resolution).
 *
 * Served only when METRICS_PORT is set, by a separate plain HTTP listener bound to
 * 127.0.0.1 whatever HOST is: not part of the API (no session, no OpenAPI entry), never
 * reachable from another machine, and costing nothing when off. See docs/decisions.md.
 *
 *   GET /metrics          {pid, uptimeSeconds, rssBytes, heapUsedBytes, eventLoopDelay: {…ms}}
 *   GET /metrics?reset=1  the same, then the delay histogram starts again
 */
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';

export interface RuntimeMetrics {
  pid: number;
  uptimeSeconds: number;
  rssBytes: number;
  heapUsedBytes: number;
  /** Since the start or the last reset. */
  eventLoopDelay: { samples: number; meanMs: number; p50Ms: number; p99Ms: number; maxMs: number; sinceMs: number };
}

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

const ms = (ns: number) => Math.round((ns / 1e6) * 1000) / 1000;

export function startMetricsServer(port: number): Promise<MetricsServer> {
  const h = monitorEventLoopDelay({ resolution: 10 });
  h.enable();
  let since = Date.now();
  const snapshot = (): RuntimeMetrics => {
    const mem = process.memoryUsage();
    const count = h.count;
    return {
      pid: process.pid,
      uptimeSeconds: Math.round(process.uptime()),
      rssBytes: mem.rss,
      heapUsedBytes: mem.heapUsed,
      eventLoopDelay: {
        samples: count,
        meanMs: count ? ms(h.mean) : 0,
        p50Ms: count ? ms(h.percentile(50)) : 0,
        p99Ms: count ? ms(h.percentile(99)) : 0,
        maxMs: count ? ms(h.max) : 0,
        sinceMs: Date.now() - since,
      },
    };
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method !== 'GET' || url.pathname !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    const body = JSON.stringify(snapshot());
    if (url.searchParams.get('reset') === '1') {
      h.reset();
      since = Date.now();
    }
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(body);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const addr = server.address();
      resolve({
        port: typeof addr === 'object' && addr ? addr.port : port,
        close: () =>
          new Promise<void>((r) => {
            h.disable();
            server.close(() => r());
          }),
      });
    });
  });
}
