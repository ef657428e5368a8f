/** Load runs against the API with autocannon, summarised like the driver runs. */
import autocannon from 'autocannon';
import { LatencyRecorder, measureCpu, type RunStats } from './stats';

export interface HttpTarget {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  body?: string;
}

let current: autocannon.Instance | null = null;

/** Stops the run in progress (on Ctrl+C). */
export function stopHttpRun(): void {
  current?.stop();
}

function run(opts: autocannon.Options, onResponse?: (status: number, ms: number) => void): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(opts, (err: unknown, result: autocannon.Result) => {
      current = null;
      if (err) reject(err instanceof Error ? err : new Error(String(err)));
      else resolve(result);
    });
    current = instance;
    if (onResponse) instance.on('response', (_client, status, _bytes, ms) => onResponse(status, ms));
  });
}

const base = (t: HttpTarget, connections: number) => ({
  url: t.url,
  method: t.method,
  headers: { ...(t.body ? { 'content-type': 'application/json' } : {}), ...t.headers },
  body: t.body,
  connections,
  pipelining: 1,
  timeout: 10,
});

/** A short, fixed-count run that warms the JIT, the pool and the caches; its figures are dropped. */
export async function warmUp(t: HttpTarget, requests: number): Promise<void> {
  const r = await run({ ...base(t, 8), amount: requests });
  if (r.non2xx > 0 || r.errors > 0) {
    throw new Error(`warm-up of ${t.method} ${t.url}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  }
}

/** One measured run: `connections` keep-alive connections for `seconds`. */
export async function runHttp(t: HttpTarget, connections: number, seconds: number): Promise<RunStats> {
  const rec = new LatencyRecorder();
  const statuses = new Map<number, number>();
  const cpu = measureCpu();
  const r = await run({ ...base(t, connections), duration: seconds }, (status, ms) => {
    if (status >= 200 && status < 300) rec.record(ms);
    else statuses.set(status, (statuses.get(status) ?? 0) + 1);
  });
  const cpuUse = cpu();
  const problems = [...statuses].map(([s, n]) => `${n}× HTTP ${s}`);
  // autocannon counts timeouts among the errors.
  if (r.errors) problems.push(`${r.errors} socket errors (${r.timeouts} of them timeouts)`);
  const ok = r['2xx'];
  return {
    connections,
    seconds: r.duration,
    ok,
    non2xx: r.non2xx,
    errors: r.errors,
    reqPerSec: ok / r.duration,
    ...rec.summary(),
    firstProblem: problems.length ? problems.join(', ') : undefined,
    cpu: cpuUse,
  };
}
