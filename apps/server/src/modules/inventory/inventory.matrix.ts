/**
 * Permission-matrix rows of the stock boards: holders of scm:inventory:* of the internal
 * account; the external shop accounts hold none of them (their shop patterns are spec §2.1's),
 * so 403; god view looks as the sales manager, who holds none either. What an external account would see with them granted is inventory-scope.test.ts.
 */
import { one } from '../../../test/matrix/cells';
import type { CellContext, Row } from '../../../test/matrix/rows';

const API = '/api/inventory/rest/v1';
const READ = '401 401 403 200 200 403 403 200 403';
const EXPORT = '401 401 403 403 200 403 403 200 403';

/** A position of the internal account's Lumio US shop (demo data). */
const lumioPosition = (c: CellContext) =>
  one(
    c.pool,
    `SELECT p.shop_id AS "shopId", p.warehouse_id AS "warehouseId", p.sku FROM inventory_positions p JOIN shops s ON s.id = p.shop_id
      WHERE s.name = 'Lumio US' ORDER BY p.day DESC, p.sku LIMIT 1`,
  );

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
  };
}
