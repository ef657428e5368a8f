/**
 * The rule actions that create: add_negative (search terms and keywords) and harvest, on
 * the fixture (ppc.fixtures.ts: manual "Fixture SP" › "Fixture group" with keywords
 * "fixture lamp" exact, k1, 30 clicks and no order over the window; "fixture light" phrase)
 * plus an auto campaign whose search terms over the settled window are:
 * "desk lamp led" 10 clicks, $6 spend, 3 orders, $60 sales (ACoS 0.1, CPC 0.60);
 * "cheap lamp" 12 clicks, $8 spend, no order; "fixture lamp" 5 clicks, 2 orders, ACoS 0.1;
 * and yesterday (not settled) "late lamp" with 9 orders that no rule may see.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { okDataOf, testAppPerFile } from '../../../../test/harness';
import { createPpcFixture, type PpcFixture, perf, writePerformance } from '../ppc.fixtures';

const API = '/api/ppc/rest/v1/rules';
const t = testAppPerFile({ signIn: { ppc: 'ppc.specialist' } });
let fx: PpcFixture;
let autoCampaign: number;
let autoGroup: number;
let autoGroup2: number;
type Json = Record<string, unknown>;
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  fx = await createPpcFixture(t);
  autoCampaign = (
    await t.rows<{ id: number }>(
      `INSERT INTO ppc_campaigns (shop_id, market_id, campaign_type, name, targeting, daily_budget, bidding_strategy)
       VALUES ($1, 0, 'sp', 'Fixture Auto', 'auto', 20, 'legacy') RETURNING id`,
      [fx.shop.id],
    )
  )[0]?.id as number;
  [autoGroup, autoGroup2] = (
    await t.rows<{ id: number }>(
      `INSERT INTO ppc_ad_groups (campaign_id, shop_id, name, default_bid) VALUES ($1, $2, 'Auto group', 0.5), ($1, $2, 'Auto group 2', 0.5)
       RETURNING id`,
      [autoCampaign, fx.shop.id],
    )
  ).map((r) => r.id) as [number, number];
  const rows = [];
  for (let d = 5; d < 15; d++)
    rows.push(
      perf({
        entityType: 'keyword',
        entityId: fx.k1,
        adGroupId: fx.adGroup,
        campaignId: fx.campaign,
        day: daysAgo(d),
        impressions: 300,
        clicks: 3,
        spend: '1.50',
      }),
    );
  await writePerformance(t, fx, rows);
  const st = (day: string, group: number, term: string, clicks: number, spend: string, orders: number, sales: string) =>
    t.rows(
      `INSERT INTO ppc_search_terms (shop_id, day, campaign_id, ad_group_id, targeting, match_type, search_term, currency,
                                     impressions, clicks, spend, orders, sales, units)
       VALUES ($1, $2, $3, $4, '*', '-', $5, 'USD', 100, $6, $7, $8, $9, $8)`,
      [fx.shop.id, day, autoCampaign, group, term, clicks, spend, orders, sales],
    );
  await st(daysAgo(6), autoGroup, 'desk lamp led', 6, '3.60', 2, '40.00');
  await st(daysAgo(8), autoGroup, 'Desk  Lamp LED', 4, '2.40', 1, '20.00');
  await st(daysAgo(7), autoGroup, 'cheap lamp', 12, '8.00', 0, '0');
  await st(daysAgo(7), autoGroup2, 'cheap lamp', 11, '7.00', 0, '0');
  await st(daysAgo(9), autoGroup, 'fixture lamp', 5, '2.00', 2, '20.00');
  await st(daysAgo(1), autoGroup, 'late lamp', 30, '9.00', 9, '200.00');
});

beforeEach(async () => {
  await t.rows(`DELETE FROM ppc_changes`);
  await t.rows(`DELETE FROM ppc_negative_keywords`);
  await t.rows(`DELETE FROM ppc_keywords WHERE id NOT IN ($1, $2)`, [fx.k1, fx.k2]);
});

const rule = (over: Json = {}) => ({
  name: `rule ${Math.random().toString(36).slice(2, 8)}`,
  level: 'search_term',
  scope: { shopIds: [fx.shop.id] },
  windowDays: 14,
  conditions: [[{ metric: 'clicks', op: 'gte', value: 10 }]],
  action: { type: 'add_negative', negativeMatchType: 'negative_exact', negativeLevel: 'ad_group' },
  scheduleHour: null,
  ...over,
});
const harvest = (over: Json = {}) =>
  rule({
    conditions: [
      [
        { metric: 'orders', op: 'gte', value: 2 },
        { metric: 'acos', op: 'lt', value: 0.3 },
      ],
    ],
    action: { type: 'harvest', matchType: 'exact', bidMode: 'cpc_factor', value: 1.2, adGroupId: fx.adGroup, negateSource: true },
    ...over,
  });

type Row = {
  entityType: string;
  entityId: number;
  entityName: string;
  field: string;
  before: unknown;
  after: unknown;
  skipped: string | null;
  create: {
    entityType: string;
    campaignId: number;
    adGroupId: number | null;
    keywordText: string;
    matchType: string;
    bid: number | null;
  };
};
type Preview = { matched: number; changes: number; skipped: number; capped: boolean; rows: Row[] };
const preview = async (body: Json) => okDataOf<Preview>(await t.call('POST', `${API}/preview`, { token: t.as.ppc, body }));
const create = async (body: Json) => okDataOf<{ id: number }>(await t.call('POST', API, { token: t.as.ppc, body }));
const run = async (id: number) =>
  okDataOf<{ id: number; status: string; changed: number; skipped: number; batchId: number | null }>(
    await t.call('POST', `${API}/${id}/run`, { token: t.as.ppc }),
  );
const history = async (runId: number) =>
  okDataOf<{ list: { id: number; entityType: string; entityId: number; field: string; before: unknown; after: string }[] }>(
    await t.call('GET', '/api/ppc/rest/v1/auto/history', { token: t.as.ppc, query: { runId: String(runId) } }),
  ).list.map((c) => ({ ...c, after: JSON.parse(c.after) as Json }));
const made = (rows: Row[]) =>
  rows
    .filter((r) => !r.skipped)
    .map((r) => `${r.create.entityType}:${r.create.adGroupId}:${r.create.keywordText}:${r.create.matchType}`)
    .sort();
const recorded = (list: { entityType: string; after: Json }[]) =>
  list.map((c) => `${c.entityType}:${c.after.adGroupId}:${c.after.keywordText}:${c.after.matchType}`).sort();

describe('add negative', () => {
  it('makes each matching search term a negative of its ad group: preview = run, duplicates skipped, undo archives', async () => {
    const p = await preview(rule());
    expect(p.matched).toBe(3); // cheap lamp twice, desk lamp led (10 clicks over two spellings)
    expect(made(p.rows)).toEqual([
      `negative_keyword:${autoGroup}:cheap lamp:negative_exact`,
      `negative_keyword:${autoGroup}:desk lamp led:negative_exact`,
      `negative_keyword:${autoGroup2}:cheap lamp:negative_exact`,
    ]);
    const r = await create(rule());
    const out = await run(r.id);
    expect(out).toMatchObject({ status: 'done', changed: 3 });
    const hist = await history(out.id);
    expect(hist.every((c) => c.field === 'create' && c.before === null)).toBe(true);
    expect(recorded(hist)).toEqual(made(p.rows));
    const stored = await t.rows<{ keyword_text: string; state: string }>(
      `SELECT keyword_text, state FROM ppc_negative_keywords WHERE campaign_id = $1 ORDER BY id`,
      [autoCampaign],
    );
    expect(stored).toHaveLength(3);
    // A second look: everything is there already.
    const again = await preview(rule());
    expect(again).toMatchObject({ changes: 0, skipped: 3 });
    expect(again.rows.every((x) => x.skipped === 'duplicate')).toBe(true);
    expect((await run(r.id)).changed).toBe(0);
    // Undo of the run archives what it made.
    const undo = okDataOf<{ undone: number }>(
      await t.call('POST', '/api/ppc/rest/v1/auto/history/undo', { token: t.as.ppc, body: { runId: out.id } }),
    );
    expect(undo.undone).toBe(3);
    const states = await t.rows<{ state: string }>(`SELECT state FROM ppc_negative_keywords WHERE campaign_id = $1`, [
      autoCampaign,
    ]);
    expect(states.map((s) => s.state)).toEqual(['archived', 'archived', 'archived']);
  });

  it('at campaign level, the same term of two ad groups is one negative; the other is a duplicate', async () => {
    const p = await preview(
      rule({
        conditions: [[{ metric: 'orders', op: 'eq', value: 0 }]],
        action: { type: 'add_negative', negativeMatchType: 'negative_phrase', negativeLevel: 'campaign' },
      }),
    );
    expect(p.matched).toBe(2);
    expect(p.changes).toBe(1);
    expect(p.rows.map((x) => x.skipped)).toEqual([null, 'duplicate']);
    expect(p.rows[0]?.create).toMatchObject({ campaignId: autoCampaign, adGroupId: null, matchType: 'negative_phrase' });
  });

  it('only sees the settled window (yesterday’s term with 9 orders is not judged)', async () => {
    const p = await preview(rule({ conditions: [[{ metric: 'orders', op: 'gte', value: 5 }]] }));
    expect(p.matched).toBe(0);
  });

  it('a keyword-level rule makes the keyword’s text a negative, and the cap stops the run', async () => {
    const body = rule({
      level: 'keyword',
      conditions: [
        [
          { metric: 'clicks', op: 'gte', value: 20 },
          { metric: 'orders', op: 'eq', value: 0 },
        ],
      ],
      action: { type: 'add_negative', negativeMatchType: 'negative_exact', negativeLevel: 'campaign' },
    });
    const p = await preview(body);
    expect(p.matched).toBe(1);
    expect(p.rows[0]).toMatchObject({ entityType: 'keyword', entityId: fx.k1, field: 'create', before: null, skipped: null });
    expect(p.rows[0]?.create).toMatchObject({ campaignId: fx.campaign, adGroupId: null, keywordText: 'fixture lamp' });
    const out = await run((await create(body)).id);
    expect(recorded(await history(out.id))).toEqual(made(p.rows));
    const capped = await preview(rule({ maxChanges: 1 }));
    expect(capped).toMatchObject({ changes: 1, capped: true });
  });
});

describe('harvest', () => {
  it('adds the term as a keyword (CPC × factor) and a negative exact of its source: preview = run, undo archives both', async () => {
    const p = await preview(harvest());
    expect(p.matched).toBe(2); // desk lamp led, fixture lamp
    // fixture lamp is a keyword (exact) of the target already: skipped as a duplicate; its source negative is made.
    expect(made(p.rows)).toEqual([
      `keyword:${fx.adGroup}:desk lamp led:exact`,
      `negative_keyword:${autoGroup}:desk lamp led:negative_exact`,
      `negative_keyword:${autoGroup}:fixture lamp:negative_exact`,
    ]);
    expect(p.rows.find((x) => x.skipped)?.create).toMatchObject({ keywordText: 'fixture lamp', entityType: 'keyword' });
    // CPC 6.00 / 10 clicks = 0.60 × 1.2
    expect(p.rows.find((x) => x.create.entityType === 'keyword' && !x.skipped)?.create.bid).toBe(0.72);
    const out = await run((await create(harvest())).id);
    expect(out).toMatchObject({ changed: 3, skipped: 1 });
    const hist = await history(out.id);
    expect(recorded(hist)).toEqual(made(p.rows));
    const kw = await t.rows<{ bid: string; match_type: string; state: string }>(
      `SELECT bid, match_type, state FROM ppc_keywords WHERE ad_group_id = $1 AND keyword_text = 'desk lamp led'`,
      [fx.adGroup],
    );
    expect(kw).toEqual([{ bid: '0.72', match_type: 'exact', state: 'enabled' }]);
    okDataOf(await t.call('POST', '/api/ppc/rest/v1/auto/history/undo', { token: t.as.ppc, body: { runId: out.id } }));
    expect(
      (await t.rows<{ state: string }>(`SELECT state FROM ppc_keywords WHERE keyword_text = 'desk lamp led'`))[0]?.state,
    ).toBe('archived');
  });

  it('a fixed bid, without the source negative', async () => {
    const p = await preview(
      harvest({ action: { type: 'harvest', matchType: 'phrase', bidMode: 'fixed', value: 1.1, adGroupId: fx.adGroup } }),
    );
    expect(made(p.rows)).toEqual([`keyword:${fx.adGroup}:desk lamp led:phrase`, `keyword:${fx.adGroup}:fixture lamp:phrase`]);
    expect(p.rows.every((x) => x.create.bid === 1.1)).toBe(true);
  });

  it('refuses a target that is not an ad group of a manual SP campaign, and an incomplete action', async () => {
    const auto = await t.call('POST', `${API}/preview`, {
      token: t.as.ppc,
      body: harvest({ action: { type: 'harvest', matchType: 'exact', bidMode: 'fixed', value: 1, adGroupId: autoGroup } }),
    });
    expect(auto.statusCode, auto.body).toBe(400);
    expect(auto.body).toContain('manual');
    const noTarget = await t.call('POST', API, {
      token: t.as.ppc,
      body: harvest({ action: { type: 'harvest', matchType: 'exact', bidMode: 'fixed', value: 1 } }),
    });
    expect(noTarget.statusCode).toBe(400);
    const wrongLevel = await t.call('POST', API, { token: t.as.ppc, body: harvest({ level: 'keyword' }) });
    expect(wrongLevel.statusCode).toBe(400);
    const noMatch = await t.call('POST', API, { token: t.as.ppc, body: rule({ action: { type: 'add_negative' } }) });
    expect(noMatch.statusCode).toBe(400);
    expect(
      await t.rows(`SELECT 1 FROM ppc_rules WHERE action->>'type' = 'harvest' AND (action->>'adGroupId')::int = $1`, [autoGroup]),
    ).toHaveLength(0);
  });
});
