/**
 * Shipments belong to shops: an external shop account given the supply boards' pages and exports (a role of its own
 * account) sees only its own shops' shipments and SKUs on the boards, the shipment list, the forecast and the
 * exports, and no canary (test/external/canaries.ts); a shop filter outside its scope narrows to nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { type OwnScope, seedCanaries } from '../../../test/external/canaries';
import { canariesIn, readableText } from '../../../test/external/leak-scan';
import { testAppPerFile } from '../../../test/harness';

const t = testAppPerFile({ admin: true, signIn: { shopA: 'shop.a' } });
let own: OwnScope;
let companyShopId = 0;
const API = '/api/supplyboards/rest/v1';

/** A sea plan of `shopId` shipped 20 days ago, due 5 days ago, nothing received: in transit and late. */
async function latePlan(shopId: number, code: string) {
  const pool = t.database.pool;
  const p = (
    await pool.query(
      `INSERT INTO shipment_plans (code, shop_id, warehouse_id, state, mode)
       SELECT $1, $2, w.id, 'shipped', 'sea' FROM inventory_warehouses w WHERE w.code = 'FBA-US' RETURNING id`,
      [code, shopId],
    )
  ).rows[0];
  await pool.query(
    `INSERT INTO shipment_plan_lines (plan_id, sku, units_per_carton, cartons, shipped) VALUES ($1, 'SCOPE-SKU', 10, 2, 20)`,
    [p.id],
  );
  await pool.query(
    `INSERT INTO shipments (plan_id, code, mode, carrier, tracking, etd, eta)
     VALUES ($1, $2, 'sea', 'C', 'T', current_date - 20, current_date - 5)`,
    [p.id, `FBA15${code}`],
  );
  return Number(p.id);
}

beforeAll(async () => {
  const pool = t.database.pool;
  // Before the canaries: they mark every shop shop A does not own in its name.
  companyShopId = Number((await pool.query(`SELECT id FROM shops WHERE name = 'Lumio US'`)).rows[0].id);
  own = await seedCanaries(pool);
  const role = (await pool.query(`INSERT INTO roles (account_id, name) VALUES ($1, 'boards') RETURNING id`, [own.accountId]))
    .rows[0];
  await pool.query(`INSERT INTO user_roles (user_id, role_id) VALUES ($1, $2)`, [own.userId, role.id]);
  await pool.query(`INSERT INTO role_permissions SELECT $1, id FROM permission_items WHERE active AND auth_pattern = ANY($2)`, [
    role.id,
    [
      'sales:logistics:board',
      'scm:delivery:dashboard',
      'scm:shipment:manage',
      'scm:shipment:manage:export',
      'scm:shipment:forecast',
      'scm:shipment:forecast:export',
    ],
  ]);
  await latePlan(own.shopId, 'SCOPE-OWN');
  await latePlan(companyShopId, 'SCOPE-COMPANY');
}, 120_000);

describe('an external shop account sees only its own shipments on the supply boards', () => {
  it('every board and list answers its own shops and no canary', async () => {
    const leaks: string[] = [];
    for (const path of [
      'logistics-board',
      'logistics-board/late',
      'delivery-board',
      'delivery-board/progress',
      'shipments',
      'shipments/excel',
      'shipment-forecast',
      'shipment-forecast/excel',
    ]) {
      const query: Record<string, string> = path.includes('/') || path.startsWith('ship') ? { pageSize: '200' } : {};
      if (path.endsWith('excel')) delete query.pageSize;
      if (path.startsWith('shipment-forecast')) query.all = 'true';
      const res = await t.call('GET', `${API}/${path}`, { token: t.as.shopA, query });
      expect(res.statusCode, `${path}: ${res.body.slice(0, 200)}`).toBe(200);
      const { text, kind } = await readableText(res);
      for (const c of canariesIn(text)) leaks.push(`${path}: ${c}`);
      if (text.includes('SCOPE-COMPANY')) leaks.push(`${path}: the company's plan`);
      if (kind !== 'json') continue;
      const data = JSON.parse(text).data;
      for (const r of (data.list ?? []) as { shopId: number }[])
        if (!own.shopIds.includes(r.shopId)) leaks.push(`${path}: shop ${r.shopId}`);
      if (path === 'logistics-board/late') expect(data.list.map((r: { planCode: string }) => r.planCode)).toEqual(['SCOPE-OWN']);
      if (path === 'shipments') expect(data.list.map((r: { planCode: string }) => r.planCode)).toContain('SCOPE-OWN');
      if (path === 'logistics-board') expect(data.late).toEqual({ shipments: 1, units: 20 });
    }
    expect(leaks).toEqual([]);
  });

  it('a shop filter outside its scope narrows to nothing; the company sees its own', async () => {
    const res = await t.call('GET', `${API}/logistics-board/late`, {
      token: t.as.shopA,
      query: { shopId: String(companyShopId) },
    });
    expect(res.json().data.total).toBe(0);
    const admin = await t.call('GET', `${API}/logistics-board/late`, { token: t.admin, query: { pageSize: '200' } });
    const codes = admin.json().data.list.map((r: { planCode: string }) => r.planCode);
    expect(codes).toContain('SCOPE-COMPANY');
  });
});
