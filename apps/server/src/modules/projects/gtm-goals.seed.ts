/**
 * The GTM goals' demo (docs/projects.md "GTM goals and KPIs"), applied once after the projects'
 * demo: the project manager role gets the goal page with its edit button and the KPI board with
 * its export (the sales manager has them from its groups); the running GTM project gets goals for
 * its twelve months from the pace of its SKUs' sales since launch (the launch month a little
 * under it, this month a little over, so the board shows one month met and one behind), and each
 * GTM project still to launch gets goals ramping up to its flat monthly target.
 */
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { anyInt } from '../../db/sql';
import { listingProducts } from '../catalog/catalog.reads';
import { listingDaySales } from '../sales/sales.reads';
import { shopDirectory } from '../shops/shops.reads';
import { monthsFrom } from './gtm-goals.service';
import { startDaySql } from './project-data.repository';
import { textArray } from './projects.repository';

export const GTM_GOALS_SEED_KEY = 'seed.projects.gtm-goals';

const PM_PATTERNS = ['gtm:goal', 'gtm:goal:edit', 'gtm:kpi', 'gtm:kpi:export'];
/** A launch ramps up: the share of the flat monthly target per month after launch. */
const RAMP = [0.5, 0.75, 0.9, 1, 1, 1.05, 1.1, 1.1, 1.15, 1.2, 1.2, 1.25];

const round = (v: number, step: number) => Math.max(step, Math.round(v / step) * step);

async function build(tx: DbOrTx) {
  await tx.execute(sql`
    INSERT INTO role_permissions (role_id, permission_id)
    SELECT r.id, p.id FROM roles r JOIN permission_items p ON p.auth_pattern = ANY (${textArray(PM_PATTERNS)}) AND p.active
     WHERE r.account_id = 1 AND r.name = 'project manager'
    ON CONFLICT DO NOTHING`);
  const projects = await tx.execute<{
    id: number;
    owner_id: number;
    skus: string[];
    start_day: string | null;
    run_status: string;
    t_units: string | null;
    t_revenue: string | null;
    this_month: string;
  }>(sql`
    SELECT p.id, p.owner_id, p.skus, ${startDaySql('p')}::text AS start_day, p.run_status,
           p.details->>'targetUnits' AS t_units, p.details->>'targetRevenue' AS t_revenue, to_char(current_date, 'YYYY-MM') AS this_month
      FROM projects p WHERE p.account_id = 1 AND p.type = 'GTM_PROJECT' ORDER BY p.id`);
  const shops = await tx.execute<{ id: number }>(sql`SELECT s.id FROM ${shopDirectory} s WHERE s.account_id = 1`);
  const shopIds = shops.rows.map((s) => Number(s.id));
  for (const p of projects.rows) {
    const months = monthsFrom(p.start_day);
    if (months.length === 0) continue;
    let goals: { month: string; units: number; revenue: number; adBudget: number | null; acosTarget: number | null }[];
    if (p.run_status === 'RUNNING' && p.start_day) {
      const pace = await tx.execute<{ days: number; units: string; cents: string; ad: string }>(sql`
        SELECT greatest(current_date - ${p.start_day}::date, 1) AS days, COALESCE(sum(s.units), 0) AS units,
               COALESCE(sum(s.revenue_cents), 0) AS cents, COALESCE(sum(s.ad_spend_cents), 0) AS ad
          FROM ${listingDaySales} s JOIN ${listingProducts} ls ON ls.id = s.listing_id
         WHERE s.shop_id = ${anyInt(shopIds)} AND (ls.sku = ANY (${textArray(p.skus)}) OR ls.model = ANY (${textArray(p.skus)}))
           AND s.day >= ${p.start_day}::date AND s.day < current_date`);
      const x = pace.rows[0];
      const days = Number(x?.days ?? 1);
      const perMonth = (v: number) => (v * 30) / days;
      const units = perMonth(Number(x?.units ?? 0));
      const revenue = perMonth(Number(x?.cents ?? 0) / 100);
      const ad = perMonth(Number(x?.ad ?? 0) / 100);
      if (revenue <= 0) continue;
      const acos = Math.round((ad * 100) / revenue);
      goals = months.map((month, i) => {
        // Met in the months already past, behind this month (a stretch), growing after it.
        const f = month < p.this_month ? 0.9 : month === p.this_month ? 1.15 : 1.15 + 0.05 * (i - months.indexOf(p.this_month));
        return {
          month,
          units: round(units * f, 10),
          revenue: round(revenue * f, 100),
          adBudget: round(ad * f, 100),
          acosTarget: Math.max(5, acos - 1),
        };
      });
    } else {
      const fu = Number(p.t_units ?? 0);
      const fr = Number(p.t_revenue ?? 0);
      if (fu <= 0 || fr <= 0) continue;
      goals = months.map((month, i) => ({
        month,
        units: round(fu * (RAMP[i] ?? 1), 10),
        revenue: round(fr * (RAMP[i] ?? 1), 100),
        adBudget: round(fr * (RAMP[i] ?? 1) * 0.25, 100),
        acosTarget: i < 3 ? 35 : 25,
      }));
    }
    for (const g of goals)
      await tx.execute(sql`
        INSERT INTO gtm_goal_months (project_id, month, units, revenue, ad_budget, acos_target)
        VALUES (${p.id}, ${g.month}, ${g.units}, ${g.revenue}, ${g.adBudget}, ${g.acosTarget})`);
    await tx.execute(sql`
      INSERT INTO gtm_goal_plans (project_id, account_id, version, updated_by) VALUES (${p.id}, 1, 1, ${p.owner_id})`);
  }
}

export async function applyGtmGoalsDemoOnce(db: Db): Promise<boolean> {
  const done = await db.execute(sql`SELECT 1 FROM app_meta WHERE key = ${GTM_GOALS_SEED_KEY}`);
  if (done.rows.length) return false;
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${GTM_GOALS_SEED_KEY}))`);
    const s = await tx.execute<{ done: boolean; taken: boolean }>(sql`
      SELECT EXISTS (SELECT 1 FROM app_meta WHERE key = ${GTM_GOALS_SEED_KEY}) AS done, EXISTS (SELECT 1 FROM gtm_goal_plans) AS taken`);
    if (s.rows[0]?.done) return false;
    const taken = Boolean(s.rows[0]?.taken);
    if (!taken) await build(tx);
    await tx.execute(
      sql`INSERT INTO app_meta (key, value) VALUES (${GTM_GOALS_SEED_KEY}, ${taken ? 'skipped' : 'applied'}) ON CONFLICT (key) DO NOTHING`,
    );
    return !taken;
  });
}
