/**
 * Permission-matrix rows of the stock boards: holders of scm:inventory:* of the internal
 * account; the external shop accounts hold none of them (their shop patterns are spec §2.1's),
 * so 403; god view looks as the sales manager, who holds none either. What an external account would see with them granted is inventory-scope.test.ts.
 * Shipment plans and claims: reads need the page, writes its button (page holders 403); each write cell makes a
 * fresh plan or claim of the Lumio US shop in the state its action needs.
 */
import { one } from '../../../test/matrix/cells';
import type { CellContext, Row } from '../../../test/matrix/rows';

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
  };
}
