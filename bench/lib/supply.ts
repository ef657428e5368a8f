/**
 * The stock and shipping screens' calls on the large data (issue #22, "Speed": every board and list call
 * of these screens p95 under 200 ms; the sign-in count of estimates to review under 5 ms).
 *
 * The large generator makes sales, not stock: every listing of it gets a stock position and its ages
 * on the latest sales day in its marketplace's FBA warehouse (made when missing), with quantities spread
 * so that every red / amber / green state and cover occurs, as an import of Manage FBA Inventory and
 * Inventory Age would leave them. Then each call alone on one connection, like the kit list calls.
 */
import pg from 'pg';
import { type HttpTarget, runHttp } from './http';
import type { RunStats } from './stats';

export const SUPPLY_TARGET_MS = 200;
export const REVIEW_COUNT_TARGET_MS = 5;

export interface SupplyData {
  positions: number;
  added: number;
  day: string;
  seconds: number;
}

/** A stock position and its ages for every listing without one on the latest sales day (one transaction). */
export async function seedStock(dbUrl: string): Promise<SupplyData> {
  const t0 = performance.now();
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  try {
    await c.query('BEGIN');
    const day = (await c.query<{ d: string }>(`SELECT to_char(max(day), 'YYYY-MM-DD') AS d FROM sales_facts`)).rows[0]?.d;
    if (!day) throw new Error('supply bench: no sales');
    await c.query(
      `INSERT INTO inventory_warehouses (code, kind, market_id, name, name_en)
       SELECT 'FBA-M' || x.m, 'fba', x.m, 'FBA ' || x.m, 'FBA ' || x.m FROM (SELECT DISTINCT market_id AS m FROM shops) x
        WHERE NOT EXISTS (SELECT 1 FROM inventory_warehouses w WHERE w.kind = 'fba' AND w.market_id = x.m)
       ON CONFLICT (code) DO NOTHING`,
    );
    const before = Number((await c.query<{ n: string }>('SELECT count(*) AS n FROM inventory_positions')).rows[0]?.n ?? 0);
    const pick = `SELECT DISTINCT ON (li.id) li.id AS listing_id, li.shop_id, sk.sku, li.asin, w.id AS warehouse_id
                    FROM listings li JOIN skus sk ON sk.id = li.sku_id JOIN shops s ON s.id = li.shop_id
                    JOIN inventory_warehouses w ON w.kind = 'fba' AND w.market_id = s.market_id
                   ORDER BY li.id, w.id`;
    await c.query(
      `INSERT INTO inventory_positions (shop_id, warehouse_id, day, sku, listing_id, asin, fnsku, fulfillable, reserved,
                                        inbound_working, inbound_shipped, inbound_receiving, unfulfillable, researching, source)
       SELECT p.shop_id, p.warehouse_id, $1::date, p.sku, p.listing_id, p.asin, 'X00' || p.listing_id,
              (p.listing_id * 37) % 900, (p.listing_id * 7) % 40, CASE WHEN p.listing_id % 5 = 0 THEN 120 ELSE 0 END,
              CASE WHEN p.listing_id % 7 = 0 THEN 240 ELSE 0 END, CASE WHEN p.listing_id % 11 = 0 THEN 60 ELSE 0 END,
              p.listing_id % 4, 0, 'bench'
         FROM (${pick}) p
       ON CONFLICT (shop_id, warehouse_id, day, sku) DO NOTHING`,
      [day],
    );
    await c.query(
      `INSERT INTO inventory_ages (shop_id, warehouse_id, day, sku, listing_id, asin, fnsku, age_0_90, age_91_180, age_181_270,
                                   age_271_365, age_365_plus, source)
       SELECT p.shop_id, p.warehouse_id, $1::date, p.sku, p.listing_id, p.asin, 'X00' || p.listing_id,
              (p.listing_id * 37) % 600, (p.listing_id * 13) % 200, (p.listing_id * 5) % 90, (p.listing_id * 3) % 40,
              CASE WHEN p.listing_id % 9 = 0 THEN 25 ELSE 0 END, 'bench'
         FROM (${pick}) p
       ON CONFLICT (shop_id, warehouse_id, day, sku) DO NOTHING`,
      [day],
    );
    const after = Number((await c.query<{ n: string }>('SELECT count(*) AS n FROM inventory_positions')).rows[0]?.n ?? 0);
    await c.query('COMMIT');
    for (const t of ['inventory_positions', 'inventory_ages']) await c.query(`VACUUM ANALYZE ${t}`);
    return { positions: after, added: after - before, day, seconds: (performance.now() - t0) / 1000 };
  } catch (e) {
    await c.query('ROLLBACK').catch(() => undefined);
    throw e;
  } finally {
    await c.end();
  }
}

export interface SupplyCall {
  key: string;
  label: string;
  path: string;
  /** The figure's target, ms (p95; the review count's is p95 too). */
  target: number;
}

/** Every list and board call of the stock and shipping screens, first page, all the caller's shops. */
export function supplyCalls(): SupplyCall[] {
  const page = 'pageNum=1&pageSize=20';
  const call = (key: string, label: string, path: string, target = SUPPLY_TARGET_MS) => ({ key, label, path, target });
  return [
    call('supply.positions', '/inventoryMgr positions', `inventory/rest/v1/positions?${page}`),
    call('supply.lowCover', '/inventoryMgr low cover', `inventory/rest/v1/positions?stock=low&${page}`),
    call('supply.monitor', '/inventoryMonitor', `inventory/rest/v1/monitor?${page}`),
    call('supply.ages', '/inventoryAge', `inventory/rest/v1/ages?${page}`),
    call('supply.agesSummary', '/inventoryAge chart', 'inventory/rest/v1/ages/summary'),
    call('supply.advice', '/replenish advice', `sales/rest/v2/redGreenLine/getAdviceList?${page}`),
    call('supply.dull', '/dullBoard', `inventory/rest/v1/dull?${page}`),
    call('supply.forecast', '/shipmentForcast', `supplyboards/rest/v1/shipment-forecast?${page}`),
    call('supply.logisticsBoard', '/logisticsBoard', 'supplyboards/rest/v1/logistics-board'),
    call('supply.deliveryBoard', '/deliveryDashboard', 'supplyboards/rest/v1/delivery-board'),
    call('supply.plans', '/inventory/planMgr', `inventory/rest/v1/shipment-plans?${page}`),
    call('supply.waves', '/shipmentPlanNext', `inventory/rest/v1/shipment-waves?${page}`),
    call('supply.shipments', '/shipmentManageNext', `supplyboards/rest/v1/shipments?${page}`),
    call('supply.logistics', '/logisticsMgr', `logistics/rest/v1/shipments?${page}`),
    call('supply.forecasts', '/forecast/index', `ms-ai-sales/rest/v2/forecasts?${page}`),
    call(
      'supply.reviewCount',
      'sign-in count of estimates to review',
      'sales/rest/v2/forecast-reviews/to-review-count',
      REVIEW_COUNT_TARGET_MS,
    ),
  ];
}

export interface SupplyResult extends SupplyCall {
  total: number | null;
  /**
   * The first call, ms: the stock screens compute every listing of the caller's shops again after any change to
   * what they read (the supply epoch, apps/server/src/modules/inventory/supply-epoch.ts), so this is what the first
   * reader after an import or an edit waits; the p95 is every other read.
   */
  firstMs: number;
  single: RunStats;
}

/** Each call alone, one connection, for `seconds`, after a check and three warm-up calls. */
export async function runSupplyCalls(
  base: string,
  token: string,
  calls: SupplyCall[],
  seconds: number,
  say: (s: string) => void,
): Promise<SupplyResult[]> {
  const out: SupplyResult[] = [];
  for (const c of calls) {
    const target: HttpTarget = { method: 'GET', url: `${base}/api/${c.path}`, headers: { authorization: `Bearer ${token}` } };
    const t0 = performance.now();
    const first = await fetch(target.url, { headers: target.headers });
    const body = (await first.json()) as { code?: number; msg?: string; data?: { total?: number } };
    const firstMs = performance.now() - t0;
    if (first.status !== 200 || body.code !== 0) throw new Error(`GET ${target.url} answered ${first.status} ${body.msg ?? ''}`);
    const total = typeof body.data?.total === 'number' ? body.data.total : null;
    for (let i = 0; i < 3; i++) await fetch(target.url, { headers: target.headers }).then((r) => r.arrayBuffer());
    const single = await runHttp(target, 1, seconds);
    say(
      `  ${c.label}${total === null ? '' : ` (${total.toLocaleString('en-US')} rows)`}: first ${firstMs.toFixed(0)} · p50 ${single.p50.toFixed(1)} · p95 ${single.p95.toFixed(1)} ms`,
    );
    out.push({ ...c, total, firstMs, single });
  }
  return out;
}
