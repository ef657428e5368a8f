/**
 * Permission-matrix rows of logistics (modules/logistics): reads need the page, writes its
 * button (page holders 403). The external shop accounts hold none of these patterns (and are
 * refused anyway: company data); god view looks as the sales manager, who holds none either.
 * Each write cell makes a fresh carrier (and card) with a code of its own; a bill cell a fresh
 * shipped plan of the Lumio US shop with its shipment (and bill).
 */
import { one } from '../../../test/matrix/cells';
import type { CellContext, Row } from '../../../test/matrix/rows';

const API = '/api/logistics/rest/v1';
const READ = '401 401 403 200 200 403 403 200 403';
const WRITE = '401 401 403 403 200 403 403 200 403';

const freshCarrier = (c: CellContext) =>
  one(c.pool, `INSERT INTO logistics_carriers (code, name, modes) VALUES ($1, $1, '{sea,air}') RETURNING id, version`, [
    `MX-${c.n}`,
  ]);

async function freshCard(c: CellContext) {
  const carrier = await freshCarrier(c);
  const card = await one(
    c.pool,
    `INSERT INTO logistics_rate_cards (carrier_id, mode, market_id, price_per_kg, transit_days, valid_from)
     VALUES ($1, 'sea', 0, 1.2, 30, '2026-01-01') RETURNING id, version`,
    [carrier.id],
  );
  return { carrierId: Number(carrier.id), id: Number(card.id), version: Number(card.version) };
}

/** A shipped plan of the Lumio US shop with its shipment, fresh per cell. */
async function freshShipment(c: CellContext) {
  const p = await one(
    c.pool,
    `INSERT INTO shipment_plans (code, shop_id, warehouse_id, state, mode)
     SELECT $1, s.id, w.id, 'shipped', 'sea' FROM shops s, inventory_warehouses w WHERE s.name = 'Lumio US' AND w.code = 'FBA-US'
     RETURNING id`,
    [`MX-LB-${c.n}`],
  );
  const sh = await one(
    c.pool,
    `INSERT INTO shipments (plan_id, code, mode, carrier, tracking, etd, eta)
     VALUES ($1, $2, 'sea', 'COSCO', 'MX', '2026-11-01', '2026-12-05') RETURNING id`,
    [p.id, `MX-LB-S-${c.n}`],
  );
  return Number(sh.id);
}

const billBody = async (c: CellContext, shipmentId: number) => ({
  shipmentId,
  carrierId: Number((await freshCarrier(c)).id),
  billNo: `MX-INV-${c.n}`,
  chargeType: 'freight',
  amount: 120.5,
  currency: 'USD',
  invoiceDay: '2026-11-02',
});

async function freshBill(c: CellContext) {
  const shipmentId = await freshShipment(c);
  const body = await billBody(c, shipmentId);
  const b = await one(
    c.pool,
    `INSERT INTO logistics_bills (shipment_id, carrier_id, bill_no, charge_type, amount, currency, invoice_day)
     VALUES ($1, $2, $3, 'freight', 100, 'USD', '2026-11-02') RETURNING id, version`,
    [shipmentId, body.carrierId, body.billNo],
  );
  return { id: Number(b.id), version: Number(b.version), body };
}

const cardBody = (carrierId: number) => ({
  carrierId,
  mode: 'air',
  marketId: 1,
  pricePerKg: 4.5,
  transitDays: 9,
  validFrom: '2026-01-01',
});

export function matrixRows(): Record<string, Row> {
  return {
    [`GET ${API}/carriers`]: { request: () => ({ url: `${API}/carriers` }), expect: READ },
    [`POST ${API}/carriers`]: {
      request: (c) => ({ url: `${API}/carriers`, body: { code: `MXC-${c.n}`, name: 'Matrix carrier', modes: ['sea'] } }),
      expect: WRITE,
    },
    [`PUT ${API}/carriers/:id`]: {
      request: async (c) => {
        const r = await freshCarrier(c);
        return {
          url: `${API}/carriers/${r.id}`,
          body: { code: `MX-${c.n}`, name: 'Renamed', modes: ['sea', 'air'], version: r.version },
        };
      },
      expect: WRITE,
    },
    [`DELETE ${API}/carriers/:id`]: {
      request: async (c) => ({ url: `${API}/carriers/${(await freshCarrier(c)).id}` }),
      expect: WRITE,
    },
    [`GET ${API}/rate-cards`]: { request: () => ({ url: `${API}/rate-cards`, query: { validity: 'current' } }), expect: READ },
    [`POST ${API}/rate-cards`]: {
      request: async (c) => ({ url: `${API}/rate-cards`, body: cardBody(Number((await freshCarrier(c)).id)) }),
      expect: WRITE,
    },
    [`PUT ${API}/rate-cards/:id`]: {
      request: async (c) => {
        const r = await freshCard(c);
        return { url: `${API}/rate-cards/${r.id}`, body: { ...cardBody(r.carrierId), mode: 'sea', version: r.version } };
      },
      expect: WRITE,
    },
    [`DELETE ${API}/rate-cards/:id`]: {
      request: async (c) => ({ url: `${API}/rate-cards/${(await freshCard(c)).id}` }),
      expect: WRITE,
    },
    [`GET ${API}/shipment-settings`]: { request: () => ({ url: `${API}/shipment-settings` }), expect: READ },
    [`GET ${API}/shipment-settings/carriers`]: { request: () => ({ url: `${API}/shipment-settings/carriers` }), expect: READ },
    [`PUT ${API}/shipment-settings/:marketId`]: {
      request: async (c) => {
        // A marketplace of its own per cell would run out: read the version the cell finds.
        const r = await one(
          c.pool,
          `SELECT coalesce((SELECT version FROM logistics_shipment_settings WHERE market_id = 12), 0) AS v`,
        );
        return {
          url: `${API}/shipment-settings/12`,
          body: {
            defaultMode: 'sea',
            transitDays: { sea: 40, air: 10, express: 5, rail: 25 },
            prepDays: 3,
            version: Number(r.v),
          },
        };
      },
      expect: WRITE,
    },
    [`GET ${API}/calc`]: {
      request: () => ({
        url: `${API}/calc`,
        query: { lengthCm: '20', widthCm: '15', heightCm: '5', weightKg: '0.4', units: '100', marketId: '0' },
      }),
      expect: READ,
    },
    [`GET ${API}/calc/models`]: { request: () => ({ url: `${API}/calc/models` }), expect: READ },
    [`GET ${API}/shipments`]: { request: () => ({ url: `${API}/shipments`, query: { state: 'transit' } }), expect: READ },
    [`GET ${API}/shipments/bill-carriers`]: { request: () => ({ url: `${API}/shipments/bill-carriers` }), expect: READ },
    [`GET ${API}/shipments/:id`]: {
      request: async (c) => ({ url: `${API}/shipments/${await freshShipment(c)}` }),
      expect: READ,
    },
    [`POST ${API}/bills`]: {
      request: async (c) => ({ url: `${API}/bills`, body: await billBody(c, await freshShipment(c)) }),
      expect: WRITE,
    },
    [`PUT ${API}/bills/:id`]: {
      request: async (c) => {
        const b = await freshBill(c);
        return { url: `${API}/bills/${b.id}`, body: { ...b.body, amount: 99, version: b.version } };
      },
      expect: WRITE,
    },
    [`DELETE ${API}/bills/:id`]: {
      request: async (c) => ({ url: `${API}/bills/${(await freshBill(c)).id}` }),
      expect: WRITE,
    },
    [`GET ${API}/panel/costs`]: { request: () => ({ url: `${API}/panel/costs` }), expect: READ },
    [`GET ${API}/panel/transit`]: { request: () => ({ url: `${API}/panel/transit` }), expect: READ },
  };
}
