/**
 * GTM goals and KPIs (docs/projects.md "GTM goals and KPIs"): the goal plan (validation with
 * codes, who may write, the stale version, the audit the HistoryDrawer reads), the targets of
 * /gtmData following the goals, and the KPI board equal to the rollup and to /gtmData for the same
 * SKUs and days.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { dataOf, testAppPerFile } from '../../../test/harness';
import { textArray } from './projects.repository';

const t = testAppPerFile({ admin: true, signIn: { pm: 'pm' } });
const API = '/api/digitize/rest/v1';
type Goal = { month: string; units: number; revenue: number; adBudget: number | null; acosTarget: number | null };
type Plan = { projectId: number; months: string[]; goals: Goal[]; version: number; canEdit: boolean; launchDay: string };
let gtm: { id: number; skus: string[]; start: string; tUnits: number; tRevenue: number };

const rows = async <T>(q: ReturnType<typeof sql>) => (await t.database.db.execute(q)).rows as T[];

/** The rollup's units, revenue and ad spend of `skus` (SKU or model, any of them) in the account's shops, from … to. */
async function direct(skus: string[], from: string, to: string, account = 1) {
  const [r] = await rows<{ units: string; cents: string; ad: string }>(sql`
    SELECT COALESCE(sum(d.units), 0) AS units, COALESCE(sum(d.revenue_cents), 0) AS cents, COALESCE(sum(d.ad_spend_cents), 0) AS ad
      FROM sales_listing_day d JOIN listings li ON li.id = d.listing_id JOIN skus sk ON sk.id = li.sku_id
      JOIN products pr ON pr.id = sk.product_id JOIN shops sh ON sh.id = d.shop_id
     WHERE sh.account_id = ${account} AND (sk.sku = ANY (${textArray(skus)}) OR pr.model = ANY (${textArray(skus)}))
       AND d.day BETWEEN ${from}::date AND ${to}::date`);
  return { units: Number(r?.units), revenue: Number(r?.cents) / 100, ad: Number(r?.ad) / 100 };
}

/** The target of from … to written out day by day in JS: a goal month's goal ÷ its days, else flat ÷ 30. */
function expectedTarget(goals: Goal[], from: string, to: string) {
  let units = 0;
  let revenue = 0;
  for (let d = new Date(`${from}T00:00:00Z`); d <= new Date(`${to}T00:00:00Z`); d.setUTCDate(d.getUTCDate() + 1)) {
    const month = d.toISOString().slice(0, 7);
    const days = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
    const g = goals.find((x) => x.month === month);
    units += g ? g.units / days : gtm.tUnits / 30;
    revenue += g ? g.revenue / days : gtm.tRevenue / 30;
  }
  return { units, revenue };
}

const plan = async (token: string | null) =>
  dataOf<Plan>(await t.call('GET', `${API}/project/gtm-goal/${gtm.id}`, { token: token ?? undefined }));

beforeAll(async () => {
  const [p] = await rows<{ id: number; skus: string[]; start: string; t_units: string; t_revenue: string }>(sql`
    SELECT id, skus, (details->>'launchDate') AS start, details->>'targetUnits' AS t_units, details->>'targetRevenue' AS t_revenue
      FROM projects WHERE account_id = 1 AND type = 'GTM_PROJECT' AND run_status = 'RUNNING' AND cardinality(skus) > 0 ORDER BY id LIMIT 1`);
  if (!p) throw new Error('the demo has a running GTM project');
  gtm = { id: Number(p.id), skus: p.skus, start: p.start, tUnits: Number(p.t_units), tRevenue: Number(p.t_revenue) };
});

describe('the goal plan', () => {
  it('answers the twelve months from the launch month with the demo goals, listed with their coverage', async () => {
    const p = await plan(t.as.pm);
    expect(p.launchDay).toBe(gtm.start);
    expect(p.months).toHaveLength(12);
    expect(p.months[0]).toBe(gtm.start.slice(0, 7));
    expect(p.goals.length).toBe(12);
    expect(p.canEdit).toBe(true);
    const list = await t.call('GET', `${API}/project/gtm-goal/list`, { token: t.admin, query: { coverage: 'full' } });
    expect(list.statusCode, list.body).toBe(200);
    const row = dataOf<{ list: { projectId: number; monthsSet: number; goalRevenue: number }[] }>(list).list.find(
      (r) => r.projectId === gtm.id,
    );
    expect(row?.monthsSet).toBe(12);
    expect(row?.goalRevenue).toBeCloseTo(
      p.goals.reduce((a, g) => a + g.revenue, 0),
      2,
    );
  });

  it('refuses bad months and figures with their codes, a stale version with 409, and audits a save', async () => {
    const p = await plan(t.as.pm);
    const url = `${API}/project/gtm-goal/${gtm.id}`;
    const first = p.months[0] ?? '';
    const bad = await t.call('PUT', url, {
      token: t.as.pm,
      body: {
        version: p.version,
        goals: [
          { month: first, units: -1, revenue: 10.005 },
          { month: first, units: 1, revenue: 1 },
          { month: '2026-13', units: 1, revenue: 1 },
        ],
      },
    });
    expect(bad.statusCode).toBe(400);
    const codes = bad
      .json()
      .data.fields.map((f: { path: string; code: string }) => `${f.path}:${f.code}`)
      .sort();
    expect(codes).toEqual(
      [
        'goals.0.revenue:atMostDecimals',
        'goals.0.units:notNegative',
        'goals.1.month:listedTwice',
        'goals.2.month:projects.goalMonth',
      ].sort(),
    );
    const outside = await t.call('PUT', url, {
      token: t.as.pm,
      body: { version: p.version, goals: [{ month: '2001-01', units: 1, revenue: 1 }] },
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().data.fields[0]).toMatchObject({ path: 'goals.0.month', code: 'projects.goalMonth' });

    const goals = p.goals.map((g, i) => (i === 0 ? { ...g, units: g.units + 7, revenue: g.revenue + 100 } : g));
    const saved = await t.call('PUT', url, { token: t.as.pm, body: { version: p.version, goals } });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = dataOf<Plan>(saved);
    expect(after.version).toBe(p.version + 1);
    expect(after.goals[0]?.units).toBe((p.goals[0]?.units ?? 0) + 7);
    const stale = await t.call('PUT', url, { token: t.as.pm, body: { version: p.version, goals } });
    expect(stale.statusCode).toBe(409);

    const history = await t.call('GET', `/api/user/rest/v1/history/gtm_goal/${gtm.id}`, { token: t.admin });
    expect(history.statusCode, history.body).toBe(200);
    const entries = dataOf<{ list: { action: string; changes: { field: string }[] }[] }>(history).list;
    expect(entries[0]?.action).toBe('update');
    expect(entries[0]?.changes.map((c) => c.field)).toEqual([first]);
  });

  it('needs the edit button and a role in the project; without the page it is 403', async () => {
    const [u] = await rows<{ role_id: number }>(sql`
      SELECT ur.role_id FROM users u JOIN user_roles ur ON ur.user_id = u.id WHERE u.login_name = 'cs.agent'`);
    const agent = await t.login('cs.agent');
    expect((await t.call('GET', `${API}/project/gtm-goal/${gtm.id}`, { token: agent })).statusCode).toBe(403);
    expect((await t.call('GET', `${API}/project/gtm-kpi`, { token: agent })).statusCode).toBe(403);
    await t.database.db.execute(sql`
      INSERT INTO role_permissions SELECT ${u?.role_id}, id FROM permission_items
       WHERE active AND auth_pattern IN ('gtm:goal', 'gtm:goal:edit') ON CONFLICT DO NOTHING`);
    const again = await t.login('cs.agent');
    const p = await plan(again);
    expect(p.canEdit).toBe(false);
    const res = await t.call('PUT', `${API}/project/gtm-goal/${gtm.id}`, {
      token: again,
      body: { version: p.version, goals: [] },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('targets follow the goals; the KPI board equals the rollup and /gtmData', () => {
  it("a project's weeks and the data rows take a goal month's goal pro-rated by its days", async () => {
    const p = await plan(t.admin);
    const [y] = await rows<{ d: string }>(sql`SELECT (current_date - 1)::text AS d`);
    const want = expectedTarget(p.goals, gtm.start, y?.d ?? '');
    const data = dataOf<{ total: { targetUnits: number; targetRevenue: number } }>(
      await t.call('GET', '/api/digitize/rest/project/data', { token: t.admin, query: { projectId: String(gtm.id) } }),
    );
    expect(data.total.targetUnits).toBeCloseTo(want.units, 1);
    expect(data.total.targetRevenue).toBeCloseTo(want.revenue, 0);
    const target = dataOf<{ goals: { month: string }[] }>(
      await t.call('GET', `${API}/project/product-target`, { token: t.admin, query: { projectId: String(gtm.id) } }),
    );
    expect(target.goals.map((g) => g.month)).toEqual(p.goals.map((g) => g.month));
  });

  it('the launch month: figures equal the rollup and the /gtmData rows of the same days, target and light', async () => {
    const res = await t.call('GET', `${API}/project/gtm-kpi`, { token: t.admin, query: { launchMonth: '1', pageSize: '100' } });
    expect(res.statusCode, res.body).toBe(200);
    type K = {
      projectId: number;
      from: string;
      to: string;
      monthIndex: number;
      units: number;
      revenue: number;
      adSpend: number;
      goalRevenue: number;
      targetRevenue: number;
      attainment: number;
      light: string;
    };
    const row = dataOf<{ list: K[] }>(res).list.find((r) => r.projectId === gtm.id);
    if (!row) throw new Error('the running launch is on the board');
    expect(row.monthIndex).toBe(1);
    expect(row.from).toBe(gtm.start);
    const want = await direct(gtm.skus, row.from, row.to);
    expect(row.units).toBe(want.units);
    expect(row.units).toBeGreaterThan(0);
    expect(row.revenue).toBeCloseTo(want.revenue, 2);
    expect(row.adSpend).toBeCloseTo(want.ad, 2);
    // /gtmData over the same days: one row per SKU (the demo names distinct models), summed.
    const data = await t.call('GET', `${API}/project/data/list`, {
      token: t.admin,
      query: { type: 'GTM_PROJECT', from: row.from, to: row.to, pageSize: '100' },
    });
    const mine = dataOf<{ list: { projectId: number; units: number; revenue: number; targetRevenue: number }[] }>(
      data,
    ).list.filter((r) => r.projectId === gtm.id);
    expect(mine.reduce((a, r) => a + r.units, 0)).toBe(row.units);
    expect(mine.reduce((a, r) => a + r.revenue, 0)).toBeCloseTo(row.revenue, 2);
    expect(mine.reduce((a, r) => a + r.targetRevenue, 0)).toBeCloseTo(row.targetRevenue, 0);
    const p = await plan(t.admin);
    expect(row.goalRevenue).toBe(p.goals[0]?.revenue);
    expect(row.targetRevenue).toBeCloseTo(expectedTarget(p.goals, row.from, row.to).revenue, 1);
    expect(row.attainment).toBeCloseTo((row.revenue * 100) / row.targetRevenue, 1);
    expect(row.light).toBe(row.attainment >= 100 ? 'green' : row.attainment >= 80 ? 'amber' : 'red');

    const summary = await t.call('GET', `${API}/project/gtm-kpi/summary`, { token: t.admin, query: { launchMonth: '1' } });
    expect(summary.statusCode, summary.body).toBe(200);
    const s = dataOf<{
      projects: number;
      green: number;
      amber: number;
      red: number;
      noTarget: number;
      chart: { projectId: number }[];
    }>(summary);
    expect(s.green + s.amber + s.red + s.noTarget).toBe(s.projects);
    expect(s.chart.map((c) => c.projectId)).toContain(gtm.id);
  });

  it("counts only the caller's shops: an external account's board shows its own project and shops", async () => {
    const [ext] = await rows<{ account_id: number; user_id: number; role_id: number }>(sql`
      SELECT u.account_id, u.id AS user_id, ur.role_id FROM users u JOIN user_roles ur ON ur.user_id = u.id WHERE u.login_name = 'shop.a'`);
    if (!ext) throw new Error('the demo has shop.a');
    await t.database.db.execute(sql`
      INSERT INTO role_permissions SELECT ${ext.role_id}, id FROM permission_items
       WHERE active AND auth_pattern = 'gtm:kpi' ON CONFLICT DO NOTHING`);
    await t.database.db.execute(sql`
      INSERT INTO projects (account_id, code, name, type, owner_id, skus, details, created_by)
      VALUES (${ext.account_id}, 'GTM-EXT', 'External launch', 'GTM_PROJECT', ${ext.user_id}, ${textArray(gtm.skus)},
              ${JSON.stringify({ launchDate: gtm.start, targetUnits: 100, targetRevenue: 1000 })}::jsonb, ${ext.user_id})`);
    const shop = await t.login('shop.a');
    const res = await t.call('GET', `${API}/project/gtm-kpi`, { token: shop, query: { launchMonth: '1' } });
    expect(res.statusCode, res.body).toBe(200);
    const list = dataOf<{ list: { code: string; units: number; from: string; to: string }[] }>(res).list;
    expect(list.map((r) => r.code)).toEqual(['GTM-EXT']);
    const [row] = list;
    if (!row) throw new Error('the external project is on its board');
    expect(row.units).toBe((await direct(gtm.skus, row.from, row.to, Number(ext.account_id))).units);
    expect(row.units).toBeLessThan((await direct(gtm.skus, row.from, row.to)).units);
  });

  it('sorts, refuses a bad month with its code and streams the export', async () => {
    const bad = await t.call('GET', `${API}/project/gtm-kpi`, { token: t.admin, query: { month: '2026-1' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.fields[0]).toMatchObject({ path: 'month', code: 'projects.goalMonth' });
    const sorted = await t.call('GET', `${API}/project/gtm-kpi`, {
      token: t.admin,
      query: { sortField: 'revenue', sortOrder: 'asc', pageSize: '1' },
    });
    expect(dataOf<{ list: unknown[]; total: number }>(sorted).list).toHaveLength(1);
    const file = await t.call('GET', `${API}/project/gtm-kpi/export`, { token: t.admin, query: { launchMonth: '1' } });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});
