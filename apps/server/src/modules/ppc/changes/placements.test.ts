/**
 * Placement bid adjustments per campaign type: SP 0–900 % on three placements, SB −99…+99 %
 * on top of search and rest of search, SD none (the list and the change path refuse it
 * with a clear error); and the bulk file's SB and SD sheets in their own layouts. Fixture:
 * ppc.fixtures.ts plus one SB campaign (brand, headline, an ad group with a keyword and an
 * ad) and one SD campaign (an ad group with a product ad and a target).
 */
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppPerFile } from '../../../../test/harness';
import { uploadImport } from '../../../../test/multipart';
import { createPpcFixture, type PpcFixture } from '../ppc.fixtures';
import { BULK_HEADERS, SB_BULK_HEADERS, SD_BULK_HEADERS } from './bulk-sheet';

const API = '/api/ppc/rest/v1/manager';
const t = testAppPerFile({ signIn: { ppc: 'ppc.specialist' } });
let fx: PpcFixture;
let sb: number;
let sd: number;
/** The workbook the export test downloads; the read-back test imports it. */
let exported: Buffer | null = null;
type Json = Record<string, unknown>;

beforeAll(async () => {
  fx = await createPpcFixture(t);
  [sb, sd] = (
    await t.rows<{ id: number }>(
      `INSERT INTO ppc_campaigns (shop_id, market_id, campaign_type, name, daily_budget, brand_name, headline, landing_asin)
       VALUES ($1, 0, 'sb', 'Fixture SB', 30, 'Lumio', 'Bright desks', 'B0PPCFIX01'), ($1, 0, 'sd', 'Fixture SD', 20, NULL, NULL, NULL)
       RETURNING id`,
      [fx.shop.id],
    )
  ).map((r) => r.id) as [number, number];
});

const change = (entityId: number, field: string, value: number) =>
  t.call('PUT', `${API}/changes`, { token: t.as.ppc, body: { changes: [{ entityType: 'campaign', entityId, field, value }] } });

describe('SB placements', () => {
  it('lists top of search and rest of search per SB campaign, 0 % when never set', async () => {
    const res = await t.call('GET', `${API}/sb/placements`, { token: t.as.ppc, query: { shopId: String(fx.shop.id) } });
    expect(res.statusCode, res.body).toBe(200);
    const list = (res.json() as { data: { list: Json[] } }).data.list;
    expect(list.map((r) => `${r.campaignId}:${r.placement}:${r.bidAdjustmentPct}`).sort()).toEqual([
      `${sb}:rest_of_search:0`,
      `${sb}:top_of_search:0`,
    ]);
  });

  it('changes an SB adjustment up and down within −99…+99 through the change path, with history and undo', async () => {
    const down = await change(sb, 'placement_top_of_search', -40);
    expect(down.statusCode, down.body).toBe(200);
    const up = await change(sb, 'placement_rest_of_search', 99);
    expect(up.statusCode, up.body).toBe(200);
    expect(
      await t.rows(`SELECT placement, bid_adjustment_pct AS pct FROM ppc_placements WHERE campaign_id = $1 ORDER BY 1`, [sb]),
    ).toEqual([
      { placement: 'rest_of_search', pct: 99 },
      { placement: 'top_of_search', pct: -40 },
    ]);
    const batch = (down.json() as { data: { batchId: number } }).data.batchId;
    const undo = await t.call('POST', `${API}/changes/undo`, { token: t.as.ppc, body: { batchId: batch } });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(
      (
        await t.rows<{ pct: number }>(
          `SELECT bid_adjustment_pct AS pct FROM ppc_placements WHERE campaign_id = $1 AND placement = 'top_of_search'`,
          [sb],
        )
      )[0]?.pct,
    ).toBe(0);
  });

  it('refuses SB values beyond its limits and the product pages placement; SP keeps 0–900', async () => {
    for (const [field, value] of [
      ['placement_top_of_search', 100],
      ['placement_rest_of_search', -100],
      ['placement_top_of_search', 12.5],
    ] as const) {
      const res = await change(sb, field, value);
      expect(res.statusCode, `${field} ${value}`).toBe(400);
      expect(res.body).toContain('-99 to 99');
    }
    const pages = await change(sb, 'placement_product_pages', 10);
    expect(pages.statusCode).toBe(400);
    expect(pages.body).toContain('top of search and rest of search');
    expect((await change(fx.campaign, 'placement_top_of_search', -10)).statusCode).toBe(400);
    expect((await change(fx.campaign, 'placement_product_pages', 900)).statusCode).toBe(200);
  });
});

describe('SD placements', () => {
  it('are not applicable: the list and the change path refuse with a clear error', async () => {
    const list = await t.call('GET', `${API}/sd/placements`, { token: t.as.ppc, query: { shopId: String(fx.shop.id) } });
    expect(list.statusCode).toBe(400);
    expect(list.body).toContain('not applicable to Sponsored Display');
    const res = await change(sd, 'placement_top_of_search', 10);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('not applicable to Sponsored Display');
    expect(await t.rows(`SELECT 1 FROM ppc_placements WHERE campaign_id = $1`, [sd])).toHaveLength(0);
  });
});

describe('bulk file: SB and SD sheets in their own layouts', () => {
  it('writes each type in its sheet with its columns; the SP sheet stays the 54-column layout', async () => {
    const [sbGroup, sdGroup] = (
      await t.rows<{ id: number }>(
        `INSERT INTO ppc_ad_groups (campaign_id, shop_id, name, default_bid) VALUES ($1, $3, 'SB group', 1.1), ($2, $3, 'SD group', 0.7)
         RETURNING id`,
        [sb, sd, fx.shop.id],
      )
    ).map((r) => r.id) as [number, number];
    const sbKw = (
      await t.rows<{ id: number }>(
        `INSERT INTO ppc_keywords (ad_group_id, campaign_id, shop_id, keyword_text, match_type, bid) VALUES ($1, $2, $3, 'brand lamp', 'phrase', 1.2)
         RETURNING id`,
        [sbGroup, sb, fx.shop.id],
      )
    )[0]?.id;
    const sdTarget = (
      await t.rows<{ id: number }>(
        `INSERT INTO ppc_targets (ad_group_id, campaign_id, shop_id, kind, expression, bid) VALUES ($1, $2, $3, 'product', 'asin="B0OTHER001"', 0.6)
         RETURNING id`,
        [sdGroup, sd, fx.shop.id],
      )
    )[0]?.id;
    const res = await t.call('PUT', `${API}/changes`, {
      token: t.as.ppc,
      body: {
        changes: [
          { entityType: 'keyword', entityId: fx.k1, field: 'bid', value: 1.11 },
          { entityType: 'campaign', entityId: sb, field: 'daily_budget', value: 35 },
          { entityType: 'campaign', entityId: sb, field: 'placement_top_of_search', value: 25 },
          { entityType: 'keyword', entityId: sbKw, field: 'bid', value: 1.3 },
          { entityType: 'campaign', entityId: sd, field: 'daily_budget', value: 22 },
          { entityType: 'target', entityId: sdTarget, field: 'bid', value: 0.65 },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const batchId = (res.json() as { data: { batchId: number } }).data.batchId;
    const file = await t.call('GET', `${API}/changes/bulk-sheet`, {
      token: t.as.ppc,
      query: { shopId: String(fx.shop.id), batchId: String(batchId) },
    });
    expect(file.statusCode, file.body.slice(0, 300)).toBe(200);
    exported = file.rawPayload;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual([
      'Sponsored Products Campaigns',
      'Sponsored Brands Campaigns',
      'Sponsored Display Campaigns',
    ]);
    const read = (name: string) => {
      const ws = wb.getWorksheet(name);
      if (!ws) throw new Error(`no sheet ${name}`);
      const header = (ws.getRow(1).values as unknown[]).slice(1).map(String);
      const rows: Record<string, unknown>[] = [];
      for (let i = 2; i <= ws.rowCount; i++) {
        const r = ws.getRow(i);
        rows.push(Object.fromEntries(header.map((h, j) => [h, r.getCell(j + 1).value ?? null])));
      }
      return { header, rows };
    };
    const sp = read('Sponsored Products Campaigns');
    expect(sp.header).toEqual([...BULK_HEADERS]);
    expect(sp.rows.map((r) => [r.Product, r.Entity, r.Bid])).toEqual([['Sponsored Products', 'Keyword', 1.11]]);

    const sbSheet = read('Sponsored Brands Campaigns');
    expect(sbSheet.header).toEqual([...SB_BULK_HEADERS]);
    expect(sbSheet.rows.map((r) => r.Entity)).toEqual(['Campaign', 'Bidding Adjustment', 'Bidding Adjustment', 'Keyword']);
    expect(sbSheet.rows[0]).toMatchObject({
      Product: 'Sponsored Brands',
      Operation: 'Update',
      'Campaign Name': 'Fixture SB',
      'Budget Type': 'Daily',
      Budget: 35,
      'Brand Name': 'Lumio',
      'Creative Headline': 'Bright desks',
      'Landing Page ASINs': 'B0PPCFIX01',
    });
    // SB placements: top of search as changed now, rest of search as the earlier test left it (99).
    expect(
      sbSheet.rows
        .slice(1, 3)
        .map((r) => `${r.Placement}:${r.Percentage}`)
        .sort(),
    ).toEqual(['Placement Rest Of Search:99', 'Placement Top:25']);
    expect(sbSheet.rows[3]).toMatchObject({
      'Keyword Text': 'brand lamp',
      'Match Type': 'phrase',
      Bid: 1.3,
      'Ad Group Name (Informational only)': 'SB group',
    });

    const sdSheet = read('Sponsored Display Campaigns');
    expect(sdSheet.header).toEqual([...SD_BULK_HEADERS]);
    expect(sdSheet.rows.map((r) => [r.Product, r.Entity])).toEqual([
      ['Sponsored Display', 'Campaign'],
      ['Sponsored Display', 'Contextual Targeting'],
    ]);
    expect(sdSheet.rows[0]).toMatchObject({ 'Campaign Name': 'Fixture SD', 'Budget Type': 'Daily', Budget: 22 });
    expect(sdSheet.rows[1]).toMatchObject({ 'Targeting Expression': 'asin="B0OTHER001"', Bid: 0.65 });
    expect(sdSheet.header).not.toContain('Keyword Text');
  });
});

describe('the bulk workbook read back (ads-bulk import)', () => {
  const importFile = async (bytes: Buffer) => {
    const admin = await t.login('admin');
    const res = await uploadImport(t.app, admin, { kind: 'ads-bulk', shopId: String(fx.shop.id) }, { name: 'bulk.xlsx', bytes });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as Json & {
      id: number;
      counts: Json;
      errors: { line: number; column: string; message: string }[];
    };
    return {
      ...data,
      commit: async () => {
        const c = await t.call('POST', `/api/imports/${data.id}/commit`, { token: admin, body: { skipErrorRows: true } });
        expect(c.statusCode, c.body).toBe(200);
      },
    };
  };

  it('reads its SB and SD sheets as their own types: the file as exported changes nothing', async () => {
    expect(exported).not.toBeNull();
    const p = await importFile(exported as Buffer);
    expect(p.errors).toEqual([]);
    // SP keyword; SB campaign, two placements, keyword; SD campaign, target.
    expect(p.counts).toEqual({ new: 0, changed: 0, unchanged: 7 });
  });

  it('reads the same rows from sheets without the console names: each row by its Product column', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(exported as unknown as ArrayBuffer);
    wb.worksheets.forEach((ws, i) => {
      ws.name = `Sheet${i + 1}`;
    });
    const p = await importFile(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(p.errors).toEqual([]);
    expect(p.counts).toEqual({ new: 0, changed: 0, unchanged: 7 });
  });

  it('applies edits of SB and SD rows to their campaigns, adds an SB ad per creative ASIN, refuses an SD keyword', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(exported as unknown as ArrayBuffer);
    const sheet = (name: string) => {
      const ws = wb.getWorksheet(name);
      if (!ws) throw new Error(`no sheet ${name}`);
      const header = (ws.getRow(1).values as unknown[]).slice(1).map(String);
      const col = (h: string) => header.indexOf(h) + 1;
      const rowOf = (entity: string) => {
        for (let i = 2; i <= ws.rowCount; i++) if (ws.getRow(i).getCell(col('Entity')).value === entity) return ws.getRow(i);
        throw new Error(`no ${entity} row in ${name}`);
      };
      const add = (values: Record<string, string | number>) => {
        const row = ws.getRow(ws.rowCount + 1);
        for (const [h, v] of Object.entries(values)) row.getCell(col(h)).value = v;
        row.commit();
      };
      return { col, rowOf, add };
    };
    const sbs = sheet('Sponsored Brands Campaigns');
    sbs.rowOf('Keyword').getCell(sbs.col('Bid')).value = 1.45;
    sbs.rowOf('Campaign').getCell(sbs.col('Budget')).value = 40;
    sbs.add({
      Product: 'Sponsored Brands',
      Entity: 'Ad',
      Operation: 'Create',
      'Campaign Name (Informational only)': 'Fixture SB',
      'Ad Group Name (Informational only)': 'SB group',
      State: 'enabled',
      'Creative ASINs': 'B0PPCFIX01, B0PPCFIX02',
    });
    const sds = sheet('Sponsored Display Campaigns');
    sds.rowOf('Contextual Targeting').getCell(sds.col('Bid')).value = 0.8;
    // SD has no keywords: its sheet has no keyword columns, a row claiming one is refused.
    sds.add({ Product: 'Sponsored Display', Entity: 'Keyword', Operation: 'Create', 'Campaign Name': 'Fixture SD' });
    const bytes = Buffer.from(await wb.xlsx.writeBuffer());

    const p = await importFile(bytes);
    expect(p.errors).toEqual([
      expect.objectContaining({
        column: 'Sponsored Display Campaigns › Entity',
        message: 'Sponsored Display campaigns have no keywords',
      }),
    ]);
    expect(p.counts).toEqual({ new: 2, changed: 3, unchanged: 4 });
    await p.commit();

    expect(await t.rows(`SELECT campaign_type, daily_budget FROM ppc_campaigns WHERE name = 'Fixture SB' ORDER BY 1`)).toEqual([
      { campaign_type: 'sb', daily_budget: '40.00' },
    ]);
    expect(await t.rows(`SELECT bid FROM ppc_keywords WHERE campaign_id = $1`, [sb])).toEqual([{ bid: '1.45' }]);
    expect(await t.rows(`SELECT bid FROM ppc_targets WHERE campaign_id = $1`, [sd])).toEqual([{ bid: '0.80' }]);
    expect(await t.rows(`SELECT asin, sku FROM ppc_product_ads WHERE campaign_id = $1 ORDER BY asin`, [sb])).toEqual([
      { asin: 'B0PPCFIX01', sku: 'PPC-1' },
      { asin: 'B0PPCFIX02', sku: 'PPC-2' },
    ]);
    // Nothing of the SB and SD sheets landed on a Sponsored Products campaign.
    expect(
      await t.rows(
        `SELECT count(*)::int AS n FROM ppc_campaigns WHERE campaign_type = 'sp' AND name IN ('Fixture SB', 'Fixture SD')`,
      ),
    ).toEqual([{ n: 0 }]);
  });
});
