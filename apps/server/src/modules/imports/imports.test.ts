/**
 * The import facility end to end on the sample files of test/fixtures/imports: preview
 * without writing, commit in one transaction, idempotent re-import, restated days,
 * period totals, held unknown files, refusals, and isolation.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppPerFile } from '../../../test/harness';
import { multipart } from '../../../test/multipart';
import { listedUsShop } from '../../../test/scenarios';

const t = testAppPerFile({ admin: true, signIn: { shopA: 'shop.a', analyst: 'sales.analyst' } });
let shop: number;

type Json = Record<string, unknown>;
const fixture = (name: string) => readFileSync(new URL(`../../../test/fixtures/imports/${name}`, import.meta.url));

async function upload(token: string, fields: Record<string, string>, file?: { name: string; bytes: Buffer }) {
  const { payload, headers } = multipart(fields, file);
  return t.app.inject({
    method: 'POST',
    url: '/api/imports',
    payload,
    headers: { ...headers, authorization: `Bearer ${token}` },
  });
}
const json = (res: { json(): unknown }) => res.json() as { code: number; msg: string; data: Json };
const commit = (id: unknown, body: Json = {}, token = t.admin) => t.call('POST', `/api/imports/${id}/commit`, { token, body });
const factsOf = async (day: string) =>
  t.rows<{ sku: string; units: number; orders: number; revenue: string }>(
    `SELECT sk.sku, f.units, f.orders, f.revenue FROM sales_facts f JOIN skus sk ON sk.id = f.sku_id
      WHERE f.shop_id = $1 AND f.day = $2 ORDER BY sk.sku`,
    [shop, day],
  );
const orderLines = () =>
  t.rows(
    `SELECT order_id, asin, sku, quantity, import_id FROM orders WHERE order_id LIKE '112-%-7654321' ORDER BY order_id, asin`,
  );
const countFacts = async () =>
  (await t.rows<{ n: number }>(`SELECT count(*)::int AS n FROM sales_facts WHERE shop_id = $1`, [shop]))[0]!.n;

beforeAll(async () => {
  shop = await listedUsShop(t, {
    shopName: 'Import US',
    sellerId: 'AIMPORTTEST01',
    product: { model: 'IMP1', name: '导入测试', nameEn: 'Import test' },
    listings: [
      ['H6199-US', 'B0C1234567'],
      ['H6199-US-65', 'B0C1234568'],
      ['H6022-US', 'B0C2345678'],
      ['H6022-US-2PK', 'B0C2345679'],
      ['H7020-US', 'B0C3456789'],
    ],
  });
});

describe('All Orders: preview, commit, re-import', () => {
  let first: Json;
  it('previews per listing and marketplace-local day without writing, with per-row errors', async () => {
    const res = await upload(
      t.admin,
      { kind: 'all-orders', shopId: String(shop) },
      { name: 'orders.txt', bytes: fixture('ao-2023.txt') },
    );
    expect(res.statusCode, res.body).toBe(200);
    first = json(res).data;
    expect(first).toMatchObject({
      kind: 'all-orders',
      status: 'preview',
      variant: expect.any(String),
      marketId: 0,
      currency: 'USD',
      timeZone: 'America/Los_Angeles',
      rowCount: 3,
      errorCount: 1,
    });
    expect(first.fileHash).toMatch(/^[0-9a-f]{64}$/);
    expect(first.rateSnapshot).toMatchObject({ '2026-07-15': 1 });
    expect(first.errors).toEqual([
      expect.objectContaining({ line: 4, column: 'sku', message: expect.stringContaining('H7101-US') }),
    ]);
    const rows = first.rows as Json[];
    expect(rows.map((r) => [r.sku, r.day, r.units, r.revenue])).toEqual([
      ['H6199-US', '2026-07-15', 1, 19.99],
      ['H6022-US-2PK', '2026-07-16', 2, 143.98],
      ['H7020-US', '2026-07-17', 1, 39.99],
    ]);
    expect(await countFacts()).toBe(0);
  });

  it('refuses to write a file with errors unless asked for its good rows, then writes them in one go', async () => {
    const refused = await commit(first.id);
    expect(refused.statusCode).toBe(400);
    expect(await countFacts()).toBe(0);
    const res = await commit(first.id, { skipErrorRows: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data).toMatchObject({
      status: 'committed',
      result: { inserted: 3, updated: 0, unchanged: 0, zeroed: 0, days: ['2026-07-15', '2026-07-16', '2026-07-17'] },
    });
    expect(await factsOf('2026-07-16')).toEqual([{ sku: 'H6022-US-2PK', units: 2, orders: 1, revenue: '143.98' }]);
    const again = await commit(first.id, { skipErrorRows: true });
    expect(again.statusCode).toBe(409);
    // The order lines for the mail automation (the line without a listing is not one of the shop's).
    expect(await orderLines()).toEqual([
      { order_id: '112-1234567-7654321', asin: 'B0C1234567', sku: 'H6199-US', quantity: 1, import_id: first.id },
      { order_id: '112-2345678-7654321', asin: 'B0C2345679', sku: 'H6022-US-2PK', quantity: 2, import_id: first.id },
      { order_id: '112-4567890-7654321', asin: 'B0C3456789', sku: 'H7020-US', quantity: 1, import_id: first.id },
    ]);
  });

  it('changes nothing when the same file is imported again, and says it was imported before', async () => {
    const res = await upload(
      t.admin,
      { kind: 'all-orders', shopId: String(shop) },
      { name: 'orders.txt', bytes: fixture('ao-2023.txt') },
    );
    const preview = json(res).data;
    expect(preview.duplicateOf).toBe(first.id);
    expect((preview.warnings as Json[])[0]?.message).toContain(`#${first.id}`);
    const before = await t.rows(
      `SELECT listing_id, day, units, revenue, updated_at FROM sales_facts WHERE shop_id = $1 ORDER BY 1, 2`,
      [shop],
    );
    const done = json(await commit(preview.id, { skipErrorRows: true })).data;
    expect(done.result).toMatchObject({ inserted: 0, updated: 0, unchanged: 3, zeroed: 0, changes: [] });
    const after = await t.rows(`SELECT listing_id, day, units, revenue FROM sales_facts WHERE shop_id = $1 ORDER BY 1, 2`, [
      shop,
    ]);
    expect(after).toEqual(before.map(({ updated_at: _u, ...r }) => r));
    // Order lines: idempotent on order id + ASIN, and what the file does not hold (delivery, buyer) is kept.
    expect((await orderLines()).map((o) => [o.order_id, o.import_id])).toEqual([
      ['112-1234567-7654321', preview.id],
      ['112-2345678-7654321', preview.id],
      ['112-4567890-7654321', preview.id],
    ]);
    expect(
      await t.rows(`SELECT count(*)::int AS n FROM orders WHERE order_id LIKE '112-%-7654321' AND delivery_date IS NOT NULL`),
    ).toEqual([{ n: 0 }]);
  });

  it('lists the history with who, when, hash and variant', async () => {
    const res = await t.call('GET', '/api/imports', { token: t.admin, query: { shopId: String(shop) } });
    const page = json(res).data as { list: Json[]; total: number };
    expect(page.total).toBe(2);
    expect(page.list[0]).toMatchObject({
      status: 'committed',
      createdBy: expect.any(String),
      fileHash: first.fileHash,
      variant: first.variant,
    });
  });
});

describe('Business Report', () => {
  it('turns a one-day report into that day’s facts, and a restated re-import replaces the day and shows the change', async () => {
    const fields = { kind: 'business-report', shopId: String(shop), periodStart: '2026-07-20', periodEnd: '2026-07-20' };
    const res = await upload(t.admin, fields, { name: 'br.csv', bytes: fixture('br-en-2023.csv') });
    expect(res.statusCode, res.body).toBe(200);
    const preview = json(res).data;
    expect(preview).toMatchObject({ status: 'preview', errorCount: 0, rowCount: 5, currency: 'USD' });
    const done = json(await commit(preview.id)).data;
    expect(done.result).toMatchObject({ inserted: 5, days: ['2026-07-20'] });
    expect((await factsOf('2026-07-20')).find((f) => f.sku === 'H6199-US')).toMatchObject({
      units: 57,
      orders: 55,
      revenue: '1937.41',
    });

    const restated = Buffer.from(
      fixture('br-en-2023.csv').toString('utf8').replace('"57","2"', '"60","2"').replace('"$1,937.41"', '"$2,039.40"'),
    );
    const second = json(await upload(t.admin, fields, { name: 'br-restated.csv', bytes: restated })).data;
    const result = json(await commit(second.id)).data.result as Json;
    expect(result).toMatchObject({ inserted: 0, updated: 1, unchanged: 4 });
    expect(result.changes).toEqual([
      expect.objectContaining({ day: '2026-07-20', unitsAfter: ((result.changes as Json[])[0]!.unitsBefore as number) + 3 }),
    ]);
    expect((await factsOf('2026-07-20')).find((f) => f.sku === 'H6199-US')).toMatchObject({ units: 60, revenue: '2039.40' });
  });

  it('keeps a longer report as period totals, never spread over days', async () => {
    const facts = await countFacts();
    const fields = { kind: 'business-report', shopId: String(shop), periodStart: '2026-06-01', periodEnd: '2026-06-30' };
    const preview = json(await upload(t.admin, fields, { name: 'br-june.csv', bytes: fixture('br-en-2023.csv') })).data;
    expect((preview.rows as Json[])[0]).toMatchObject({ day: null });
    const done = json(await commit(preview.id)).data;
    expect(done.result).toMatchObject({ periodTotals: 5, inserted: 0, days: [] });
    expect(await countFacts()).toBe(facts);
    const totals = await t.rows(`SELECT units, revenue FROM sales_period_totals WHERE shop_id = $1 ORDER BY units DESC`, [shop]);
    expect(totals[0]).toMatchObject({ units: 389, revenue: '12345.67' });
  });

  it('needs the period of a Business Report', async () => {
    const res = await upload(
      t.admin,
      { kind: 'business-report', shopId: String(shop) },
      { name: 'br.csv', bytes: fixture('br-en-2023.csv') },
    );
    expect(res.statusCode).toBe(400);
    expect(json(res).data).toMatchObject({ fields: [expect.objectContaining({ path: 'periodStart' })] });
  });
});

describe('files that are not written', () => {
  it('holds an unknown column set for review with a diff, and never commits it', async () => {
    const fields = { kind: 'business-report', shopId: String(shop), periodStart: '2026-07-21', periodEnd: '2026-07-21' };
    const preview = json(await upload(t.admin, fields, { name: 'odd.csv', bytes: fixture('br-unknown.csv') })).data;
    expect(preview).toMatchObject({ status: 'held', variant: null, rowCount: 0 });
    expect(preview.unknownHeader).toMatchObject({
      closestVariant: 'br-en-2023',
      unexpected: expect.arrayContaining(['Revenue']),
    });
    expect((await commit(preview.id, { skipErrorRows: true })).statusCode).toBe(409);
  });

  it('refuses a file in another currency than the shop’s', async () => {
    const fields = { kind: 'business-report', shopId: String(shop), periodStart: '2026-07-22', periodEnd: '2026-07-22' };
    const preview = json(await upload(t.admin, fields, { name: 'de.csv', bytes: fixture('br-de.csv') })).data;
    expect(preview.status).toBe('held');
    expect((preview.errors as Json[])[0]?.message).toContain('EUR');
    expect((await commit(preview.id, { skipErrorRows: true })).statusCode).toBe(409);
  });

  it('refuses bad uploads with clear errors and stores nothing', async () => {
    const [{ n: before }] = (await t.rows<{ n: number }>(`SELECT count(*)::int AS n FROM imports`)) as [{ n: number }];
    const noFile = await upload(t.admin, { kind: 'all-orders', shopId: String(shop) });
    expect(noFile.statusCode).toBe(400);
    const badKind = await upload(
      t.admin,
      { kind: 'tax-return', shopId: String(shop) },
      { name: 'x.txt', bytes: fixture('ao-2023.txt') },
    );
    expect(badKind.statusCode).toBe(400);
    const wrongMarket = await upload(
      t.admin,
      { kind: 'all-orders', shopId: String(shop), marketId: '1' },
      { name: 'x.txt', bytes: fixture('ao-2023.txt') },
    );
    expect(wrongMarket.statusCode).toBe(400);
    const empty = await upload(t.admin, { kind: 'all-orders', shopId: String(shop) }, { name: 'x.txt', bytes: Buffer.alloc(0) });
    expect(empty.statusCode).toBe(400);
    const json400 = await t.call('POST', '/api/imports', { token: t.admin, body: { kind: 'all-orders' } });
    expect(json400.statusCode).toBe(400);
    const [{ n: after }] = (await t.rows<{ n: number }>(`SELECT count(*)::int AS n FROM imports`)) as [{ n: number }];
    expect(after).toBe(before);
  });

  it('discards a preview, after which it cannot be committed', async () => {
    const preview = json(
      await upload(t.admin, { kind: 'all-orders', shopId: String(shop) }, { name: 'o.txt', bytes: fixture('ao-2019.txt') }),
    ).data;
    const res = await t.call('DELETE', `/api/imports/${preview.id}`, { token: t.admin });
    expect(json(res).data).toMatchObject({ status: 'discarded' });
    expect((await commit(preview.id, { skipErrorRows: true })).statusCode).toBe(409);
  });
});

describe('permissions and isolation', () => {
  it('keeps other accounts and callers without the import permission out', async () => {
    const [imp] = await t.rows<{ id: number }>(`SELECT id FROM imports WHERE shop_id = $1 ORDER BY id LIMIT 1`, [shop]);
    expect((await t.call('GET', `/api/imports/${imp!.id}`, { token: t.as.shopA })).statusCode).toBe(404);
    expect((await commit(imp!.id, { skipErrorRows: true }, t.as.shopA)).statusCode).toBe(404);
    const list = json(await t.call('GET', '/api/imports', { token: t.as.shopA })).data as { list: Json[] };
    expect(list.list.every((i) => i.shopId !== shop)).toBe(true);
    const intoForeign = await upload(
      t.as.shopA,
      { kind: 'all-orders', shopId: String(shop) },
      { name: 'o.txt', bytes: fixture('ao-2023.txt') },
    );
    expect(intoForeign.statusCode).toBe(404);
    const noPermission = await upload(
      t.as.analyst,
      { kind: 'all-orders', shopId: String(shop) },
      { name: 'o.txt', bytes: fixture('ao-2023.txt') },
    );
    expect(noPermission.statusCode).toBe(403);
  });
});
