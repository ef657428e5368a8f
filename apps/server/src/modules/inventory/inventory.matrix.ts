/**
 * Permission-matrix rows of the stock boards: holders of scm:inventory:* of the internal
 * account; the external shop accounts hold none of them (their shop patterns are spec §2.1's),
 * so 403; god view looks as the sales manager, who holds none either. What an external account would see with them granted is inventory-scope.test.ts.
 * Shipment plans and claims: reads need the page, writes its button (page holders 403); each write cell makes a
 * fresh plan or claim of the Lumio US shop in the state its action needs.
 */
import { one } from '../../../test/matrix/cells';
import type { CellContext, Row } from '../../../test/matrix/rows';
import { waveMatrixRows } from './waves.matrix';

const API = '/api/inventory/rest/v1';
const READ = '401 401 403 200 200 403 403 200 403';
const EXPORT = '401 401 403 403 200 403 403 200 403';
/** Writes need a button permission: page holders are refused. */
const WRITE = '401 401 403 403 200 403 403 200 403';

/** A plan of the Lumio US shop to FBA-US with one line of its SKUs, fresh per cell, in `state` (shipped in full, `received` of it arrived). */
async function freshPlan(c: CellContext, state = 'draft', received = 0) {
  const p = await one(
    c.pool,
    `INSERT INTO shipment_plans (code, shop_id, warehouse_id, state, mode)
     SELECT $1, s.id, w.id, $2, 'sea' FROM shops s, inventory_warehouses w WHERE s.name = 'Lumio US' AND w.code = 'FBA-US'
     RETURNING id, shop_id, warehouse_id, version`,
    [`MX-SP-${c.n}`, state],
  );
  const shipped = ['shipped', 'received', 'closed'].includes(state) ? 24 : 0;
  const l = await one(
    c.pool,
    `INSERT INTO shipment_plan_lines (plan_id, sku, listing_id, units_per_carton, cartons, shipped, received)
     SELECT $1, sk.sku, li.id, 12, 2, $3, $4 FROM listings li JOIN skus sk ON sk.id = li.sku_id WHERE li.shop_id = $2
      ORDER BY li.id LIMIT 1 RETURNING id`,
    [p.id, p.shop_id, shipped, received],
  );
  if (shipped)
    await c.pool.query(
      `INSERT INTO shipments (plan_id, code, mode, carrier, tracking, etd, eta) VALUES ($1, $2, 'sea', 'x', 'y', '2026-11-01', '2026-12-01')`,
      [p.id, `MX-S-${c.n}`],
    );
  return {
    id: Number(p.id),
    version: Number(p.version),
    shopId: Number(p.shop_id),
    warehouseId: Number(p.warehouse_id),
    lineId: Number(l.id),
  };
}

/** A batch of the Lumio US shop to FBA-US by sea, fresh per cell, in `state`; with `withPlan` a batched plan in it. */
async function freshBatch(c: CellContext, state = 'open', withPlan = false) {
  const b = await one(
    c.pool,
    `INSERT INTO shipment_batches (code, shop_id, warehouse_id, mode, state)
     SELECT $1, s.id, w.id, 'sea', $2 FROM shops s, inventory_warehouses w WHERE s.name = 'Lumio US' AND w.code = 'FBA-US'
     RETURNING id, version`,
    [`MX-SB-${c.n}`, state],
  );
  const plan = withPlan ? await freshPlan(c, 'batched') : null;
  if (plan)
    await c.pool.query(`UPDATE shipment_plans SET batch_id = $1, batch_no = $2 WHERE id = $3`, [b.id, `MX-SB-${c.n}`, plan.id]);
  return { id: Number(b.id), version: Number(b.version), plan };
}

async function freshClaim(c: CellContext) {
  const p = await freshPlan(c, 'received', 20);
  const cl = await one(c.pool, `INSERT INTO fba_claims (shop_id, line_id, quantity) VALUES ($1, $2, 4) RETURNING id, version`, [
    p.shopId,
    p.lineId,
  ]);
  return { id: Number(cl.id), version: Number(cl.version) };
}

const planBody = async (c: CellContext) => {
  const p = await one(
    c.pool,
    `SELECT s.id AS "shopId", w.id AS "warehouseId", sk.sku FROM shops s JOIN inventory_warehouses w ON w.code = 'FBA-US'
       JOIN listings li ON li.shop_id = s.id JOIN skus sk ON sk.id = li.sku_id WHERE s.name = 'Lumio US' ORDER BY li.id LIMIT 1`,
  );
  return { shopId: p.shopId, warehouseId: p.warehouseId, mode: 'sea', lines: [{ sku: p.sku, unitsPerCarton: 10, quantity: 25 }] };
};

/** A position of the internal account's Lumio US shop (demo data). */
const lumioPosition = (c: CellContext) =>
  one(
    c.pool,
    `SELECT p.shop_id AS "shopId", p.warehouse_id AS "warehouseId", p.sku FROM inventory_positions p JOIN shops s ON s.id = p.shop_id
      WHERE s.name = 'Lumio US' ORDER BY p.day DESC, p.sku LIMIT 1`,
  );

/** The Lumio US listing with the least stock for its sales (not EOL): red, with advice, on the demo. */
const shortListing = (c: CellContext) =>
  one(
    c.pool,
    `SELECT p.shop_id AS "shopId", p.listing_id AS "listingId"
       FROM inventory_positions p JOIN shops s ON s.id = p.shop_id AND s.name = 'Lumio US'
       JOIN inventory_warehouses w ON w.id = p.warehouse_id AND w.kind = 'fba'
       JOIN listings li ON li.id = p.listing_id JOIN skus sk ON sk.id = li.sku_id JOIN products pr ON pr.id = sk.product_id
      WHERE pr.lifecycle <> 2 AND NOT EXISTS (SELECT 1 FROM forecast_labels lb WHERE lb.listing_id = p.listing_id AND lb.type = 'eol')
        AND p.day = (SELECT max(day) FROM inventory_positions q WHERE q.shop_id = p.shop_id AND q.warehouse_id = p.warehouse_id)
      ORDER BY (p.fulfillable + p.reserved + p.inbound_working + p.inbound_shipped + p.inbound_receiving)::float8
               / (1 + (SELECT coalesce(sum(f.units), 0) FROM sales_facts f WHERE f.listing_id = p.listing_id AND f.day > p.day - 30)),
               p.listing_id
      LIMIT 1`,
  );
const RGL = '/api/sales/rest/v2/redGreenLine';

export function matrixRows(): Record<string, Row> {
  const get = (path: string, expect: string, query: Record<string, string> = {}): Row => ({
    request: () => ({ url: `${API}/${path}`, query }),
    expect,
  });
  return {
    [`GET ${API}/positions`]: get('positions', READ, { stock: 'low' }),
    [`GET ${API}/positions/excel`]: get('positions/excel', EXPORT, { keyword: 'LM' }),
    [`GET ${API}/ages`]: get('ages', READ),
    [`GET ${API}/ages/summary`]: get('ages/summary', READ),
    [`GET ${API}/ages/excel`]: get('ages/excel', EXPORT, { agedOnly: 'true' }),
    [`GET ${API}/monitor`]: get('monitor', READ),
    [`GET ${API}/monitor/excel`]: get('monitor/excel', EXPORT),
    [`GET ${API}/monitor/history`]: {
      request: async (c) => {
        const p = await lumioPosition(c);
        return {
          url: `${API}/monitor/history`,
          query: { shopId: String(p.shopId), warehouseId: String(p.warehouseId), sku: p.sku },
        };
      },
      expect: READ,
    },
    // The Inventory Ledger's reads (/inventory/detail, /inventory/difference): shop canaries in ledger-scope.test.ts.
    [`GET ${API}/ledger/detail`]: {
      request: async (c) => {
        const p = await lumioPosition(c);
        return {
          url: `${API}/ledger/detail`,
          query: { shopId: String(p.shopId), warehouseId: String(p.warehouseId), sku: p.sku },
        };
      },
      expect: READ,
    },
    [`GET ${API}/ledger/differences`]: get('ledger/differences', READ, { type: 'lost' }),
    [`GET ${API}/ledger/differences/excel`]: get('ledger/differences/excel', EXPORT, { keyword: 'LM' }),
    // The monthly inventory report (/inventoryReport): shop canaries in ledger-report.test.ts.
    [`GET ${API}/ledger-report`]: get('ledger-report', READ, { sortField: 'closing' }),
    [`GET ${API}/ledger-report/summary`]: get('ledger-report/summary', READ, { keyword: 'H6' }),
    [`GET ${API}/ledger-report/excel`]: get('ledger-report/excel', EXPORT, { keyword: 'LM' }),
    // FBA removal orders (/fbaRemoveOrderMgr): shop canaries in ledger-scope.test.ts.
    [`GET ${API}/removal-orders`]: get('removal-orders', READ, { status: 'pending' }),
    [`GET ${API}/removal-orders/excel`]: get('removal-orders/excel', EXPORT, { type: 'return' }),
    [`GET ${API}/removal-orders/detail`]: {
      request: async (c) => {
        const r = await one(
          c.pool,
          `SELECT r.shop_id AS "shopId", r.order_id AS "orderId" FROM inventory_removal_lines r JOIN shops s ON s.id = r.shop_id
            WHERE s.name = 'Lumio US' ORDER BY r.order_id LIMIT 1`,
        );
        return { url: `${API}/removal-orders/detail`, query: { shopId: String(r.shopId), orderId: String(r.orderId) } };
      },
      expect: READ,
    },
    [`GET ${API}/inventory-monitoring/skus`]: get('inventory-monitoring/skus', READ),
    [`GET ${API}/shop-inventory-details`]: get('shop-inventory-details', READ),
    // Shipment plans, shipments, differences and claims.
    [`GET ${API}/shipment-plans`]: get('shipment-plans', READ, { state: 'draft' }),
    [`GET ${API}/warehouses`]: get('warehouses', READ),
    [`GET ${API}/shipment-plans/delivery-type`]: get('shipment-plans/delivery-type', READ),
    [`GET ${API}/shipment-plans/:id`]: {
      request: async (c) => ({ url: `${API}/shipment-plans/${(await freshPlan(c)).id}` }),
      expect: READ,
    },
    [`POST ${API}/shipment-plans`]: {
      request: async (c) => ({ url: `${API}/shipment-plans`, body: await planBody(c) }),
      expect: WRITE,
    },
    [`PUT ${API}/shipment-plans/:id`]: {
      request: async (c) => {
        const p = await freshPlan(c);
        return { url: `${API}/shipment-plans/${p.id}`, body: { version: p.version, plan: await planBody(c) } };
      },
      expect: WRITE,
    },
    [`DELETE ${API}/shipment-plans/:id`]: {
      request: async (c) => ({ url: `${API}/shipment-plans/${(await freshPlan(c)).id}` }),
      expect: WRITE,
    },
    [`POST ${API}/shipment-plans/:id/move`]: {
      request: async (c) => {
        const p = await freshPlan(c);
        return { url: `${API}/shipment-plans/${p.id}/move`, body: { action: 'confirm', version: p.version } };
      },
      expect: WRITE,
    },
    [`POST ${API}/shipment-plans/:id/ship`]: {
      request: async (c) => {
        const p = await freshPlan(c, 'batched');
        return {
          url: `${API}/shipment-plans/${p.id}/ship`,
          body: { version: p.version, mode: 'air', carrier: 'DHL', tracking: `T${c.n}`, etd: '2026-11-01', eta: '2026-11-09' },
        };
      },
      expect: WRITE,
    },
    [`POST ${API}/shipment-plans/:id/receipts`]: {
      request: async (c) => {
        const p = await freshPlan(c, 'shipped');
        return {
          url: `${API}/shipment-plans/${p.id}/receipts`,
          body: { version: p.version, receivedOn: '2026-11-20', lines: [{ lineId: p.lineId, quantity: 20 }] },
        };
      },
      expect: WRITE,
    },
    // Shipment batches and delivery lists (/shipmentBatch, /batchCreateDl).
    [`GET ${API}/shipment-batches`]: get('shipment-batches', READ, { state: 'open' }),
    [`GET ${API}/shipment-batches/excel`]: get('shipment-batches/excel', EXPORT),
    [`GET ${API}/shipment-batches/warehouses`]: get('shipment-batches/warehouses', READ),
    [`GET ${API}/shipment-batches/:id`]: {
      request: async (c) => ({ url: `${API}/shipment-batches/${(await freshBatch(c, 'open', true)).id}` }),
      expect: READ,
    },
    [`GET ${API}/shipment-batches/:id/candidates`]: {
      request: async (c) => ({ url: `${API}/shipment-batches/${(await freshBatch(c)).id}/candidates` }),
      expect: READ,
    },
    [`GET ${API}/shipment-plans/:id/batches`]: {
      request: async (c) => ({ url: `${API}/shipment-plans/${(await freshPlan(c, 'confirmed')).id}/batches` }),
      expect: READ,
    },
    [`POST ${API}/shipment-batches`]: {
      request: async (c) => {
        const p = await planBody(c);
        return { url: `${API}/shipment-batches`, body: { shopId: p.shopId, warehouseId: p.warehouseId, mode: 'sea' } };
      },
      expect: WRITE,
    },
    [`PUT ${API}/shipment-batches/:id`]: {
      request: async (c) => {
        const b = await freshBatch(c);
        return {
          url: `${API}/shipment-batches/${b.id}`,
          body: { version: b.version, shipOn: '2026-12-01', carrier: 'COSCO', remark: '' },
        };
      },
      expect: WRITE,
    },
    [`DELETE ${API}/shipment-batches/:id`]: {
      request: async (c) => ({ url: `${API}/shipment-batches/${(await freshBatch(c)).id}` }),
      expect: WRITE,
    },
    [`POST ${API}/shipment-batches/:id/plans`]: {
      request: async (c) => {
        const b = await freshBatch(c);
        const p = await freshPlan(c, 'confirmed');
        return { url: `${API}/shipment-batches/${b.id}/plans`, body: { version: b.version, planIds: [p.id] } };
      },
      expect: WRITE,
    },
    [`POST ${API}/shipment-batches/:id/remove-plan`]: {
      request: async (c) => {
        const b = await freshBatch(c, 'open', true);
        return { url: `${API}/shipment-batches/${b.id}/remove-plan`, body: { version: b.version, planId: b.plan?.id } };
      },
      expect: WRITE,
    },
    [`POST ${API}/shipment-batches/:id/move`]: {
      request: async (c) => {
        const b = await freshBatch(c, 'open', true);
        return { url: `${API}/shipment-batches/${b.id}/move`, body: { action: 'close', version: b.version } };
      },
      expect: WRITE,
    },
    [`POST ${API}/shipment-batches/:id/ship`]: {
      request: async (c) => {
        const b = await freshBatch(c, 'loading', true);
        return {
          url: `${API}/shipment-batches/${b.id}/ship`,
          body: { version: b.version, carrier: 'COSCO', tracking: `T${c.n}`, etd: '2026-11-01', eta: '2026-12-05' },
        };
      },
      expect: WRITE,
    },
    [`GET ${API}/delivery-lists`]: get('delivery-lists', READ),
    [`POST ${API}/delivery-lists/preview`]: {
      request: async (c) => ({
        url: `${API}/delivery-lists/preview`,
        body: { batchIds: [(await freshBatch(c, 'open', true)).id] },
      }),
      expect: READ,
    },
    [`POST ${API}/delivery-lists`]: {
      request: async (c) => ({ url: `${API}/delivery-lists`, body: { batchIds: [(await freshBatch(c, 'open', true)).id] } }),
      expect: WRITE,
    },
    [`GET ${API}/delivery-lists/:id/excel`]: {
      request: async (c) => {
        const b = await freshBatch(c, 'loading', true);
        const d = await one(
          c.pool,
          `INSERT INTO shipment_delivery_lists (code, shop_id, warehouse_id, batch_ids, batch_codes, cartons, units)
           SELECT $1, shop_id, warehouse_id, ARRAY[id], ARRAY[code], 2, 24 FROM shipment_batches WHERE id = $2 RETURNING id`,
          [`MX-DL-${c.n}`, b.id],
        );
        await c.pool.query(
          `INSERT INTO shipment_delivery_lines (list_id, batch_code, plan_code, carton_from, carton_to, sku, units_per_carton, cartons, destination)
           VALUES ($1, 'SB', 'SP', 1, 2, 'SKU', 12, 2, 'FBA-US')`,
          [d.id],
        );
        return { url: `${API}/delivery-lists/${d.id}/excel` };
      },
      expect: EXPORT,
    },
    [`GET ${API}/shipments`]: get('shipments', READ),
    [`GET ${API}/shipments/search`]: get('shipments/search', READ, { keyword: 'FBA' }),
    [`GET ${API}/shipments/differences`]: get('shipments/differences', READ),
    [`GET ${API}/shipments/fba/onWay`]: get('shipments/fba/onWay', READ),
    [`GET ${API}/oversea-detail`]: get('oversea-detail', READ),
    [`POST ${API}/shipments/differences/:lineId/claim`]: {
      request: async (c) => ({ url: `${API}/shipments/differences/${(await freshPlan(c, 'received', 20)).lineId}/claim` }),
      expect: WRITE,
    },
    // Replenishment: the red-green line (spec §7), its export and plans from advice (the page's create button).
    [`GET ${RGL}/getAdviceList`]: { request: () => ({ url: `${RGL}/getAdviceList`, query: { state: 'red' } }), expect: READ },
    [`GET ${RGL}/exportAdviceList`]: { request: () => ({ url: `${RGL}/exportAdviceList` }), expect: EXPORT },
    [`GET ${RGL}/getRedGreenLine`]: {
      request: async (c) => {
        const l = await shortListing(c);
        return { url: `${RGL}/getRedGreenLine`, query: { shopId: String(l.shopId), listingId: String(l.listingId) } };
      },
      expect: READ,
    },
    [`POST ${RGL}/createShipmentPlan`]: {
      request: async (c) => {
        // The cell checks the permission, not the FBA capacity cap (fba-capacity.test.ts): the demo's limit leaves room
        // for the most urgent rows only, and this listing need not be one of them, so the marketplace's limit is lifted.
        await c.pool.query(
          `UPDATE logistics_shipment_settings SET fba_capacity_units = NULL
            WHERE market_id = (SELECT market_id FROM shops WHERE name = 'Lumio US')`,
        );
        const l = await shortListing(c);
        return { url: `${RGL}/createShipmentPlan`, body: { items: [{ shopId: l.shopId, listingId: l.listingId }] } };
      },
      expect: WRITE,
    },
    [`GET ${API}/dull`]: get('dull', READ, { coverDays: '60' }),
    [`GET ${API}/dull/excel`]: get('dull/excel', EXPORT),
    [`GET ${API}/fba-claims`]: get('fba-claims', READ),
    [`GET ${API}/fba-claims/:id`]: {
      request: async (c) => ({ url: `${API}/fba-claims/${(await freshClaim(c)).id}` }),
      expect: READ,
    },
    [`POST ${API}/fba-claims/:id/move`]: {
      request: async (c) => {
        const cl = await freshClaim(c);
        return { url: `${API}/fba-claims/${cl.id}/move`, body: { action: 'submit', version: cl.version, caseId: `C${c.n}` } };
      },
      expect: WRITE,
    },
    // Shipment waves (/shipmentPlanNext, /newShipmentPlan, /newSampleShipmentPlan, /smartShipment): waves.matrix.ts.
    ...waveMatrixRows(),
  };
}
