/**
 * Permission-matrix rows of the supply boards (modules/supplyboards): reads need the page, the shipment management's
 * writes, export and shippable list its buttons (page holders 403). The external shop accounts hold none of these
 * patterns (their shop patterns are spec §2.1's), so 403; what an external account sees with them granted is
 * supplyboards-scope.test.ts and manage.test.ts. God view looks as the sales manager, who holds only the logistics
 * board. Each
 * write cell makes a fresh plan of the Lumio US shop in the state its action needs.
 */
import { one } from '../../../test/matrix/cells';
import type { CellContext, Row } from '../../../test/matrix/rows';

const API = '/api/supplyboards/rest/v1';
const READ = '401 401 403 200 200 403 403 200 403';
/** Writes and the export need a button permission: page holders are refused. */
const BUTTON = '401 401 403 403 200 403 403 200 403';

/** The logistics board's page is a dashboard the sales manager holds: god view (looking as them) reads it too. */
const DASHBOARD = '401 401 403 200 200 403 403 200 200';

const get = (path: string, expect = READ): Row => ({ request: () => ({ url: `${API}/${path}` }), expect });

/** A plan of the Lumio US shop to FBA-US with one line of 24 units, fresh per cell: confirmed, or shipped with its shipment. */
async function freshPlan(c: CellContext, state: 'confirmed' | 'shipped') {
  const p = await one(
    c.pool,
    `INSERT INTO shipment_plans (code, shop_id, warehouse_id, state, mode)
     SELECT $1, s.id, w.id, $2, 'sea' FROM shops s, inventory_warehouses w WHERE s.name = 'Lumio US' AND w.code = 'FBA-US'
     RETURNING id, version`,
    [`MX-SM-${c.n}`, state],
  );
  await c.pool.query(
    `INSERT INTO shipment_plan_lines (plan_id, sku, units_per_carton, cartons, shipped) VALUES ($1, 'MX-SKU', 12, 2, $2)`,
    [p.id, state === 'shipped' ? 24 : 0],
  );
  if (state === 'shipped')
    await c.pool.query(
      `INSERT INTO shipments (plan_id, code, mode, carrier, tracking, etd, eta) VALUES ($1, $2, 'sea', 'x', 'y', '2026-11-01', '2026-12-01')`,
      [p.id, `MX-SM-S-${c.n}`],
    );
  return { id: Number(p.id), version: Number(p.version) };
}

const days = { etd: '2026-12-01', eta: '2027-01-05' };

export function matrixRows(): Record<string, Row> {
  return {
    [`GET ${API}/logistics-board`]: get('logistics-board', DASHBOARD),
    [`GET ${API}/logistics-board/late`]: get('logistics-board/late', DASHBOARD),
    [`GET ${API}/delivery-board`]: get('delivery-board'),
    [`GET ${API}/delivery-board/progress`]: get('delivery-board/progress'),
    [`GET ${API}/shipment-forecast`]: get('shipment-forecast'),
    [`GET ${API}/shipment-forecast/excel`]: get('shipment-forecast/excel', BUTTON),
    [`GET ${API}/shipments`]: get('shipments'),
    [`GET ${API}/shipments/excel`]: get('shipments/excel', BUTTON),
    [`GET ${API}/shipments/shippable`]: get('shipments/shippable', BUTTON),
    [`GET ${API}/shipments/:planId`]: {
      request: async (c) => ({ url: `${API}/shipments/${(await freshPlan(c, 'shipped')).id}` }),
      expect: READ,
    },
    [`POST ${API}/shipments`]: {
      request: async (c) => {
        const p = await freshPlan(c, 'confirmed');
        return {
          url: `${API}/shipments`,
          body: { planId: p.id, version: p.version, mode: 'sea', carrier: 'C', tracking: 'T', ...days },
        };
      },
      expect: BUTTON,
    },
    [`PUT ${API}/shipments/:planId`]: {
      request: async (c) => {
        const p = await freshPlan(c, 'shipped');
        return { url: `${API}/shipments/${p.id}`, body: { version: p.version, carrier: 'C2', tracking: 'T2', ...days } };
      },
      expect: BUTTON,
    },
    [`DELETE ${API}/shipments/:planId`]: {
      request: async (c) => {
        const p = await freshPlan(c, 'shipped');
        return { url: `${API}/shipments/${p.id}`, query: { version: String(p.version) } };
      },
      expect: BUTTON,
    },
  };
}
