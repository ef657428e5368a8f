/**
 * The demo of /forecast/advanceConfig: three Lumio US listings excluded (before the demo
 * recalculation, so it leaves them out), the global thresholds and one shop's own, three
 * listings' own thresholds, and a few labels on forecast rows. Once (app_meta).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

export const FORECAST_SETTINGS_SEED_KEY = 'seed.forecast-settings';

const REASONS = [
  '停产清货 / discontinued, clearing stock',
  '样品链接 / sample listing',
  '断货待补 / out of stock until restocked',
];

export async function applyForecastSettingsDemoOnce(db: Db): Promise<void> {
  const [done] = (await db.execute(sql`SELECT 1 AS x FROM app_meta WHERE key = ${FORECAST_SETTINGS_SEED_KEY}`)).rows;
  if (done) return;
  await db.transaction(async (tx) => {
    const admin = (await tx.execute<{ id: number }>(sql`SELECT id FROM users WHERE login_name = 'admin'`)).rows[0]?.id ?? null;
    const lumio = (
      await tx.execute<{ id: number; shop_id: number }>(sql`
        SELECT li.id, li.shop_id FROM listings li JOIN shops s ON s.id = li.shop_id WHERE s.name = 'Lumio US' ORDER BY li.id LIMIT 7`)
    ).rows;
    for (const [i, l] of lumio.slice(0, 3).entries())
      await tx.execute(sql`
        INSERT INTO forecast_exclusions (listing_id, shop_id, reason, from_day, to_day, created_by)
        VALUES (${l.id}, ${l.shop_id}, ${REASONS[i]}, ${i === 2 ? sql`current_date - 7` : null}, ${i === 2 ? sql`current_date + 60` : null}, ${admin})
        ON CONFLICT (listing_id) DO NOTHING`);
    const labels = [
      ['new', '新品 / launched this quarter'],
      ['promo', 'Prime Day'],
      ['eol', null],
      ['watch', '竞品降价 / competitor price cut'],
    ] as const;
    for (const [i, l] of lumio.slice(3).entries()) {
      const [type, value] = labels[i] ?? labels[0];
      await tx.execute(sql`
        INSERT INTO forecast_labels (listing_id, shop_id, type, value, updated_by)
        VALUES (${l.id}, ${l.shop_id}, ${type}, ${value}, ${admin}) ON CONFLICT (listing_id) DO NOTHING`);
    }
    await tx.execute(sql`
      INSERT INTO forecast_warning_configs (shop_id, stockout_days, overstock_days, lead_time_days, updated_by)
      VALUES (0, 30, 120, 45, ${admin}) ON CONFLICT (shop_id) DO NOTHING`);
    // Per-listing thresholds: the best sellers of Lumio US want more cover, a slow one less.
    const top = (
      await tx.execute<{ id: number; shop_id: number }>(sql`
        SELECT li.id, li.shop_id FROM listings li JOIN shops s ON s.id = li.shop_id WHERE s.name = 'Lumio US'
         ORDER BY li.id LIMIT 3 OFFSET 10`)
    ).rows;
    const overrides = [
      [45, 150, 60],
      [40, 140, 60],
      [20, 90, 30],
    ] as const;
    for (const [i, l] of top.entries()) {
      const [stockout, overstock, lead] = overrides[i] ?? overrides[0];
      await tx.execute(sql`
        INSERT INTO forecast_sku_warnings (listing_id, shop_id, stockout_days, overstock_days, lead_time_days, updated_by)
        VALUES (${l.id}, ${l.shop_id}, ${stockout}, ${overstock}, ${lead}, ${admin}) ON CONFLICT (listing_id) DO NOTHING`);
    }
    if (lumio[0])
      await tx.execute(sql`
        INSERT INTO forecast_warning_configs (shop_id, stockout_days, overstock_days, lead_time_days, updated_by)
        VALUES (${lumio[0].shop_id}, 21, 90, 60, ${admin}) ON CONFLICT (shop_id) DO NOTHING`);
    await tx.execute(
      sql`INSERT INTO app_meta (key, value) VALUES (${FORECAST_SETTINGS_SEED_KEY}, 'done') ON CONFLICT (key) DO NOTHING`,
    );
  });
}
