/**
 * Forecast settings on a real database (demo data): exclusions listed, added, edited, removed
 * (all or none), honoured by a recalculation and by the list at once; warning thresholds global
 * and per shop; labels shown in the forecast list; bad input refused with nothing changed; an
 * account without scm:forecast:manage refused; an external shop account given it sees and
 * touches only its own shops.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { type OwnScope, seedCanaries } from '../../../test/external/canaries';
import { testAppPerFile } from '../../../test/harness';
import { requestRefresh, runRefresh } from './forecasts.service';

type Json = Record<string, unknown>;
const t = testAppPerFile({ signIn: { planner: 'planner' } });
const SALES = '/api/sales/rest/v2';
const AI = '/api/ms-ai-sales/rest/v2';
const call = async (
  method: string,
  url: string,
  opts: { body?: unknown; query?: Record<string, string> } = {},
  token = t.as.planner,
) => t.call(method, url, { token, ...opts });
const ok = async (
  method: string,
  url: string,
  opts: { body?: unknown; query?: Record<string, string> } = {},
  token = t.as.planner,
) => {
  const res = await call(method, url, opts, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const auditCount = async (entity: string) =>
  Number((await t.rows<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE entity = $1`, [entity]))[0]?.n);

/** Listings with a stored forecast (Lumio US), from the last. */
async function forecastListings(n: number): Promise<number[]> {
  return (
    await t.rows<{ id: number }>(
      `SELECT fl.listing_id AS id FROM forecast_listings fl JOIN shops s ON s.id = fl.shop_id WHERE s.name = 'Lumio US'
        ORDER BY fl.listing_id DESC LIMIT $1`,
      [n],
    )
  ).map((r) => Number(r.id));
}

describe('the demo', () => {
  it('has exclusions, thresholds and labels, and the demo run left the excluded listings out', async () => {
    const page = await ok('GET', `${SALES}/filter-skus`);
    expect(page.total).toBeGreaterThanOrEqual(3);
    const first = page.list[0] as Json;
    expect(first).toMatchObject({ shopName: 'Lumio US', createdBy: expect.any(String) });
    const ids = (page.list as Json[]).map((r) => r.listingId);
    const stored = await t.rows(`SELECT 1 FROM forecast_listings WHERE listing_id = ANY($1)`, [ids]);
    expect(stored).toEqual([]);
    const global = await ok('GET', `${SALES}/warning-configs`);
    expect(global).toMatchObject({ shopId: null, stockoutDays: 30, overstockDays: 120, inherited: false });
    const labelled = await t.rows(`SELECT count(*)::int AS n FROM forecast_labels`);
    expect(labelled[0]?.n).toBeGreaterThan(0);
  });
});

describe('exclusions', () => {
  it('adds many, lists and filters them, drops their forecast rows at once, and a recalculation keeps them out', async () => {
    const ids = await forecastListings(2);
    const before = await auditCount('forecast_exclusion');
    const added = await ok('POST', `${SALES}/filter-skus`, {
      body: { listingIds: ids, reason: 'clearance', toDay: '2099-12-31' },
    });
    expect(added).toEqual({ added: 2 });
    expect(await auditCount('forecast_exclusion')).toBe(before + 2);
    expect(await t.rows(`SELECT 1 FROM forecast_listings WHERE listing_id = ANY($1)`, [ids])).toEqual([]);
    const page = await ok('GET', `${SALES}/filter-skus`, { query: { keyword: 'clearance' } });
    expect((page.list as Json[]).map((r) => r.listingId).sort()).toEqual([...ids].sort());
    expect(page.list[0]).toMatchObject({
      reason: 'clearance',
      fromDay: null,
      toDay: '2099-12-31',
      createdBy: expect.any(String),
    });

    const run = await requestRefresh(t.database.db, null);
    await runRefresh(t.database.db, run.id);
    expect(await t.rows(`SELECT 1 FROM forecast_listings WHERE listing_id = ANY($1)`, [ids])).toEqual([]);
    expect((await t.rows(`SELECT count(*)::int AS n FROM forecast_listings`))[0]?.n).toBeGreaterThan(10);

    // Removed: the next run forecasts them again.
    expect(await ok('DELETE', `${SALES}/filter-skus`, { body: { listingIds: ids } })).toEqual({ removed: 2 });
    const again = await requestRefresh(t.database.db, null);
    await runRefresh(t.database.db, again.id);
    expect(await t.rows(`SELECT 1 FROM forecast_listings WHERE listing_id = ANY($1)`, [ids])).toHaveLength(2);
  });

  it('an exclusion whose period does not hold on the first forecast day excludes nothing', async () => {
    const [id] = await forecastListings(1);
    await ok('POST', `${SALES}/filter-skus`, { body: { listingIds: [id], reason: 'later', fromDay: '2099-01-01' } });
    const run = await requestRefresh(t.database.db, null);
    await runRefresh(t.database.db, run.id);
    expect(await t.rows(`SELECT 1 FROM forecast_listings WHERE listing_id = $1`, [id])).toHaveLength(1);
    await ok('DELETE', `${SALES}/filter-skus`, { body: { listingIds: [id] } });
  });

  it('edits the reason and period, with an audit row', async () => {
    const [id] = await forecastListings(1);
    await ok('POST', `${SALES}/filter-skus`, { body: { listingIds: [id], reason: 'first' } });
    const before = await auditCount('forecast_exclusion');
    const row = await ok('PUT', `${SALES}/filter-skus`, {
      body: { listingId: id, reason: 'second', fromDay: '2026-01-01', toDay: '2026-03-31' },
    });
    expect(row).toMatchObject({ listingId: id, reason: 'second', fromDay: '2026-01-01', toDay: '2026-03-31' });
    expect(await auditCount('forecast_exclusion')).toBe(before + 1);
    await ok('DELETE', `${SALES}/filter-skus`, { body: { listingIds: [id] } });
  });

  it('refuses bad input and changes nothing', async () => {
    const [id, other] = await forecastListings(2);
    const count = async () => (await t.rows<{ n: number }>(`SELECT count(*)::int AS n FROM forecast_exclusions`))[0]?.n;
    const n0 = await count();
    const audits = await auditCount('forecast_exclusion');
    for (const body of [
      {},
      { listingIds: [], reason: 'x' },
      { listingIds: [id], reason: '' },
      { listingIds: [id], reason: 'x', fromDay: '2026-02-30' },
      { listingIds: [id], reason: 'x', fromDay: '2026-05-01', toDay: '2026-04-01' },
      { listingIds: [id], reason: 'x', extra: 1 },
      { listingIds: ['a'], reason: 'x' },
    ]) {
      const res = await call('POST', `${SALES}/filter-skus`, { body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    // A missing listing among good ones: 404, none added.
    expect((await call('POST', `${SALES}/filter-skus`, { body: { listingIds: [id, 99_999_999], reason: 'x' } })).statusCode).toBe(
      404,
    );
    expect(await count()).toBe(n0);
    // One already excluded: 409, the other not added either.
    await ok('POST', `${SALES}/filter-skus`, { body: { listingIds: [id], reason: 'x' } });
    const dup = await call('POST', `${SALES}/filter-skus`, { body: { listingIds: [other, id], reason: 'y' } });
    expect(dup.statusCode).toBe(409);
    expect(await t.rows(`SELECT 1 FROM forecast_exclusions WHERE listing_id = $1`, [other])).toEqual([]);
    // Edit of a listing not excluded: 404; removal of one excluded and one not: 404, nothing removed.
    expect((await call('PUT', `${SALES}/filter-skus`, { body: { listingId: other, reason: 'z' } })).statusCode).toBe(404);
    expect((await call('PUT', `${SALES}/filter-skus`, { body: { listingId: id, reason: '  ' } })).statusCode).toBe(400);
    expect((await call('DELETE', `${SALES}/filter-skus`, { body: { listingIds: [id, other] } })).statusCode).toBe(404);
    expect((await call('DELETE', `${SALES}/filter-skus`, { body: { listingIds: [] } })).statusCode).toBe(400);
    expect(await t.rows(`SELECT 1 FROM forecast_exclusions WHERE listing_id = $1`, [id])).toHaveLength(1);
    expect(await auditCount('forecast_exclusion')).toBe(audits + 1);
    expect((await call('GET', `${SALES}/filter-skus`, { query: { pageSize: '0' } })).statusCode).toBe(400);
    await ok('DELETE', `${SALES}/filter-skus`, { body: { listingIds: [id] } });
  });
});

describe('warning thresholds', () => {
  it('a shop inherits the global ones until it has its own', async () => {
    const [shop] = await t.rows<{ id: number }>(`SELECT id FROM shops WHERE name = 'Lumio US'`);
    const [other] = await t.rows<{ id: number }>(
      `SELECT s.id FROM shops s WHERE s.name <> 'Lumio US' AND s.id NOT IN (SELECT shop_id FROM forecast_warning_configs)
         AND EXISTS (SELECT 1 FROM listings li WHERE li.shop_id = s.id) ORDER BY s.id LIMIT 1`,
    );
    const g = await ok('PUT', `${SALES}/warning-configs`, {
      body: { shopId: null, stockoutDays: 25, overstockDays: 100, leadTimeDays: 40 },
    });
    expect(g).toMatchObject({ shopId: null, stockoutDays: 25, inherited: false, updatedBy: expect.any(String) });
    const inherited = await ok('GET', `${SALES}/warning-configs`, { query: { shopId: String(other?.id) } });
    expect(inherited).toMatchObject({
      shopId: other?.id,
      stockoutDays: 25,
      overstockDays: 100,
      leadTimeDays: 40,
      inherited: true,
    });
    const before = await auditCount('forecast_warning_config');
    const own = await ok('PUT', `${SALES}/warning-configs`, {
      body: { shopId: shop?.id, stockoutDays: 14, overstockDays: 60, leadTimeDays: 30 },
    });
    expect(own).toMatchObject({ shopId: shop?.id, stockoutDays: 14, inherited: false });
    expect(await ok('GET', `${SALES}/warning-configs`, { query: { shopId: String(shop?.id) } })).toMatchObject({
      stockoutDays: 14,
    });
    expect(await auditCount('forecast_warning_config')).toBe(before + 1);
  });

  it('refuses bad thresholds and unknown shops, changing nothing', async () => {
    const before = await ok('GET', `${SALES}/warning-configs`);
    for (const body of [
      { shopId: null, stockoutDays: 120, overstockDays: 30, leadTimeDays: 10 },
      { shopId: null, stockoutDays: 0, overstockDays: 30, leadTimeDays: 10 },
      { shopId: null, stockoutDays: 10, overstockDays: 30, leadTimeDays: -1 },
      { shopId: null, stockoutDays: 10.5, overstockDays: 30, leadTimeDays: 1 },
      { stockoutDays: 10, overstockDays: 30, leadTimeDays: 1 },
    ])
      expect((await call('PUT', `${SALES}/warning-configs`, { body })).statusCode, JSON.stringify(body)).toBe(400);
    const unknown = { shopId: 99_999_999, stockoutDays: 10, overstockDays: 30, leadTimeDays: 1 };
    expect((await call('PUT', `${SALES}/warning-configs`, { body: unknown })).statusCode).toBe(404);
    expect((await call('GET', `${SALES}/warning-configs`, { query: { shopId: 'x' } })).statusCode).toBe(400);
    expect(await ok('GET', `${SALES}/warning-configs`)).toEqual(before);
  });
});

describe('per-listing thresholds', () => {
  it("adds, replaces, lists and removes a listing's own thresholds, with audit rows", async () => {
    const [id] = await forecastListings(1);
    const before = await auditCount('forecast_sku_warning');
    const added = await ok('POST', `${AI}/warning/addOrUpdateSku`, {
      body: { listingId: id, stockoutDays: 10, overstockDays: 50, leadTimeDays: 20 },
    });
    expect(added).toMatchObject({
      listingId: id,
      stockoutDays: 10,
      overstockDays: 50,
      leadTimeDays: 20,
      updatedBy: expect.any(String),
    });
    const replaced = await ok('POST', `${AI}/warning/addOrUpdateSku`, {
      body: { listingId: id, stockoutDays: 12, overstockDays: 60, leadTimeDays: 25 },
    });
    expect(replaced).toMatchObject({ stockoutDays: 12, overstockDays: 60 });
    const page = await ok('GET', `${AI}/warning/skus`, { query: { keyword: String(added.sku) } });
    expect((page.list as Json[]).find((r) => r.listingId === id)).toMatchObject({ stockoutDays: 12, leadTimeDays: 25 });
    const demo = await ok('GET', `${AI}/warning/skus`);
    expect(demo.total).toBeGreaterThanOrEqual(4);
    expect(await ok('DELETE', `${AI}/warning/skus`, { body: { listingIds: [id] } })).toEqual({ removed: 1 });
    expect(await auditCount('forecast_sku_warning')).toBe(before + 3);
    expect(await t.rows(`SELECT 1 FROM forecast_sku_warnings WHERE listing_id = $1`, [id])).toEqual([]);
  });

  it('refuses bad input and changes nothing', async () => {
    const [id, other] = await forecastListings(2);
    for (const body of [
      { listingId: id, stockoutDays: 60, overstockDays: 50, leadTimeDays: 20 },
      { listingId: id, stockoutDays: 0, overstockDays: 50, leadTimeDays: 20 },
      { listingId: id, stockoutDays: 10, overstockDays: 50 },
      { listingId: id, stockoutDays: 10, overstockDays: 50, leadTimeDays: 20, extra: true },
    ])
      expect((await call('POST', `${AI}/warning/addOrUpdateSku`, { body })).statusCode, JSON.stringify(body)).toBe(400);
    const unknown = { listingId: 99_999_999, stockoutDays: 10, overstockDays: 50, leadTimeDays: 20 };
    expect((await call('POST', `${AI}/warning/addOrUpdateSku`, { body: unknown })).statusCode).toBe(404);
    expect(await t.rows(`SELECT 1 FROM forecast_sku_warnings WHERE listing_id = $1`, [id])).toEqual([]);
    await ok('POST', `${AI}/warning/addOrUpdateSku`, {
      body: { listingId: id, stockoutDays: 10, overstockDays: 50, leadTimeDays: 20 },
    });
    expect((await call('DELETE', `${AI}/warning/skus`, { body: { listingIds: [id, other] } })).statusCode).toBe(404);
    expect(await t.rows(`SELECT 1 FROM forecast_sku_warnings WHERE listing_id = $1`, [id])).toHaveLength(1);
    expect((await call('DELETE', `${AI}/warning/skus`, { body: {} })).statusCode).toBe(400);
    await ok('DELETE', `${AI}/warning/skus`, { body: { listingIds: [id] } });
  });
});

describe('labels', () => {
  it('sets, changes and removes a label, shown in the forecast list', async () => {
    const [id] = await forecastListings(1);
    const sku = (
      await t.rows<{ sku: string }>(`SELECT sk.sku FROM listings li JOIN skus sk ON sk.id = li.sku_id WHERE li.id = $1`, [id])
    )[0]?.sku as string;
    const rowOf = async () => {
      const page = await ok('GET', `${AI}/forecasts`, { query: { keyword: sku, pageSize: '50' } });
      return (page.list as Json[]).find((r) => r.listingId === id);
    };
    expect(await ok('POST', `${AI}/label`, { body: { id, type: 'promo', value: 'Prime Day' } })).toEqual({
      listingId: id,
      type: 'promo',
      value: 'Prime Day',
    });
    expect(await rowOf()).toMatchObject({ labelType: 'promo', labelValue: 'Prime Day' });
    await ok('POST', `${AI}/label`, { body: { id, type: 'eol' } });
    expect(await rowOf()).toMatchObject({ labelType: 'eol', labelValue: null });
    const before = await auditCount('forecast_label');
    await ok('POST', `${AI}/label`, { body: { id, type: null, value: 'ignored' } });
    expect(await rowOf()).toMatchObject({ labelType: null, labelValue: null });
    expect(await auditCount('forecast_label')).toBe(before + 1);
  });

  it('refuses bad input', async () => {
    const [id] = await forecastListings(1);
    for (const body of [
      { id, type: 'hot' },
      { type: 'new' },
      { id: 0, type: 'new' },
      { id, type: 'new', value: 'x'.repeat(101) },
    ])
      expect((await call('POST', `${AI}/label`, { body })).statusCode, JSON.stringify(body)).toBe(400);
    expect((await call('POST', `${AI}/label`, { body: { id: 99_999_999, type: 'new' } })).statusCode).toBe(404);
  });
});

describe('permission and shop scope', () => {
  let own: OwnScope;
  let shopA: string;
  beforeAll(async () => {
    own = await seedCanaries(t.database.pool);
    shopA = await t.login('shop.a');
  }, 120_000);

  it('an account without scm:forecast:manage is refused every call', async () => {
    const [id] = await forecastListings(1);
    for (const [method, url, body] of [
      ['GET', `${SALES}/filter-skus`, undefined],
      ['POST', `${SALES}/filter-skus`, { listingIds: [id], reason: 'x' }],
      ['PUT', `${SALES}/filter-skus`, { listingId: id, reason: 'x' }],
      ['DELETE', `${SALES}/filter-skus`, { listingIds: [id] }],
      ['GET', `${SALES}/warning-configs`, undefined],
      ['PUT', `${SALES}/warning-configs`, { shopId: null, stockoutDays: 1, overstockDays: 2, leadTimeDays: 0 }],
      ['POST', `${AI}/label`, { id, type: 'new' }],
      ['GET', `${AI}/warning/skus`, undefined],
      ['POST', `${AI}/warning/addOrUpdateSku`, { listingId: id, stockoutDays: 1, overstockDays: 2, leadTimeDays: 0 }],
      ['DELETE', `${AI}/warning/skus`, { listingIds: [id] }],
    ] as const) {
      const res = await call(method, url, body ? { body } : {}, shopA);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await t.rows(`SELECT 1 FROM forecast_exclusions WHERE listing_id = $1`, [id])).toEqual([]);
  });

  it('an external shop account holding it sees and touches only its own shops', async () => {
    const pool = t.database.pool;
    const role = (await pool.query(`INSERT INTO roles (account_id, name) VALUES ($1, 'forecast') RETURNING id`, [own.accountId]))
      .rows[0];
    await pool.query(`INSERT INTO user_roles (user_id, role_id) VALUES ($1, $2)`, [own.userId, role.id]);
    await pool.query(
      `INSERT INTO role_permissions SELECT $1, id FROM permission_items WHERE active AND auth_pattern = 'scm:forecast:manage'`,
      [role.id],
    );
    const token = await t.login('shop.a');
    const page = await ok('GET', `${SALES}/filter-skus`, { query: { pageSize: '100' } }, token);
    for (const r of page.list as Json[]) expect(own.shopIds).toContain(r.shopId);
    const [foreign] = await t.rows<{ id: number; shop_id: number }>(
      `SELECT listing_id AS id, shop_id FROM forecast_exclusions WHERE shop_id <> ALL($1) LIMIT 1`,
      [own.shopIds],
    );
    expect(foreign).toBeDefined();
    const fid = Number(foreign?.id);
    expect((await call('PUT', `${SALES}/filter-skus`, { body: { listingId: fid, reason: 'x' } }, token)).statusCode).toBe(404);
    expect((await call('DELETE', `${SALES}/filter-skus`, { body: { listingIds: [fid] } }, token)).statusCode).toBe(404);
    expect((await call('POST', `${SALES}/filter-skus`, { body: { listingIds: [fid], reason: 'x' } }, token)).statusCode).toBe(
      404,
    );
    expect((await call('POST', `${AI}/label`, { body: { id: fid, type: 'new' } }, token)).statusCode).toBe(404);
    const foreignOverride = { listingId: fid, stockoutDays: 1, overstockDays: 2, leadTimeDays: 0 };
    expect((await call('POST', `${AI}/warning/addOrUpdateSku`, { body: foreignOverride }, token)).statusCode).toBe(404);
    const [seeded] = await t.rows<{ id: number }>(
      `SELECT listing_id AS id FROM forecast_sku_warnings WHERE shop_id <> ALL($1) LIMIT 1`,
      [own.shopIds],
    );
    expect((await call('DELETE', `${AI}/warning/skus`, { body: { listingIds: [seeded?.id] } }, token)).statusCode).toBe(404);
    const overrides = await ok('GET', `${AI}/warning/skus`, { query: { pageSize: '100' } }, token);
    for (const r of overrides.list as Json[]) expect(own.shopIds).toContain(r.shopId);
    const foreignShop = { shopId: Number(foreign?.shop_id), stockoutDays: 1, overstockDays: 2, leadTimeDays: 0 };
    expect((await call('PUT', `${SALES}/warning-configs`, { body: foreignShop }, token)).statusCode).toBe(404);
    expect(
      (await call('GET', `${SALES}/warning-configs`, { query: { shopId: String(foreign?.shop_id) } }, token)).statusCode,
    ).toBe(404);
    expect(await t.rows(`SELECT reason FROM forecast_exclusions WHERE listing_id = $1`, [fid])).not.toEqual([{ reason: 'x' }]);
    // Its own listing: added and removed.
    const mine = own.listingIds[0] as number;
    await ok('POST', `${SALES}/filter-skus`, { body: { listingIds: [mine], reason: 'own' } }, token);
    const ownPage = await ok('GET', `${SALES}/filter-skus`, { query: { keyword: 'own' } }, token);
    expect((ownPage.list as Json[]).map((r) => r.listingId)).toContain(mine);
    await ok('DELETE', `${SALES}/filter-skus`, { body: { listingIds: [mine] } }, token);
  });
});
