/**
 * The forecast recalculation on the data at hand (issue #22, "Speed": a full recalculation of every
 * listing, about 26,000 listing × marketplace series at the large size, under 60 s on 2 cores while
 * the API keeps answering, p99 of the platform calls under 100 ms during it).
 *
 * Waits for the run the server starts by itself (one at each start), asks for a new one
 * (`POST sales/rest/v2/refresh`) and, until it is done, calls the platform's session calls (current
 * user, permissions, menus in turn) at a fixed rate, `rate` a second whatever the answers take (an
 * open loop: a slow answer does not slow the callers, as people clicking do not wait for each other),
 * timing each. 20 a second is a busy office: forty people each opening a screen every two seconds.
 * The run's own seconds are its started / finished times as the server stored them.
 */
import { LatencyRecorder, type RunStats } from './stats';

export const FORECAST_RUN_TARGET_S = 60;
export const FORECAST_PLATFORM_P99_MS = 100;
/** Platform calls a second during the run. */
export const FORECAST_PLATFORM_RATE = 20;

const PLATFORM_PATHS = [
  'user/rest/v1/login',
  'user/rest/v2/users/permissions',
  'user/rest/robot/v1/menu/getUserMenu/byCurrentUser',
];

interface Run {
  id: number;
  state: 'queued' | 'running' | 'done' | 'failed';
  startedAt: string | null;
  finishedAt: string | null;
  total: number;
  done: number;
  listings: number;
  error: string | null;
}

export interface ForecastRunResult {
  /** Listings forecast (series), product lines. */
  listings: number;
  lines: number;
  /** From the run's start to its end, as stored; and from the request to the end, as seen here. */
  runSeconds: number;
  wallSeconds: number;
  /** The platform calls during the run (`connections` holds the rate a second). */
  platform: RunStats;
}

async function api<T>(base: string, token: string, path: string, init?: RequestInit): Promise<T> {
  const r = await fetch(`${base}/api/${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init?.headers },
  });
  if (r.status !== 200)
    throw new Error(`${init?.method ?? 'GET'} ${path} answered ${r.status}: ${(await r.text()).slice(0, 200)}`);
  return ((await r.json()) as { data: T }).data;
}

const latest = (base: string, token: string) => api<Run | null>(base, token, 'sales/rest/v2/rgl/async-cal-result');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits while a run is queued or running (the one each start begins), at most `limitS` seconds. */
async function idle(base: string, token: string, limitS: number, say: (s: string) => void): Promise<void> {
  const until = Date.now() + limitS * 1000;
  let said = 0;
  for (;;) {
    const run = await latest(base, token);
    if (!run || run.state === 'done' || run.state === 'failed') return;
    if (Date.now() > until) throw new Error(`forecast run ${run.id} still ${run.state} after ${limitS} s`);
    if (Date.now() - said > 15_000) {
      say(`  waiting for the run the server started (${run.done}/${run.total} lines) ...`);
      said = Date.now();
    }
    await sleep(1000);
  }
}

export async function forecastRecalc(
  base: string,
  token: string,
  rate: number,
  say: (s: string) => void,
): Promise<ForecastRunResult> {
  await idle(base, token, 900, say);
  const rec = new LatencyRecorder();
  let ok = 0;
  let errors = 0;
  let firstProblem: string | undefined;
  const inFlight = new Set<Promise<void>>();
  const call = async (i: number) => {
    const path = PLATFORM_PATHS[i % PLATFORM_PATHS.length]!;
    const t0 = performance.now();
    try {
      const r = await fetch(`${base}/api/${path}`, { headers: { authorization: `Bearer ${token}` } });
      await r.arrayBuffer();
      if (r.status === 200) {
        rec.record(performance.now() - t0);
        ok++;
      } else {
        errors++;
        firstProblem ??= `HTTP ${r.status} on ${path}`;
      }
    } catch (e) {
      errors++;
      firstProblem ??= String(e);
    }
  };
  const t0 = performance.now();
  const started = await api<Run>(base, token, 'sales/rest/v2/refresh', { method: 'POST', body: '{}' });
  let sent = 0;
  const tick = setInterval(() => {
    const p = call(sent++);
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
  }, 1000 / rate);
  let run: Run | null = started;
  let said = 0;
  try {
    for (;;) {
      await sleep(250);
      run = await latest(base, token);
      if (!run || run.id !== started.id) throw new Error('the forecast run went missing');
      if (run.state === 'done' || run.state === 'failed') break;
      if (performance.now() - said > 10_000) {
        say(`  ${run.done}/${run.total} lines ...`);
        said = performance.now();
      }
    }
  } finally {
    clearInterval(tick);
    await Promise.all(inFlight);
  }
  const wallSeconds = (performance.now() - t0) / 1000;
  if (run.state === 'failed') throw new Error(`the forecast run failed: ${run.error}`);
  const runSeconds =
    run.startedAt && run.finishedAt ? (Date.parse(run.finishedAt) - Date.parse(run.startedAt)) / 1000 : wallSeconds;
  return {
    listings: run.listings,
    lines: run.total,
    runSeconds,
    wallSeconds,
    platform: {
      connections: rate,
      seconds: wallSeconds,
      ok,
      non2xx: errors,
      errors: 0,
      reqPerSec: ok / wallSeconds,
      ...rec.summary(),
      firstProblem,
    },
  };
}
