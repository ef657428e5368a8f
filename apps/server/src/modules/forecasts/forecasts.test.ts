/**
 * Forecasts on a real database (demo data; the run the demo seed queued is run here, as the job
 * worker would; the demo exclusions are left out): the method beats
 * seasonal naive in the rolling backtest over every demo listing; the list, one listing's days,
 * the sums, the export; a recalculation asked for twice is one run, which the job finishes with
 * its progress; bad input refused.
 */
import { FORECAST_HORIZON } from '@bo/contract/forecasts/forecasts';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppPerFile } from '../../../test/harness';
import { runRefresh } from './forecasts.service';

type Json = Record<string, unknown>;
const t = testAppPerFile({ signIn: { planner: 'planner' } });
const get = async (path: string, query: Record<string, string> = {}, token = t.as.planner) => {
  const res = await t.call('GET', `/api/${path}`, { token, query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

beforeAll(async () => {
  // The demo seed computed the first run (forecasts.seed.ts).
});

describe('the demo recalculation', () => {
  it('forecast every selling listing and beat seasonal naive in the rolling backtest', async () => {
    const [run] = await t.rows<{ state: string; listings: number; total: number; done: number }>(
      `SELECT state, listings, total, done FROM forecast_runs ORDER BY id LIMIT 1`,
    );
    expect(run?.state).toBe('done');
    expect(run?.done).toBe(run?.total);
    const [c] = await t.rows<{ n: number; selling: number }>(
      `SELECT (SELECT count(*) FROM forecast_listings)::int AS n,
              (SELECT count(DISTINCT listing_id) FROM sales_facts f WHERE day > (SELECT max(day) FROM sales_facts) - 730
                  AND NOT EXISTS (SELECT 1 FROM forecast_exclusions x WHERE x.listing_id = f.listing_id
                                   AND coalesce(x.from_day, '-infinity') <= (SELECT max(day) + 1 FROM sales_facts)
                                   AND coalesce(x.to_day, 'infinity') >= (SELECT max(day) + 1 FROM sales_facts)))::int AS selling`,
    );
    expect(c?.n).toBe(c?.selling);
    expect(run?.listings).toBe(c?.n);
    const sums = await get('ms-ai-sales/rest/v2/comprehensive', {}, await t.login('admin'));
    const acc = sums.accuracy as { wape: number; naiveWape: number; bias: number; listings: number; actual: number };
    console.info(
      `demo backtest: ${acc.listings} listings, ${acc.actual} units, WAPE ${acc.wape} vs seasonal naive ${acc.naiveWape}, bias ${acc.bias}`,
    );
    expect(acc.wape).toBeLessThan(acc.naiveWape);
    expect(Math.abs(acc.bias)).toBeLessThan(0.15);
    const [m] = await t.rows<{ launch: number; censored: number }>(
      `SELECT count(*) FILTER (WHERE method = 'launch')::int AS launch, count(*) FILTER (WHERE censored_days > 0)::int AS censored FROM forecast_listings`,
    );
    console.info(`demo: ${m?.launch} launches on a reference shape, ${m?.censored} listings with censored days`);
  });
});

describe('reads', () => {
  it('lists forecasts sorted and filtered, with their backtest', async () => {
    const page = await get('ms-ai-sales/rest/v2/forecasts', { sortField: 'next30', sortOrder: 'desc', pageSize: '5' });
    expect(page.total).toBeGreaterThan(5);
    const list = page.list as Json[];
    expect(list).toHaveLength(5);
    for (let i = 1; i < list.length; i++) expect(list[i - 1]!.next30 as number).toBeGreaterThanOrEqual(list[i]!.next30 as number);
    const top = list[0]!;
    expect(top.next90 as number).toBeGreaterThan(top.next30 as number);
    expect(typeof top.wape).toBe('number');
    const us = await get('ms-ai-sales/rest/v2/forecasts', { marketId: '0', keyword: String(top.sku).slice(0, 6) });
    for (const r of us.list as Json[]) expect(r.marketId).toBe(0);
    const bad = await t.call('GET', '/api/ms-ai-sales/rest/v2/forecasts', { token: t.as.planner, query: { sortField: 'price' } });
    expect(bad.statusCode).toBe(400);
  });

  it("answers one listing's days: history with stock-outs marked, the forecast, the promotion days", async () => {
    const [l] = await t.rows<{ listing_id: number; origin: string }>(
      `SELECT listing_id, to_char(origin, 'YYYY-MM-DD') AS origin FROM forecast_listings ORDER BY next30 DESC LIMIT 1`,
    );
    const d = await get('sales/rest/v2/forecasts/daySales', {
      listingId: String(l!.listing_id),
      historyDays: '60',
      forecastDays: '120',
    });
    expect(d.origin).toBe(l!.origin);
    expect((d.history as Json[]).length).toBeGreaterThan(50);
    expect((d.history as Json[]).length).toBeLessThanOrEqual(60);
    expect(d.forecast).toHaveLength(120);
    expect((d.forecast as Json[])[0]!.day).toBe(l!.origin);
    expect(String((d.history as Json[]).at(-1)?.day) < l!.origin).toBe(true);
    const missing = await t.call('GET', '/api/sales/rest/v2/forecasts/daySales', {
      token: t.as.planner,
      query: { listingId: '999999' },
    });
    expect(missing.statusCode).toBe(404);
    const tooLong = await t.call('GET', '/api/sales/rest/v2/forecasts/daySales', {
      token: t.as.planner,
      query: { listingId: '1', forecastDays: String(FORECAST_HORIZON + 1) },
    });
    expect(tooLong.statusCode).toBe(400);
  });

  it('sums months of history and forecast and per marketplace', async () => {
    const admin = await t.login('admin');
    const s = await get('ms-ai-sales/rest/v2/comprehensive', {}, admin);
    const months = s.months as { month: string; actual: number | null; forecast: number | null }[];
    expect(months.length).toBeGreaterThanOrEqual(18);
    expect(months.filter((m) => m.actual !== null).length).toBe(13);
    expect(months.filter((m) => m.forecast !== null).length).toBe(7);
    const markets = s.byMarket as { marketId: number; next30: number }[];
    const us = await get('ms-ai-sales/rest/v2/comprehensive', { marketId: '0' }, admin);
    expect(us.byMarket).toHaveLength(1);
    expect((us.byMarket as Json[])[0]!.next30).toBe(markets.find((m) => m.marketId === 0)!.next30);
  });

  it('exports the filtered forecasts as xlsx', async () => {
    const res = await t.call('GET', '/api/sales/rest/v2/forecasts/exportation', {
      token: t.as.planner,
      query: { marketId: '0' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.rawPayload.length).toBeGreaterThan(1000);
  });
});

describe('recalculation', () => {
  it('queues one run at a time, which the job finishes with its progress', async () => {
    const before = await get('sales/rest/v2/refresh-time');
    expect(before.refreshedAt).not.toBeNull();
    expect(before.running).toBeNull();
    const a = await t.call('POST', '/api/sales/rest/v2/refresh', { token: t.as.planner, body: {} });
    expect(a.statusCode, a.body).toBe(200);
    const run = a.json().data as Json;
    expect(run.state).toBe('queued');
    expect(run.requestedBy).toContain('Planner');
    const b = await t.call('POST', '/api/sales/rest/v2/refresh', { token: t.as.planner, body: {} });
    expect(b.json().data.id).toBe(run.id);
    const [job] = await t.rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM jobs WHERE kind = 'forecasts.refresh' AND state = 'queued' AND (payload->>'runId')::int = $1`,
      [run.id],
    );
    expect(job?.n).toBe(1);
    expect((await get('sales/rest/v2/refresh-time')).running.id).toBe(run.id);
    await runRefresh(t.database.db, run.id as number);
    const done = await get('sales/rest/v2/rgl/async-cal-result', { id: String(run.id) });
    expect(done.state).toBe('done');
    expect(done.progress).toBe(1);
    expect(done.done).toBe(done.total);
    expect(done.accuracy.wape).toBeLessThan(done.accuracy.naiveWape);
    const latest = await get('sales/rest/v2/rgl/async-cal-result');
    expect(latest.id).toBe(run.id);
    const records = await get('sales/rest/v2/rgl/cal-record', { state: 'done' });
    expect(records.total).toBe(2);
    expect((records.list as Json[])[0]!.id).toBe(run.id);
    const [stale] = await t.rows<{ n: number }>(`SELECT count(*)::int AS n FROM forecast_listings WHERE run_id <> $1`, [run.id]);
    expect(stale?.n).toBe(0);
    const none = await t.call('GET', '/api/sales/rest/v2/rgl/async-cal-result', { token: t.as.planner, query: { id: '99999' } });
    expect(none.statusCode).toBe(404);
  });

  it('censors the days the stock says a listing was out of stock, in the run and in its days', async () => {
    // The listing with the most recent sales; ten of its selling days in the last 60 that no position marks out yet.
    const [l] = await t.rows<{ listing_id: number; shop_id: number; sku: string }>(
      `SELECT f.listing_id, f.shop_id, sk.sku FROM sales_facts f JOIN listings li ON li.id = f.listing_id JOIN skus sk ON sk.id = li.sku_id
        WHERE f.day > (SELECT max(day) FROM sales_facts) - 60 AND f.units > 0
          AND EXISTS (SELECT 1 FROM forecast_listings fl WHERE fl.listing_id = f.listing_id AND fl.method = 'smoothing')
        GROUP BY f.listing_id, f.shop_id, sk.sku ORDER BY count(*) DESC, f.listing_id LIMIT 1`,
    );
    const days = (
      await t.rows<{ day: string }>(
        `SELECT to_char(f.day, 'YYYY-MM-DD') AS day FROM sales_facts f
          WHERE f.listing_id = $1 AND f.units > 0 AND f.day > (SELECT max(day) FROM sales_facts) - 60
            AND NOT EXISTS (SELECT 1 FROM inventory_positions p WHERE p.listing_id = f.listing_id AND p.day = f.day AND p.fulfillable = 0)
          ORDER BY f.day LIMIT 10`,
        [l!.listing_id],
      )
    ).map((r) => r.day);
    expect(days).toHaveLength(10);
    const runOnce = async () => {
      const a = await t.call('POST', '/api/sales/rest/v2/refresh', { token: t.as.planner, body: {} });
      await runRefresh(t.database.db, a.json().data.id as number);
      const [f] = await t.rows<{ censored_days: number }>(`SELECT censored_days FROM forecast_listings WHERE listing_id = $1`, [
        l!.listing_id,
      ]);
      return f!.censored_days;
    };
    const before = await runOnce();
    // Days that sold are never censored by the zero-run rule: each stock-out day adds one.
    await t.rows(
      `INSERT INTO inventory_positions (shop_id, warehouse_id, day, sku, listing_id, fulfillable, reserved, source)
       SELECT $1, w.id, d::date, $3, $2, 0, 4, 'test' FROM unnest($4::text[]) d, inventory_warehouses w
        WHERE w.kind = 'fba' AND w.market_id = (SELECT s.market_id FROM shops s WHERE s.id = $1)
       ON CONFLICT (shop_id, warehouse_id, day, sku) DO UPDATE SET fulfillable = 0`,
      [l!.shop_id, l!.listing_id, l!.sku, days],
    );
    expect(await runOnce()).toBe(before + 10);
    const d = await get('sales/rest/v2/forecasts/daySales', { listingId: String(l!.listing_id), historyDays: '90' });
    const marked = (d.history as { day: string; censored: boolean }[]).filter((h) => days.includes(h.day));
    expect(marked).toHaveLength(10);
    expect(marked.every((h) => h.censored)).toBe(true);
  });
});
