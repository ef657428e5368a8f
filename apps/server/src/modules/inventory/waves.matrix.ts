/**
 * Permission-matrix rows of the shipment waves (spread into inventory.matrix.ts). Reads need the
 * page, writes its button. Owner actions (edit, delete, move) are the owner's alone: their cell's
 * wave belongs to the administrator, so the button holder who is not its owner is 403 too.
 * Decisions: a wave of the planner in review, every user of the internal account asked.
 */
import { one } from '../../../test/matrix/cells';
import type { CellContext, Row } from '../../../test/matrix/rows';

const API = '/api/inventory/rest/v1';
const READ = '401 401 403 200 200 403 403 200 403';
const WRITE = '401 401 403 403 200 403 403 200 403';
/** The owner's own actions: only the administrator, who owns the cell's wave. */
const OWNER = '401 401 403 403 403 403 403 200 403';

/** A wave of `owner` with one Lumio US line to FBA-US, fresh per cell, in `state` (in review: every user of account 1 asked). */
async function freshWave(c: CellContext, state = 'draft', owner = 'admin') {
  const w = await one(
    c.pool,
    `INSERT INTO shipment_waves (code, account_id, kind, ship_week, state, owner_id)
     SELECT $1, 1, 'replenish', '2026-12-07', $2, u.id FROM users u WHERE u.login_name = $3 RETURNING id, version, owner_id`,
    [`MX-SW-${c.n}`, state, owner],
  );
  await c.pool.query(
    `INSERT INTO shipment_wave_lines (wave_id, shop_id, listing_id, sku, warehouse_id, mode, units, units_per_carton, cartons)
     SELECT $1, s.id, li.id, sk.sku, w.id, 'sea', 24, 12, 2
       FROM shops s JOIN inventory_warehouses w ON w.code = 'FBA-US' JOIN listings li ON li.shop_id = s.id
       JOIN skus sk ON sk.id = li.sku_id WHERE s.name = 'Lumio US' ORDER BY li.id LIMIT 1`,
    [w.id],
  );
  if (state === 'review') {
    const a = await one(
      c.pool,
      `INSERT INTO approvals (account_id, flow, entity_id, submitter_id, status, step, round, approvers, version)
       SELECT 1, 'inventory.shipmentWave', $1::text, $2, 2, 0, 1, jsonb_build_array(jsonb_agg(u.id)), 1
         FROM users u WHERE u.account_id = 1 AND u.id <> $2 RETURNING id`,
      [w.id, w.owner_id],
    );
    await c.pool.query(
      `INSERT INTO approval_waits (approval_id, user_id, flow)
       SELECT $1, u.id, 'inventory.shipmentWave' FROM users u WHERE u.account_id = 1 AND u.id <> $2`,
      [a.id, w.owner_id],
    );
  }
  return { id: Number(w.id), version: Number(w.version) };
}

/** The Lumio US listing with the least stock for its sales (red, with advice, on the demo). */
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

const waveBody = async (c: CellContext) => {
  const l = await one(
    c.pool,
    `SELECT s.id AS "shopId", li.id AS "listingId" FROM shops s JOIN listings li ON li.shop_id = s.id
      WHERE s.name = 'Lumio US' ORDER BY li.id LIMIT 1`,
  );
  return { shipWeek: '2026-12-07', lines: [{ shopId: l.shopId, listingId: l.listingId, mode: 'sea', units: 30 }] };
};

export function waveMatrixRows(): Record<string, Row> {
  const get = (path: string, query: Record<string, string> = {}): Row => ({
    request: () => ({ url: `${API}/${path}`, query }),
    expect: READ,
  });
  return {
    [`GET ${API}/shipment-waves`]: get('shipment-waves', { state: 'review' }),
    [`GET ${API}/shipment-waves/warehouses`]: get('shipment-waves/warehouses'),
    [`GET ${API}/shipment-waves/advice`]: get('shipment-waves/advice', { state: 'red' }),
    [`GET ${API}/shipment-waves/listings`]: get('shipment-waves/listings', { keyword: 'LM' }),
    [`GET ${API}/shipment-waves/:id`]: {
      request: async (c) => ({ url: `${API}/shipment-waves/${(await freshWave(c)).id}` }),
      expect: READ,
    },
    [`POST ${API}/shipment-waves`]: {
      request: async (c) => ({ url: `${API}/shipment-waves`, body: await waveBody(c) }),
      expect: WRITE,
    },
    [`PUT ${API}/shipment-waves/:id`]: {
      request: async (c) => {
        const w = await freshWave(c);
        return { url: `${API}/shipment-waves/${w.id}`, body: { version: w.version, wave: await waveBody(c) } };
      },
      expect: OWNER,
    },
    [`DELETE ${API}/shipment-waves/:id`]: {
      request: async (c) => ({ url: `${API}/shipment-waves/${(await freshWave(c)).id}` }),
      expect: OWNER,
    },
    [`POST ${API}/shipment-waves/:id/move`]: {
      request: async (c) => {
        const w = await freshWave(c);
        return { url: `${API}/shipment-waves/${w.id}/move`, body: { action: 'cancel', version: w.version } };
      },
      expect: OWNER,
    },
    [`POST ${API}/shipment-waves/:id/decide`]: {
      request: async (c) => {
        const w = await freshWave(c, 'review', 'planner');
        return { url: `${API}/shipment-waves/${w.id}/decide`, body: { action: 'approve', version: w.version } };
      },
      expect: WRITE,
    },
    [`GET ${API}/smart-shipment/proposals`]: get('smart-shipment/proposals', { state: 'red' }),
    [`GET ${API}/smart-shipment/waiting`]: { request: () => ({ url: `${API}/smart-shipment/waiting` }), expect: WRITE },
    [`POST ${API}/smart-shipment/waves`]: {
      request: async (c) => {
        const l = await shortListing(c);
        return { url: `${API}/smart-shipment/waves`, body: { items: [{ shopId: l.shopId, listingId: l.listingId }] } };
      },
      expect: WRITE,
    },
    [`POST ${API}/smart-shipment/waves/:id/decide`]: {
      request: async (c) => {
        const w = await freshWave(c, 'review', 'planner');
        return {
          url: `${API}/smart-shipment/waves/${w.id}/decide`,
          body: { action: 'reject', version: w.version, remark: 'no' },
        };
      },
      expect: WRITE,
    },
  };
}
