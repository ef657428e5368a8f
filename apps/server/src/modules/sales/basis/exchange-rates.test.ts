/**
 * Exchange rates on hand-computed figures. Shop "Basis SE" (SEK) sells one listing with a
 * unit cost of 5.00 USD and no fees; the SEK entries of the last 60 days are replaced by
 * one entry, 0.10 USD from D−60 (D = today, UTC).
 *   A = D−30: 10 units, 1,000.00 SEK → 100.00 USD; COGS 10 × 5 / 0.1 = 500.00 SEK → 50.00 USD
 *   B = D−20:  5 units,   500.00 SEK →  50.00 USD; COGS 250.00 SEK → 25.00 USD
 *   revenue 150.00, COGS 75.00, profit 75.00.
 * Every change re-rates the days its entry governs; COGS stay 75.00 USD (the cost is in USD):
 *   + 0.12 from D−25 → B = 60.00: revenue 160.00, profit 85.00 (COGS of B 208.33 SEK → 25.00)
 *   + 0.20 from D−40 → A = 200.00 until D−26: revenue 260.00, profit 185.00
 *   0.12 → 0.09 at D−25 → B = 45.00: revenue 245.00, profit 170.00 (277.78 SEK → 25.00)
 *   − D−25 → B falls back to 0.20 = 100.00: revenue 300.00, profit 225.00
 *   − D−40 → both back to 0.10: revenue 150.00, profit 75.00
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppPerFile } from '../../../../test/harness';
import { isoDay, makeListing } from './basis-fixture';

const API = '/api/sales/rest/v1';
const t = testAppPerFile({ admin: true, signIn: { analyst: 'sales.analyst', shopA: 'shop.a' } });
let shop: number;
let listing: number;

const D = (n: number) => isoDay(n);
const PERIOD = { startDate: D(-60), endDate: D(-1) };

beforeAll(async () => {
  await t.rows(`DELETE FROM exchange_rates WHERE currency = 'SEK' AND day >= $1`, [D(-60)]);
  await t.rows(`INSERT INTO exchange_rates (currency, day, rate) VALUES ('SEK', $1, 0.1)`, [D(-60)]);
  const f = await makeListing(t, {
    shopName: 'Basis SE',
    seller: 'ABASISSE0001',
    marketId: 11,
    currency: 'SEK',
    lineCode: '6111',
    sku: 'BASIS-SE-1',
  });
  shop = f.shopId;
  listing = f.listingId;
  await f.sell(D(-30), 10, '1000.00');
  await f.sell(D(-20), 5, '500.00');
});

const figures = async (dimension: string) => {
  const res = await t.call('GET', `${API}/listings/${dimension}/sales_profit`, {
    token: t.admin,
    query: { shopId: String(shop), ...PERIOD },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.sum as { revenue: number; cogs: number; profit: number; units: number };
};
/** The totals of the SKU breakdown (listing rollups by month, week and day) and the shop breakdown (segment rollup) agree. */
const expectFigures = async (revenue: number, profit: number) => {
  for (const dim of ['sku', 'shop']) {
    const sum = await figures(dim);
    expect(sum, dim).toMatchObject({ units: 15, revenue, cogs: 75, profit });
  }
};
const rateOf = async (day: string) =>
  Number(
    (await t.rows<{ rate: string }>(`SELECT rate FROM sales_facts WHERE listing_id = $1 AND day = $2`, [listing, day]))[0]?.rate,
  );

const post = (body: unknown, token = t.admin) => t.call('POST', `${API}/exchange-rates`, { token, body });

describe('exchange rates: a change re-rates the sales of the days it governs', () => {
  it('starts from the hand-computed figures', async () => {
    await expectFigures(150, 75);
  });

  it('adds a rate: the days from it on are re-rated, in the same request', async () => {
    const res = await post({ currency: 'SEK', effectiveFrom: D(-25), rate: 0.12 });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.entry).toMatchObject({
      currency: 'SEK',
      effectiveFrom: D(-25),
      rate: 0.12,
      effectiveTo: null,
      editable: true,
      version: 1,
    });
    expect(data.rerated).toMatchObject({ from: D(-25), to: null });
    expect(data.rerated.facts).toBeGreaterThanOrEqual(1);
    expect(await rateOf(D(-20))).toBe(0.12);
    expect(await rateOf(D(-30))).toBe(0.1);
    await expectFigures(160, 85);
  });

  it('adds an earlier rate: it governs until the next entry only', async () => {
    const res = await post({ currency: 'SEK', effectiveFrom: D(-40), rate: 0.2 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.rerated).toMatchObject({ from: D(-40), to: D(-26) });
    expect(await rateOf(D(-30))).toBe(0.2);
    expect(await rateOf(D(-20))).toBe(0.12);
    await expectFigures(260, 185);
  });

  it('corrects an entry with its version; a stale version is refused and changes nothing', async () => {
    const url = `${API}/exchange-rates/SEK/${D(-25)}`;
    const ok = await t.call('PUT', url, { token: t.admin, body: { rate: 0.09, version: 1 } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.entry).toMatchObject({ rate: 0.09, version: 2 });
    await expectFigures(245, 170);
    const stale = await t.call('PUT', url, { token: t.admin, body: { rate: 0.5, version: 1 } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe(40901);
    await expectFigures(245, 170);
  });

  it('deletes entries: their days fall back to the entry before', async () => {
    const del = await t.call('DELETE', `${API}/exchange-rates/SEK/${D(-25)}`, { token: t.admin });
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json().data.rerated).toMatchObject({ from: D(-25), to: null });
    await expectFigures(300, 225);
    expect((await t.call('DELETE', `${API}/exchange-rates/SEK/${D(-40)}`, { token: t.admin })).statusCode).toBe(200);
    await expectFigures(150, 75);
    expect(await rateOf(D(-30))).toBe(0.1);
    expect((await t.call('DELETE', `${API}/exchange-rates/SEK/${D(-40)}`, { token: t.admin })).statusCode).toBe(404);
  });

  it('writes an audit row for every change, with what it re-rated', async () => {
    const rows = await t.rows<{ action: string; entity_id: string; before: unknown; after: { rerated?: { facts: number } } }>(
      `SELECT action, entity_id, before, after FROM audit_log WHERE entity = 'exchange_rate' ORDER BY id`,
    );
    expect(rows.map((r) => `${r.action} ${r.entity_id}`)).toEqual([
      `exchangeRate.create SEK/${D(-25)}`,
      `exchangeRate.create SEK/${D(-40)}`,
      `exchangeRate.update SEK/${D(-25)}`,
      `exchangeRate.delete SEK/${D(-25)}`,
      `exchangeRate.delete SEK/${D(-40)}`,
    ]);
    expect(rows[2]?.before).toMatchObject({ rate: 0.12, version: 1 });
    expect(rows[0]?.after?.rerated?.facts).toBeGreaterThanOrEqual(1);
  });
});

describe('exchange rates: refusals', () => {
  it(`refuses a change more than 92 days back with a 400 on the field, and changes nothing`, async () => {
    const res = await post({ currency: 'SEK', effectiveFrom: D(-93), rate: 0.2 });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields[0]).toMatchObject({ path: 'effectiveFrom' });
    expect(res.json().msg).toMatch(/92 days/);
    expect(await t.rows(`SELECT 1 FROM exchange_rates WHERE currency = 'SEK' AND day = $1 AND rate = 0.2`, [D(-93)])).toEqual([]);
    const old = (
      await t.rows<{ day: string }>(
        `SELECT to_char(day, 'YYYY-MM-DD') AS day FROM exchange_rates WHERE currency = 'SEK' AND day < $1 ORDER BY day DESC LIMIT 1`,
        [D(-92)],
      )
    )[0]!.day;
    expect((await t.call('DELETE', `${API}/exchange-rates/SEK/${old}`, { token: t.admin })).statusCode).toBe(400);
    expect(
      (await t.call('PUT', `${API}/exchange-rates/SEK/${old}`, { token: t.admin, body: { rate: 1, version: 1 } })).statusCode,
    ).toBe(400);
    expect((await post({ currency: 'SEK', effectiveFrom: D(2), rate: 0.2 })).statusCode).toBe(400);
  });

  it('refuses a rate 10× away from its neighbouring entry with a 400 on the field, and changes nothing', async () => {
    const before = await figures('shop');
    const absurd = await post({ currency: 'SEK', effectiveFrom: D(-15), rate: 1_000_000 });
    expect(absurd.statusCode, absurd.body).toBe(400);
    expect(absurd.json().data.fields).toEqual([
      expect.objectContaining({
        path: 'rate',
        code: 'sales.rateImplausible',
        params: expect.objectContaining({ rate: 1_000_000, currency: 'SEK', factor: 10 }),
        message: expect.stringContaining('10×'),
      }),
    ]);
    // The inverse (SEK per USD instead of USD per SEK) is caught the same way, on a correction too.
    const inverse = await post({ currency: 'SEK', effectiveFrom: D(-15), rate: 9.5 });
    expect(inverse.statusCode).toBe(400);
    const entry = (
      await t.rows<{ version: number }>(`SELECT version FROM exchange_rates WHERE currency = 'SEK' AND day = $1`, [D(-60)])
    )[0];
    const put = await t.call('PUT', `${API}/exchange-rates/SEK/${D(-60)}`, {
      token: t.admin,
      body: { rate: 2, version: entry?.version },
    });
    expect(put.statusCode).toBe(400);
    expect(await t.rows(`SELECT 1 FROM exchange_rates WHERE currency = 'SEK' AND day = $1`, [D(-15)])).toEqual([]);
    expect(await figures('shop')).toEqual(before);
  });

  it('refuses a second entry on a day with 409, and bad bodies with 400', async () => {
    const dup = await post({ currency: 'SEK', effectiveFrom: D(-60), rate: 0.3 });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().msg).toMatch(/already recorded/);
    for (const body of [
      { currency: 'USD', effectiveFrom: D(-5), rate: 1 },
      { currency: 'SEK', effectiveFrom: D(-5), rate: -1 },
      { currency: 'SEK', effectiveFrom: D(-5), rate: 0 },
      { currency: 'SEK', effectiveFrom: D(-5), rate: 0.123456789 },
      { currency: 'SEK', effectiveFrom: '2026-02-30', rate: 0.1 },
      { currency: 'SEK', effectiveFrom: D(-5), rate: 0.1, extra: 1 },
    ]) {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await t.call('GET', `${API}/exchange-rates/XXX`, { token: t.admin })).statusCode).toBe(400);
    expect((await t.call('DELETE', `${API}/exchange-rates/SEK/yesterday`, { token: t.admin })).statusCode).toBe(400);
  });

  it('refuses to delete the only entry that gives sales their rate (409)', async () => {
    await t.rows(`DELETE FROM exchange_rates WHERE currency = 'PLN' AND day <> $1`, [D(-10)]);
    const res = await t.call('DELETE', `${API}/exchange-rates/PLN/${D(-10)}`, { token: t.admin });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().msg).toMatch(/no rate/);
    expect(await t.rows(`SELECT 1 FROM exchange_rates WHERE currency = 'PLN' AND day = $1`, [D(-10)])).toHaveLength(1);
  });

  it('needs a session (401), the page to read and the edit button to write (403)', async () => {
    expect((await t.call('GET', `${API}/exchange-rates`)).statusCode).toBe(401);
    expect(
      (await t.call('POST', `${API}/exchange-rates`, { body: { currency: 'SEK', effectiveFrom: D(-5), rate: 0.1 } })).statusCode,
    ).toBe(401);
    // Shop accounts do not hold the company's master data.
    expect((await t.call('GET', `${API}/exchange-rates`, { token: t.as.shopA })).statusCode).toBe(403);
    expect((await t.call('GET', `${API}/exchange-rates/SEK`, { token: t.as.shopA })).statusCode).toBe(403);
    // The analyst reads but does not write or export.
    expect((await t.call('GET', `${API}/exchange-rates`, { token: t.as.analyst })).statusCode).toBe(200);
    expect((await post({ currency: 'SEK', effectiveFrom: D(-5), rate: 0.1 }, t.as.analyst)).statusCode).toBe(403);
    expect(
      (await t.call('PUT', `${API}/exchange-rates/SEK/${D(-60)}`, { token: t.as.analyst, body: { rate: 1, version: 1 } }))
        .statusCode,
    ).toBe(403);
    expect((await t.call('DELETE', `${API}/exchange-rates/SEK/${D(-60)}`, { token: t.as.analyst })).statusCode).toBe(403);
    expect((await t.call('GET', `${API}/exchange-rates/excel`, { token: t.as.analyst })).statusCode).toBe(403);
  });
});

describe('exchange rates: reads', () => {
  it('lists every marketplace currency but USD with its current rate', async () => {
    const res = await t.call('GET', `${API}/exchange-rates`, { token: t.admin });
    expect(res.statusCode).toBe(200);
    const list = res.json().data as { currency: string; marketIds: number[]; current: { rate: number; effectiveFrom: string } }[];
    expect(list.map((c) => c.currency)).toEqual(['EUR', 'GBP', 'JPY', 'CAD', 'SGD', 'AUD', 'SEK', 'PLN']);
    expect(list.find((c) => c.currency === 'EUR')?.marketIds).toEqual([1, 5, 6, 7, 10]);
    expect(list.find((c) => c.currency === 'SEK')?.current).toEqual({ effectiveFrom: D(-60), rate: 0.1 });
  });

  it('pages the history of a currency with the last day each entry governs', async () => {
    const res = await t.call('GET', `${API}/exchange-rates/SEK`, { token: t.admin, query: { pageSize: '2' } });
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page.list[0]).toMatchObject({ effectiveFrom: D(-60), rate: 0.1, effectiveTo: null, editable: true });
    expect(page.list[1].effectiveTo).toBe(D(-61));
    expect(page.total).toBeGreaterThan(2);
    const asc = await t.call('GET', `${API}/exchange-rates/SEK`, {
      token: t.admin,
      query: { sortOrder: 'ascend', startDate: D(-70) },
    });
    expect(asc.json().data.list.at(-1)).toMatchObject({ effectiveFrom: D(-60) });
    expect(asc.json().data.list[0].effectiveFrom >= D(-70)).toBe(true);
  });

  it('gives the chart series oldest first', async () => {
    const res = await t.call('GET', `${API}/exchange-rates/SEK/series`, { token: t.admin, query: { startDate: D(-65) } });
    expect(res.statusCode).toBe(200);
    const points = res.json().data.points as { day: string; rate: number }[];
    expect(points.at(-1)).toEqual({ day: D(-60), rate: 0.1 });
    expect(points[0]!.day).toBe(D(-66));
    // A period after the last entry still shows the rate in force.
    const later = await t.call('GET', `${API}/exchange-rates/SEK/series`, { token: t.admin, query: { startDate: D(-30) } });
    expect(later.json().data.points).toEqual([{ day: D(-60), rate: 0.1 }]);
  });

  it('exports the entries as .xlsx', async () => {
    const res = await t.call('GET', `${API}/exchange-rates/excel`, { token: t.admin, query: { currency: 'SEK' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/spreadsheetml/);
    const { default: ExcelJS } = await import('exceljs');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Currency');
    const row = sheet.getRow(2);
    expect([1, 2, 3, 5].map((c) => row.getCell(c).value)).toEqual(['SEK', 'SE', D(-60), 0.1]);
    expect(row.getCell(4).value ?? null).toBeNull();
  });
});
