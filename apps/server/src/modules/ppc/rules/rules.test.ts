/**
 * The rule engine on the fixture campaign (ppc.fixtures.ts: "Fixture SP", budget 50,
 * keywords k1 "fixture lamp" bid 1.00 and k2 "fixture light" bid 0.90, USD). Facts over
 * the settled window: k1 30 clicks, 0 orders, $15 spend; k2 5 clicks, 2 orders, $5 spend,
 * $40 sales. Yesterday (not settled) k2 has 500 clicks that no rule may see.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { okDataOf, testAppPerFile } from '../../../../test/harness';
import { createPpcFixture, type PpcFixture, perf, writePerformance } from '../ppc.fixtures';
import { runDueRules } from './rules.service';

const API = '/api/ppc/rest/v1/rules';
const SMART = '/api/ppc/rest/v1/smart/rules';
const t = testAppPerFile({ admin: true, signIn: { ppc: 'ppc.specialist', analyst: 'sales.analyst' } });
let fx: PpcFixture;
type Json = Record<string, unknown>;
const jobCtx = () => ({ db: t.database.db, log: t.app.log });
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  fx = await createPpcFixture(t);
  const rows = [];
  // Ten settled days each (days 5..14 ago), so every window of 14 days sees them all.
  for (let d = 5; d < 15; d++) {
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
      perf({
        entityType: 'keyword',
        entityId: fx.k2,
        adGroupId: fx.adGroup,
        campaignId: fx.campaign,
        day: daysAgo(d),
        impressions: 100,
        clicks: d < 10 ? 1 : 0,
        spend: d < 10 ? '1.00' : '0',
        orders: d < 7 ? 1 : 0,
        sales: d < 7 ? '20.00' : '0',
      }),
    );
  }
  rows.push(
    perf({
      entityType: 'keyword',
      entityId: fx.k2,
      adGroupId: fx.adGroup,
      campaignId: fx.campaign,
      day: daysAgo(1),
      impressions: 9000,
      clicks: 500,
      spend: '300',
    }),
  );
  await writePerformance(t, fx, rows);
});

beforeEach(async () => {
  await t.rows(`UPDATE ppc_keywords SET bid = CASE id WHEN $1 THEN 1.0 ELSE 0.9 END, state = 'enabled' WHERE id IN ($1, $2)`, [
    fx.k1,
    fx.k2,
  ]);
  await t.rows(`UPDATE ppc_campaigns SET daily_budget = 50, state = 'enabled' WHERE id = $1`, [fx.campaign]);
  await t.rows(`UPDATE ppc_rules SET enabled = false`);
  await t.rows(`DELETE FROM ppc_changes`);
});

const rule = (over: Json = {}) => ({
  name: `rule ${Math.random().toString(36).slice(2, 8)}`,
  level: 'keyword',
  scope: { shopIds: [fx.shop.id] },
  windowDays: 14,
  conditions: [[{ metric: 'clicks', op: 'gte', value: 20 }]],
  action: { type: 'bid_pct', value: -10 },
  scheduleHour: null,
  ...over,
});

type Preview = {
  matched: number;
  changes: number;
  skipped: number;
  capped: boolean;
  capMessage: string | null;
  windowStart: string;
  windowEnd: string;
  conversionsSettling: boolean;
  conflicts: Json[];
  rows: { entityId: number; field: string; before: unknown; after: unknown; skipped: string | null; metrics: Json }[];
};
const preview = async (body: Json, token = t.as.ppc) =>
  okDataOf<Preview>(await t.call('POST', `${API}/preview`, { token, body }));
const create = async (body: Json) =>
  okDataOf<{ id: number; version: number; conflicts: Json[] }>(await t.call('POST', API, { token: t.as.ppc, body }));
const run = async (id: number) =>
  okDataOf<{ id: number; status: string; changed: number; capped: boolean; message: string | null }>(
    await t.call('POST', `${API}/${id}/run`, { token: t.as.ppc }),
  );
const bid = async (id: number) =>
  Number((await t.rows<{ bid: string }>(`SELECT bid FROM ppc_keywords WHERE id = $1`, [id]))[0]?.bid);

describe('conditions', () => {
  it.each([
    ['gte', 30, 'k1'],
    ['gt', 5, 'k1'],
    ['lte', 5, 'k2'],
    ['lt', 30, 'k2'],
    ['eq', 5, 'k2'],
  ])('clicks %s %d matches %s only, over the settled window', async (op, value, who) => {
    const p = await preview(rule({ conditions: [[{ metric: 'clicks', op, value }]] }));
    expect(p.matched).toBe(1);
    expect(p.rows[0]?.entityId).toBe(who === 'k1' ? fx.k1 : fx.k2);
  });

  it('combines conditions with AND, and OR groups in advanced rules; ratios are fractions', async () => {
    const and = await preview(
      rule({
        conditions: [
          [
            { metric: 'clicks', op: 'gte', value: 20 },
            { metric: 'orders', op: 'eq', value: 0 },
          ],
        ],
      }),
    );
    expect(and.rows.map((r) => r.entityId)).toEqual([fx.k1]);
    const acos = await preview(rule({ conditions: [[{ metric: 'acos', op: 'lt', value: 0.2 }]] }));
    expect(acos.rows.map((r) => r.entityId)).toEqual([fx.k2]);
    expect(acos.rows[0]?.metrics).toMatchObject({ clicks: 5, orders: 2, spend: 5, sales: 40, acos: 0.125 });
    const orBody = rule({
      kind: 'advanced',
      conditions: [[{ metric: 'clicks', op: 'gte', value: 30 }], [{ metric: 'orders', op: 'gte', value: 2 }]],
    });
    expect((await preview(orBody)).matched).toBe(2);
    const res = await t.call('POST', `${API}/preview`, { token: t.as.ppc, body: rule({ conditions: orBody.conditions }) });
    expect(res.statusCode).toBe(400);
  });

  it('judges only the settled window and says when conversions may still be restated', async () => {
    const p = await preview(rule({ windowDays: 3, conditions: [[{ metric: 'clicks', op: 'gte', value: 0 }]] }));
    expect(p.windowEnd).toBe(daysAgo(3));
    expect(p.windowStart).toBe(daysAgo(5));
    // Yesterday's 500 clicks of k2 are not seen.
    expect(p.rows.find((r) => r.entityId === fx.k2)?.metrics.clicks).toBe(1);
    expect(p.conversionsSettling).toBe(false);
    const conv = await preview(rule({ conditions: [[{ metric: 'orders', op: 'eq', value: 0 }]] }));
    expect(conv.conversionsSettling).toBe(true);
  });
});

describe('actions', () => {
  it.each([
    [{ type: 'bid_pct', value: -10 }, 0.9],
    [{ type: 'bid_amount', value: 0.05 }, 1.05],
    [{ type: 'bid_set', value: 0.55 }, 0.55],
    [{ type: 'bid_pct', value: 100, ceiling: 1.5 }, 1.5],
    [{ type: 'bid_pct', value: -90, floor: 0.4 }, 0.4],
  ])('%o sets k1 to %d', async (action, after) => {
    const r = await create(rule({ action }));
    const p = okDataOf<Preview>(await t.call('POST', `${API}/${r.id}/preview`, { token: t.as.ppc }));
    expect(p.rows[0]).toMatchObject({ entityId: fx.k1, field: 'bid', before: 1, after, skipped: null });
    await run(r.id);
    expect(await bid(fx.k1)).toBe(after);
  });

  it('changes budgets, pauses and enables', async () => {
    const budget = await create(rule({ level: 'campaign', action: { type: 'budget_pct', value: 20 } }));
    expect((await run(budget.id)).changed).toBe(1);
    expect((await t.rows(`SELECT daily_budget::float8 AS b FROM ppc_campaigns WHERE id = $1`, [fx.campaign]))[0]?.b).toBe(60);
    const pause = await create(rule({ action: { type: 'pause' } }));
    await run(pause.id);
    expect((await t.rows(`SELECT state FROM ppc_keywords WHERE id = $1`, [fx.k1]))[0]?.state).toBe('paused');
    // Another rule enabling what a rule paused is held back by the oscillation guard; start afresh.
    await t.rows(`DELETE FROM ppc_changes`);
    const enable = await create(rule({ action: { type: 'enable' }, conditions: [[{ metric: 'orders', op: 'eq', value: 0 }]] }));
    await run(enable.id);
    expect((await t.rows(`SELECT state FROM ppc_keywords WHERE id = $1`, [fx.k1]))[0]?.state).toBe('enabled');
  });

  it('smart rules bid toward the target ACoS, under ppc:smart', async () => {
    const body = rule({
      kind: 'smart',
      conditions: [[{ metric: 'clicks', op: 'gte', value: 1 }]],
      action: { type: 'acos_target', target: 0.3, value: 10 },
    });
    // Smart rules live on the smart bidding calls, the other kinds on the rule calls.
    expect((await t.call('POST', API, { token: t.as.ppc, body })).statusCode).toBe(400);
    expect((await t.call('POST', SMART, { token: t.as.ppc, body: rule() })).statusCode).toBe(400);
    const smart = okDataOf<{ id: number }>(await t.call('POST', SMART, { token: t.as.ppc, body }));
    expect((await t.call('GET', `${API}/${smart.id}`, { token: t.as.ppc })).statusCode).toBe(404);
    const listed = okDataOf<{ list: { id: number }[] }>(await t.call('GET', SMART, { token: t.as.ppc }));
    expect(listed.list.map((x) => x.id)).toContain(smart.id);
    okDataOf(await t.call('POST', `${SMART}/${smart.id}/run`, { token: t.as.ppc }));
    // k1 has no sales: down 10 %; k2 (ACoS 12.5 % < 30 %): up 10 %.
    expect(await bid(fx.k1)).toBe(0.9);
    expect(await bid(fx.k2)).toBe(0.99);
  });

  it('refuses an action the level does not have', async () => {
    const res = await t.call('POST', API, {
      token: t.as.ppc,
      body: rule({ level: 'campaign', action: { type: 'bid_pct', value: 5 } }),
    });
    expect(res.statusCode).toBe(400);
    expect(await t.rows(`SELECT 1 FROM ppc_rules WHERE level = 'campaign' AND action->>'type' = 'bid_pct'`)).toHaveLength(0);
  });
});

describe('runs', () => {
  it('applies exactly the changes of the dry run, with the rule and run in the history, and undoes them exactly', async () => {
    const r = await create(rule({ conditions: [[{ metric: 'impressions', op: 'gte', value: 1 }]] }));
    const p = okDataOf<Preview>(await t.call('POST', `${API}/${r.id}/preview`, { token: t.as.ppc }));
    expect(p.changes).toBe(2);
    const out = await run(r.id);
    expect(out).toMatchObject({ status: 'done', changed: 2 });
    const hist = okDataOf<{ list: Json[] }>(
      await t.call('GET', '/api/ppc/rest/v1/auto/history', { token: t.as.ppc, query: { runId: String(out.id) } }),
    );
    const asSet = (rows: Json[]) => rows.map((c) => `${c.entityId}:${c.field}:${c.before}->${c.after}`).sort();
    expect(asSet(hist.list)).toEqual(asSet(p.rows));
    expect(hist.list[0]).toMatchObject({ source: 'rule', ruleId: r.id, ruleRunId: out.id });
    const undo = okDataOf<{ undone: number }>(
      await t.call('POST', '/api/ppc/rest/v1/auto/history/undo', { token: t.as.ppc, body: { runId: out.id } }),
    );
    expect(undo.undone).toBe(2);
    expect([await bid(fx.k1), await bid(fx.k2)]).toEqual([1, 0.9]);
    const runs = okDataOf<{ list: { undoable: number }[] }>(
      await t.call('GET', `${API}/runs`, { token: t.as.ppc, query: { ruleId: String(r.id) } }),
    );
    expect(runs.list[0]?.undoable).toBe(0);
  });

  it('undoes one change of a run', async () => {
    const r = await create(rule({ conditions: [[{ metric: 'impressions', op: 'gte', value: 1 }]] }));
    const out = await run(r.id);
    const hist = okDataOf<{ list: { id: number; entityId: number }[] }>(
      await t.call('GET', '/api/ppc/rest/v1/auto/history', { token: t.as.ppc, query: { runId: String(out.id) } }),
    );
    const k2 = hist.list.find((c) => c.entityId === fx.k2);
    okDataOf(await t.call('POST', '/api/ppc/rest/v1/auto/history/undo', { token: t.as.ppc, body: { changeIds: [k2?.id] } }));
    expect([await bid(fx.k1), await bid(fx.k2)]).toEqual([0.9, 0.9]);
  });

  it('caps a run by count and by total delta, and says so', async () => {
    const r = await create(rule({ conditions: [[{ metric: 'impressions', op: 'gte', value: 1 }]], maxChanges: 1 }));
    const out = await run(r.id);
    expect(out).toMatchObject({ status: 'capped', changed: 1, capped: true });
    expect(out.message).toContain('at most 1');
    expect([await bid(fx.k1), await bid(fx.k2)]).toEqual([0.9, 0.9]);
    // The first run's change would hold k1 back (oscillation); judge the delta cap afresh.
    await t.rows(`DELETE FROM ppc_changes`);
    const d = await preview(
      rule({
        conditions: [[{ metric: 'impressions', op: 'gte', value: 1 }]],
        action: { type: 'bid_amount', value: 0.3 },
        maxDelta: 0.5,
      }),
    );
    expect(d, JSON.stringify(d)).toMatchObject({ changes: 1, capped: true });
    expect(d.rows.find((x) => x.skipped === 'cap')).toBeTruthy();
  });

  it('does not move back within the cooldown what a rule moved the other way (oscillation guard)', async () => {
    const down = await create(rule());
    await run(down.id);
    expect(await bid(fx.k1)).toBe(0.9);
    const up = await create(rule({ action: { type: 'bid_pct', value: 20 } }));
    const p = okDataOf<Preview>(await t.call('POST', `${API}/${up.id}/preview`, { token: t.as.ppc }));
    expect(p.rows[0]).toMatchObject({ entityId: fx.k1, skipped: 'oscillation' });
    expect((await run(up.id)).changed).toBe(0);
    expect(await bid(fx.k1)).toBe(0.9);
    // With a cooldown of 1 day, a change 2 days old does not hold it back.
    await t.rows(`UPDATE ppc_changes SET created_at = now() - interval '2 days'`);
    const later = await create(rule({ action: { type: 'bid_pct', value: 20 }, cooldownDays: 1 }));
    expect((await run(later.id)).changed).toBe(1);
  });

  it('respects a manual edit made after the rule’s change', async () => {
    const r = await create(rule());
    await run(r.id);
    okDataOf(
      await t.call('PUT', '/api/ppc/rest/v1/manager/changes', {
        token: t.as.ppc,
        body: { changes: [{ entityType: 'keyword', entityId: fx.k1, field: 'bid', value: 1.2 }] },
      }),
    );
    const p = okDataOf<Preview>(await t.call('POST', `${API}/${r.id}/preview`, { token: t.as.ppc }));
    expect(p.rows[0]).toMatchObject({ entityId: fx.k1, skipped: 'manual_edit' });
    await run(r.id);
    expect(await bid(fx.k1)).toBe(1.2);
  });

  it('warns of enabled rules acting the other way on the same entities', async () => {
    const down = await create(rule({ enabled: true }));
    const up = await create(rule({ enabled: true, action: { type: 'bid_pct', value: 15 } }));
    expect(up.conflicts).toEqual([expect.objectContaining({ ruleId: down.id })]);
    const other = await create(rule({ enabled: true, level: 'campaign', action: { type: 'pause' } }));
    expect(other.conflicts).toEqual([]);
    const listed = okDataOf<{ list: { id: number; conflicts: Json[] }[] }>(
      await t.call('GET', API, { token: t.as.ppc, query: { level: 'keyword' } }),
    );
    expect(listed.list.find((x) => x.id === down.id)?.conflicts).toEqual([expect.objectContaining({ ruleId: up.id })]);
  });

  it('runs a scheduled rule once a day whichever process asks', async () => {
    const r = await create(rule({ enabled: true, scheduleHour: 0 }));
    const [a, b] = await Promise.all([runDueRules(jobCtx()), runDueRules(jobCtx())]);
    expect(a + b).toBe(1);
    expect(await runDueRules(jobCtx())).toBe(0);
    const runs = await t.rows(`SELECT trigger, status FROM ppc_rule_runs WHERE rule_id = $1`, [r.id]);
    expect(runs).toEqual([{ trigger: 'schedule', status: 'done' }]);
    expect(await bid(fx.k1)).toBe(0.9);
  });
});

describe('rules', () => {
  it('edits with a version, refuses a stale one, deletes and keeps the history', async () => {
    const r = await create(rule());
    const upd = okDataOf<{ version: number; name: string }>(
      await t.call('PUT', `${API}/${r.id}`, { token: t.as.ppc, body: { ...rule(), name: 'renamed', version: r.version } }),
    );
    expect(upd.name).toBe('renamed');
    const stale = await t.call('PUT', `${API}/${r.id}`, { token: t.as.ppc, body: { ...rule(), version: r.version } });
    expect(stale.statusCode).toBe(409);
    const on = okDataOf<{ enabled: boolean }>(
      await t.call('PUT', `${API}/${r.id}/enabled`, { token: t.as.ppc, body: { enabled: true, version: upd.version } }),
    );
    expect(on.enabled).toBe(true);
    expect((await t.call('DELETE', `${API}/${r.id}`, { token: t.as.ppc })).statusCode).toBe(200);
    expect((await t.call('GET', `${API}/${r.id}`, { token: t.as.ppc })).statusCode).toBe(404);
  });

  it('refuses a shop the caller cannot see and a campaign outside the shops', async () => {
    const res = await t.call('POST', API, {
      token: t.as.ppc,
      body: rule({ scope: { shopIds: [fx.shop.id], campaignIds: [999999] } }),
    });
    expect(res.statusCode).toBe(400);
  });

  it('needs ppc:rules, ppc:auto and ppc:smart', async () => {
    expect((await t.call('GET', API, { token: t.as.analyst })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/ppc/rest/v1/auto/history', { token: t.as.analyst })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/ppc/rest/v1/smart/history', { token: t.as.analyst })).statusCode).toBe(403);
    expect((await t.call('GET', API, { token: t.admin })).statusCode).toBe(200);
  });

  it('lists the entities under automatic management with their rules and last change', async () => {
    const r = await create(rule({ enabled: true }));
    await run(r.id);
    const page = okDataOf<{ list: { entityId: number; rules: { id: number }[]; lastChange: Json | null }[] }>(
      await t.call('GET', '/api/ppc/rest/v1/auto/entities', {
        token: t.as.ppc,
        query: { level: 'keyword', shopId: String(fx.shop.id) },
      }),
    );
    const k1 = page.list.find((e) => e.entityId === fx.k1);
    expect(k1?.rules.map((x) => x.id)).toContain(r.id);
    expect(k1?.lastChange).toMatchObject({ after: 0.9, ruleId: r.id });
  });
});
