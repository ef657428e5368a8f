/**
 * Sales teams: ownership of product lines (one team per line), optimistic locking, and
 * the director breakdown of /salesProfit following ownership at once.
 * Fixture: shop "Basis US" sells one listing of a product in the EOL line (1011, owned by
 * no demo team): D−10, 3 units, 90.00 USD; unit cost 5.00 → profit 75.00.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppPerFile } from '../../../../test/harness';
import { isoDay, makeListing } from './basis-fixture';

const API = '/api/sales/rest/v1';
const t = testAppPerFile({ admin: true, signIn: { analyst: 'sales.analyst', shopA: 'shop.a' } });
let shop: number;
let eolLine: number;
let lightStrips: number;
let pm: number;
let teamId: number;

beforeAll(async () => {
  const f = await makeListing(t, {
    shopName: 'Basis US',
    seller: 'ABASISUS0001',
    marketId: 0,
    currency: 'USD',
    lineCode: '1011',
    sku: 'BASIS-US-1',
  });
  shop = f.shopId;
  eolLine = f.lineId;
  await f.sell(isoDay(-10), 3, '90.00');
  lightStrips = (await t.rows<{ id: number }>(`SELECT id FROM product_lines WHERE code = '6111'`))[0]!.id;
  pm = (await t.rows<{ id: number }>(`SELECT id FROM users WHERE login_name = 'pm'`))[0]!.id;
});

const directors = async () => {
  const res = await t.call('GET', `${API}/listings/sale_director/sales_profit`, {
    token: t.admin,
    query: { shopId: String(shop), startDate: isoDay(-30), endDate: isoDay(-1) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.list as {
    directorId: number;
    directorName: string | null;
    teamNames: string[];
    revenue: number;
    profit: number;
  }[];
};

describe('sales teams: ownership and the director breakdown', () => {
  it('shows the fixture under "no team" before a team owns its line', async () => {
    expect(await directors()).toEqual([expect.objectContaining({ directorId: 0, revenue: 90, profit: 75, teamNames: [] })]);
  });

  it('creates a team owning the line: the director breakdown follows at once, with an audit row', async () => {
    const res = await t.call('POST', `${API}/sales/teams`, {
      token: t.admin,
      body: { name: 'EOL clearance', directorId: pm, productLineIds: [eolLine, eolLine] },
    });
    expect(res.statusCode, res.body).toBe(200);
    teamId = res.json().data.id;
    expect(res.json().data.version).toBe(1);
    expect(await directors()).toEqual([
      expect.objectContaining({ directorId: pm, teamNames: ['EOL clearance'], revenue: 90, profit: 75 }),
    ]);
    const [a] = await t.rows<{ action: string; after: unknown }>(
      `SELECT action, after FROM audit_log WHERE entity = 'sales_team' ORDER BY id DESC LIMIT 1`,
    );
    expect(a).toMatchObject({
      action: 'salesTeam.create',
      after: { name: 'EOL clearance', directorId: pm, productLineIds: [eolLine] },
    });
  });

  it('lists it with its director and lines, and finds it by keyword', async () => {
    const res = await t.call('GET', `${API}/sales/teams`, { token: t.admin, query: { keyword: 'clearance' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      total: 1,
      list: [{ id: teamId, name: 'EOL clearance', directorId: pm, version: 1 }],
    });
    expect(res.json().data.list[0].productLines).toEqual([expect.objectContaining({ id: eolLine })]);
    const all = await t.call('GET', `${API}/sales/teams`, {
      token: t.admin,
      query: { sortField: 'lineCount', sortOrder: 'descend' },
    });
    expect(all.json().data.total).toBe(4);
    expect(all.json().data.list[0].productLines.length).toBe(7);
    const lines = await t.call('GET', `${API}/sales/teams/product-lines`, { token: t.admin });
    expect(lines.json().data.find((l: { id: number }) => l.id === eolLine)).toMatchObject({ teamId, teamName: 'EOL clearance' });
    expect(lines.json().data.every((l: { code: string | null }) => l.code !== null)).toBe(true);
  });

  it('refuses a line another team owns with 409 naming it, and changes nothing', async () => {
    const res = await t.call('PUT', `${API}/sales/teams/${teamId}`, {
      token: t.admin,
      body: { name: 'EOL clearance', directorId: pm, productLineIds: [eolLine, lightStrips], version: 1 },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toMatch(/belongs to at most one team.*Lighting A/);
    expect(res.json().data.owned).toEqual([expect.objectContaining({ productLineId: lightStrips })]);
    const created = await t.call('POST', `${API}/sales/teams`, {
      token: t.admin,
      body: { name: 'Strip raiders', directorId: null, productLineIds: [lightStrips] },
    });
    expect(created.statusCode).toBe(409);
    expect(await t.rows(`SELECT 1 FROM sales_teams WHERE name = 'Strip raiders'`)).toEqual([]);
    const v = await t.rows<{ version: number }>(`SELECT version FROM sales_teams WHERE id = $1`, [teamId]);
    expect(v[0]?.version).toBe(1);
  });

  it('refuses a taken name (409), an unknown director or a group of lines (400)', async () => {
    const taken = await t.call('POST', `${API}/sales/teams`, {
      token: t.admin,
      body: { name: 'eol CLEARANCE', directorId: null, productLineIds: [] },
    });
    expect(taken.statusCode).toBe(409);
    const shopUser = (await t.rows<{ id: number }>(`SELECT id FROM users WHERE login_name = 'shop.a'`))[0]!.id;
    const badDirector = await t.call('POST', `${API}/sales/teams`, {
      token: t.admin,
      body: { name: 'X', directorId: shopUser, productLineIds: [] },
    });
    expect(badDirector.statusCode).toBe(400);
    expect(badDirector.json().data.fields[0].path).toBe('directorId');
    const group = (await t.rows<{ id: number }>(`SELECT id FROM product_lines WHERE code IS NULL LIMIT 1`))[0]!.id;
    const badLine = await t.call('POST', `${API}/sales/teams`, {
      token: t.admin,
      body: { name: 'X', directorId: null, productLineIds: [group] },
    });
    expect(badLine.statusCode).toBe(400);
    expect(badLine.json().data.fields[0].path).toBe('productLineIds');
    for (const body of [
      { name: '', directorId: null, productLineIds: [] },
      { name: 'Y', productLineIds: [] },
      { name: 'Y', directorId: null, productLineIds: ['a'] },
    ]) {
      expect((await t.call('POST', `${API}/sales/teams`, { token: t.admin, body })).statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('edits with the version; a stale version is refused (409) and changes nothing', async () => {
    const ok = await t.call('PUT', `${API}/sales/teams/${teamId}`, {
      token: t.admin,
      body: { name: 'EOL sell-off', directorId: null, productLineIds: [eolLine], version: 1 },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.version).toBe(2);
    // A team without a director: its sales count under "no director" (0), with the team named.
    expect(await directors()).toEqual([expect.objectContaining({ directorId: 0, teamNames: ['EOL sell-off'], revenue: 90 })]);
    const stale = await t.call('PUT', `${API}/sales/teams/${teamId}`, {
      token: t.admin,
      body: { name: 'Stale', directorId: pm, productLineIds: [], version: 1 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe(40901);
    expect((await t.rows<{ name: string }>(`SELECT name FROM sales_teams WHERE id = $1`, [teamId]))[0]?.name).toBe(
      'EOL sell-off',
    );
    expect(
      (
        await t.call('PUT', `${API}/sales/teams/999999`, {
          token: t.admin,
          body: { name: 'Z', directorId: null, productLineIds: [], version: 1 },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('deletes a team: its lines are owned by no team, at once', async () => {
    const res = await t.call('DELETE', `${API}/sales/teams/${teamId}`, { token: t.admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.rows(`SELECT 1 FROM sales_team_lines WHERE team_id = $1`, [teamId])).toEqual([]);
    expect(await directors()).toEqual([expect.objectContaining({ directorId: 0, teamNames: [], revenue: 90 })]);
    expect((await t.call('DELETE', `${API}/sales/teams/${teamId}`, { token: t.admin })).statusCode).toBe(404);
    const actions = await t.rows<{ action: string }>(`SELECT action FROM audit_log WHERE entity = 'sales_team' ORDER BY id`);
    expect(actions.map((a) => a.action)).toEqual(['salesTeam.create', 'salesTeam.update', 'salesTeam.delete']);
  });

  it('keeps the existing team names call unchanged', async () => {
    const res = await t.call('GET', `${API}/sales/team/names`, { token: t.as.analyst });
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      directorId: expect.any(Number),
      directorName: expect.any(String),
      productLineIds: expect.any(Array),
    });
  });

  it('exports the teams as .xlsx, one row per line', async () => {
    const res = await t.call('GET', `${API}/sales/teams/excel`, { token: t.admin, headers: { 'accept-language': 'zh-CN' } });
    expect(res.statusCode).toBe(200);
    const { default: ExcelJS } = await import('exceljs');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('团队');
    expect(sheet.rowCount).toBe(1 + 3 + 7 + 5);
  });

  it('needs a session (401), the page to read and the edit button to write (403)', async () => {
    expect((await t.call('GET', `${API}/sales/teams`)).statusCode).toBe(401);
    expect((await t.call('DELETE', `${API}/sales/teams/1`)).statusCode).toBe(401);
    expect((await t.call('GET', `${API}/sales/teams`, { token: t.as.shopA })).statusCode).toBe(403);
    expect((await t.call('GET', `${API}/sales/teams/product-lines`, { token: t.as.shopA })).statusCode).toBe(403);
    expect((await t.call('GET', `${API}/sales/teams`, { token: t.as.analyst })).statusCode).toBe(200);
    const body = { name: 'Analyst team', directorId: null, productLineIds: [] };
    expect((await t.call('POST', `${API}/sales/teams`, { token: t.as.analyst, body })).statusCode).toBe(403);
    expect((await t.call('PUT', `${API}/sales/teams/1`, { token: t.as.analyst, body: { ...body, version: 1 } })).statusCode).toBe(
      403,
    );
    expect((await t.call('DELETE', `${API}/sales/teams/1`, { token: t.as.analyst })).statusCode).toBe(403);
    expect((await t.call('GET', `${API}/sales/teams/excel`, { token: t.as.analyst })).statusCode).toBe(403);
    expect((await t.call('GET', `${API}/sales/teams/abc`, { token: t.admin })).statusCode).toBe(404);
    expect((await t.call('DELETE', `${API}/sales/teams/abc`, { token: t.admin })).statusCode).toBe(400);
  });
});

describe('marketplaces', () => {
  it('lists the 13 marketplaces of spec §3 with currency, time zone and the caller’s shops', async () => {
    const res = await t.call('GET', `${API}/marketplaces`, { token: t.admin });
    expect(res.statusCode).toBe(200);
    const list = res.json().data as { id: number; code: string; currency: string; timeZone: string; shops: { name: string }[] }[];
    expect(list.map((m) => m.id)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(list[3]).toMatchObject({ code: 'JP', currency: 'JPY', timeZone: 'Asia/Tokyo' });
    expect(list[0]!.shops.map((s) => s.name)).toEqual(expect.arrayContaining(['Lumio US', 'Basis US']));
    // The external accounts' shops are theirs, not the company's.
    expect(list.flatMap((m) => m.shops).some((s) => /Brightway/.test(s.name))).toBe(false);
    expect((await t.call('GET', `${API}/marketplaces`)).statusCode).toBe(401);
    expect((await t.call('GET', `${API}/marketplaces`, { token: t.as.shopA })).statusCode).toBe(403);
  });
});
