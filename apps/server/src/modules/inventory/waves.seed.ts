/**
 * The shipment-wave demo: three waves of the planner over the internal shops' listings.
 * - one in review, submitted through the approval engine and waiting for the administrator
 *   (and every other holder of an approve button), for next week;
 * - one approved by the administrator and split into confirmed plans (one per shop × warehouse ×
 *   mode, linked back to it), for this week;
 * - one sample draft: a few units to the Los Angeles 3PL and the factory, with their purposes.
 * The lines are manual lines (the seed has no request's shop scope to compute the advice with:
 * a line added from the advice on the screens keeps the advice's state and stock-out date).
 * Applied once (app_meta).
 */
import { SHIPMENT_WAVE_FLOW as FLOW, weekStartOf } from '@bo/contract/inventory/waves';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { actOnApproval, approvalFor } from '../../platform/approvals/approvals';
import { audit } from '../../platform/audit/audit.service';
import { usersHolding } from '../../platform/auth/holders';
import { userDirectory } from '../access/access.reads';
import { listingSkus } from '../catalog/catalog.reads';
import { shopDirectory } from '../shops/shops.reads';
import { addDays } from './replenish.service';
import * as planRepo from './shipments.repository';
import * as repo from './waves.repository';

export const WAVES_SEED_KEY = 'seed.shipment-waves';

interface Pick {
  [column: string]: unknown;
  shop_id: number;
  market_id: number;
  warehouse_id: number;
  listing_id: number;
  sku: string;
}

async function userId(tx: Tx, login: string): Promise<number | null> {
  const [r] = (await tx.execute<{ id: number }>(sql`SELECT id FROM ${userDirectory} u WHERE login_name = ${login}`)).rows;
  return r ? Number(r.id) : null;
}

const who = (id: number) => ({ userId: id, impersonatorUserId: null, ip: '127.0.0.1', accountId: 1 });

async function newWave(
  tx: Tx,
  owner: number,
  kind: 'replenish' | 'sample',
  shipWeek: string,
  remark: string,
  lines: repo.NewWaveLine[],
): Promise<{ id: number; code: string }> {
  const id = await repo.insertWave(tx, { accountId: 1, kind, shipWeek, remark, ownerId: owner });
  await repo.replaceWaveLines(tx, id, lines);
  const code = `SW${String(id).padStart(6, '0')}`;
  await audit(tx, who(owner), {
    action: 'create',
    entity: 'shipment_wave',
    entityId: id,
    after: { code, kind, shipWeek, state: 'draft', remark, lines: lines.map((l) => `${l.sku} × ${l.units}`).join(', ') },
  });
  return { id, code };
}

async function submit(tx: Tx, wave: { id: number; code: string }, owner: number): Promise<boolean> {
  const approvers = new Set<number>();
  for (const p of ['scm:shipment:planNext:approve', 'scm:shipment:smart:approve'])
    for (const u of await usersHolding(tx, 1, p)) approvers.add(u.id);
  approvers.delete(owner);
  if (approvers.size === 0) return false;
  const a = await approvalFor(tx, FLOW, String(wave.id), { accountId: 1, submitterId: owner });
  await actOnApproval(
    tx,
    FLOW,
    String(wave.id),
    { userId: owner, lang: 'en-US' },
    // No subject: the demo's history notifies nobody (as the forecast estimates' demo), the list shows what waits.
    { action: 'submit', version: a.version, approvers: [[...approvers].sort((x, y) => x - y)] },
  );
  await repo.setWaveState(tx, wave.id, 'review');
  await audit(tx, who(owner), {
    action: 'shipmentWave.submit',
    entity: 'shipment_wave',
    entityId: wave.id,
    before: { state: 'draft' },
    after: { state: 'review' },
  });
  return true;
}

const carton = (units: number, upc: number) => ({
  units: Math.ceil(units / upc) * upc,
  unitsPerCarton: upc,
  cartons: Math.ceil(units / upc),
});

export async function applyWavesDemoOnce(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${WAVES_SEED_KEY}))`);
    const [done] = (await tx.execute(sql`SELECT 1 AS x FROM app_meta WHERE key = ${WAVES_SEED_KEY}`)).rows;
    if (done) return;
    const planner = await userId(tx, 'planner');
    const admin = await userId(tx, 'admin');
    // The first two listings of the first shop of each marketplace with an FBA warehouse (internal account).
    const picks = (
      await tx.execute<Pick>(sql`
        SELECT x.shop_id, x.market_id, x.warehouse_id, x.listing_id, x.sku FROM (
          SELECT s.id AS shop_id, s.market_id, w.id AS warehouse_id, li.id AS listing_id, li.sku,
                 row_number() OVER (PARTITION BY s.id ORDER BY li.id) AS n,
                 dense_rank() OVER (PARTITION BY s.market_id ORDER BY s.id) AS shop_n
            FROM ${shopDirectory} s JOIN inventory_warehouses w ON w.kind = 'fba' AND w.market_id = s.market_id
            JOIN ${listingSkus} li ON li.shop_id = s.id
           WHERE s.account_id = 1) x
         WHERE x.n <= 2 AND x.shop_n = 1
         ORDER BY x.market_id, x.shop_id, x.n`)
    ).rows.map((r) => ({
      ...r,
      shop_id: Number(r.shop_id),
      market_id: Number(r.market_id),
      warehouse_id: Number(r.warehouse_id),
      listing_id: Number(r.listing_id),
    }));
    const whs = await repo.warehouseMap(tx);
    const la = whs.find((w) => w.code === 'US-3PL-LA');
    const factory = whs.find((w) => w.kind === 'factory');
    const markets = [...new Set(picks.map((p) => p.market_id))];
    if (planner !== null && admin !== null && picks.length >= 4 && markets.length >= 2) {
      const thisWeek = weekStartOf(new Date().toISOString().slice(0, 10));
      const line = (p: Pick, mode: string, units: number, upc: number, remark = ''): repo.NewWaveLine => ({
        shopId: p.shop_id,
        listingId: p.listing_id,
        sku: p.sku,
        warehouseId: p.warehouse_id,
        mode,
        ...carton(units, upc),
        source: 'manual',
        adviceState: null,
        stockOutDate: null,
        purpose: null,
        remark,
      });
      const inMarket = (m: number | undefined) => picks.filter((p) => p.market_id === m);
      const [m1, m2] = [inMarket(markets[0]), inMarket(markets[1])];
      // 1. In review, waiting for the administrator.
      const review = await newWave(tx, planner, 'replenish', addDays(thisWeek, 7), 'Q1 restock, two marketplaces / Q1 补货', [
        ...(m1[0] ? [line(m1[0], 'sea', 480, 24)] : []),
        ...(m1[1] ? [line(m1[1], 'air', 100, 20, 'Stock-out before sea arrives / 海运来不及')] : []),
        ...(m2[0] ? [line(m2[0], 'sea', 300, 12)] : []),
      ]);
      await submit(tx, review, planner);
      // 2. Approved by the administrator and split into plans.
      const split = await newWave(tx, planner, 'replenish', thisWeek, 'Weekly restock / 每周补货', [
        ...(m1[0] ? [line(m1[0], 'sea', 240, 24)] : []),
        ...(m1[1] ? [line(m1[1], 'sea', 120, 20)] : []),
        ...(m2[1] ? [line(m2[1], 'air', 60, 12)] : []),
      ]);
      if (await submit(tx, split, planner)) {
        const a = await approvalFor(tx, FLOW, String(split.id), { accountId: 1, submitterId: planner });
        await actOnApproval(
          tx,
          FLOW,
          String(split.id),
          { userId: admin, lang: 'en-US' },
          { action: 'approve', version: a.version, remark: 'OK for this week' },
        );
        await repo.setWaveState(tx, split.id, 'approved');
        await audit(tx, who(admin), {
          action: 'shipmentWave.approve',
          entity: 'shipment_wave',
          entityId: split.id,
          before: { state: 'review' },
          after: { state: 'approved', remark: 'OK for this week' },
        });
        const lines = (await repo.waveLines(tx, split.id)).map((l) => ({
          shopId: Number(l.shop_id),
          warehouseId: Number(l.warehouse_id),
          mode: String(l.mode),
          sku: String(l.sku),
          listingId: Number(l.listing_id),
          unitsPerCarton: Number(l.units_per_carton),
          cartons: Number(l.cartons),
        }));
        const groups = new Map<string, typeof lines>();
        for (const l of lines)
          groups.set(`${l.shopId}|${l.warehouseId}|${l.mode}`, [
            ...(groups.get(`${l.shopId}|${l.warehouseId}|${l.mode}`) ?? []),
            l,
          ]);
        const codes: string[] = [];
        for (const g of groups.values()) {
          const first = g[0] as (typeof lines)[number];
          const planId = await planRepo.insertPlan(tx, {
            shopId: first.shopId,
            warehouseId: first.warehouseId,
            mode: first.mode,
            remark: `${split.code} (week of ${thisWeek})`,
            createdBy: planner,
          });
          await planRepo.replaceLines(
            tx,
            planId,
            g.map((l) => ({ sku: l.sku, listingId: l.listingId, unitsPerCarton: l.unitsPerCarton, cartons: l.cartons })),
          );
          await planRepo.setState(tx, planId, 'confirmed');
          await repo.linkPlanToWave(tx, planId, split.id);
          codes.push(`SP${String(planId).padStart(6, '0')}`);
          await audit(tx, who(planner), {
            action: 'create',
            entity: 'shipment_plan',
            entityId: planId,
            after: { wave: split.code, state: 'confirmed' },
          });
        }
        await repo.setWaveState(tx, split.id, 'split');
        await audit(tx, who(planner), {
          action: 'shipmentWave.split',
          entity: 'shipment_wave',
          entityId: split.id,
          before: { state: 'approved' },
          after: { state: 'split', plans: codes.join(', ') },
        });
      }
      // 3. A sample draft: Vine units at the Los Angeles 3PL, an inspection sample to the factory.
      const sample = (p: Pick, warehouseId: number, units: number, purpose: string, remark: string): repo.NewWaveLine => ({
        ...line(p, 'express', units, units, remark),
        warehouseId,
        unitsPerCarton: units,
        cartons: null,
        purpose,
      });
      const us = picks.find((p) => la && p.market_id === la.marketId) ?? m1[0];
      if (us)
        await newWave(tx, planner, 'sample', addDays(thisWeek, 7), 'Samples for Vine and inspection / Vine 与验货样品', [
          sample(us, la?.id ?? us.warehouse_id, 5, 'vine', 'Vine enrolment'),
          ...(factory ? [sample(us, factory.id, 3, 'inspection', 'Return for QC / 退回质检')] : []),
        ]);
    }
    await tx.execute(sql`INSERT INTO app_meta (key, value) VALUES (${WAVES_SEED_KEY}, 'done') ON CONFLICT (key) DO NOTHING`);
  });
}
