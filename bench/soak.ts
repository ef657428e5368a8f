/**
 * The soak suite: `npm run soak -- [--minutes 30] [--db embedded|url] [--rate <ops/s>] [--json <file>|none]`.
 *
 * Starts the built server (own embedded PostgreSQL in a temporary DATA_DIR, or a fresh
 * database on BENCH_DATABASE_URL) with METRICS_PORT set, finds the maximum rate of a mixed
 * read/write workload with a short closed-loop run (16 workers), then offers half of that
 * rate (open loop: requests are sent on schedule whether or not earlier ones finished) for
 * the duration, sampling the server's RSS from /proc/<pid>/status. The event-loop delay is
 * measured inside the server (perf_hooks.monitorEventLoopDelay, served on the loopback-only
 * metrics listener) and reset when the warm-up ends.
 *
 * Pass: 0 errors, RSS growth < 10 % from the end of the warm-up (5 minutes of a 30-minute run,
 * a sixth of shorter runs) to the end, event-loop delay p99 < 100 ms. Prints a markdown table;
 * writes JSON to bench/results/<date>-soak-<minutes>m.json unless told otherwise. Exit 0 on
 * pass, 1 on fail.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { ADMIN_PASSWORD as E2E_ADMIN_PASSWORD } from '../e2e/support/server';
import { assertLoopback, createDatabase, dropDatabase, withDatabase } from './lib/db';
import { salesCalls } from './lib/sales';
import { ADMIN_PASSWORD, embeddedPostmaster, freePort, root, startServer } from './lib/server';
import { fmt, LatencyRecorder, round } from './lib/stats';

const USAGE = 'usage: npm run soak -- [--minutes 30] [--db embedded|url] [--rate <ops/s>] [--json <file>|none]';
const say = (line: string) => process.stderr.write(`${line}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const TARGET_RSS_GROWTH = 0.1;
const TARGET_ELD_P99_MS = 100;
/** At most this many requests in flight in the open-loop phase; beyond it an op is counted as refused by overload. */
const MAX_IN_FLIGHT = 256;

interface Args {
  minutes: number;
  db: 'embedded' | 'url';
  rate: number | null;
  json: string | null;
}

function parseCli(argv: string[]): Args {
  const { values } = parseArgs({
    args: argv,
    options: {
      minutes: { type: 'string', default: '30' },
      db: { type: 'string', default: 'embedded' },
      rate: { type: 'string' },
      json: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  const minutes = Number(values.minutes);
  if (!Number.isFinite(minutes) || minutes <= 0 || minutes > 24 * 60)
    throw new Error(`--minutes must be > 0 and ≤ 1440\n${USAGE}`);
  const db = values.db;
  if (db !== 'embedded' && db !== 'url') throw new Error(`--db must be embedded or url\n${USAGE}`);
  const rate = values.rate === undefined ? null : Number(values.rate);
  if (rate !== null && (!Number.isFinite(rate) || rate <= 0)) throw new Error(`--rate must be a positive number\n${USAGE}`);
  const stamp = new Date().toISOString().slice(0, 10);
  const json =
    values.json === 'none'
      ? null
      : (values.json ?? path.join(root, 'bench/results', `${stamp}-soak-${String(minutes).replace('.', '_')}m.json`));
  return { minutes, db, rate, json };
}

// ---- the workload ---------------------------------------------------------------------

interface Envelope {
  code: number;
  msg: string;
  data: unknown;
}

class Api {
  constructor(
    readonly base: string,
    private token: string,
  ) {}

  async call(method: string, p: string, body?: unknown, form?: FormData): Promise<Envelope> {
    const r = await fetch(`${this.base}/api/${p}`, {
      method,
      headers: { authorization: `Bearer ${this.token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: form ?? (body !== undefined ? JSON.stringify(body) : undefined),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await r.text();
    let env: Envelope;
    try {
      env = JSON.parse(text) as Envelope;
    } catch {
      throw new Error(`${method} /api/${p.split('?')[0]}: ${r.status}, not JSON`);
    }
    if (r.status !== 200 || env.code !== 0) throw new Error(`${method} /api/${p.split('?')[0]}: ${r.status} ${env.msg}`);
    return env;
  }
}

interface ProductBody {
  id: number;
  version: number;
  model: string;
  name: string;
  nameEn: string;
  productLineId: number;
  positionId: number | null;
  categoryCode: string;
  lifecycle: 0 | 1 | 2;
  launchDate: string | null;
  eolDate: string | null;
}

const ORDERS_HEADER =
  'amazon-order-id\tmerchant-order-id\tpurchase-date\tlast-updated-date\torder-status\tfulfillment-channel\tsales-channel\torder-channel\turl\tship-service-level\tproduct-name\tsku\tasin\titem-status\tquantity\tcurrency\titem-price\titem-tax\tshipping-price\tshipping-tax\tgift-wrap-price\tgift-wrap-tax\titem-promotion-discount\tship-promotion-discount\tship-city\tship-state\tship-postal-code\tship-country\tpromotion-ids\tis-business-order\tpurchase-order-number\tprice-designation\tsignature-confirmation-recommended';

/** An Amazon All Orders report of one day (the format e2e/tests/crash.test.ts imports). */
function allOrders(day: string, listings: Array<{ sku: string; asin: string }>, n: number): string {
  const rows = listings.map((l, i) => {
    const units = 1 + ((n + i) % 7);
    return [
      `111-${String(i).padStart(7, '0')}-${day.replace(/-/g, '').slice(1)}`,
      '',
      `${day}T20:00:00+00:00`,
      `${day}T21:00:00+00:00`,
      'Shipped',
      'Amazon',
      'Amazon.com',
      '',
      '',
      'Standard',
      'Soak item',
      l.sku,
      l.asin,
      'Shipped',
      String(units),
      'USD',
      (units * 10).toFixed(2),
      '0.00',
      '0.00',
      '0.00',
      '',
      '',
      '0.00',
      '0.00',
      'PORTLAND',
      'OR',
      '97201',
      'US',
      '',
      'false',
      '',
      '',
      'false',
    ].join('\t');
  });
  return `${ORDERS_HEADER}\n${rows.join('\n')}\n`;
}

interface Op {
  name: string;
  weight: number;
  kind: 'read' | 'write';
  run(n: number): Promise<void>;
}

/** The mix: mostly the reads every screen makes, a share of ordinary writes, a few imports. */
async function workload(api: Api, lastDay: string): Promise<Op[]> {
  const sales = new Map(salesCalls(lastDay).map((c) => [c.key, c.path]));
  const salesPath = (key: string) => {
    const p = sales.get(key);
    if (!p) throw new Error(`no sales call ${key}`);
    return p;
  };
  const get = (name: string, p: string, weight: number): Op => ({
    name,
    weight,
    kind: 'read',
    run: async () => {
      await api.call('GET', p);
    },
  });

  // Products to edit: each is held by one edit at a time (an edit carries the version it read).
  const list = (await api.call('GET', 'product/rest/v1/products?pageNum=1&pageSize=8')).data as { list: Array<{ id: number }> };
  const free: ProductBody[] = [];
  for (const p of list.list) {
    const d = (await api.call('GET', `product/rest/v1/products/${p.id}`)).data as ProductBody & Record<string, unknown>;
    free.push({
      id: d.id,
      version: d.version,
      model: d.model,
      name: d.name,
      nameEn: d.nameEn,
      productLineId: d.productLineId,
      positionId: d.positionId,
      categoryCode: d.categoryCode,
      lifecycle: d.lifecycle,
      launchDate: d.launchDate,
      eolDate: d.eolDate,
    });
  }
  if (!free.length) throw new Error('no products to edit in the demo data');
  const originalNames = new Map(free.map((p) => [p.id, p.name]));

  // Imports: three listings of the demo shop Lumio US; one import at a time (the shop's lock).
  const shops = (await api.call('GET', 'sales/rest/v1/shops/user')).data as Array<{ id: number; name: string }>;
  const shop = shops.find((s) => s.name === 'Lumio US');
  if (!shop) throw new Error('the demo shop Lumio US is missing');
  const page = (await api.call('GET', `sales/rest/v1/listings/sku/sales_profit?shopId=${shop.id}&pageSize=3&sortField=sku`))
    .data as { list: Array<{ sku: string; asin: string }> };
  const listings = page.list.map((l) => ({ sku: l.sku, asin: l.asin }));
  let importing = false;

  const ops: Op[] = [
    get('current user', 'user/rest/v1/login', 10),
    get('menus', 'user/rest/robot/v1/menu/getUserMenu/byCurrentUser', 10),
    get('permissions', 'user/rest/v2/users/permissions', 5),
    get('dashboard kpis', salesPath('sales.kpis.90d'), 4),
    get('dashboard trend', salesPath('sales.trend.90d'), 4),
    get('dashboard markets', salesPath('sales.markets.90d'), 4),
    get('dashboard top SKUs', salesPath('sales.topSkus.90d'), 4),
    get('list: SKU sales & profit', salesPath('sales.sku.90d'), 4),
    get('list: listing filter', salesPath('sales.listingFilter.90d'), 3),
    get('list: products', 'product/rest/v1/products?pageNum=1&pageSize=20', 3),
    get('list: roles', 'user/rest/v1/roles?pageNum=1&pageSize=20', 2),
    {
      name: 'save a listing filter',
      weight: 3,
      kind: 'write',
      // Twenty names: the same name replaces, so the table stays small however long the run.
      run: async (n) => {
        await api.call('POST', 'sales/rest/v1/listings/filter/saved', {
          name: `soak ${n % 20}`,
          query: `marketId=0&noSales=${n % 2 === 0}&minUnits=${n % 50}`,
        });
      },
    },
    {
      name: 'edit a product',
      weight: 2,
      kind: 'write',
      run: async (n) => {
        const p = free.pop();
        if (!p) {
          await api.call('GET', 'product/rest/v1/products?pageNum=1&pageSize=20');
          return;
        }
        try {
          // Alternates between the original name and the original with a mark, so nothing drifts.
          const base = (originalNames.get(p.id) ?? p.name).slice(0, 96);
          const body = { ...p, name: n % 2 ? `${base} ·` : base };
          const saved = (await api.call('PUT', 'product/rest/v1/products', body)).data as { version: number; name: string };
          p.version = saved.version;
          p.name = saved.name;
        } finally {
          free.push(p);
        }
      },
    },
    {
      name: 'import preview + commit',
      weight: 1,
      kind: 'write',
      run: async (n) => {
        if (importing) {
          await api.call('GET', 'user/rest/v1/login');
          return;
        }
        importing = true;
        try {
          // Sixty days of 2019, over and over: a commit replaces whole days, so the facts stay bounded.
          const day = new Date(Date.UTC(2019, 0, 1) + (n % 60) * 86_400_000).toISOString().slice(0, 10);
          const form = new FormData();
          form.set('kind', 'all-orders');
          form.set('shopId', String(shop.id));
          form.set('file', new Blob([allOrders(day, listings, n)]), 'soak-orders.txt');
          const preview = (await api.call('POST', 'imports', undefined, form)).data as { id: number };
          await api.call('POST', `imports/${preview.id}/commit`, { confirmLargeRemoval: true });
        } finally {
          importing = false;
        }
      },
    },
  ];
  return ops;
}

function picker(ops: Op[]): () => Op {
  const total = ops.reduce((s, o) => s + o.weight, 0);
  let seed = 42;
  return () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff; // fixed sequence, the same mix every run
    let x = (seed / 0x7fffffff) * total;
    for (const o of ops) {
      x -= o.weight;
      if (x < 0) return o;
    }
    return ops[ops.length - 1] as Op;
  };
}

// ---- measurements ---------------------------------------------------------------------

function rssOf(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!m?.[1]) throw new Error(`no VmRSS for process ${pid}`);
  return Number(m[1]) * 1024;
}

interface EventLoopDelay {
  samples: number;
  meanMs: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  sinceMs: number;
}

async function metrics(
  port: number,
  reset = false,
): Promise<{ rssBytes: number; heapUsedBytes: number; eventLoopDelay: EventLoopDelay }> {
  const r = await fetch(`http://127.0.0.1:${port}/metrics${reset ? '?reset=1' : ''}`);
  if (r.status !== 200) throw new Error(`the metrics listener answered ${r.status}`);
  return (await r.json()) as { rssBytes: number; heapUsedBytes: number; eventLoopDelay: EventLoopDelay };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[Math.floor(s.length / 2)] as number) : 0;
};

interface Tally {
  ok: number;
  errors: number;
  latency: LatencyRecorder;
}

class Errors {
  count = 0;
  readonly first: string[] = [];
  add(msg: string) {
    this.count++;
    if (this.first.length < 10 && !this.first.includes(msg)) this.first.push(msg);
  }
}

async function runOp(op: Op, n: number, tallies: Map<string, Tally>, errors: Errors): Promise<void> {
  const t = tallies.get(op.name) ?? { ok: 0, errors: 0, latency: new LatencyRecorder() };
  tallies.set(op.name, t);
  const s = performance.now();
  try {
    await op.run(n);
    t.ok++;
    t.latency.record(performance.now() - s);
  } catch (err) {
    t.errors++;
    errors.add(`${op.name}: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** Closed loop: `workers` loops for `seconds`; answers completed ops per second. */
async function maxRate(ops: Op[], workers: number, seconds: number): Promise<{ rate: number; errors: Errors }> {
  const pick = picker(ops);
  const errors = new Errors();
  const tallies = new Map<string, Tally>();
  let n = 0;
  let done = 0;
  const t0 = performance.now();
  const end = t0 + seconds * 1000;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (performance.now() < end) {
        await runOp(pick(), n++, tallies, errors);
        done++;
      }
    }),
  );
  return { rate: done / ((performance.now() - t0) / 1000), errors };
}

// ---- BACKGROUND JOBS ---------------------------------------------------------------------
// Issue #7 asks for the soak to run "with background jobs running". The server's job worker
// runs as in production (JOBS_ENABLED defaults to on) and the soak makes its recurring mail
// fetch run every 3 s (MAIL_FETCH_MINUTES, see the server start below): each run claims its
// job, finds no mailbox configured and queues the next. At the end the jobs the worker
// finished and failed are counted; a failed job is an error of the soak.
async function startBackgroundJobs(ctx: { base: string; databaseUrl: string; errors: Errors }): Promise<{
  description: string;
  stop(): Promise<void>;
}> {
  const count = async () => {
    const c = new pg.Client({ connectionString: ctx.databaseUrl });
    c.on('error', () => {});
    await c.connect();
    try {
      const r = await c.query<{ done: number; failed: number }>(
        `SELECT count(*) FILTER (WHERE state = 'done')::int AS done, count(*) FILTER (WHERE state = 'failed')::int AS failed FROM jobs`,
      );
      return r.rows[0] ?? { done: 0, failed: 0 };
    } finally {
      await c.end();
    }
  };
  const before = await count();
  const jobs = {
    description: "the server's job worker (recurring mail fetch every 3 s, no mailbox configured)",
    stopped: false,
    stop: async () => {
      if (jobs.stopped) return;
      jobs.stopped = true;
      const after = await count();
      const done = after.done - before.done;
      const failed = after.failed - before.failed;
      jobs.description = `the server's job worker: ${done} recurring mail-fetch runs done, ${failed} failed (no mailbox configured)`;
      if (failed > 0) {
        ctx.errors.add(`${failed} background job(s) failed`);
        ctx.errors.count += failed - 1;
      }
    },
  };
  return jobs;
}
// ---------------------------------------------------------------------------------------

/** `cp -a SRC/. DEST`: the data directory with its owners (as root the embedded PostgreSQL runs as a user of its own). */
function copyDir(src: string, dest: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('cp', ['-a', `${src}/.`, dest], { stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`cp -a ${src} exited ${code}`))));
  });
}

function build(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'scripts/build.mjs')], { cwd: root, stdio: ['ignore', 2, 2] });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`node scripts/build.mjs failed (exit ${code})`))));
  });
}

async function lastSalesDay(url: string): Promise<string> {
  const { default: pg } = await import('pg');
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const r = await c.query<{ d: string | null }>(`SELECT to_char(max(day), 'YYYY-MM-DD') AS d FROM sales_facts`);
    const d = r.rows[0]?.d;
    if (!d) throw new Error('the demo data has no sales facts');
    return d;
  } finally {
    await c.end();
  }
}

// ---- main -----------------------------------------------------------------------------

const cleanups: Array<() => Promise<void>> = [];
let interrupted = false;

async function main(): Promise<number> {
  const args = parseCli(process.argv.slice(2));
  const started = new Date();
  const totalS = args.minutes * 60;
  const warmupS = Math.min(5 * 60, totalS / 6);
  const maxS = Math.max(3, Math.min(15, totalS / 10));
  const sampleEveryMs = Math.max(500, Math.min(5_000, (totalS * 1000) / 60));
  say(`soak: ${args.minutes} min (warm-up ${fmt(warmupS, 0)} s), --db ${args.db}`);

  say('building what is stale (node scripts/build.mjs) ...');
  await build();

  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bo-soak-'));
  await fs.chmod(dataDir, 0o755);
  cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
  // npm test's smoke starts from the browser suites' prepared data directory (the same demo,
  // migrated and seeded once) instead of a first start of its own; cp -a keeps the owner.
  const template = args.db === 'embedded' ? process.env.E2E_DATA_TEMPLATE : undefined;
  if (template) await copyDir(template, dataDir);
  let databaseUrl = '';
  if (args.db === 'url') {
    const serverUrl = process.env.BENCH_DATABASE_URL ?? '';
    if (!serverUrl)
      throw new Error('--db url needs BENCH_DATABASE_URL (a PostgreSQL on this machine where a database may be created)');
    assertLoopback(serverUrl);
    const name = `soak_${started.toISOString().replace(/\D/g, '').slice(0, 14)}`;
    await createDatabase(serverUrl, name);
    cleanups.push(() => dropDatabase(serverUrl, name));
    databaseUrl = withDatabase(serverUrl, name);
  }
  const metricsPort = await freePort();
  say('starting the built server ...');
  const server = await startServer({
    dataDir,
    databaseUrl,
    env: { METRICS_PORT: String(metricsPort), JOBS_ENABLED: 'true', MAIL_FETCH_MINUTES: '0.05' },
  });
  cleanups.push(() => server.stop());
  let driverUrl = databaseUrl;
  if (!driverUrl) {
    const pm = await embeddedPostmaster(dataDir);
    if (!pm) throw new Error('cannot find the embedded PostgreSQL of the server');
    driverUrl = `postgres://postgres:embedded@127.0.0.1:${pm.port}/backoffice`;
  }

  const login = await fetch(`${server.base}/api/user/rest/v2/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ loginName: 'admin', password: template ? E2E_ADMIN_PASSWORD : ADMIN_PASSWORD }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const api = new Api(server.base, token);
  const ops = await workload(api, await lastSalesDay(driverUrl));
  const errors = new Errors();
  const jobs = await startBackgroundJobs({ base: server.base, databaseUrl: driverUrl, errors });
  cleanups.push(() => jobs.stop());

  // 1. The maximum rate of the mix.
  let rate: number;
  let measuredMax: number | null = null;
  if (args.rate) {
    rate = args.rate;
    say(`rate given: ${fmt(rate)} ops/s`);
  } else {
    say(`finding the maximum rate: 16 workers, closed loop, ${fmt(maxS, 0)} s ...`);
    const m = await maxRate(ops, 16, maxS);
    for (const e of m.errors.first) errors.add(`max-rate run: ${e}`);
    errors.count += m.errors.count - m.errors.first.length;
    measuredMax = m.rate;
    rate = m.rate / 2;
    say(`  ${fmt(m.rate)} ops/s at most; the soak offers half: ${fmt(rate)} ops/s`);
  }

  // 2. Half of it, open loop, for the duration.
  const pick = picker(ops);
  const tallies = new Map<string, Tally>();
  /** RSS from /proc (the figure judged); the V8 heap in use from the server, to tell heap growth from the rest. */
  const samples: Array<{ t: number; rss: number; heap: number }> = [];
  let inFlight = 0;
  let overloaded = 0;
  let sent = 0;
  let baselineEld: EventLoopDelay | null = null;
  const pending = new Set<Promise<void>>();
  const t0 = performance.now();
  const end = t0 + totalS * 1000;
  let nextSample = t0;
  let warmupDone = false;
  let lastReport = t0;
  say(`soak: ${fmt(rate)} ops/s for ${fmt(totalS, 0)} s ...`);
  while (!interrupted) {
    const now = performance.now();
    if (now >= end) break;
    if (now >= nextSample) {
      samples.push({ t: (now - t0) / 1000, rss: rssOf(server.pid), heap: (await metrics(metricsPort)).heapUsedBytes });
      nextSample += sampleEveryMs;
    }
    if (!warmupDone && now - t0 >= warmupS * 1000) {
      warmupDone = true;
      baselineEld = (await metrics(metricsPort, true)).eventLoopDelay;
      say(`  warm-up over after ${fmt(warmupS, 0)} s: RSS ${fmt(rssOf(server.pid) / 2 ** 20)} MB; event-loop histogram reset`);
    }
    if (now - lastReport >= 60_000) {
      lastReport = now;
      say(
        `  ${fmt((now - t0) / 1000, 0)} s: ${sent} ops sent, ${errors.count} errors, RSS ${fmt(rssOf(server.pid) / 2 ** 20)} MB`,
      );
    }
    const due = Math.floor(((now - t0) / 1000) * rate);
    while (sent < due) {
      const n = sent++;
      if (inFlight >= MAX_IN_FLIGHT) {
        overloaded++;
        continue;
      }
      inFlight++;
      const p = runOp(pick(), n, tallies, errors).finally(() => {
        inFlight--;
        pending.delete(p);
      });
      pending.add(p);
    }
    await sleep(5);
  }
  await Promise.all(pending);
  const elapsed = (performance.now() - t0) / 1000;
  samples.push({ t: elapsed, rss: rssOf(server.pid), heap: (await metrics(metricsPort)).heapUsedBytes });
  const final = await metrics(metricsPort);
  if (overloaded) errors.add(`${overloaded} ops not sent: ${MAX_IN_FLIGHT} already in flight (the server fell behind)`);
  errors.count += overloaded ? overloaded - 1 : 0;

  // 3. Figures.
  // RSS saws up and down with the collector (±15 % within a minute here), so each end is
  // the median of a sixth of the run: the first sixth after the warm-up, and the last.
  const window = Math.max((3 * sampleEveryMs) / 1000, totalS / 6);
  const atWarmup = samples.filter((s) => s.t >= warmupS && s.t <= warmupS + window).map((s) => s.rss);
  const atEnd = samples.filter((s) => s.t >= elapsed - window).map((s) => s.rss);
  const heapStart = median(samples.filter((s) => s.t >= warmupS && s.t <= warmupS + window).map((s) => s.heap));
  const heapEnd = median(samples.filter((s) => s.t >= elapsed - window).map((s) => s.heap));
  const rssStart = median(atWarmup);
  const rssEnd = median(atEnd);
  const rssMax = Math.max(...samples.filter((s) => s.t >= warmupS).map((s) => s.rss));
  const growth = rssStart ? (rssEnd - rssStart) / rssStart : 0;
  const eld = final.eventLoopDelay;
  const completed = [...tallies.values()].reduce((s, t) => s + t.ok + t.errors, 0);
  await jobs.stop();
  const checks = [
    { name: 'errors', target: '0', figure: String(errors.count), pass: errors.count === 0 },
    {
      name: `RSS growth after the ${fmt(warmupS, 0)} s warm-up (median of the ${fmt(window, 0)} s after it → median of the last ${fmt(window, 0)} s)`,
      target: `< ${TARGET_RSS_GROWTH * 100} %`,
      figure: `${fmt(growth * 100, 1)} % (${fmt(rssStart / 2 ** 20)} → ${fmt(rssEnd / 2 ** 20)} MB, max ${fmt(rssMax / 2 ** 20)} MB; V8 heap in use ${fmt(heapStart / 2 ** 20)} → ${fmt(heapEnd / 2 ** 20)} MB)`,
      pass: growth < TARGET_RSS_GROWTH,
    },
    {
      name: 'event-loop delay p99 after the warm-up (inside the server)',
      target: `< ${TARGET_ELD_P99_MS} ms`,
      figure: `${fmt(eld.p99Ms, 1)} ms (p50 ${fmt(eld.p50Ms, 1)}, max ${fmt(eld.maxMs, 1)} ms)`,
      pass: eld.p99Ms < TARGET_ELD_P99_MS,
    },
  ];
  const ok = checks.every((c) => c.pass);

  const cpus = os.cpus();
  const lines = [
    `## Soak ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC, ${args.minutes} min, --db ${args.db}`,
    '',
    `Machine: ${cpus.length} cores (${cpus[0]?.model.trim() ?? '?'}), ${fmt(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}.`,
    `Rate: ${measuredMax === null ? 'given' : `${fmt(measuredMax)} ops/s at most (16 workers, ${fmt(maxS, 0)} s), half offered`}: ${fmt(rate)} ops/s; ${completed} ops in ${fmt(elapsed, 0)} s (${fmt(completed / elapsed)} ops/s done). Background jobs: ${jobs.description}.`,
    '',
    '| operation | kind | ok | errors | p50 ms | p99 ms |',
    '|---|---|---|---|---|---|',
    ...ops.map((o) => {
      const t = tallies.get(o.name);
      const s = t?.latency.summary();
      return `| ${o.name} | ${o.kind} | ${t?.ok ?? 0} | ${t?.errors ?? 0} | ${s ? fmt(s.p50, 1) : '–'} | ${s ? fmt(s.p99, 1) : '–'} |`;
    }),
    '',
    ...checks.map((c) => `- ${c.pass ? 'PASS' : '**FAIL**'} ${c.name}: ${c.figure} (target ${c.target})`),
    ...errors.first.map((e) => `- error: ${e}`),
    '',
    ok ? 'SOAK PASSED' : 'SOAK FAILED',
  ];
  process.stdout.write(`\n${lines.join('\n')}\n`);
  if (args.json) {
    const json = {
      startedAt: started.toISOString(),
      minutes: args.minutes,
      db: args.db,
      warmupSeconds: warmupS,
      maxRate: measuredMax === null ? null : round(measuredMax, 1),
      rate: round(rate, 1),
      elapsedSeconds: round(elapsed, 1),
      completed,
      errors: { count: errors.count, first: errors.first },
      rss: { atWarmupBytes: rssStart, atEndBytes: rssEnd, maxBytes: rssMax, growth: round(growth, 4) },
      heapUsed: { atWarmupBytes: heapStart, atEndBytes: heapEnd },
      eventLoopDelay: { ...eld, baselineBeforeReset: baselineEld },
      backgroundJobs: jobs.description,
      operations: ops.map((o) => {
        const t = tallies.get(o.name);
        const s = t?.latency.summary();
        return {
          name: o.name,
          kind: o.kind,
          weight: o.weight,
          ok: t?.ok ?? 0,
          errors: t?.errors ?? 0,
          p50: s ? round(s.p50, 2) : null,
          p99: s ? round(s.p99, 2) : null,
        };
      }),
      samples: samples.map((s) => ({ t: round(s.t, 1), rssBytes: s.rss, heapUsedBytes: s.heap })),
      checks,
      ok,
    };
    await fs.mkdir(path.dirname(args.json), { recursive: true });
    await fs.writeFile(args.json, `${JSON.stringify(json, null, 2)}\n`);
    say(`written to ${path.relative(root, args.json)}`);
  }
  return ok ? 0 : 1;
}

async function cleanUp() {
  for (let c = cleanups.pop(); c; c = cleanups.pop()) await c().catch((err) => say(`clean-up failed: ${String(err)}`));
}

process.on('SIGINT', () => {
  if (interrupted) return;
  interrupted = true;
  say('\ninterrupted: finishing the ops in flight, then stopping ...');
});

main()
  .then(async (code) => {
    await cleanUp();
    process.exit(interrupted ? 130 : code);
  })
  .catch(async (err) => {
    say(`soak failed: ${err instanceof Error ? err.message : String(err)}`);
    await cleanUp();
    process.exit(1);
  });
