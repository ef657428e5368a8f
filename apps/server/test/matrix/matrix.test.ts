/**
 * The permission matrix: every API route, called as every actor, answers the status its
 * row names. Then the isolation sweep: a canary seeded into shop B's rows appears nowhere
 * that shop A can read.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../harness';
import { multipart } from '../multipart';
import { testShareArea } from '../share-kinds';
import { ACTORS, type ActorFactory, prepareActors } from './actors';
import { type MatrixRequest, ROWS } from './rows';

function multipartRequest(m: NonNullable<MatrixRequest['multipart']>, token: string | null) {
  const { payload, headers } = multipart(m.fields, m.file);
  return { payload, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } };
}

/** Read routes called side by side. */
const MATRIX_BATCH = 8;

let t: TestApp;
let actors: ActorFactory;
beforeAll(async () => {
  // The tests' share kind: the app has none of its own yet (platform/share/share.matrix.ts).
  t = await createTestApp({}, { extraAreas: [testShareArea] });
  actors = await prepareActors(t);
});
afterAll(async () => t.close());

// The API, and the public pages an area serves outside it (a trial's page: access 'public').
const apiRoutes = () =>
  t.app.routeList
    .filter(
      (r) => ((r.url.startsWith('/api/') && !r.url.startsWith('/api/docs')) || r.access === 'public') && r.method !== 'HEAD',
    )
    .map((r) => `${r.method} ${r.url}`);

describe('permission matrix', () => {
  it('has a row for every API route and no row for a route that does not exist', () => {
    const routes = apiRoutes().sort();
    expect(routes.filter((r) => !ROWS[r])).toEqual([]);
    expect(Object.keys(ROWS).filter((r) => !routes.includes(r))).toEqual([]);
  });

  it('answers every cell with its expected status', async () => {
    const mismatches: string[] = [];
    const routes = apiRoutes();
    // Each cell's `n` depends only on the route's place in the list and the actor's, so a cell
    // makes the same request whatever ran beside it.
    const callRoute = async (key: string, index: number) => {
      const row = ROWS[key];
      if (!row) return;
      const expected = row.expect.split(/\s+/).map(Number);
      expect(expected).toHaveLength(ACTORS.length);
      const method = key.split(' ')[0] as string;
      for (const [i, actor] of ACTORS.entries()) {
        const req = await row.request({ n: index * ACTORS.length + i + 1, pool: t.database.pool });
        const token = await actors.token(actor);
        const res = req.multipart
          ? await t.app.inject({
              method: method as 'POST',
              url: req.url,
              ...multipartRequest(req.multipart, token),
            })
          : await t.call(method, req.url, { token: token ?? undefined, query: req.query, body: req.body, headers: req.headers });
        if (res.statusCode !== expected[i])
          mismatches.push(`${key} as ${actor}: ${res.statusCode}, expected ${expected[i]} — ${res.body.slice(0, 160)}`);
      }
    };
    // Reads change nothing, so they go in parallel batches (most of a cell's time is spent
    // waiting on PostgreSQL); writes stay one at a time, in the rows' order, since a write
    // row's expected status may rest on what an earlier one left. Batches keep the matrix's
    // time flat as the routes grow (docs/performance.md, "npm test's budget").
    const reads = routes.flatMap((key, index) => (key.startsWith('GET ') ? [{ key, index }] : []));
    for (let b = 0; b < reads.length; b += MATRIX_BATCH) {
      await Promise.all(reads.slice(b, b + MATRIX_BATCH).map(({ key, index }) => callRoute(key, index)));
    }
    for (const [index, key] of routes.entries()) if (!key.startsWith('GET ')) await callRoute(key, index);
    console.log(`permission matrix: ${routes.length} routes × ${ACTORS.length} actors = ${routes.length * ACTORS.length} cells`);
    expect(mismatches.sort()).toEqual([]);
  }, 300_000);
});

describe('shop isolation', () => {
  it('never shows shop B’s rows to shop A in anything A can read', async () => {
    const CANARY = 'CANARY-SHOP-B-7f3a';
    await t.database.pool.query(
      `UPDATE shops SET name = $1 WHERE account_id = (SELECT account_id FROM users WHERE login_name = 'shop.b')`,
      [CANARY],
    );
    await t.database.pool.query(`UPDATE users SET user_name = $1, email = 'canary-b@example.com' WHERE login_name = 'shop.b'`, [
      CANARY,
    ]);
    const shopBIds = (await t.database.pool.query(`SELECT id FROM shops WHERE name = $1`, [CANARY])).rows.map((r) => r.id);
    // Shop B's listings and SKUs carry the canary too, so sales rows and exports are covered.
    await t.database.pool.query(`UPDATE listings SET title = $1 || ' ' || title WHERE shop_id = ANY($2)`, [CANARY, shopBIds]);
    await t.database.pool.query(
      `UPDATE skus SET sku = $1 || '-' || sku WHERE id IN (SELECT sku_id FROM listings WHERE shop_id = ANY($2))`,
      [CANARY, shopBIds],
    );
    const textOf = async (res: { headers: Record<string, unknown>; body: string; rawPayload: Buffer }) => {
      if (!String(res.headers['content-type'] ?? '').includes('spreadsheetml')) return res.body;
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const cells: string[] = [];
      for (const ws of wb.worksheets) ws.eachRow((row) => cells.push(JSON.stringify(row.values)));
      return cells.join('\n');
    };
    let reads = 0;
    let exports = 0;
    let rowsSeen = 0;
    for (const key of apiRoutes().filter((k) => k.startsWith('GET '))) {
      const row = ROWS[key];
      if (!row) continue;
      const req = await row.request({ n: 100000 + reads, pool: t.database.pool });
      const token = (await actors.token('shopA')) ?? undefined;
      const res = await t.call('GET', req.url, { token, query: req.query });
      reads++;
      const text = await textOf(res);
      if (text !== res.body) exports++;
      if (key.includes('sales_profit') && res.statusCode === 200 && text === res.body)
        rowsSeen += ((res.json() as { data: { list?: unknown[] } }).data.list ?? []).length;
      expect(text.includes(CANARY), `${key} leaked shop B to shop A`).toBe(false);
      expect(text.includes('canary-b@example.com'), `${key} leaked shop B's user to shop A`).toBe(false);
    }
    expect(reads).toBeGreaterThan(5);
    expect(exports, 'the sweep reads the exports as spreadsheets').toBeGreaterThanOrEqual(2);
    // Shop A sees its own sales, so an empty answer cannot pass for isolation.
    expect(rowsSeen).toBeGreaterThan(0);
    expect(shopBIds.length).toBeGreaterThanOrEqual(1);
  });
});
