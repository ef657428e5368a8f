/**
 * The "other reads" of spec §7 "Projects" under the sales and PPC paths (docs/projects.md
 * "Other reads"): the SKU names a picker offers, in the caller's shops only; and the
 * advertising figures of a project's SKUs, the same per listing as the PPC board's for the
 * same period, with their totals.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { dataOf, testAppPerFile } from '../../../test/harness';

const t = testAppPerFile({ admin: true, signIn: { shopA: 'shop.a', analyst: 'sales.analyst' } });
const NAMES = '/api/sales/rest/v1/skuBoard/skuNameList';
const PERFORM = '/api/ppc/rest/v4/project/skuPerform';

const rows = async <T>(q: ReturnType<typeof sql>) => (await t.database.db.execute(q)).rows as T[];

interface SkuName {
  sku: string;
  model: string;
  productName: string | null;
  shops: number;
}
interface Figures {
  spend: number;
  sales: number;
  clicks: number;
  impressions: number;
  orders: number;
}
interface PerformRow extends Figures {
  listingId: number;
  sku: string;
  model: string;
  shopId: number;
  matchedBy: string;
}
interface Perform {
  projectId: number;
  skus: string[];
  startDate: string;
  endDate: string;
  list: PerformRow[];
  sum: Figures;
}

let project: { id: number; skus: string[]; start: string };

beforeAll(async () => {
  const [p] = await rows<{ id: number; skus: string[]; start: string }>(sql`
    SELECT id, skus, (details->>'launchDate') AS start FROM projects
     WHERE account_id = 1 AND type = 'GTM_PROJECT' AND run_status = 'RUNNING' AND cardinality(skus) > 0 ORDER BY id LIMIT 1`);
  if (!p) throw new Error('the demo has a running GTM project');
  project = { ...p, id: Number(p.id) };
});

describe('skuBoard/skuNameList', () => {
  it("answers the SKUs of the caller's shops matching a keyword, SKUs starting with it first", async () => {
    const [one] = await rows<{ sku: string; model: string }>(sql`
      SELECT sk.sku, p.model FROM listings li JOIN skus sk ON sk.id = li.sku_id JOIN products p ON p.id = sk.product_id
        JOIN shops sh ON sh.id = li.shop_id WHERE sh.account_id = 1 ORDER BY sk.sku LIMIT 1`);
    if (!one) throw new Error('the demo has listings');
    const res = await t.call('GET', NAMES, { token: t.admin, query: { keyword: one.model.toLowerCase(), limit: '50' } });
    expect(res.statusCode, res.body).toBe(200);
    const list = dataOf<SkuName[]>(res);
    expect(list.length).toBeGreaterThan(0);
    expect(list.length).toBeLessThanOrEqual(50);
    for (const x of list) {
      const hay = `${x.sku} ${x.model} ${x.productName ?? ''}`.toLowerCase();
      expect(hay).toContain(one.model.toLowerCase());
      expect(x.shops).toBeGreaterThan(0);
    }
    expect(new Set(list.map((x) => x.sku)).size).toBe(list.length);
    const exact = dataOf<SkuName[]>(await t.call('GET', NAMES, { token: t.admin, query: { keyword: one.sku } }));
    expect(exact[0]?.sku.toLowerCase().startsWith(one.sku.toLowerCase())).toBe(true);
    // Wildcards are text: a keyword of '%' matches only SKUs or names holding a '%'.
    const pct = dataOf<SkuName[]>(await t.call('GET', NAMES, { token: t.admin, query: { keyword: '%' } }));
    for (const x of pct) expect(`${x.sku}${x.model}${x.productName ?? ''}`).toContain('%');
  });

  it('keeps an external account to the SKUs its own shops list', async () => {
    const own = await rows<{ sku: string }>(sql`
      SELECT DISTINCT sk.sku FROM listings li JOIN skus sk ON sk.id = li.sku_id JOIN shops sh ON sh.id = li.shop_id
        JOIN users u ON u.account_id = sh.account_id WHERE u.login_name = 'shop.a'`);
    const allowed = new Set(own.map((r) => r.sku));
    const list = dataOf<SkuName[]>(await t.call('GET', NAMES, { token: t.as.shopA, query: { limit: '50' } }));
    for (const x of list) expect(allowed.has(x.sku), x.sku).toBe(true);
    // A SKU only the company's shops list is not found by its name either.
    const [foreign] = await rows<{ sku: string }>(sql`
      SELECT sk.sku FROM listings li JOIN skus sk ON sk.id = li.sku_id JOIN shops sh ON sh.id = li.shop_id
       WHERE sh.account_id = 1 AND sk.sku NOT IN (SELECT jsonb_array_elements_text(${JSON.stringify([...allowed])}::jsonb)) LIMIT 1`);
    if (foreign) {
      const hit = dataOf<SkuName[]>(await t.call('GET', NAMES, { token: t.as.shopA, query: { keyword: foreign.sku } }));
      expect(hit.map((x) => x.sku)).not.toContain(foreign.sku);
    }
  });

  it('refuses a bad limit or keyword with 400 and nothing without a session', async () => {
    const bad: Record<string, string>[] = [{ limit: '0' }, { limit: '51' }, { limit: 'x' }, { keyword: 'x'.repeat(101) }];
    for (const query of bad) {
      expect((await t.call('GET', NAMES, { token: t.admin, query })).statusCode, JSON.stringify(query)).toBe(400);
    }
    expect((await t.call('GET', NAMES)).statusCode).toBe(401);
  });
});

describe('project/skuPerform', () => {
  it("answers the project's listings from its launch day to yesterday, each as the PPC board counts it", async () => {
    const res = await t.call('GET', PERFORM, { token: t.admin, query: { projectId: String(project.id) } });
    expect(res.statusCode, res.body).toBe(200);
    const d = dataOf<Perform>(res);
    expect(d.skus).toEqual(project.skus);
    expect(d.startDate).toBe(project.start);
    const [y] = await rows<{ d: string }>(sql`SELECT (current_date - 1)::text AS d`);
    expect(d.endDate).toBe(y?.d);
    // Exactly the account's listings whose SKU or model the project names.
    const expected = await rows<{ id: number }>(sql`
      SELECT li.id FROM listings li JOIN skus sk ON sk.id = li.sku_id JOIN products p ON p.id = sk.product_id
        JOIN shops sh ON sh.id = li.shop_id
       WHERE sh.account_id = 1 AND (sk.sku IN (SELECT jsonb_array_elements_text(${JSON.stringify(project.skus)}::jsonb))
                                  OR p.model IN (SELECT jsonb_array_elements_text(${JSON.stringify(project.skus)}::jsonb)))`);
    expect(d.list.map((r) => r.listingId).sort((a, b) => a - b)).toEqual(expected.map((r) => Number(r.id)).sort((a, b) => a - b));
    for (const r of d.list) expect(project.skus).toContain(r.matchedBy);
    // The same figures as the PPC board's SKU list over the same period.
    const board = await t.call('GET', '/api/ppc/rest/v4/index/skuPerform', {
      token: t.admin,
      query: { startDate: d.startDate, endDate: d.endDate, pageSize: '500' },
    });
    expect(board.statusCode, board.body).toBe(200);
    const byListing = new Map(dataOf<{ list: PerformRow[] }>(board).list.map((r) => [r.listingId, r]));
    let spend = 0;
    for (const r of d.list) {
      const b = byListing.get(r.listingId);
      expect(r.spend).toBe(b?.spend ?? 0);
      expect(r.clicks).toBe(b?.clicks ?? 0);
      expect(r.sales).toBe(b?.sales ?? 0);
      spend += r.spend;
    }
    expect(d.sum.spend).toBeCloseTo(spend, 2);
    expect(d.sum.spend).toBeGreaterThan(0);
  });

  it('takes a period, refuses a bad one and an unknown project', async () => {
    const res = await t.call('GET', PERFORM, {
      token: t.admin,
      query: { projectId: String(project.id), startDate: '2026-01-01', endDate: '2026-01-31' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(dataOf<Perform>(res)).toMatchObject({ startDate: '2026-01-01', endDate: '2026-01-31' });
    const bad: Record<string, string>[] = [
      { startDate: '2026-02-30' },
      { projectId: 'x' },
      { startDate: '2026-03-10', endDate: '2026-03-01' },
    ];
    for (const q of bad) {
      const r = await t.call('GET', PERFORM, { token: t.admin, query: { projectId: String(project.id), ...q } });
      expect(r.statusCode, JSON.stringify(q)).toBe(400);
    }
    expect((await t.call('GET', PERFORM, { token: t.admin, query: { projectId: '999999' } })).statusCode).toBe(404);
    expect((await t.call('GET', PERFORM, { token: t.as.analyst, query: { projectId: String(project.id) } })).statusCode).toBe(
      403,
    );
  });

  it('answers an empty list for a project that names no SKU', async () => {
    const [p] = await rows<{ id: number }>(sql`
      INSERT INTO projects (account_id, code, name, type, owner_id, created_by)
      SELECT 1, 'OR-1', 'No SKUs', 'GTM_PROJECT', u.id, u.id FROM users u WHERE u.login_name = 'admin' RETURNING id`);
    const d = dataOf<Perform>(await t.call('GET', PERFORM, { token: t.admin, query: { projectId: String(p?.id) } }));
    expect(d).toMatchObject({ skus: [], list: [], sum: { spend: 0, clicks: 0 } });
  });
});
