/**
 * Monitors on the fixture campaign (ppc.fixtures.ts): spend 30.00 on 2026-03-10 and 5.00
 * on 2026-03-11 (the shop's last settled day), ACoS 35 / 145 = 0.2414 over both days.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { dataOf, grantToRolesOf, testAppPerFile } from '../../../../test/harness';
import { createPpcFixture, type PpcFixture, perf, writePerformance } from '../ppc.fixtures';

const API = '/api/ppc/rest/v1/index/monitoring';
const t = testAppPerFile({ admin: true, signIn: { shopA: 'shop.a', ppc: 'ppc.specialist', analyst: 'sales.analyst' } });
let fx: PpcFixture;
type Json = Record<string, unknown>;

beforeAll(async () => {
  fx = await createPpcFixture(t);
  const c = { campaignId: fx.campaign, entityType: 'campaign' as const, entityId: fx.campaign };
  await writePerformance(t, fx, [
    perf({ ...c, day: '2026-03-10', impressions: 1000, clicks: 40, spend: '30.00', orders: 3, sales: '120.00', units: 4 }),
    perf({ ...c, day: '2026-03-11', impressions: 200, clicks: 10, spend: '5.00', orders: 1, sales: '25.00', units: 1 }),
  ]);
  await grantToRolesOf(t, 'shop.a', ['ppc:report%']);
});

const body = (over: Json = {}) => ({
  name: 'Fixture spend',
  shopId: fx.shop.id,
  scope: 'campaign',
  campaignId: fx.campaign,
  metric: 'spend',
  comparator: 'gt',
  threshold: 20,
  windowDays: 7,
  ...over,
});

describe('monitoring', () => {
  it('raises an alert when the value is beyond the threshold, and resolves it when it comes back', async () => {
    const res = await t.call('POST', API, { token: t.admin, body: body() });
    expect(res.statusCode, res.body).toBe(200);
    const m = dataOf(res);
    expect(m).toMatchObject({ currentValue: 35, windowStart: '2026-03-05', windowEnd: '2026-03-11', targetName: 'Fixture SP' });
    expect(m.alert).toMatchObject({ value: 35, threshold: 20, resolvedAt: null });

    const list = dataOf(await t.call('GET', API, { token: t.admin, query: { alerting: 'true', shopId: String(fx.shop.id) } }));
    expect((list.list as Json[]).map((x) => x.id)).toEqual([m.id]);

    const up = await t.call('PUT', `${API}/${m.id}`, {
      token: t.admin,
      body: { ...body({ threshold: 100 }), version: m.version },
    });
    expect(up.statusCode, up.body).toBe(200);
    expect(dataOf(up)).toMatchObject({ currentValue: 35, alert: null, version: Number(m.version) + 1 });
    const stale = await t.call('PUT', `${API}/${m.id}`, { token: t.admin, body: { ...body(), version: m.version } });
    expect(stale.statusCode).toBe(409);

    const chart = dataOf(await t.call('GET', `${API}/${m.id}/chart`, { token: t.admin, query: { days: '7' } }));
    expect((chart.points as Json[]).map((p) => p.spend)).toEqual([0, 0, 0, 0, 0, 30, 5]);
    expect((chart.alerts as Json[])[0]).toMatchObject({ value: 35 });
    expect((chart.alerts as Json[])[0]?.resolvedAt).not.toBeNull();
  });

  it('watches a derived metric of a SKU, below a threshold', async () => {
    const res = await t.call('POST', API, {
      token: t.as.ppc,
      body: body({ scope: 'sku', campaignId: null, listingId: fx.l2, metric: 'roas', comparator: 'lt', threshold: 5 }),
    });
    expect(res.statusCode, res.body).toBe(200);
    // L2 gets half of each campaign-day (no product-ad facts): 17.50 spend → 72.50 sales, ROAS 4.1429.
    expect(dataOf(res)).toMatchObject({ currentValue: 4.1429, alert: { value: 4.1429 } });
  });

  it('switches monitors off and on in bulk; off closes the alert', async () => {
    const m = dataOf(await t.call('POST', API, { token: t.admin, body: body({ name: 'bulk' }) }));
    expect(m.alert).not.toBeNull();
    const off = await t.call('PUT', API, { token: t.admin, body: { ids: [m.id], enabled: false } });
    expect(dataOf(off)).toEqual({ updated: 1 });
    const list = dataOf(await t.call('GET', API, { token: t.admin, query: { shopId: String(fx.shop.id), pageSize: '100' } }));
    expect((list.list as Json[]).find((x) => x.id === m.id)).toMatchObject({ enabled: false, alert: null });
    expect(dataOf(await t.call('PUT', API, { token: t.admin, body: { ids: [m.id], enabled: true } }))).toEqual({ updated: 1 });
  });

  it('refuses bad input with field errors and nothing written', async () => {
    const before = (await t.database.pool.query('SELECT count(*)::int AS n FROM ppc_monitors')).rows[0].n;
    for (const b of [
      body({ scope: 'campaign', campaignId: undefined }),
      body({ metric: 'profit' }),
      body({ threshold: -1 }),
      body({ windowDays: 0 }),
      body({ name: '' }),
      { ...body(), extra: 1 },
    ]) {
      const res = await t.call('POST', API, { token: t.admin, body: b });
      expect(res.statusCode, JSON.stringify(b)).toBe(400);
    }
    const otherShop = (await t.database.pool.query(`SELECT id FROM ppc_campaigns WHERE shop_id <> $1 LIMIT 1`, [fx.shop.id]))
      .rows[0].id;
    const wrong = await t.call('POST', API, { token: t.admin, body: body({ campaignId: otherShop }) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().data.fields).toBeDefined();
    expect((await t.database.pool.query('SELECT count(*)::int AS n FROM ppc_monitors')).rows[0].n).toBe(before);
  });

  it("keeps an external account out of other shops' monitors", async () => {
    const m = dataOf(await t.call('POST', API, { token: t.admin, body: body({ name: 'private' }) }));
    const list = dataOf(await t.call('GET', API, { token: t.as.shopA, query: { pageSize: '100' } }));
    expect((list.list as Json[]).some((x) => x.id === m.id)).toBe(false);
    expect((await t.call('GET', `${API}/${m.id}/chart`, { token: t.as.shopA })).statusCode).toBe(404);
    expect((await t.call('DELETE', `${API}/${m.id}`, { token: t.as.shopA })).statusCode).toBe(404);
    expect((await t.call('POST', API, { token: t.as.shopA, body: body() })).statusCode).toBe(400);
    expect(dataOf(await t.call('PUT', API, { token: t.as.shopA, body: { ids: [m.id], enabled: false } }))).toEqual({
      updated: 0,
    });
    expect((await t.call('DELETE', `${API}/${m.id}`, { token: t.admin })).statusCode).toBe(200);
    expect((await t.call('GET', `${API}/${m.id}/chart`, { token: t.admin })).statusCode).toBe(404);
  });

  it('needs ppc:report to read and the button permissions to write', async () => {
    expect((await t.call('GET', API)).statusCode).toBe(401);
    expect((await t.call('GET', API, { token: t.as.analyst })).statusCode).toBe(403);
    expect((await t.call('POST', API, { token: t.as.analyst, body: body() })).statusCode).toBe(403);
  });
});
