/**
 * Stock rules (issue #22, ../README.md "Rules" → "Stock rules") on the fixture campaign
 * (ppc.fixtures.ts: one ad group advertising PPC-1 and PPC-2, keywords k1 bid 1.00 and k2 0.90),
 * with fixed stock: both listings sell 10 a day (a stored forecast), prep 15 days, so the lead
 * time is 15 + 35 (sea) = 50 days; on hand 100 → 10 days of cover (low), 540 → 54 (between the
 * lead time and the lead time + 7: neither), 1,000 → 100 (back).
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { okDataOf, testAppPerFile } from '../../../../test/harness';
import { actorOfUser } from '../../../platform/auth/sessions.service';
import type { AppContext } from '../../../platform/context';
import { listingCover } from '../../inventory/cover.reads';
import { narrowScope, shopScopeOf } from '../../shops/shops/shop-scope';
import { createPpcFixture, type PpcFixture, perf, writePerformance } from '../ppc.fixtures';
import { runDueRules } from './rules.service';
import { judge } from './stock';
import { STOCK_RULE_DEMO_NAME } from './stock.seed';

const API = '/api/ppc/rest/v1/rules';
const HISTORY = '/api/ppc/rest/v1/auto/history';
const t = testAppPerFile({ admin: true, signIn: { ppc: 'ppc.specialist', analyst: 'sales.analyst' } });
let fx: PpcFixture;
type Json = Record<string, unknown>;
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const DAY = daysAgo(1);

beforeAll(async () => {
  fx = await createPpcFixture(t);
  const rows = [];
  for (let d = 5; d < 15; d++)
    for (const k of [fx.k1, fx.k2])
      rows.push(
        perf({
          entityType: 'keyword',
          entityId: k,
          adGroupId: fx.adGroup,
          campaignId: fx.campaign,
          day: daysAgo(d),
          impressions: 100,
          clicks: 2,
          spend: '1.00',
        }),
      );
  await writePerformance(t, fx, rows);
  // 10 units a day from the day after the position, prep 15 days for both listings.
  for (const [listing] of [[fx.l1], [fx.l2]]) {
    await t.rows(
      `INSERT INTO forecast_listings (listing_id, shop_id, market_id, run_id, origin, daily, month_start, months, method)
       VALUES ($1, $2, 0, 0, $3::date + 1, array_fill(10::real, ARRAY[180]), date_trunc('month', $3::date)::date, ARRAY[]::real[], 'test')`,
      [listing, fx.shop.id, DAY],
    );
    await t.rows(
      `INSERT INTO forecast_sku_warnings (listing_id, shop_id, stockout_days, overstock_days, lead_time_days) VALUES ($1, $2, 10, 100, 15)`,
      [listing, fx.shop.id],
    );
  }
});

/** Both listings' FBA position of DAY holds `onHand` units (no inbound). */
async function stock(onHand: number) {
  const [w] = await t.rows<{ id: number }>(
    `SELECT id FROM inventory_warehouses WHERE kind = 'fba' AND market_id = 0 ORDER BY id LIMIT 1`,
  );
  await t.rows(`DELETE FROM inventory_positions WHERE shop_id = $1`, [fx.shop.id]);
  await t.rows(
    `INSERT INTO inventory_positions (shop_id, warehouse_id, day, sku, listing_id, asin, fulfillable, source)
     VALUES ($1, $2, $3, 'PPC-1', $4, 'B0PPCFIX01', $6, 'test'), ($1, $2, $3, 'PPC-2', $5, 'B0PPCFIX02', $6, 'test')`,
    [fx.shop.id, w?.id, DAY, fx.l1, fx.l2, onHand],
  );
}

beforeEach(async () => {
  await t.rows(`UPDATE ppc_keywords SET bid = CASE id WHEN $1 THEN 1.0 ELSE 0.9 END, state = 'enabled' WHERE id IN ($1, $2)`, [
    fx.k1,
    fx.k2,
  ]);
  await t.rows(`UPDATE ppc_rules SET enabled = false`);
  await t.rows(`DELETE FROM ppc_changes`);
  await stock(100);
});

const rule = (over: Json = {}, action: Json = {}) => ({
  name: `stock ${Math.random().toString(36).slice(2, 8)}`,
  level: 'keyword',
  scope: { shopIds: [fx.shop.id] },
  windowDays: 14,
  conditions: [[{ metric: 'impressions', op: 'gte', value: 1 }]],
  action: { type: 'pause', stock: { when: 'cover_below_lead' }, ...action },
  scheduleHour: null,
  ...over,
});
type Row = { entityId: number; field: string; before: unknown; after: unknown; skipped: string | null; stock: Json | null };
type Preview = { matched: number; changes: number; rows: Row[] };
const create = async (body: Json) => okDataOf<{ id: number }>(await t.call('POST', API, { token: t.as.ppc, body }));
const preview = async (id: number) => okDataOf<Preview>(await t.call('POST', `${API}/${id}/preview`, { token: t.as.ppc }));
const run = async (id: number) =>
  okDataOf<{ id: number; status: string; changed: number }>(await t.call('POST', `${API}/${id}/run`, { token: t.as.ppc }));
const kw = async () =>
  (
    await t.rows<{ id: number; bid: string | null; state: string }>(
      `SELECT id, bid, state FROM ppc_keywords WHERE id IN ($1, $2) ORDER BY id`,
      [fx.k1, fx.k2],
    )
  ).map((r) => ({ bid: r.bid === null ? null : Number(r.bid), state: r.state }));

describe('judging an entity on its SKUs', () => {
  const c = (daysOfCover: number | null, leadTimeDays = 50) => ({
    listingId: 1,
    shopId: 1,
    sku: `S${daysOfCover}`,
    day: DAY,
    daysOfCover,
    leadTimeDays,
    state: 'red' as const,
  });
  const lead = { when: 'cover_below_lead' as const };
  it('low below the lead time, back at the lead time + 7, neither in between; null cover is plenty', () => {
    expect(judge(lead, [c(10)]).state).toBe('low');
    expect(judge(lead, [c(49)]).state).toBe('low');
    expect(judge(lead, [c(50)]).state).toBeNull();
    expect(judge(lead, [c(56)]).state).toBeNull();
    expect(judge(lead, [c(57)]).state).toBe('back');
    expect(judge(lead, [c(null)]).state).toBe('back');
    expect(judge(lead, []).state).toBeNull();
  });
  it('an ad group of several SKUs is low when all are, back when one is; N days instead of the lead time', () => {
    expect(judge(lead, [c(10), c(60)])).toMatchObject({ state: 'back', info: { sku: 'S60', threshold: 50 } });
    expect(judge(lead, [c(10), c(30)])).toMatchObject({ state: 'low', info: { sku: 'S30' } });
    const days = { when: 'cover_below_days' as const, days: 20 };
    expect(judge(days, [c(19)]).state).toBe('low');
    expect(judge(days, [c(26)]).state).toBeNull();
    expect(judge(days, [c(27)])).toMatchObject({ state: 'back', info: { threshold: 20 } });
  });
});

describe('the cover read', () => {
  it('gives the replenishment figures per listing, only of the shops of the scope', async () => {
    const ctx = { db: t.database.db } as unknown as AppContext;
    const [admin] = await t.rows<{ id: number }>(`SELECT id FROM users WHERE account_id = 1 AND builtin ORDER BY id LIMIT 1`);
    const actor = await actorOfUser(t.database.db, admin?.id as number);
    if (!actor) throw new Error('no admin');
    const scope = await shopScopeOf(ctx, actor);
    const mine = await listingCover(t.database.db, narrowScope(scope, fx.shop.id));
    expect(mine.get(fx.l1)).toMatchObject({ sku: 'PPC-1', daysOfCover: 10, leadTimeDays: 50, state: 'red', day: DAY });
    expect(mine.get(fx.l2)).toMatchObject({ daysOfCover: 10, leadTimeDays: 50 });
    const other = scope.shopIds.find((s) => s !== fx.shop.id) as number;
    const theirs = await listingCover(t.database.db, narrowScope(scope, other));
    expect(theirs.has(fx.l1)).toBe(false);
  });
});

describe('pause while the cover is below the lead time, restore when it is back', () => {
  it('the dry run names the changes with the SKU and changes nothing', async () => {
    const r = await create(rule());
    const p = await preview(r.id);
    expect(p.changes).toBe(2);
    expect(p.rows.map((x) => [x.entityId, x.before, x.after])).toEqual([
      [fx.k1, 'enabled', 'paused'],
      [fx.k2, 'enabled', 'paused'],
    ]);
    expect(p.rows[0]?.stock).toMatchObject({ daysOfCover: 10, threshold: 50, restore: false });
    expect(await kw()).toEqual([
      { bid: 1, state: 'enabled' },
      { bid: 0.9, state: 'enabled' },
    ]);
    expect(await t.rows(`SELECT 1 FROM ppc_changes`)).toHaveLength(0);
  });

  it('cover 10 < lead 50 pauses; 54 does nothing; 100 restores, all in the history', async () => {
    const r = await create(rule());
    expect(await run(r.id)).toMatchObject({ status: 'done', changed: 2 });
    expect((await kw()).map((k) => k.state)).toEqual(['paused', 'paused']);
    // Still low: the rule holds them already, nothing more.
    expect((await run(r.id)).changed).toBe(0);
    await stock(540);
    expect((await preview(r.id)).changes).toBe(0);
    await stock(1000);
    const p = await preview(r.id);
    expect(p.rows.map((x) => [x.entityId, x.before, x.after, x.stock?.restore])).toEqual([
      [fx.k1, 'paused', 'enabled', true],
      [fx.k2, 'paused', 'enabled', true],
    ]);
    const back = await run(r.id);
    expect(back.changed).toBe(2);
    expect((await kw()).map((k) => k.state)).toEqual(['enabled', 'enabled']);
    const hist = okDataOf<{ list: { field: string; before: unknown; after: unknown; ruleId: number; source: string }[] }>(
      await t.call('GET', HISTORY, { token: t.as.ppc, query: { ruleId: String(r.id) } }),
    );
    expect(hist.list.map((h) => `${h.before}->${h.after}`).sort()).toEqual([
      'enabled->paused',
      'enabled->paused',
      'paused->enabled',
      'paused->enabled',
    ]);
    expect(hist.list.every((h) => h.source === 'rule' && h.ruleId === r.id)).toBe(true);
    // Back and nothing held: nothing to do.
    expect((await run(r.id)).changed).toBe(0);
  });

  it('lowers the bid by 30 % once and restores the bid it found', async () => {
    const r = await create(rule({}, { type: 'bid_pct', value: -30 }));
    await run(r.id);
    expect((await kw()).map((k) => k.bid)).toEqual([0.7, 0.63]);
    expect((await run(r.id)).changed).toBe(0);
    await stock(1000);
    await run(r.id);
    expect((await kw()).map((k) => k.bid)).toEqual([1, 0.9]);
  });

  it('a bid changed by hand since is not restored (manual edit)', async () => {
    const r = await create(rule({}, { type: 'bid_pct', value: -30 }));
    await run(r.id);
    await t.rows(`UPDATE ppc_keywords SET bid = 0.5 WHERE id = $1`, [fx.k1]);
    await stock(1000);
    const p = await preview(r.id);
    expect(p.rows.find((x) => x.entityId === fx.k1)).toMatchObject({ skipped: 'manual_edit' });
    await run(r.id);
    expect((await kw()).map((k) => k.bid)).toEqual([0.5, 0.9]);
  });

  it('undo works as for other rules: the run is undone, the undone pause is not redone in the cooldown', async () => {
    const r = await create(rule());
    const out = await run(r.id);
    const undo = okDataOf<{ undone: number }>(
      await t.call('POST', `${HISTORY}/undo`, { token: t.as.ppc, body: { runId: out.id } }),
    );
    expect(undo.undone).toBe(2);
    expect((await kw()).map((k) => k.state)).toEqual(['enabled', 'enabled']);
    const p = await preview(r.id);
    expect(p.rows.map((x) => x.skipped)).toEqual(['manual_edit', 'manual_edit']);
    // Stock back: nothing held (the pause was undone), nothing restored.
    await stock(1000);
    expect((await run(r.id)).changed).toBe(0);
  });

  it('an undone restore is held again and restored by the next run', async () => {
    const r = await create(rule());
    await run(r.id);
    await stock(1000);
    const back = await run(r.id);
    okDataOf(await t.call('POST', `${HISTORY}/undo`, { token: t.as.ppc, body: { runId: back.id } }));
    expect((await kw()).map((k) => k.state)).toEqual(['paused', 'paused']);
    expect((await run(r.id)).changed).toBe(2);
    expect((await kw()).map((k) => k.state)).toEqual(['enabled', 'enabled']);
  });

  it('N days of cover with its hysteresis', async () => {
    const r = await create(rule({}, { stock: { when: 'cover_below_days', days: 20 } }));
    await run(r.id);
    expect((await kw()).map((k) => k.state)).toEqual(['paused', 'paused']);
    await stock(250); // 25 days: ≥ 20 but < 27
    expect((await run(r.id)).changed).toBe(0);
    await stock(300); // 30 days
    expect((await run(r.id)).changed).toBe(2);
  });

  it('ad group level pauses the ad group', async () => {
    const r = await create(rule({ level: 'ad_group' }));
    await run(r.id);
    const [g] = await t.rows<{ state: string }>(`SELECT state FROM ppc_ad_groups WHERE id = $1`, [fx.adGroup]);
    expect(g?.state).toBe('paused');
    await stock(1000);
    await run(r.id);
    const [g2] = await t.rows<{ state: string }>(`SELECT state FROM ppc_ad_groups WHERE id = $1`, [fx.adGroup]);
    expect(g2?.state).toBe('enabled');
  });

  it('a scheduled run reads the cover its creator sees', async () => {
    const r = await create(rule({ enabled: true, scheduleHour: 0 }));
    await runDueRules({ db: t.database.db, log: t.app.log }, new Date(`${new Date().toISOString().slice(0, 10)}T23:00:00Z`));
    expect((await kw()).map((k) => k.state)).toEqual(['paused', 'paused']);
    await t.rows(`UPDATE ppc_rules SET enabled = false WHERE id = $1`, [r.id]);
  });
});

describe('the demo', () => {
  it('has one stock rule, disabled and on demand, whose dry run pauses the keywords of SKUs below their lead time', async () => {
    const [r] = await t.rows<{ id: number; enabled: boolean; schedule_hour: number | null; action: Json }>(
      `SELECT id, enabled, schedule_hour, action FROM ppc_rules WHERE name = $1`,
      [STOCK_RULE_DEMO_NAME],
    );
    expect(r).toMatchObject({
      enabled: false,
      schedule_hour: null,
      action: { type: 'pause', stock: { when: 'cover_below_lead' } },
    });
    const p = okDataOf<Preview>(await t.call('POST', `${API}/${r?.id}/preview`, { token: t.admin }));
    expect(p.changes).toBeGreaterThan(0);
    for (const x of p.rows.filter((y) => !y.skipped)) {
      expect(x).toMatchObject({ field: 'state', before: 'enabled', after: 'paused', stock: { restore: false } });
      expect(Number(x.stock?.daysOfCover)).toBeLessThan(Number(x.stock?.threshold));
    }
  });
});

describe('refusals', () => {
  it.each([
    ['a campaign rule', { level: 'campaign', action: { type: 'pause', stock: { when: 'cover_below_lead' } } }],
    ['a raise', { action: { type: 'bid_pct', value: 10, stock: { when: 'cover_below_lead' } } }],
    ['a set bid', { action: { type: 'bid_set', value: 0.5, stock: { when: 'cover_below_lead' } } }],
    ['N days without N', { action: { type: 'pause', stock: { when: 'cover_below_days' } } }],
    ['an unknown condition', { action: { type: 'pause', stock: { when: 'cover_below_zero' } } }],
  ])('400 for %s', async (_, over) => {
    const res = await t.call('POST', API, { token: t.as.ppc, body: rule(over) });
    expect(res.statusCode, res.body).toBe(400);
  });

  it('403 without ppc:rules; a shop the caller cannot see is refused', async () => {
    expect((await t.call('POST', `${API}/preview`, { token: t.as.analyst, body: rule() })).statusCode).toBe(403);
    const res = await t.call('POST', `${API}/preview`, { token: t.as.ppc, body: rule({ scope: { shopIds: [999999] } }) });
    expect(res.statusCode).toBe(400);
  });
});
