/**
 * The change path on the fixture campaign (ppc.fixtures.ts: "Fixture SP", budget 50,
 * keywords "fixture lamp" bid 1.00 and "fixture light" bid 0.90, USD): writes with
 * history, all or none, limits, stale versions, undo, and the bulk sheet that takes the
 * changes to the ad console and reads back through the `ads-bulk` import.
 */
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { dataOf, testAppPerFile } from '../../../../test/harness';
import { uploadImport } from '../../../../test/multipart';
import { createPpcFixture, type PpcFixture } from '../ppc.fixtures';
import { BULK_HEADERS } from './bulk-sheet';

const API = '/api/ppc/rest/v1/manager/changes';
const t = testAppPerFile({ admin: true, signIn: { ppc: 'ppc.specialist', analyst: 'sales.analyst' } });
let fx: PpcFixture;
type Json = Record<string, unknown>;

beforeAll(async () => {
  fx = await createPpcFixture(t);
});

const keyword = async (id: number) =>
  (
    await t.rows<{ bid: string; state: string; version: number }>(`SELECT bid, state, version FROM ppc_keywords WHERE id = $1`, [
      id,
    ])
  )[0];

describe('applying changes', () => {
  it('writes the values, moves versions on and keeps before/after in the history', async () => {
    const k1 = await keyword(fx.k1);
    const res = await t.call('PUT', API, {
      token: t.as.ppc,
      body: {
        note: 'raise the winners',
        changes: [
          { entityType: 'keyword', entityId: fx.k1, field: 'bid', value: 1.234, version: k1?.version },
          { entityType: 'campaign', entityId: fx.campaign, field: 'daily_budget', value: 65 },
          { entityType: 'campaign', entityId: fx.campaign, field: 'placement_top_of_search', value: 35 },
          { entityType: 'keyword', entityId: fx.k2, field: 'bid', value: 0.9 },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const d = dataOf(res) as { batchId: number; applied: Json[]; unchanged: number };
    expect(d.unchanged).toBe(1);
    expect(d.applied).toHaveLength(3);
    expect(d.applied.find((c) => c.field === 'bid')).toMatchObject({
      entityType: 'keyword',
      entityId: fx.k1,
      before: 1,
      after: 1.23,
      source: 'manual',
      note: 'raise the winners',
      userName: expect.stringContaining('PPC'),
      entityName: 'Fixture SP › Fixture group › fixture lamp (exact)',
    });
    expect(await keyword(fx.k1)).toMatchObject({ bid: '1.23', version: (k1?.version ?? 0) + 1 });
    expect(await t.rows(`SELECT daily_budget FROM ppc_campaigns WHERE id = $1`, [fx.campaign])).toEqual([
      { daily_budget: '65.00' },
    ]);
    expect(
      await t.rows(`SELECT bid_adjustment_pct FROM ppc_placements WHERE campaign_id = $1 AND placement = 'top_of_search'`, [
        fx.campaign,
      ]),
    ).toEqual([{ bid_adjustment_pct: 35 }]);
    const hist = await t.call('GET', API, { token: t.as.ppc, query: { batchId: String(d.batchId) } });
    expect((dataOf(hist) as { total: number }).total).toBe(3);
  });

  it('refuses a whole batch when one change is beyond the limits, stale, or of an unknown field, and changes nothing', async () => {
    const before = await keyword(fx.k2);
    const attempts = [
      [{ entityType: 'keyword', entityId: fx.k2, field: 'bid', value: 0.01 }],
      [{ entityType: 'keyword', entityId: fx.k2, field: 'bid', value: 1001 }],
      [{ entityType: 'campaign', entityId: fx.campaign, field: 'daily_budget', value: 0.5 }],
      [{ entityType: 'keyword', entityId: fx.k2, field: 'daily_budget', value: 5 }],
      [{ entityType: 'keyword', entityId: fx.k2, field: 'state', value: 'deleted' }],
      [{ entityType: 'campaign', entityId: fx.campaign, field: 'placement_top_of_search', value: 901 }],
    ];
    for (const changes of attempts) {
      const res = await t.call('PUT', API, {
        token: t.as.ppc,
        body: { changes: [{ entityType: 'keyword', entityId: fx.k2, field: 'state', value: 'paused' }, ...changes] },
      });
      expect(res.statusCode, `${JSON.stringify(changes)} ${res.body}`).toBe(400);
    }
    const stale = await t.call('PUT', API, {
      token: t.as.ppc,
      body: {
        changes: [{ entityType: 'keyword', entityId: fx.k2, field: 'bid', value: 1.5, version: (before?.version ?? 0) + 7 }],
      },
    });
    expect(stale.statusCode).toBe(409);
    expect(await keyword(fx.k2)).toEqual(before);
  });

  it('names the field in words, refuses a bulk percent outside −99…+1,000 %, and a step over ±50 % unless confirmed', async () => {
    const before = await keyword(fx.k2);
    const msg = (res: { body: string }) => (JSON.parse(res.body) as { msg: string }).msg;
    const limit = await t.call('PUT', API, {
      token: t.as.ppc,
      body: { changes: [{ entityType: 'keyword', entityId: fx.k2, field: 'bid', value: 1001 }] },
    });
    expect(limit.statusCode).toBe(400);
    expect(msg(limit)).toBe(`The bid of keyword #${fx.k2} must be between 0.02 and 1,000 USD`);
    expect(msg(limit)).not.toMatch(/changes\.0/);

    for (const percent of [100000, -200, 1000.5, -99.5]) {
      const res = await t.call('PUT', API, {
        token: t.as.ppc,
        body: { percent, confirmed: true, changes: [{ entityType: 'keyword', entityId: fx.k2, field: 'bid', value: 1 }] },
      });
      expect(res.statusCode, `${percent} %`).toBe(400);
      expect(msg(res)).toMatch(/^The percent change must be between -99 % and \+1,000 %/);
    }
    expect(await keyword(fx.k2)).toEqual(before);

    // 0.90 → 1.80 is +100 %: refused without confirmation, with what it is in words and in data.
    const big = { changes: [{ entityType: 'keyword', entityId: fx.k2, field: 'bid', value: 1.8 }] };
    const unconfirmed = await t.call('PUT', API, { token: t.as.ppc, body: big });
    expect(unconfirmed.statusCode).toBe(400);
    expect(msg(unconfirmed)).toMatch(
      /^1 change moves a bid or budget by more than ±50 % \(the bid of keyword #\d+: 0.9 → 1.8, \+100 %\)/,
    );
    const reply = JSON.parse(unconfirmed.body) as { data: { needsConfirmation: Json[] } };
    expect(reply.data.needsConfirmation).toEqual([
      { entityType: 'keyword', entityId: fx.k2, field: 'bid', before: Number(before?.bid), after: 1.8 },
    ]);
    expect(await keyword(fx.k2)).toEqual(before);
    // Within the step, and over it when confirmed, the change is written; so is a state change.
    const small = await t.call('PUT', API, {
      token: t.as.ppc,
      body: { changes: [{ entityType: 'keyword', entityId: fx.k2, field: 'bid', value: 1.35 }] },
    });
    expect(small.statusCode, small.body).toBe(200);
    const confirmed = await t.call('PUT', API, { token: t.as.ppc, body: { ...big, confirmed: true, percent: 33 } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(Number((await keyword(fx.k2))?.bid)).toBe(1.8);
    // Back to where the other tests expect it, confirmed (−50 % is within the step).
    const back = await t.call('PUT', API, {
      token: t.as.ppc,
      body: { confirmed: true, changes: [{ entityType: 'keyword', entityId: fx.k2, field: 'bid', value: Number(before?.bid) }] },
    });
    expect(back.statusCode, back.body).toBe(200);
  });

  it('needs ppc:manager:edit, and an entity of another account is not found', async () => {
    const body = { changes: [{ entityType: 'keyword', entityId: fx.k2, field: 'bid', value: 1.1 }] };
    expect((await t.call('PUT', API, { token: t.as.analyst, body })).statusCode).toBe(403);
    const other = await t.call('PUT', API, {
      token: t.admin,
      body: { changes: [{ entityType: 'keyword', entityId: 2_000_000_000, field: 'bid', value: 1.1 }] },
    });
    expect(other.statusCode).toBe(404);
  });
});

describe('undo', () => {
  it('restores exactly, once; refuses when the entity changed since', async () => {
    const start = await keyword(fx.k2);
    const a = dataOf(
      await t.call('PUT', API, {
        token: t.as.ppc,
        body: { changes: [{ entityType: 'keyword', entityId: fx.k2, field: 'bid', value: 0.55 }] },
      }),
    ) as { batchId: number; applied: { id: number }[] };
    const undo = await t.call('POST', `${API}/undo`, { token: t.as.ppc, body: { batchId: a.batchId } });
    expect(undo.statusCode, undo.body).toBe(200);
    expect((dataOf(undo) as { applied: Json[] }).applied[0]).toMatchObject({ source: 'undo', before: 0.55, after: 0.9 });
    expect((await keyword(fx.k2))?.bid).toBe(start?.bid);
    expect((await t.call('POST', `${API}/undo`, { token: t.as.ppc, body: { batchId: a.batchId } })).statusCode).toBe(409);
    const [orig] = await t.rows<{ undone_by: number | null }>(`SELECT undone_by FROM ppc_changes WHERE id = $1`, [
      a.applied[0]?.id,
    ]);
    expect(orig?.undone_by).not.toBeNull();

    // Changed again by someone else: the undo of the first change would overwrite it.
    const b = dataOf(
      await t.call('PUT', API, {
        token: t.as.ppc,
        body: { changes: [{ entityType: 'keyword', entityId: fx.k2, field: 'bid', value: 0.6 }] },
      }),
    ) as { applied: { id: number }[] };
    await t.call('PUT', API, {
      token: t.admin,
      body: { changes: [{ entityType: 'keyword', entityId: fx.k2, field: 'bid', value: 0.7 }] },
    });
    const refused = await t.call('POST', `${API}/undo`, { token: t.as.ppc, body: { changeIds: [b.applied[0]?.id] } });
    expect(refused.statusCode).toBe(409);
    expect((await keyword(fx.k2))?.bid).toBe('0.70');
  });
});

describe('bulk sheet', () => {
  it('carries the changed entities with their current values and reads back through the ads-bulk import', async () => {
    const made = dataOf(
      await t.call('PUT', API, {
        token: t.as.ppc,
        body: {
          changes: [
            { entityType: 'keyword', entityId: fx.k1, field: 'bid', value: 1.77 },
            { entityType: 'ad_group', entityId: fx.adGroup, field: 'default_bid', value: 0.66 },
            { entityType: 'campaign', entityId: fx.campaign, field: 'bidding_strategy', value: 'up_and_down' },
          ],
        },
      }),
    ) as { batchId: number };
    const res = await t.call('GET', `${API}/bulk-sheet`, {
      token: t.as.ppc,
      query: { shopId: String(fx.shop.id), batchId: String(made.batchId) },
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    if (!ws) throw new Error('no sheet');
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([...BULK_HEADERS]);
    const col = (h: string) => header.indexOf(h) + 1;
    const rows = [];
    for (let i = 2; i <= (ws?.rowCount ?? 0); i++) rows.push(ws?.getRow(i));
    expect(rows.map((r) => r?.getCell(col('Entity')).value)).toEqual(['Campaign', 'Bidding Adjustment', 'Ad Group', 'Keyword']);
    expect(rows[3]?.getCell(col('Bid')).value).toBe(1.77);
    expect(rows[0]?.getCell(col('Bidding Strategy')).value).toBe('Dynamic bids - up and down');
    expect(
      (
        await t.rows(`SELECT count(*)::int AS n FROM ppc_changes WHERE batch_id = $1 AND exported_at IS NOT NULL`, [made.batchId])
      )[0],
    ).toEqual({
      n: 3,
    });

    // The console's copy is what the sheet says: put the old values back locally, import the sheet.
    await t.rows(`UPDATE ppc_keywords SET bid = 1.00 WHERE id = $1`, [fx.k1]);
    await t.rows(`UPDATE ppc_ad_groups SET default_bid = 0.80 WHERE id = $1`, [fx.adGroup]);
    await t.rows(`UPDATE ppc_campaigns SET bidding_strategy = 'down_only' WHERE id = $1`, [fx.campaign]);
    const up = await uploadImport(
      t.app,
      t.admin,
      { kind: 'ads-bulk', shopId: String(fx.shop.id) },
      { name: 'bulk-changes.xlsx', bytes: Buffer.from(res.rawPayload) },
    );
    expect(up.statusCode, up.body).toBe(200);
    const preview = up.json().data as { id: number; errorCount: number };
    expect(preview.errorCount).toBe(0);
    const commit = await t.call('POST', `/api/imports/${preview.id}/commit`, { token: t.admin, body: {} });
    expect(commit.statusCode, commit.body).toBe(200);
    expect((await keyword(fx.k1))?.bid).toBe('1.77');
    expect(await t.rows(`SELECT default_bid FROM ppc_ad_groups WHERE id = $1`, [fx.adGroup])).toEqual([{ default_bid: '0.66' }]);
    expect(await t.rows(`SELECT bidding_strategy FROM ppc_campaigns WHERE id = $1`, [fx.campaign])).toEqual([
      { bidding_strategy: 'up_and_down' },
    ]);
  });
});
