/**
 * The sales area's part of the benchmark: the large demo data, the latency of every
 * sales_profit and dashboard call over 90 days and two years, a 100,000-row Excel export
 * (seconds and the server's peak memory growth) and a 100,000-row Business Report import.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import pg from 'pg';
import { type HttpTarget, runHttp } from './http';
import { root } from './server';
import type { RunStats } from './stats';

/** Replaces the sales data with the generator's large set (DATA_DIR or DATABASE_URL). */
export function seedLarge(env: { dataDir: string; databaseUrl: string }, say: (s: string) => void): Promise<number> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/seed/seed-cli.ts', '--size', 'large'], {
      cwd: root,
      // Without a URL the seed opens the embedded PostgreSQL of DATA_DIR itself.
      env: env.databaseUrl
        ? { ...process.env, DATABASE_URL: env.databaseUrl }
        : { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'DATABASE_URL')), DATA_DIR: env.dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const keep = (d: Buffer) => {
      out = (out + d.toString()).slice(-4000);
      for (const line of d.toString().split('\n')) if (line.trim()) say(`  ${line.trim()}`);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(performance.now() - t0) : reject(new Error(`seed failed (exit ${code}):\n${out}`)),
    );
  });
}

export interface SalesCall {
  key: string;
  label: string;
  path: string;
  window: '30 days' | '90 days' | '2 years';
  targetMs: number;
}

const iso = (d: Date) => d.toISOString().slice(0, 10);

/** Every sales_profit call and the dashboard's calls, over the 90 days and the two years before `lastDay`. */
export function salesCalls(lastDay: string, sku = 'H6191-BK'): SalesCall[] {
  const end = new Date(`${lastDay}T00:00:00Z`);
  const windows = [
    { window: '90 days' as const, start: iso(new Date(end.getTime() - 89 * 86_400_000)), targetMs: 150 },
    {
      window: '2 years' as const,
      start: iso(new Date(Date.UTC(end.getUTCFullYear() - 2, end.getUTCMonth(), end.getUTCDate() + 1))),
      targetMs: 400,
    },
  ];
  const list = (p: string) => `sales/rest/v1/listings/${p}?pageNum=1&pageSize=50&sortField=revenue&sortOrder=desc`;
  const paths: Array<[string, string]> = [
    ['sku', list('sku/sales_profit')],
    ['shop', list('shop/sales_profit')],
    ['productLine', list('product_lines/sales_profit')],
    ['director', list('sale_director/sales_profit')],
    ['skuExistFee', 'sales/rest/v1/listings/sku/sku-exist-fee?pageNum=1&pageSize=50'],
    ['kpis', 'sales/rest/v1/dashboard/kpis'],
    ['trend', 'sales/rest/v1/dashboard/trend?granularity=day'],
    ['markets', 'sales/rest/v1/dashboard/markets'],
    ['topSkus', 'sales/rest/v1/dashboard/skus?order=top&limit=10'],
    ['dataSeries', 'sales/rest/v1/sales-data/series?rows=listing&granularity=month&pageNum=1&pageSize=50'],
    ['dataGroups', 'sales/rest/v1/sales-data/groups?groupBy=shop&thenBy=product_line'],
    ['dataAnalysis', 'sales/rest/v1/sales-data/analysis?dimension=listing&compare=yoy&pageNum=1&pageSize=50'],
    ['skuAnalysis', `sales/rest/v1/sku-analysis/summary?sku=${encodeURIComponent(sku)}`],
    ['skuTrend', `sales/rest/v1/sku-analysis/trend?sku=${encodeURIComponent(sku)}&granularity=week`],
    ['listingFilter', list('filter')],
    ['listingFilterMissing', 'sales/rest/v1/listings/filter?missingCost=true&pageNum=1&pageSize=50'],
  ];
  return windows.flatMap((w) =>
    paths.map(([key, p]) => ({
      key: `sales.${key}.${w.window === '90 days' ? '90d' : '2y'}`,
      label: `${key} (${w.window})`,
      path: `${p}${p.includes('?') ? '&' : '?'}startDate=${w.start}&endDate=${lastDay}`,
      window: w.window,
      targetMs: w.targetMs,
    })),
  );
}

export interface SalesCallResult extends SalesCall {
  single: RunStats;
}

/** Each call alone (one connection: the latency one user sees), for `seconds`. */
export async function runSalesCalls(base: string, token: string, calls: SalesCall[], seconds: number, say: (s: string) => void) {
  const out: SalesCallResult[] = [];
  for (const c of calls) {
    const target: HttpTarget = { method: 'GET', url: `${base}/api/${c.path}`, headers: { authorization: `Bearer ${token}` } };
    const first = await fetch(target.url, { headers: target.headers });
    const body = (await first.json()) as { code?: number; msg?: string };
    if (first.status !== 200 || body.code !== 0) throw new Error(`GET ${target.url} answered ${first.status} ${body.msg ?? ''}`);
    for (let i = 0; i < 3; i++) await fetch(target.url, { headers: target.headers }).then((r) => r.arrayBuffer());
    const single = await runHttp(target, 1, seconds);
    say(`  ${c.label}: p50 ${single.p50.toFixed(1)} · p95 ${single.p95.toFixed(1)} · p99 ${single.p99.toFixed(1)} ms`);
    out.push({ ...c, single });
  }
  return out;
}

/** Resident memory of a process in bytes (Linux). */
function rssOf(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : 0;
}

export interface ExportResult {
  rows: number;
  days: string;
  seconds: number;
  bytes: number;
  peakGrowthBytes: number;
}

/** The daily report export (one row per listing and day) of the latest days that hold at least `rows` facts. */
export async function exportBench(base: string, token: string, dbUrl: string, pid: number, rows: number): Promise<ExportResult> {
  const pool = new pg.Pool({ connectionString: dbUrl, max: 1 });
  try {
    const days = (
      await pool.query<{ day: string; n: string }>(
        `SELECT to_char(day, 'YYYY-MM-DD') AS day, count(*) AS n FROM sales_facts GROUP BY day ORDER BY day DESC`,
      )
    ).rows;
    let n = 0;
    let start = days[0]?.day ?? '';
    for (const d of days) {
      n += Number(d.n);
      start = d.day;
      if (n >= rows) break;
    }
    const end = days[0]?.day ?? '';
    const before = rssOf(pid);
    let peak = before;
    const timer = setInterval(() => {
      peak = Math.max(peak, rssOf(pid));
    }, 20);
    const t0 = performance.now();
    const r = await fetch(`${base}/api/sales/rest/v1/ts-report/export?startDate=${start}&endDate=${end}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (r.status !== 200) throw new Error(`the export answered ${r.status}`);
    const bytes = (await r.arrayBuffer()).byteLength;
    const seconds = (performance.now() - t0) / 1000;
    clearInterval(timer);
    peak = Math.max(peak, rssOf(pid));
    return { rows: n, days: `${start} … ${end}`, seconds, bytes, peakGrowthBytes: peak - before };
  } finally {
    await pool.end();
  }
}

export interface ImportResult {
  rows: number;
  previewSeconds: number;
  commitSeconds: number;
  rowsPerSecond: number;
  written: unknown;
}

/**
 * A one-day Business Report of `rows` child ASINs: the benchmark gives a shop of the
 * demo data `rows` listings of its own first (straight into the tables), then uploads the
 * report, previews and commits it through the API.
 */
export async function importBench(base: string, token: string, dbUrl: string, rows: number, day: string): Promise<ImportResult> {
  const pool = new pg.Pool({ connectionString: dbUrl, max: 1 });
  let shopId: number;
  try {
    const shop = (await pool.query<{ id: number }>(`SELECT id FROM shops WHERE market_id = 0 ORDER BY id LIMIT 1`)).rows[0];
    if (!shop) throw new Error('no US shop in the data');
    shopId = shop.id;
    await pool.query(
      `WITH p AS (SELECT id FROM products ORDER BY id LIMIT 1),
            s AS (INSERT INTO skus (sku, product_id, variant)
                  SELECT 'BENCH-' || lpad(g::text, 6, '0'), (SELECT id FROM p), '' FROM generate_series(1, $1::int) g
                  ON CONFLICT (sku) DO NOTHING RETURNING id, sku)
       INSERT INTO listings (shop_id, sku_id, asin, market_id, title, price, currency)
       SELECT $2::int, s.id, 'B0X' || lpad(substr(s.sku, 7), 7, '0'), 0, 'Bench listing ' || s.sku, 19.99, 'USD' FROM s
       ON CONFLICT DO NOTHING`,
      [rows, shopId],
    );
  } finally {
    await pool.end();
  }
  const header =
    '"(Parent) ASIN","(Child) ASIN","Title","SKU","Sessions - Total","Featured Offer (Buy Box) Percentage","Units Ordered","Ordered Product Sales","Total Order Items"';
  const lines = [header];
  for (let i = 1; i <= rows; i++) {
    const n = String(i).padStart(6, '0');
    const units = 1 + (i % 7);
    lines.push(
      `"B0X0000000","B0X${String(i).padStart(7, '0')}","Bench listing BENCH-${n}","BENCH-${n}","${100 + (i % 900)}","97.50%","${units}","$${(units * 19.99).toFixed(2)}","${units}"`,
    );
  }
  const form = new FormData();
  form.set('kind', 'business-report');
  form.set('shopId', String(shopId));
  form.set('marketId', '0');
  form.set('periodStart', day);
  form.set('periodEnd', day);
  form.set('file', new Blob([lines.join('\n')], { type: 'text/csv' }), 'bench-business-report.csv');
  const auth = { authorization: `Bearer ${token}` };
  const t0 = performance.now();
  const up = await fetch(`${base}/api/imports`, { method: 'POST', headers: auth, body: form });
  const preview = (await up.json()) as { code: number; msg: string; data: { id: number; rows: number; errors: unknown[] } };
  if (up.status !== 200 || preview.code !== 0) throw new Error(`the upload answered ${up.status} ${preview.msg}`);
  const t1 = performance.now();
  const commit = await fetch(`${base}/api/imports/${preview.data.id}/commit`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    // A bench day replaces the generated one: no second confirmation.
    body: JSON.stringify({ skipErrorRows: false, confirmLargeRemoval: true }),
  });
  const done = (await commit.json()) as { code: number; msg: string; data: unknown };
  if (commit.status !== 200 || done.code !== 0) throw new Error(`the commit answered ${commit.status} ${done.msg}`);
  const t2 = performance.now();
  return {
    rows,
    previewSeconds: (t1 - t0) / 1000,
    commitSeconds: (t2 - t1) / 1000,
    rowsPerSecond: rows / ((t2 - t0) / 1000),
    written: done.data,
  };
}

/** The SKU the SKU-analysis calls read: H6191-BK of the large data when it has sales, else the best seller. */
export async function analysisSku(dbUrl: string): Promise<string> {
  const pool = new pg.Pool({ connectionString: dbUrl, max: 1 });
  try {
    const r = await pool.query<{ sku: string }>(
      `SELECT sk.sku FROM sales_facts f JOIN skus sk ON sk.id = f.sku_id
        GROUP BY sk.sku ORDER BY (sk.sku = 'H6191-BK') DESC, sum(f.units) DESC, sk.sku LIMIT 1`,
    );
    return r.rows[0]?.sku ?? 'H6191-BK';
  } finally {
    await pool.end();
  }
}
