/**
 * Reverting ad report imports (import_changes) on the fixture shop "PPC Test US": a revert puts
 * back the figures of the days the report replaced, rollups included; it is refused, changing
 * nothing, while a later report wrote the same days.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppPerFile } from '../../../../test/harness';
import { multipart } from '../../../../test/multipart';
import { createPpcFixture, type PpcFixture } from '../ppc.fixtures';

const t = testAppPerFile({ admin: true });
let fx: PpcFixture;
type Json = Record<string, unknown>;
const fixture = (name: string) => readFileSync(new URL(`../../../../test/fixtures/imports/ppc/${name}`, import.meta.url));

/** Upload and commit a fixture file; the import's id. */
async function imported(kind: string, name: string): Promise<number> {
  const { payload, headers } = multipart({ kind, shopId: String(fx.shop.id) }, { name, bytes: fixture(name) });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/imports',
    payload,
    headers: { ...headers, authorization: `Bearer ${t.admin}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  const id = (res.json() as { data: { id: number } }).data.id;
  const done = await t.call('POST', `/api/imports/${id}/commit`, { token: t.admin, body: {} });
  expect(done.statusCode, done.body).toBe(200);
  expect((done.json() as { data: Json }).data).toMatchObject({ revertible: true });
  return id;
}
const revert = (id: number) => t.call('POST', `/api/imports/${id}/revert`, { token: t.admin });

const campaignFacts = async () =>
  (
    await t.rows<{ day: string; name: string; spend: string; clicks: number }>(
      `SELECT to_char(f.day, 'YYYY-MM-DD') AS day, c.name, f.spend, f.clicks
         FROM ppc_performance f JOIN ppc_campaigns c ON c.id = f.entity_id
        WHERE f.entity_type = 'campaign' AND f.shop_id = $1 ORDER BY 1, 2`,
      [fx.shop.id],
    )
  ).map((f) => `${f.day} ${f.name} ${f.spend}/${f.clicks}`);
const rollup = async (table: string) =>
  (await t.rows<{ c: number | null }>(`SELECT sum(spend_cents)::int AS c FROM ${table} WHERE shop_id = $1`, [fx.shop.id]))[0]
    ?.c ?? 0;

beforeAll(async () => {
  fx = await createPpcFixture(t);
});

describe('reverting a campaign report', () => {
  it('puts back the previous figures of its days, rollups included; refused while a later report wrote them', async () => {
    const first = await imported('sp-campaign', 'campaign-console-acos.csv');
    const afterFirst = ['2026-03-10 Fixture SP 30.00/40', '2026-03-11 Fixture SP 5.00/10', '2026-03-11 Fixture SP New 1.00/2'];
    expect(await campaignFacts()).toEqual(afterFirst);
    expect(await rollup('ppc_campaign_day')).toBe(3600);

    const restated = await imported('sp-campaign', 'campaign-console-acos-restated.csv');
    expect(await campaignFacts()).toEqual(['2026-03-10 Fixture SP 30.00/40', '2026-03-11 Fixture SP 5.50/11']);

    const blocked = await revert(first);
    expect(blocked.statusCode).toBe(409);
    const body = blocked.json() as { msg: string; data: { imports: number[] } };
    expect(body.data.imports).toEqual([restated]);
    expect(body.msg).toContain(`revert #${restated} first`);
    expect(body.msg).toContain('ppc_performance');
    expect(await campaignFacts()).toEqual(['2026-03-10 Fixture SP 30.00/40', '2026-03-11 Fixture SP 5.50/11']);

    expect((await revert(restated)).statusCode).toBe(200);
    expect(await campaignFacts()).toEqual(afterFirst);
    expect(await rollup('ppc_campaign_day')).toBe(3600);
    expect(await rollup('ppc_shop_day')).toBe(3600);
    expect(await rollup('ppc_sku_day')).toBe(3500);

    expect((await revert(first)).statusCode).toBe(200);
    expect(await campaignFacts()).toEqual([]);
    expect(await rollup('ppc_campaign_day')).toBe(0);
    expect(await rollup('ppc_shop_day')).toBe(0);
    const audit = await t.rows<{ after: Json }>(
      `SELECT after FROM audit_log WHERE entity = 'import' AND entity_id = $1 AND action = 'revert'`,
      [String(first)],
    );
    // Two days of facts and the campaign "Fixture SP New" it created: 3 facts and the campaign go.
    expect(audit[0]?.after).toMatchObject({ status: 'reverted', scopes: 3, removed: 4, restored: 0 });
    expect(await t.rows(`SELECT name FROM ppc_campaigns WHERE shop_id = $1 ORDER BY name`, [fx.shop.id])).toEqual([
      { name: 'Fixture SP' },
    ]);
  });

  it('is refused when the facts of its day were written by hand since, and changes nothing', async () => {
    const id = await imported('sp-campaign', 'campaign-console-acos.csv');
    await t.rows(
      `UPDATE ppc_performance SET clicks = clicks + 1 WHERE shop_id = $1 AND entity_type = 'campaign' AND day = '2026-03-10'`,
      [fx.shop.id],
    );
    const blocked = await revert(id);
    expect(blocked.statusCode).toBe(409);
    expect((blocked.json() as { msg: string }).msg).toMatch(/ppc_performance \(day 2026-03-10,/);
    const zh = await t.call('POST', `/api/imports/${id}/revert`, { token: t.admin, headers: { 'accept-language': 'zh-CN' } });
    expect(zh.statusCode).toBe(409);
    expect((zh.json() as { msg: string }).msg).toMatch(
      /^导入 #\d+ 不能撤销：它写入的数据此后被改动：ppc_performance \(day 2026-03-10,.*请手动设置这些值。$/,
    );
    expect(await campaignFacts()).toEqual([
      '2026-03-10 Fixture SP 30.00/41',
      '2026-03-11 Fixture SP 5.00/10',
      '2026-03-11 Fixture SP New 1.00/2',
    ]);
    await t.rows(
      `UPDATE ppc_performance SET clicks = clicks - 1 WHERE shop_id = $1 AND entity_type = 'campaign' AND day = '2026-03-10'`,
      [fx.shop.id],
    );
    expect((await revert(id)).statusCode).toBe(200);
    expect(await campaignFacts()).toEqual([]);
  });
});

describe('reverting search-term and targeting reports', () => {
  it('removes the search terms and keyword facts it wrote and their rollups', async () => {
    const terms = await imported('sp-search-term', 'search-term-console-7d.csv');
    expect(await rollup('ppc_search_term_day')).toBeGreaterThan(0);
    expect((await revert(terms)).statusCode).toBe(200);
    expect(await t.rows(`SELECT 1 FROM ppc_search_terms WHERE shop_id = $1`, [fx.shop.id])).toEqual([]);
    expect(await rollup('ppc_search_term_day')).toBe(0);

    const facts = async () =>
      (
        await t.rows<{ n: number }>(
          `SELECT count(*)::int AS n FROM ppc_performance WHERE shop_id = $1 AND entity_type IN ('keyword', 'target')`,
          [fx.shop.id],
        )
      )[0]?.n;
    const before = await facts();
    const targeting = await imported('sp-targeting', 'targeting-console-7d.xlsx');
    expect(await facts()).toBeGreaterThan(before ?? 0);
    expect((await revert(targeting)).statusCode).toBe(200);
    expect(await facts()).toBe(before);
    expect(await rollup('ppc_ad_group_day')).toBe(0);
  });
});

describe('reverting a bulk sheet', () => {
  it('puts each campaign it names back whole (the ones it created go); refused after an edit under one of them', async () => {
    const under = async () =>
      t.rows<{ n: number }>(
        `SELECT (SELECT count(*) FROM ppc_ad_groups g WHERE g.campaign_id = c.id) + (SELECT count(*) FROM ppc_keywords k WHERE k.campaign_id = c.id)
                + (SELECT count(*) FROM ppc_negative_keywords k WHERE k.campaign_id = c.id) + (SELECT count(*) FROM ppc_placements k WHERE k.campaign_id = c.id) AS n
           FROM ppc_campaigns c WHERE c.shop_id = $1 AND c.name = 'Fixture Bulk'`,
        [fx.shop.id],
      );
    const id = await imported('ads-bulk', 'bulk-48.csv');
    expect(Number((await under())[0]?.n)).toBeGreaterThan(3);
    await t.rows(`UPDATE ppc_keywords SET bid = bid + 0.01 WHERE shop_id = $1 AND keyword_text = 'bulk lamp'`, [fx.shop.id]);
    const blocked = await revert(id);
    expect(blocked.statusCode).toBe(409);
    expect((blocked.json() as { msg: string }).msg).toContain('ppc_keywords');
    await t.rows(`UPDATE ppc_keywords SET bid = bid - 0.01 WHERE shop_id = $1 AND keyword_text = 'bulk lamp'`, [fx.shop.id]);
    expect((await revert(id)).statusCode).toBe(200);
    expect(await under()).toEqual([]);
    expect(await t.rows(`SELECT 1 FROM ppc_keywords WHERE shop_id = $1 AND keyword_text = 'bulk lamp'`, [fx.shop.id])).toEqual(
      [],
    );
  });
});
