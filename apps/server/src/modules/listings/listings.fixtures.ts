/**
 * Test fixtures of the listings area: two shops of the internal account of their own
 * ("Test DE", market 1, and "Test FR", market 5, both EUR at 1.10) so that figures stay
 * apart from the demo data, one product (model LSTM1) with two SKUs:
 *   L1 = LST-1 in Test DE: unit cost 5.00 USD, DE referral 15 %, FBA fee 3.00 EUR;
 *   L2 = LST-1 in Test FR: no fee schedule in FR;
 *   L3 = LST-2 in Test DE: no unit cost, no fee schedule.
 */
import { sql } from 'drizzle-orm';
import type { TestApp } from '../../../test/harness';
import { refreshRollups, writeSalesFigures } from '../sales/facts/facts.service';

export interface Fixture {
  de: number;
  fr: number;
  l1: number;
  l2: number;
  l3: number;
}

export async function createFixture(t: TestApp): Promise<Fixture> {
  const q = async <T>(text: string, values: unknown[] = []) => (await t.database.pool.query(text, values)).rows as T[];
  const line = (await q<{ id: number }>(`SELECT id FROM product_lines WHERE code = '6111'`))[0]!.id;
  const [de, fr] = (
    await q<{ id: number }>(
      `INSERT INTO shops (account_id, name, seller_id, market_id, mws_auth_state) VALUES
         (1, 'Test DE', 'ATESTSELLER01', 1, 1), (1, 'Test FR', 'ATESTSELLER02', 5, 1) RETURNING id`,
    )
  ).map((r) => r.id) as [number, number];
  const product = (
    await q<{ id: number }>(
      `INSERT INTO products (model, name, name_en, product_line_id, category_code, lifecycle) VALUES ('LSTM1', '测试灯带', 'Test strip', $1, '6111', 1) RETURNING id`,
      [line],
    )
  )[0]!.id;
  const [s1, s2] = (
    await q<{ id: number }>(`INSERT INTO skus (sku, product_id) VALUES ('LST-1', $1), ('LST-2', $1) RETURNING id`, [product])
  ).map((r) => r.id) as [number, number];
  const [l1, l2, l3] = (
    await q<{ id: number }>(
      `INSERT INTO listings (shop_id, sku_id, asin, market_id, title, price, currency) VALUES
         ($1, $3, 'B0LSTDE001', 1, 'Test strip 5 m', 29.99, 'EUR'),
         ($2, $3, 'B0LSTFR001', 5, 'Bande test 5 m', 27.50, 'EUR'),
         ($1, $4, 'B0LSTDE002', 1, 'Test strip 10 m', NULL, 'EUR') RETURNING id`,
      [de, fr, s1, s2],
    )
  ).map((r) => r.id) as [number, number, number];
  await q(
    `INSERT INTO exchange_rates (currency, day, rate) VALUES ('EUR', '2025-01-01', 1.1) ON CONFLICT (currency, day) DO UPDATE SET rate = 1.1`,
  );
  await q(`DELETE FROM exchange_rates WHERE currency = 'EUR' AND day > '2025-01-01'`);
  await q(`INSERT INTO sku_costs (sku_id, effective_from, unit_cost) VALUES ($1, '2025-01-01', 5)`, [s1]);
  await q(
    `INSERT INTO sku_fees (sku_id, market_id, effective_from, referral_rate, fba_fee) VALUES ($1, 1, '2025-01-01', 0.15, 3)`,
    [s1],
  );
  return { de, fr, l1, l2, l3 };
}

export interface Sale {
  listingId: number;
  shopId: number;
  day: string;
  units: number;
  orders: number;
  /** Marketplace currency (EUR). */
  revenue: string;
  sessions?: number | null;
  refunds?: string;
  adSpend?: string;
}

/** Writes sales through the facts writer (rollups refreshed in its transaction), then refunds and ad spend. */
export async function writeSales(t: TestApp, sales: readonly Sale[]): Promise<void> {
  for (const s of sales) {
    await t.database.db.transaction(async (tx) => {
      await writeSalesFigures(
        tx,
        s.shopId,
        [
          {
            listingId: s.listingId,
            day: s.day,
            units: s.units,
            orders: s.orders,
            revenue: s.revenue,
            sessions: s.sessions ?? null,
            pageViews: null,
          },
        ],
        { source: 'test', importId: null, asOf: new Date('2030-01-01T00:00:00Z') },
      );
      if (s.refunds || s.adSpend) {
        await tx.execute(sql`UPDATE sales_facts SET refunds = ${s.refunds ?? '0'}, ad_spend = ${s.adSpend ?? '0'}
                              WHERE listing_id = ${s.listingId} AND day = ${s.day}`);
        await refreshRollups(tx, s.shopId, [s.day]);
      }
    });
  }
}
