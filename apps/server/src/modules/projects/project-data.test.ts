/**
 * Project data (docs/projects.md "Project data"): product targets, the GTM / new-listing data
 * rows and a project's weeks equal a direct sum of the day rollup over its SKUs or models from
 * its start day in the caller's shops; the departments of development projects; the external
 * link (validated, versioned, logged). 403 without the project page, 400 codes.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { dataOf, testAppPerFile } from '../../../test/harness';
import { textArray } from './projects.repository';

const t = testAppPerFile({ admin: true });
let gtm: { id: number; skus: string[]; start: string; details: { targetUnits: number; targetRevenue: number } };

const rows = async <T>(q: ReturnType<typeof sql>) => (await t.database.db.execute(q)).rows as T[];

/** The rollup's units, cents and ad cents of `skus` (SKU or model) in `account`'s shops, `from` … yesterday. */
async function direct(account: number, skus: string[], from: string) {
  const [r] = await rows<{ units: string; cents: string; ad: string }>(sql`
    SELECT COALESCE(sum(d.units), 0) AS units, COALESCE(sum(d.revenue_cents), 0) AS cents, COALESCE(sum(d.ad_spend_cents), 0) AS ad
      FROM sales_listing_day d JOIN listings li ON li.id = d.listing_id JOIN skus sk ON sk.id = li.sku_id
      JOIN products pr ON pr.id = sk.product_id JOIN shops sh ON sh.id = d.shop_id
     WHERE sh.account_id = ${account} AND (sk.sku = ANY (${textArray(skus)}) OR pr.model = ANY (${textArray(skus)}))
       AND d.day >= ${from}::date AND d.day < current_date`);
  return { units: Number(r?.units), revenue: Number(r?.cents) / 100, ad: Number(r?.ad) / 100 };
}

beforeAll(async () => {
  const [p] = await rows<{ id: number; skus: string[]; start: string; details: typeof gtm.details }>(sql`
    SELECT id, skus, (details->>'launchDate') AS start, details FROM projects
     WHERE account_id = 1 AND type = 'GTM_PROJECT' AND run_status = 'RUNNING' AND cardinality(skus) > 0 ORDER BY id LIMIT 1`);
  if (!p) throw new Error('the demo has a running GTM project');
  gtm = { ...p, id: Number(p.id) };
});

describe('product targets and a project weekly data', () => {
  it('answers the monthly target, split evenly over the SKUs, from the launch day', async () => {
    const res = await t.call('GET', '/api/digitize/rest/v1/project/product-target', {
      token: t.admin,
      query: { projectId: String(gtm.id) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const d = dataOf<{
      startDay: string;
      startSource: string;
      monthlyUnits: number;
      skus: { sku: string; monthlyUnits: number }[];
    }>(res);
    expect(d.startDay).toBe(gtm.start);
    expect(d.startSource).toBe('launch');
    expect(d.monthlyUnits).toBe(gtm.details.targetUnits);
    expect(d.skus.map((s) => s.sku)).toEqual(gtm.skus);
    expect(d.skus[0]?.monthlyUnits).toBeCloseTo(gtm.details.targetUnits / gtm.skus.length, 2);
  });

  it('sums the weeks since launch to the rollup, with the target of the days counted', async () => {
    const res = await t.call('GET', '/api/digitize/rest/project/data', { token: t.admin, query: { projectId: String(gtm.id) } });
    expect(res.statusCode, res.body).toBe(200);
    const d = dataOf<{
      from: string;
      total: { units: number; revenue: number; adSpend: number; targetUnits: number };
      weeks: { from: string; to: string; units: number }[];
    }>(res);
    const want = await direct(1, gtm.skus, gtm.start);
    expect(d.from).toBe(gtm.start);
    expect(d.total.units).toBe(want.units);
    expect(d.total.units).toBeGreaterThan(0);
    expect(d.total.revenue).toBeCloseTo(want.revenue, 2);
    expect(d.total.adSpend).toBeCloseTo(want.ad, 2);
    expect(d.weeks.reduce((a, w) => a + w.units, 0)).toBe(want.units);
    // The target of the days: a month with a GTM goal counts its goal ÷ its days, any other day the flat ÷ 30.
    const [days] = await rows<{ flat: number; goal: string | null }>(sql`
      SELECT count(*) FILTER (WHERE g.month IS NULL)::int AS flat,
             sum(g.units::numeric / extract(day FROM date_trunc('month', dd) + interval '1 month' - interval '1 day')) AS goal
        FROM generate_series(${gtm.start}::date, current_date - 1, interval '1 day') dd
        LEFT JOIN gtm_goal_months g ON g.project_id = ${gtm.id} AND g.month = to_char(dd, 'YYYY-MM')`);
    expect(d.total.targetUnits).toBeCloseTo((gtm.details.targetUnits * Number(days?.flat)) / 30 + Number(days?.goal ?? 0), 1);
    // One SKU: its share; a SKU the project does not name is a coded 400.
    const one = await t.call('GET', '/api/digitize/rest/project/data', {
      token: t.admin,
      query: { projectId: String(gtm.id), sku: gtm.skus[0] ?? '' },
    });
    expect(dataOf<{ total: { units: number } }>(one).total.units).toBe((await direct(1, [gtm.skus[0] ?? ''], gtm.start)).units);
    // The same SKU and days on /salesProfit (issue #23: no board disagrees with another).
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const sku = gtm.skus[0] ?? '';
    const profit = await t.call('GET', '/api/sales/rest/v1/listings/sku/sales_profit', {
      token: t.admin,
      query: { startDate: gtm.start, endDate: yesterday, keyword: sku, pageSize: '500' },
    });
    expect(profit.statusCode, profit.body.slice(0, 200)).toBe(200);
    // A project names SKUs or models: the listings of the SKUs it stands for.
    const named = new Set(
      (
        await rows<{ sku: string }>(sql`
          SELECT sk.sku FROM skus sk JOIN products pr ON pr.id = sk.product_id WHERE sk.sku = ${sku} OR pr.model = ${sku}`)
      ).map((r) => r.sku),
    );
    const listings = dataOf<{ list: { sku: string; units: number; revenue: number }[] }>(profit).list.filter((r) =>
      named.has(r.sku),
    );
    expect(listings.length).toBeGreaterThan(0);
    const oneTotal = dataOf<{ total: { units: number; revenue: number } }>(one).total;
    expect(listings.reduce((a, r) => a + r.units, 0)).toBe(oneTotal.units);
    expect(listings.reduce((a, r) => a + r.revenue, 0)).toBeCloseTo(oneTotal.revenue, 1);
    const other = await t.call('GET', '/api/digitize/rest/project/data', {
      token: t.admin,
      query: { projectId: String(gtm.id), sku: 'NOT-OURS' },
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().data.fields[0]).toMatchObject({ path: 'sku', code: 'invalidOption' });
  });
});

describe('the data rows of the GTM and new-listing screens', () => {
  it('one row per project and SKU, equal to the rollup over the period, attainment against the target', async () => {
    const res = await t.call('GET', '/api/digitize/rest/v1/project/data/list', {
      token: t.admin,
      query: { type: 'GTM_PROJECT', keyword: gtm.skus[0] ?? '', pageSize: '100' },
    });
    expect(res.statusCode, res.body).toBe(200);
    type Row = { projectId: number; sku: string; units: number; revenue: number; targetRevenue: number; attainment: number };
    const list = dataOf<{ list: Row[] }>(res).list.filter((r) => r.projectId === gtm.id);
    expect(list.map((r) => r.sku)).toEqual(gtm.skus);
    for (const r of list) {
      const want = await direct(1, [r.sku], gtm.start);
      expect(r.units).toBe(want.units);
      expect(r.revenue).toBeCloseTo(want.revenue, 2);
      expect(r.attainment).toBeCloseTo((r.revenue * 100) / r.targetRevenue, 1);
    }
    // A period: from … to, inside start … yesterday.
    const [w] = await rows<{ from: string; to: string }>(
      sql`SELECT (current_date - 10)::text AS "from", (current_date - 4)::text AS "to"`,
    );
    const period = await t.call('GET', '/api/digitize/rest/v1/project/data/list', {
      token: t.admin,
      query: { type: 'GTM_PROJECT', keyword: gtm.skus[0] ?? '', from: w?.from ?? '', to: w?.to ?? '' },
    });
    const first = dataOf<{ list: (Row & { from: string; to: string })[] }>(period).list.find((r) => r.projectId === gtm.id);
    expect(first).toMatchObject({ from: w?.from, to: w?.to });
    const [win] = await rows<{ units: string }>(sql`
      SELECT COALESCE(sum(d.units), 0) AS units FROM sales_listing_day d JOIN listings li ON li.id = d.listing_id
        JOIN skus sk ON sk.id = li.sku_id JOIN products pr ON pr.id = sk.product_id JOIN shops sh ON sh.id = d.shop_id
       WHERE sh.account_id = 1 AND (sk.sku = ${first?.sku} OR pr.model = ${first?.sku}) AND d.day BETWEEN ${w?.from}::date AND ${w?.to}::date`);
    expect(first?.units).toBe(Number(win?.units));
  });

  it('sorts, pages, streams the export behind its button and refuses a bad period with its code', async () => {
    const sorted = await t.call('GET', '/api/digitize/rest/v1/project/data/list', {
      token: t.admin,
      query: { type: 'NEW_PRODUCTS_PROJECT', sortField: 'revenue', sortOrder: 'desc', pageSize: '1' },
    });
    expect(sorted.statusCode, sorted.body).toBe(200);
    expect(dataOf<{ list: unknown[]; total: number }>(sorted).list).toHaveLength(1);
    const bad = await t.call('GET', '/api/digitize/rest/v1/project/data/list', {
      token: t.admin,
      query: { type: 'GTM_PROJECT', from: '2026-02-10', to: '2026-02-01' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.fields[0]).toMatchObject({ path: 'to', code: 'endBeforeStart' });
    const noType = await t.call('GET', '/api/digitize/rest/v1/project/data/list', {
      token: t.admin,
      query: { type: 'PLATFORM_PROJECT' },
    });
    expect(noType.statusCode).toBe(400);
    const file = await t.call('GET', '/api/digitize/rest/v1/project/data/list-export', {
      token: t.admin,
      query: { type: 'GTM_PROJECT' },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('counts only the caller shops: an external account sees its own shops sales of the same model', async () => {
    const [ext] = await rows<{ account_id: number; user_id: number; role_id: number }>(sql`
      SELECT u.account_id, u.id AS user_id, ur.role_id FROM users u JOIN user_roles ur ON ur.user_id = u.id WHERE u.login_name = 'shop.a'`);
    if (!ext) throw new Error('the demo has shop.a');
    await t.database.db.execute(sql`
      INSERT INTO role_permissions SELECT ${ext.role_id}, id FROM permission_items
       WHERE active AND auth_pattern = 'digitize:projectborard' ON CONFLICT DO NOTHING`);
    await t.database.db.execute(sql`
      INSERT INTO projects (account_id, code, name, type, owner_id, skus, details, created_by)
      VALUES (${ext.account_id}, 'GTM-EXT', 'External launch', 'GTM_PROJECT', ${ext.user_id}, ${textArray(gtm.skus)},
              ${JSON.stringify({ launchDate: gtm.start, targetUnits: 100, targetRevenue: 1000 })}::jsonb, ${ext.user_id})`);
    const shop = await t.login('shop.a');
    const res = await t.call('GET', '/api/digitize/rest/v1/project/data/list', { token: shop, query: { type: 'GTM_PROJECT' } });
    expect(res.statusCode, res.body).toBe(200);
    const list = dataOf<{ list: { code: string; sku: string; units: number }[] }>(res).list;
    expect(list.every((r) => r.code === 'GTM-EXT')).toBe(true);
    for (const r of list) expect(r.units).toBe((await direct(Number(ext.account_id), [r.sku], gtm.start)).units);
    const mine = await direct(1, gtm.skus, gtm.start);
    expect(list.reduce((a, r) => a + r.units, 0)).toBeLessThan(mine.units);
  });

  it('refuses a user without the project page', async () => {
    const agent = await t.login('cs.agent');
    for (const url of [
      '/api/digitize/rest/v1/project/data/list?type=GTM_PROJECT',
      `/api/digitize/rest/project/data?projectId=${gtm.id}`,
      `/api/digitize/rest/v1/project/product-target?projectId=${gtm.id}`,
      '/api/digitize/rest/v1/research/project/depts',
    ])
      expect((await t.call('GET', url, { token: agent })).statusCode, url).toBe(403);
  });
});

describe('research departments', () => {
  it('lists the departments of development projects with their counts', async () => {
    const res = await t.call('GET', '/api/digitize/rest/v1/research/project/depts', { token: t.admin });
    expect(res.statusCode, res.body).toBe(200);
    const want = await rows<{ dept_id: number; n: number }>(sql`
      SELECT dept_id, count(*)::int AS n FROM projects
       WHERE account_id = 1 AND type = 'NEW_PRODUCT_DEV_PROJECT' AND dept_id IS NOT NULL GROUP BY dept_id ORDER BY dept_id`);
    const got = dataOf<{ id: number; projects: number }[]>(res)
      .map((d) => ({ dept_id: d.id, n: d.projects }))
      .sort((a, b) => a.dept_id - b.dept_id);
    expect(got).toEqual(want.map((w) => ({ dept_id: Number(w.dept_id), n: w.n })));
    expect(got.length).toBeGreaterThan(0);
  });
});

describe('linking a project to the external project tool', () => {
  const url = '/api/digitize/rest/teambition/relevance-project';
  it('stores the id and address under the version seen, logs it, shows it on the project and unlinks', async () => {
    const [p] = await rows<{ version: number }>(sql`SELECT version FROM projects WHERE id = ${gtm.id}`);
    const linked = await t.call('POST', url, {
      token: t.admin,
      body: {
        projectId: gtm.id,
        version: Number(p?.version),
        externalId: 'tb-6412',
        url: 'https://tool.example.com/project/6412',
      },
    });
    expect(linked.statusCode, linked.body).toBe(200);
    const v = dataOf<{ version: number; externalLink: { externalId: string; url: string } }>(linked);
    expect(v.externalLink).toMatchObject({ externalId: 'tb-6412', url: 'https://tool.example.com/project/6412' });
    const project = dataOf<{ externalLink: { externalId: string } }>(
      await t.call('GET', `/api/digitize/rest/v1/project/${gtm.id}`, { token: t.admin }),
    );
    expect(project.externalLink.externalId).toBe('tb-6412');
    const [log] = await rows<{ action: string }>(
      sql`SELECT action FROM project_logs WHERE project_id = ${gtm.id} ORDER BY id DESC LIMIT 1`,
    );
    expect(log?.action).toBe('link');

    const stale = await t.call('POST', url, {
      token: t.admin,
      body: { projectId: gtm.id, version: Number(p?.version), externalId: null },
    });
    expect(stale.statusCode).toBe(409);
    const unlinked = await t.call('POST', url, {
      token: t.admin,
      body: { projectId: gtm.id, version: v.version, externalId: null },
    });
    expect(unlinked.statusCode, unlinked.body).toBe(200);
    expect(dataOf<{ externalLink: null }>(unlinked).externalLink).toBeNull();
  });

  it('answers 400 with field codes for a bad id or address', async () => {
    const bad = await t.call('POST', url, {
      token: t.admin,
      body: { projectId: gtm.id, version: 1, externalId: 'has space', url: 'http://plain.example.com' },
    });
    expect(bad.statusCode).toBe(400);
    const codes = bad
      .json()
      .data.fields.map((f: { path: string; code: string }) => `${f.path}:${f.code}`)
      .sort();
    expect(codes).toEqual(['externalId:projects.externalId', 'url:projects.externalUrl']);
    const noUrl = await t.call('POST', url, { token: t.admin, body: { projectId: gtm.id, version: 1, externalId: 'tb-1' } });
    expect(noUrl.json().data.fields[0]).toMatchObject({ path: 'url', code: 'required' });
  });
});
