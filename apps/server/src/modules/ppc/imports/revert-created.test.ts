/**
 * Reverting ad imports that created entities (revert-guard.ts), on the fixture shop "PPC Test
 * US": a report's revert removes the campaigns, ad groups, keywords and targets it created and
 * their rollups; a bulk sheet's revert is refused, changing nothing, while a later report wrote
 * figures for a campaign it created (or an edit touched it), and once that report is reverted it
 * leaves no row in any ppc table that names a removed entity.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppPerFile } from '../../../../test/harness';
import { uploadImport } from '../../../../test/multipart';
import { createPpcFixture, type PpcFixture } from '../ppc.fixtures';

const t = testAppPerFile({ admin: true });
let fx: PpcFixture;
type Json = Record<string, unknown>;
const fixture = (name: string) => readFileSync(new URL(`../../../../test/fixtures/imports/ppc/${name}`, import.meta.url));

/** Upload and commit a file; the import's id. */
async function imported(kind: string, name: string, bytes: Buffer): Promise<number> {
  const res = await uploadImport(t.app, t.admin, { kind, shopId: String(fx.shop.id) }, { name, bytes });
  expect(res.statusCode, res.body).toBe(200);
  const id = (res.json() as { data: { id: number } }).data.id;
  const done = await t.call('POST', `/api/imports/${id}/commit`, { token: t.admin, body: {} });
  expect(done.statusCode, done.body).toBe(200);
  expect((done.json() as { data: Json }).data).toMatchObject({ status: 'committed', revertible: true });
  return id;
}
const revert = (id: number, lang = 'en-US') =>
  t.call('POST', `/api/imports/${id}/revert`, { token: t.admin, headers: { 'accept-language': lang } });

const CAMPAIGN_HEADER =
  'Start Date,End Date,Currency,Campaign Name,Status,Budget,Impressions,Clicks,Spend,7 Day Total Sales ,7 Day Total Orders (#),7 Day Total Units (#)';
const TARGETING_HEADER =
  'Date,Currency,Campaign name,Ad group name,Targeting,Match type,Impressions,Clicks,Spend,7 day total sales,7 day total orders (#),7 day total units (#)';

/** Every ppc table that holds a campaign, ad group or entity id. */
const ID_TABLES = [
  'ppc_placements',
  'ppc_ad_groups',
  'ppc_product_ads',
  'ppc_keywords',
  'ppc_targets',
  'ppc_negative_keywords',
  'ppc_negative_products',
  'ppc_performance',
  'ppc_search_terms',
  'ppc_campaign_day',
  'ppc_campaign_week',
  'ppc_ad_group_day',
  'ppc_ad_group_week',
  'ppc_entity_day',
  'ppc_entity_week',
  'ppc_changes',
  'ppc_monitors',
  'ppc_schedule_bases',
];

/** The rows of every ppc table (and the entity tables themselves) that name an entity no longer stored. */
async function orphans(): Promise<string[]> {
  const cols = await t.rows<{ table_name: string; column_name: string }>(
    `SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name LIKE 'ppc\\_%' AND column_name IN ('campaign_id', 'ad_group_id', 'entity_id')`,
  );
  // The test must know every table the schema has with such a column: a new one is checked here too.
  expect([...new Set(cols.map((c) => c.table_name))].sort()).toEqual([...ID_TABLES].sort());
  const exists: Record<string, string> = {
    campaign_id: `EXISTS (SELECT 1 FROM ppc_campaigns c WHERE c.id = r.campaign_id)`,
    ad_group_id: `EXISTS (SELECT 1 FROM ppc_ad_groups g WHERE g.id = r.ad_group_id)`,
    entity_id: `CASE r.entity_type WHEN 'campaign' THEN EXISTS (SELECT 1 FROM ppc_campaigns e WHERE e.id = r.entity_id)
                 WHEN 'ad_group' THEN EXISTS (SELECT 1 FROM ppc_ad_groups e WHERE e.id = r.entity_id)
                 WHEN 'keyword' THEN EXISTS (SELECT 1 FROM ppc_keywords e WHERE e.id = r.entity_id)
                 WHEN 'target' THEN EXISTS (SELECT 1 FROM ppc_targets e WHERE e.id = r.entity_id)
                 WHEN 'product_ad' THEN EXISTS (SELECT 1 FROM ppc_product_ads e WHERE e.id = r.entity_id)
                 WHEN 'negative_keyword' THEN EXISTS (SELECT 1 FROM ppc_negative_keywords e WHERE e.id = r.entity_id)
                 ELSE true END`,
  };
  const out: string[] = [];
  for (const c of cols) {
    const [n] = await t.rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${c.table_name} r WHERE r.${c.column_name} IS NOT NULL AND NOT (${exists[c.column_name]})`,
    );
    if (n && n.n > 0) out.push(`${c.table_name}.${c.column_name}: ${n.n}`);
  }
  return out;
}

/** A count of the rows of every ppc table: a refused revert leaves them all as they were. */
async function snapshot(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of ['ppc_campaigns', ...ID_TABLES]) {
    out[table] = (await t.rows<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]?.n ?? -1;
  }
  return out;
}

const named = async (table: string, where: string) =>
  (await t.rows<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE shop_id = $1 AND ${where}`, [fx.shop.id]))[0]?.n;

beforeAll(async () => {
  fx = await createPpcFixture(t);
});

describe('reverting a report that created entities', () => {
  it('removes the campaign it created, with its facts and rollups; the stored campaign stays', async () => {
    const file = [
      CAMPAIGN_HEADER,
      '03/12/2026,03/12/2026,USD,Fixture SP,ENABLED,$50.00,300,12,$6.00,$30.00,1,1',
      '03/12/2026,03/12/2026,USD,Report Made,ENABLED,$20.00,80,4,$2.50,$0.00,0,0',
    ].join('\n');
    const id = await imported('sp-campaign', 'made.csv', Buffer.from(file));
    const [made] = await t.rows<{ id: number }>(`SELECT id FROM ppc_campaigns WHERE shop_id = $1 AND name = 'Report Made'`, [
      fx.shop.id,
    ]);
    expect(made).toBeDefined();
    const rollups = async () =>
      (
        await t.rows<{ n: number }>(
          `SELECT (SELECT count(*) FROM ppc_campaign_day WHERE campaign_id = $1) + (SELECT count(*) FROM ppc_campaign_week WHERE campaign_id = $1)
                + (SELECT count(*) FROM ppc_performance WHERE campaign_id = $1) AS n`,
          [made?.id],
        )
      )[0]?.n;
    expect(Number(await rollups())).toBe(3);

    expect((await revert(id)).statusCode).toBe(200);
    expect(await named('ppc_campaigns', `name = 'Report Made'`)).toBe(0);
    expect(Number(await rollups())).toBe(0);
    expect(await named('ppc_campaigns', `name = 'Fixture SP'`)).toBe(1);
    expect(await orphans()).toEqual([]);
  });

  it('removes the ad groups, keywords and targets a targeting report created, not the stored ones', async () => {
    const file = [
      TARGETING_HEADER,
      '2026-03-12,USD,Fixture SP,Fixture group,fixture lamp,Exact,600,25,20.00,80.00,2,3',
      '2026-03-12,USD,Fixture SP,Fixture group,report lamp,Broad,100,5,3.00,0.00,0,0',
      '2026-03-12,USD,Fixture SP,Report group,report light,Phrase,90,4,2.00,10.00,1,1',
      '2026-03-12,USD,Report Auto,Auto group,close-match,-,70,3,1.50,0.00,0,0',
    ].join('\n');
    const before = await snapshot();
    const id = await imported('sp-targeting', 'made-targeting.csv', Buffer.from(file));
    expect(await named('ppc_keywords', `keyword_text IN ('report lamp', 'report light')`)).toBe(2);
    expect(await named('ppc_ad_groups', `name IN ('Report group', 'Auto group')`)).toBe(2);
    expect(await named('ppc_targets', `expression = 'close-match'`)).toBe(1);
    expect(await named('ppc_campaigns', `name = 'Report Auto'`)).toBe(1);

    const res = await revert(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(await snapshot()).toEqual(before);
    expect(await named('ppc_keywords', `keyword_text IN ('fixture lamp', 'fixture light')`)).toBe(2);
    expect(await named('ppc_ad_groups', `name = 'Fixture group'`)).toBe(1);
    expect(await orphans()).toEqual([]);
  });

  it('is refused while an entity it created was edited since, naming the edit, and changes nothing', async () => {
    const file = [CAMPAIGN_HEADER, '03/13/2026,03/13/2026,USD,Report Edited,ENABLED,$20.00,80,4,$2.50,$0.00,0,0'].join('\n');
    const id = await imported('sp-campaign', 'edited.csv', Buffer.from(file));
    const [c] = await t.rows<{ id: number }>(`SELECT id FROM ppc_campaigns WHERE shop_id = $1 AND name = 'Report Edited'`, [
      fx.shop.id,
    ]);
    const edit = await t.call('PUT', '/api/ppc/rest/v1/manager/changes', {
      token: t.admin,
      body: { changes: [{ entityType: 'campaign', entityId: c?.id, field: 'daily_budget', value: 25 }] },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const before = await snapshot();

    const blocked = await revert(id);
    expect(blocked.statusCode).toBe(409);
    const body = blocked.json() as { msg: string; data: { uses: Json[] } };
    expect(body.msg).toMatch(/campaign "Report Edited" was edited by user .+ on \d{4}-\d{2}-\d{2}/);
    expect(body.data.uses).toEqual([{ entity: 'campaign', id: c?.id, name: 'Report Edited', importId: null }]);
    const zh = await revert(id, 'zh-CN');
    expect(zh.statusCode).toBe(409);
    expect((zh.json() as { msg: string }).msg).toMatch(
      /^导入 #\d+ 不能撤销：.*广告活动「Report Edited」于 \d{4}-\d{2}-\d{2} 被用户 .+ 修改/,
    );
    expect(await snapshot()).toEqual(before);
    expect(await t.rows(`SELECT status FROM imports WHERE id = $1`, [id])).toEqual([{ status: 'committed' }]);
  });
});

describe('reverting a bulk sheet whose campaign a later report wrote figures for', () => {
  it('is refused naming the report, changes nothing; after the report is reverted it leaves no orphan', async () => {
    const bulk = await imported('ads-bulk', 'bulk-48.csv', fixture('bulk-48.csv'));
    const [c] = await t.rows<{ id: number }>(`SELECT id FROM ppc_campaigns WHERE shop_id = $1 AND name = 'Fixture Bulk'`, [
      fx.shop.id,
    ]);
    expect(c).toBeDefined();
    const file = [
      TARGETING_HEADER,
      '2026-03-14,USD,Fixture Bulk,Bulk group,bulk lamp,Exact,500,20,9.00,45.00,2,2',
      '2026-03-15,USD,Fixture Bulk,Bulk group,bulk lamp,Exact,400,16,8.00,0.00,0,0',
    ].join('\n');
    const report = await imported('sp-targeting', 'bulk-figures.csv', Buffer.from(file));
    expect(await named('ppc_performance', `campaign_id = ${Number(c?.id)}`)).toBe(2);
    const before = await snapshot();

    const blocked = await revert(bulk);
    expect(blocked.statusCode).toBe(409);
    const body = blocked.json() as { msg: string; data: { imports: number[] } };
    expect(body.data.imports).toEqual([report]);
    expect(body.msg).toContain(`campaign "Fixture Bulk" has figures from import #${report} (2026-03-14 – 2026-03-15)`);
    expect(body.msg).toContain(`revert #${report} first`);
    const zh = await revert(bulk, 'zh-CN');
    expect((zh.json() as { msg: string }).msg).toContain(`广告活动「Fixture Bulk」有导入 #${report} 写入的数据`);
    expect(await snapshot()).toEqual(before);
    expect(await t.rows(`SELECT status FROM imports WHERE id = $1`, [bulk])).toEqual([{ status: 'committed' }]);

    expect((await revert(report)).statusCode).toBe(200);
    const done = await revert(bulk);
    expect(done.statusCode, done.body).toBe(200);
    expect(await named('ppc_campaigns', `name = 'Fixture Bulk'`)).toBe(0);
    for (const table of ID_TABLES.filter((x) => x !== 'ppc_schedule_bases')) {
      const rows = await t.rows(`SELECT 1 FROM ${table} WHERE campaign_id = $1`, [c?.id]);
      expect(rows, table).toEqual([]);
    }
    expect(await orphans()).toEqual([]);
  });
});

describe('a bulk sheet over the marketplace maximum', () => {
  it('marks the bid and the budget as row errors; the commit is refused and writes nothing', async () => {
    const sheet = fixture('bulk-48.csv')
      .toString('utf8')
      .replace(',1.1,bulk lamp,', ',5000,bulk lamp,')
      .replace(',enabled,,,25,', ',enabled,,,2000000,');
    const res = await uploadImport(
      t.app,
      t.admin,
      { kind: 'ads-bulk', shopId: String(fx.shop.id) },
      { name: 'over.csv', bytes: Buffer.from(sheet) },
    );
    expect(res.statusCode, res.body).toBe(200);
    const preview = (res.json() as { data: { id: number; errors: Json[] } }).data;
    // (The rows under the refused campaign row are refused too: their campaign is neither stored nor in the sheet.)
    expect(preview.errors).toEqual(
      expect.arrayContaining([
        { line: 2, column: 'Daily Budget', message: "2000000 is over the marketplace's maximum of 1000000 USD" },
        { line: 6, column: 'Bid', message: "5000 is over the marketplace's maximum of 1000 USD" },
      ]),
    );
    const before = await snapshot();
    const refused = await t.call('POST', `/api/imports/${preview.id}/commit`, { token: t.admin, body: {} });
    expect(refused.statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
    expect(await named('ppc_keywords', `keyword_text = 'bulk lamp'`)).toBe(0);
  });
});
