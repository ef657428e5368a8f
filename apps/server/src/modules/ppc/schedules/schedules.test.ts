/**
 * Bid schedules on the PPC fixture (ppc.fixtures.ts): shop "PPC Test US" (US, America/Los_Angeles,
 * USD), campaign "Fixture SP" with a budget of 50, keywords k1 (bid 1.00) and k2 (bid 0.90).
 * Monday 2026-03-02 is PST (UTC−8): 10:00 local = 18:00 UTC.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, grantToRolesOf, okDataOf, testAppPerFile } from '../../../../test/harness';
import { createPpcFixture, type PpcFixture } from '../ppc.fixtures';
import { localSlot, runDueSchedules, scaled } from './schedules.service';

const API = '/api/ppc/rest/v1/schedules';
const t = testAppPerFile({ admin: true, signIn: { ppc: 'ppc.specialist', shopA: 'shop.a' } });
let fx: PpcFixture;
type Json = Record<string, unknown>;
const jobCtx = () => ({ db: t.database.db, log: t.app.log });
/** Monday 2026-03-02 at `h`:05 in Los Angeles (PST). */
const mondayAt = (h: number) => new Date(Date.UTC(2026, 2, 2, h + 8, 5));

/** 100 % everywhere except Monday 10:00 = 50 %, 11:00 = 150 %, 12:00 = 80 %. */
function grid(fill = 100): number[][] {
  const g = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => fill));
  const monday = g[0] as number[];
  if (fill === 100) {
    monday[10] = 50;
    monday[11] = 150;
    monday[12] = 80;
  }
  return g;
}

const body = (over: Json = {}) => ({
  name: 'Nights low',
  shopId: fx.shop.id,
  scope: { campaignTypes: ['sp'], campaignIds: [fx.campaign] },
  adjust: { bids: true, budgets: true },
  grid: grid(),
  ...over,
});

const create = async (over: Json = {}) =>
  okDataOf<{ id: number; version: number }>(await t.call('POST', API, { token: t.as.ppc, body: body(over) }));
const bid = async (id: number) =>
  Number((await t.rows<{ bid: string }>(`SELECT bid FROM ppc_keywords WHERE id = $1`, [id]))[0]?.bid);
const budget = async () =>
  Number((await t.rows<{ b: string }>(`SELECT daily_budget AS b FROM ppc_campaigns WHERE id = $1`, [fx.campaign]))[0]?.b);

beforeAll(async () => {
  fx = await createPpcFixture(t);
  await grantToRolesOf(t, 'shop.a', ['ppc:report%']);
});

beforeEach(async () => {
  // Every test starts from the fixture's values with no schedule in force.
  await t.rows(`UPDATE ppc_schedules SET deleted_at = now(), state = 'paused' WHERE deleted_at IS NULL`);
  await t.rows(`DELETE FROM ppc_schedule_bases`);
  await t.rows(`UPDATE ppc_keywords SET bid = CASE WHEN id = $1 THEN 1.0 ELSE 0.9 END WHERE campaign_id = $2`, [
    fx.k1,
    fx.campaign,
  ]);
  await t.rows(`UPDATE ppc_campaigns SET daily_budget = 50 WHERE id = $1`, [fx.campaign]);
});

describe('schedule validation and visibility', () => {
  it('refuses a grid that is not 7 × 24 whole percents within 10–300 %, and nothing to adjust', async () => {
    const bad = [
      { grid: grid().slice(0, 6) },
      { grid: grid().map((d, i) => (i === 3 ? d.slice(0, 23) : d)) },
      { grid: grid().map((d, i) => (i === 2 ? d.map(() => 5) : d)) },
      { grid: grid().map((d, i) => (i === 2 ? d.map(() => 301) : d)) },
      { grid: grid().map((d, i) => (i === 2 ? d.map(() => 50.5) : d)) },
      { adjust: { bids: false, budgets: false } },
      { scope: { campaignTypes: [] } },
      { name: '' },
    ];
    for (const over of bad) {
      const res = await t.call('POST', API, { token: t.as.ppc, body: body(over) });
      expect(res.statusCode, JSON.stringify(over).slice(0, 80)).toBe(400);
    }
    const foreign = await t.call('POST', API, {
      token: t.as.ppc,
      body: body({ scope: { campaignTypes: ['sp'], campaignIds: [999999] } }),
    });
    expect(foreign.statusCode).toBe(400);
    expect(await t.rows(`SELECT id FROM ppc_schedules WHERE deleted_at IS NULL`)).toEqual([]);
  });

  it('selects campaigns by a name filter and keywords by a text filter', async () => {
    const preview = async (scope: Json) =>
      okDataOf<{ total: number; rows: { entityType: string; entityId: number }[] }>(
        await t.call('POST', `${API}/preview`, { token: t.as.ppc, body: body({ scope: { campaignTypes: ['sp'], ...scope } }) }),
      );
    expect((await preview({ nameFilter: 'no such campaign' })).total).toBe(0);
    const bidsOnly = okDataOf<{ rows: { entityType: string }[] }>(
      await t.call('POST', `${API}/preview`, { token: t.as.ppc, body: body({ adjust: { bids: true, budgets: false } }) }),
    );
    expect(bidsOnly.rows.map((r) => r.entityType)).toEqual(['keyword', 'keyword']);
    expect((await preview({ nameFilter: 'fixture' })).total).toBe(3);
    expect((await preview({ nameFilter: 'FIXTURE sp', keywordFilter: 'lamp' })).rows.map((r) => r.entityId)).toEqual([
      fx.campaign,
      fx.k1,
    ]);
  });

  it('hides the schedules of shops an external account cannot see', async () => {
    const s = await create();
    expect((await t.call('POST', API, { token: t.as.shopA, body: body() })).statusCode).toBe(404);
    expect((await t.call('GET', `${API}/${s.id}`, { token: t.as.shopA })).statusCode).toBe(404);
    expect(
      (await t.call('PUT', `${API}/${s.id}/state`, { token: t.as.shopA, body: { state: 'paused', version: s.version } }))
        .statusCode,
    ).toBe(404);
    expect((await t.call('DELETE', `${API}/${s.id}`, { token: t.as.shopA })).statusCode).toBe(404);
    const camps = `${API}/campaigns`;
    expect((await t.call('GET', camps, { token: t.as.shopA, query: { shopId: String(fx.shop.id) } })).statusCode).toBe(404);
    const own = okDataOf<{ id: number }[]>(
      await t.call('GET', camps, { token: t.as.ppc, query: { shopId: String(fx.shop.id) } }),
    );
    expect(own.map((c) => c.id)).toEqual([fx.campaign]);
    const list = okDataOf<{ list: Json[]; total: number }>(await t.call('GET', API, { token: t.as.shopA }));
    expect(list).toMatchObject({ list: [], total: 0 });
    const mine = okDataOf<{ list: { id: number; timeZone: string }[] }>(
      await t.call('GET', API, { token: t.as.ppc, query: { shopId: String(fx.shop.id), state: 'enabled' } }),
    );
    expect(mine.list.map((x) => x.id)).toEqual([s.id]);
    expect(mine.list[0]?.timeZone).toBe('America/Los_Angeles');
  });
});

describe('the hourly job', () => {
  it('reads the grid in the marketplace time zone and keeps the limits', () => {
    expect(localSlot('America/Los_Angeles', mondayAt(10))).toMatchObject({ weekday: 0, hour: 10 });
    expect(localSlot('Asia/Tokyo', new Date(Date.UTC(2026, 2, 1, 16, 0)))).toMatchObject({ weekday: 0, hour: 1 });
    expect(scaled(0.1, 10, 'bid', 'USD')).toBe(0.02);
    expect(scaled(800, 300, 'bid', 'USD')).toBe(1000);
    expect(scaled(10, 10, 'daily_budget', 'JPY')).toBe(100);
  });

  it('applies the hour multiplier to the base, never compounding over several hours', async () => {
    const s = await create();
    expect(await runDueSchedules(jobCtx(), mondayAt(10))).toBe(1);
    expect([await bid(fx.k1), await bid(fx.k2), await budget()]).toEqual([0.5, 0.45, 25]);
    await runDueSchedules(jobCtx(), mondayAt(11));
    expect([await bid(fx.k1), await bid(fx.k2), await budget()]).toEqual([1.5, 1.35, 75]);
    await runDueSchedules(jobCtx(), mondayAt(12));
    expect([await bid(fx.k1), await bid(fx.k2), await budget()]).toEqual([0.8, 0.72, 40]);
    await runDueSchedules(jobCtx(), mondayAt(13));
    expect([await bid(fx.k1), await bid(fx.k2), await budget()]).toEqual([1, 0.9, 50]);
    const history = await t.rows(
      `SELECT entity_type, field, before, after, source FROM ppc_changes WHERE entity_id = $1 AND entity_type = 'keyword' AND source = 'schedule' ORDER BY id`,
      [fx.k1],
    );
    expect(history.map((h) => [h.before, h.after])).toEqual([
      [1, 0.5],
      [0.5, 1.5],
      [1.5, 0.8],
      [0.8, 1],
    ]);
    const runs = okDataOf<{ list: Json[] }>(await t.call('GET', `${API}/${s.id}/runs`, { token: t.as.ppc }));
    expect(runs.list.map((r) => [r.hour, r.pct, r.changed])).toEqual([
      [13, 100, 3],
      [12, 80, 3],
      [11, 150, 3],
      [10, 50, 3],
    ]);
    const changes = okDataOf<{ list: Json[]; total: number }>(await t.call('GET', `${API}/${s.id}/changes`, { token: t.as.ppc }));
    expect(changes.total).toBe(12);
  });

  it('runs once per schedule and hour across two concurrent runners', async () => {
    const s = await create();
    const [a, b] = await Promise.all([runDueSchedules(jobCtx(), mondayAt(10)), runDueSchedules(jobCtx(), mondayAt(10))]);
    expect(a + b).toBe(1);
    expect(await runDueSchedules(jobCtx(), mondayAt(10))).toBe(0);
    expect(await t.rows(`SELECT trigger, status FROM ppc_schedule_runs WHERE schedule_id = $1`, [s.id])).toEqual([
      { trigger: 'schedule', status: 'done' },
    ]);
    expect(await bid(fx.k1)).toBe(0.5);
  });

  it('takes a manual edit made after its last change as the new base', async () => {
    const s = await create();
    await runDueSchedules(jobCtx(), mondayAt(10));
    const edit = await t.call('PUT', '/api/ppc/rest/v1/manager/changes', {
      token: t.admin,
      body: { changes: [{ entityType: 'keyword', entityId: fx.k1, field: 'bid', value: 0.7 }] },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const preview = okDataOf<{ pct: number; rows: { entityId: number; field: string; base: number; next: number }[] }>(
      await t.call('POST', `${API}/preview`, { token: t.as.ppc, body: { ...body(), id: s.id } }),
    );
    expect(preview.rows.find((r) => r.entityId === fx.k1 && r.field === 'bid')?.base).toBe(0.7);
    await runDueSchedules(jobCtx(), mondayAt(11));
    // k1: the manual 0.70 is the base now (× 150 %), not set back; k2 still from its base 0.90.
    expect([await bid(fx.k1), await bid(fx.k2)]).toEqual([1.05, 1.35]);
    const run = (
      await t.rows(`SELECT rebased FROM ppc_schedule_runs WHERE schedule_id = $1 ORDER BY id DESC LIMIT 1`, [s.id])
    )[0];
    expect(run?.rebased).toBe(1);
    await runDueSchedules(jobCtx(), mondayAt(13));
    expect(await bid(fx.k1)).toBe(0.7);
  });

  it('pausing restores the base values in one batch, leaving a manual edit alone', async () => {
    const s = await create();
    await runDueSchedules(jobCtx(), mondayAt(11));
    expect([await bid(fx.k1), await bid(fx.k2), await budget()]).toEqual([1.5, 1.35, 75]);
    await t.call('PUT', '/api/ppc/rest/v1/manager/changes', {
      token: t.admin,
      body: { changes: [{ entityType: 'keyword', entityId: fx.k2, field: 'bid', value: 1.1 }] },
    });
    const paused = okDataOf<{ state: string; entities: number }>(
      await t.call('PUT', `${API}/${s.id}/state`, { token: t.as.ppc, body: { state: 'paused', version: s.version } }),
    );
    expect(paused).toMatchObject({ state: 'paused', entities: 0 });
    expect([await bid(fx.k1), await bid(fx.k2), await budget()]).toEqual([1, 1.1, 50]);
    const batches = await t.rows(
      `SELECT batch_id, count(*)::int AS n FROM ppc_changes ch JOIN ppc_schedule_runs r USING (batch_id)
        WHERE r.schedule_id = $1 AND r.trigger = 'restore' GROUP BY batch_id`,
      [s.id],
    );
    expect(batches).toEqual([{ batch_id: expect.any(Number), n: 2 }]);
    // Paused: the job leaves it alone.
    expect(await runDueSchedules(jobCtx(), mondayAt(12))).toBe(0);
    expect(await bid(fx.k1)).toBe(1);
  });

  it('undoes a run, keeps its base for the next hour, and deleting restores', async () => {
    const s = await create();
    await runDueSchedules(jobCtx(), mondayAt(10));
    const run = (await t.rows<{ batch_id: number }>(`SELECT batch_id FROM ppc_schedule_runs WHERE schedule_id = $1`, [s.id]))[0];
    const undone = okDataOf<{ applied: Json[] }>(
      await t.call('POST', `${API}/${s.id}/undo`, { token: t.as.ppc, body: { batchId: run?.batch_id } }),
    );
    expect(undone.applied).toHaveLength(3);
    expect([await bid(fx.k1), await budget()]).toEqual([1, 50]);
    // Not a batch of this schedule: 404.
    const other = await t.call('POST', `${API}/${s.id}/undo`, { token: t.as.ppc, body: { batchId: 999999 } });
    expect(other.statusCode).toBe(404);
    await runDueSchedules(jobCtx(), mondayAt(11));
    expect([await bid(fx.k1), await budget()]).toEqual([1.5, 75]);
    expect((await t.call('DELETE', `${API}/${s.id}`, { token: t.as.ppc })).statusCode).toBe(200);
    expect([await bid(fx.k1), await bid(fx.k2), await budget()]).toEqual([1, 0.9, 50]);
    expect((await t.call('GET', `${API}/${s.id}`, { token: t.as.ppc })).statusCode).toBe(404);
  });

  it('runs now, previews the next hour, and gives back what left the scope', async () => {
    const s = await create({ grid: grid(50) });
    const preview = okDataOf<{ pct: number; total: number; rows: { entityId: number; next: number }[] }>(
      await t.call('POST', `${API}/preview`, { token: t.as.ppc, body: body({ grid: grid(50) }) }),
    );
    expect(preview).toMatchObject({ pct: 50, total: 3 });
    expect(preview.rows.find((r) => r.entityId === fx.k1)?.next).toBe(0.5);
    const run = okDataOf<{ changed: number; trigger: string }>(await t.call('POST', `${API}/${s.id}/run`, { token: t.as.ppc }));
    expect(run).toMatchObject({ changed: 3, trigger: 'manual' });
    expect([await bid(fx.k1), await budget()]).toEqual([0.5, 25]);
    // Budgets only now: the keywords get their base back.
    const upd = okDataOf<{ version: number; entities: number }>(
      await t.call('PUT', `${API}/${s.id}`, {
        token: t.as.ppc,
        body: { ...body({ grid: grid(50), adjust: { bids: false, budgets: true } }), version: s.version },
      }),
    );
    expect(upd.entities).toBe(1);
    expect([await bid(fx.k1), await bid(fx.k2), await budget()]).toEqual([1, 0.9, 25]);
    const stale = await t.call('PUT', `${API}/${s.id}`, { token: t.as.ppc, body: { ...body(), version: s.version } });
    expect(stale.statusCode).toBe(409);
    // A second schedule cannot take over what the first governs.
    const second = await create({ name: 'Second', grid: grid(200) });
    await t.call('POST', `${API}/${second.id}/run`, { token: t.as.ppc });
    expect([await bid(fx.k1), await budget()]).toEqual([2, 25]);
  });
});

describe('demo mode', () => {
  it('answers 252 when a call changed ad entities, as the change path does', async () => {
    const demo = await createTestApp({ DEMO_MODE: true });
    try {
      const dfx = await createPpcFixture(demo);
      const token = await demo.login('ppc.specialist');
      const created = await demo.call('POST', API, {
        token,
        body: { ...body(), shopId: dfx.shop.id, scope: { campaignTypes: ['sp'] }, grid: grid(50) },
      });
      // Writing the schedule itself changes no ad entity.
      expect(created.statusCode, created.body).toBe(200);
      const s = (created.json() as { data: { id: number; version: number } }).data;
      const run = await demo.call('POST', `${API}/${s.id}/run`, { token });
      expect(run.statusCode, run.body).toBe(252);
      const again = await demo.call('POST', `${API}/${s.id}/run`, { token });
      expect(again.statusCode).toBe(200);
      const paused = await demo.call('PUT', `${API}/${s.id}/state`, { token, body: { state: 'paused', version: s.version } });
      expect(paused.statusCode).toBe(252);
      const bids = await demo.database.pool.query(`SELECT bid::float8 AS bid FROM ppc_keywords WHERE id = $1`, [dfx.k1]);
      expect(bids.rows[0]?.bid).toBe(1);
    } finally {
      await demo.close();
    }
  });
});
