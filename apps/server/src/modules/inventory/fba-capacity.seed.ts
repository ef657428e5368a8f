/**
 * The demo's FBA capacity limits sized to the demo's stock (docs/inventory.md "FBA capacity"): the
 * logistics demo stores a limit per marketplace without knowing the stock demo, and a limit below
 * what is held already would cap every advice to nothing. Once, after the stock, shipment and wave demos:
 * a marketplace whose demo limit is under its held units + 30 % gets that, rounded up to a thousand —
 * room for the most urgent SKUs' advice, so /replenish shows the cap sharing it out ("capped" on the
 * later rows) and a plan can still be confirmed. A limit someone set above that is left alone.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { marketCapacity } from './fba-capacity';

export const FBA_CAPACITY_SEED_KEY = 'seed.inventory.fba-capacity';
/**
 * Room over the held units the demo's limits leave: under the demo's advice (about 11,000 units in the US against
 * 25,000 held), so the cap shows, and enough for a day of confirming plans by hand or by the tests (10 % left 17
 * units once the tests had confirmed their plans and the demo's waves had split).
 */
export const DEMO_CAPACITY_ROOM = 0.3;

export async function applyFbaCapacityDemoOnce(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${FBA_CAPACITY_SEED_KEY}))`);
    const done = await tx.execute(sql`SELECT 1 FROM app_meta WHERE key = ${FBA_CAPACITY_SEED_KEY}`);
    if (done.rows.length) return;
    for (const c of (await marketCapacity(tx)).values()) {
      if (c.held <= 0) continue;
      const sized = Math.ceil((c.held * (1 + DEMO_CAPACITY_ROOM)) / 1000) * 1000;
      if (c.limit < sized)
        await tx.execute(sql`UPDATE logistics_shipment_settings SET fba_capacity_units = ${sized}
                              WHERE market_id = ${c.marketId} AND fba_capacity_units = ${c.limit}`);
    }
    await tx.execute(
      sql`INSERT INTO app_meta (key, value) VALUES (${FBA_CAPACITY_SEED_KEY}, 'done') ON CONFLICT (key) DO NOTHING`,
    );
  });
}
