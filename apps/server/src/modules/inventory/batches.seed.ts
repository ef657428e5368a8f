/**
 * The batches demo: the shipment demo's batch numbers become real batches (one per shop,
 * warehouse, mode and number): open while its plans are batched, shipped (with the tracking and
 * days of its plans' shipment) once they left; the first shipped batch keeps the delivery list it
 * was loaded from. Plans the batch step finds without a batch are left as they are. Applied once
 * (app_meta), after the shipment demo, so an older demo database gains its batches too.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import * as repo from './batches.repository';
import { numbered } from './batches.service';

export const BATCHES_SEED_KEY = 'seed.batches';

export async function applyBatchesDemoOnce(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(727274402)`);
    const [done] = (await tx.execute(sql`SELECT 1 AS x FROM app_meta WHERE key = ${BATCHES_SEED_KEY}`)).rows;
    if (done) return;
    const groups = (
      await tx.execute<{
        shop_id: number;
        warehouse_id: number;
        mode: string;
        batch_no: string;
        left: boolean;
        made: string;
      }>(sql`
        SELECT sp.shop_id, sp.warehouse_id, sp.mode, sp.batch_no, bool_or(sp.state IN ('shipped', 'received', 'closed')) AS left,
               min(sp.created_at)::text AS made
          FROM shipment_plans sp JOIN shops s ON s.id = sp.shop_id
         WHERE sp.batch_no IS NOT NULL AND sp.batch_id IS NULL AND s.account_id = 1
         GROUP BY sp.shop_id, sp.warehouse_id, sp.mode, sp.batch_no
         ORDER BY min(sp.created_at)`)
    ).rows;
    let listed = false;
    for (const g of groups) {
      const [b] = (
        await tx.execute<{ id: number; code: string }>(sql`
          WITH n AS (SELECT nextval(pg_get_serial_sequence('shipment_batches', 'id')) AS id),
               sh AS (SELECT sh.carrier, sh.tracking, sh.etd, sh.eta FROM shipments sh JOIN shipment_plans sp ON sp.id = sh.plan_id
                       WHERE sp.batch_no = ${g.batch_no} AND sp.shop_id = ${g.shop_id} ORDER BY sh.id LIMIT 1)
          INSERT INTO shipment_batches (id, code, shop_id, warehouse_id, mode, state, ship_on, carrier, tracking, etd, eta,
                                        created_at, updated_at)
          SELECT n.id, 'SB' || lpad(n.id::text, 6, '0'), ${g.shop_id}, ${g.warehouse_id}, ${g.mode},
                 ${g.left ? 'shipped' : 'open'}, coalesce((SELECT etd FROM sh), current_date + 5),
                 coalesce((SELECT carrier FROM sh), ${g.mode === 'air' ? 'DHL' : 'COSCO'}), (SELECT tracking FROM sh),
                 (SELECT etd FROM sh), (SELECT eta FROM sh), ${g.made}::timestamptz, ${g.made}::timestamptz
            FROM n RETURNING id, code`)
      ).rows;
      if (!b) continue;
      await tx.execute(sql`
        UPDATE shipment_plans SET batch_id = ${b.id}, batch_no = ${b.code}
         WHERE batch_no = ${g.batch_no} AND shop_id = ${g.shop_id} AND warehouse_id = ${g.warehouse_id} AND mode = ${g.mode}
           AND batch_id IS NULL`);
      if (g.left && !listed) {
        listed = true;
        const lines = numbered(await repo.batchLines(tx, [b.id]));
        if (lines.length === 0) continue;
        const id = await repo.insertDeliveryList(
          tx,
          {
            shopId: g.shop_id,
            warehouseId: g.warehouse_id,
            batchIds: [b.id],
            batchCodes: [b.code],
            cartons: lines.reduce((a, l) => a + l.cartons, 0),
            units: lines.reduce((a, l) => a + l.units, 0),
            createdBy: null,
          },
          lines,
        );
        await tx.execute(
          sql`UPDATE shipment_delivery_lists SET created_at = ${g.made}::timestamptz + interval '1 day' WHERE id = ${id}`,
        );
      }
    }
    await tx.execute(sql`INSERT INTO app_meta (key, value) VALUES (${BATCHES_SEED_KEY}, 'done') ON CONFLICT (key) DO NOTHING`);
  });
}
