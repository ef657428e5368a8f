/**
 * The GTM KPI board's queries (docs/projects.md "GTM goals and KPIs"): per GTM project, the days
 * of the month shown (a calendar month, or the N-th month after each project's launch) from its
 * launch day to yesterday; the sales of its SKUs (a SKU or a model, any of them) in the scope's
 * shops through the sales area's `listingDaySales` joined to the catalog's `listingProducts`, as
 * a project's weeks on /gtmData count them; the target of those days by `targetOfDays` (the
 * month's goal pro-rated by days, else the flat target), and the month's goal. Queries only.
 */
import type { KpiFilters } from '@bo/contract/projects/projects';
import { type SQL, sql } from 'drizzle-orm';
import { anyInt, likeContains, orderBy } from '../../db/sql';
import { userDirectory } from '../access/access.reads';
import { listingProducts } from '../catalog/catalog.reads';
import { departmentDirectory } from '../organization/organization.reads';
import { listingDaySales } from '../sales/sales.reads';
import type { ShopScope } from '../shops/shops/shop-scope';
import { startDaySql, targetOfDays } from './project-data.repository';

export interface KpiRowRaw extends Record<string, unknown> {
  project_id: number;
  code: string;
  name: string;
  owner_name: string | null;
  dept_name: string | null;
  dept_name_en: string | null;
  run_status: string;
  launch_day: string | null;
  days_since: number | null;
  month: string | null;
  month_index: number | null;
  d0: string | null;
  d1: string | null;
  units: string;
  revenue: string;
  ad_spend: string;
  acos: string | null;
  goal_units: number | null;
  goal_revenue: string | null;
  ad_budget: string | null;
  acos_target: string | null;
  target_units: string | null;
  target_revenue: string | null;
  budget_to_date: string | null;
  units_attainment: string | null;
  attainment: string | null;
}

const SORTS: Record<string, SQL> = {
  launchDay: sql`launch_day`,
  name: sql`name`,
  revenue: sql`revenue`,
  units: sql`units`,
  adSpend: sql`ad_spend`,
  acos: sql`acos`,
  attainment: sql`attainment`,
};

export type KpiQuery = KpiFilters & { month: string };

/** Every GTM project the filters keep, with its figures of the month shown (unordered). */
export function kpiRowsSql(accountId: number, scope: ShopScope, q: KpiQuery): SQL {
  const conds: SQL[] = [sql`p.account_id = ${accountId}`, sql`p.type = 'GTM_PROJECT'`];
  const kw = likeContains(q.keyword);
  if (kw)
    conds.push(sql`(p.name ILIKE ${kw} OR p.code ILIKE ${kw} OR EXISTS (SELECT 1 FROM unnest(p.skus) k WHERE k ILIKE ${kw}))`);
  if (q.ownerId) conds.push(sql`p.owner_id = ${q.ownerId}`);
  if (q.deptId) conds.push(sql`p.dept_id = ${q.deptId}`);
  if (q.runStatus) conds.push(sql`p.run_status = ${q.runStatus}`);
  // The month's first day: the calendar month, or the launch month + N - 1 (null without a launch day).
  const m0 =
    q.launchMonth === undefined
      ? sql`${`${q.month}-01`}::date`
      : sql`(date_trunc('month', ${startDaySql('p')}) + make_interval(months => ${q.launchMonth - 1}))::date`;
  const base = sql`
    SELECT p.id AS project_id, p.code, p.name, o.user_name AS owner_name, d.name AS dept_name, d.name_en AS dept_name_en,
           p.run_status, p.skus, ${startDaySql('p')} AS start_day,
           (p.details->>'targetUnits')::numeric AS t_units, (p.details->>'targetRevenue')::numeric AS t_revenue,
           ${m0} AS m0
      FROM projects p
      LEFT JOIN ${userDirectory} o ON o.id = p.owner_id
      LEFT JOIN ${departmentDirectory} d ON d.id = p.dept_id
     WHERE ${sql.join(conds, sql` AND `)}`;
  // The days counted: from the later of the launch day and the month's first, to the earlier of its last and yesterday.
  const span = sql`
    SELECT b.*,
           CASE WHEN b.start_day IS NOT NULL AND b.m0 IS NOT NULL THEN greatest(b.start_day, b.m0) END AS d0,
           least((b.m0 + interval '1 month' - interval '1 day')::date, current_date - 1) AS d1
      FROM (${base}) b`;
  const figures = sql`
    SELECT s.project_id, s.code, s.name, s.owner_name, s.dept_name, s.dept_name_en, s.run_status,
           s.start_day::text AS launch_day,
           CASE WHEN s.start_day < current_date THEN (current_date - 1 - s.start_day + 1) END AS days_since,
           to_char(s.m0, 'YYYY-MM') AS month,
           CASE WHEN s.start_day IS NOT NULL AND s.m0 IS NOT NULL THEN
             (extract(year FROM s.m0) - extract(year FROM s.start_day)) * 12 + extract(month FROM s.m0) - extract(month FROM s.start_day) + 1
           END::int AS month_index,
           CASE WHEN s.d1 >= s.d0 THEN s.d0::text END AS d0, CASE WHEN s.d1 >= s.d0 THEN s.d1::text END AS d1,
           COALESCE(f.units, 0) AS units, COALESCE(f.cents, 0) / 100.0 AS revenue, COALESCE(f.ad, 0) / 100.0 AS ad_spend,
           CASE WHEN f.cents > 0 THEN round(f.ad * 100.0 / f.cents, 2) END AS acos,
           g.units AS goal_units, g.revenue AS goal_revenue, g.ad_budget, g.acos_target,
           round(tg.units, 2) AS target_units, round(tg.revenue, 2) AS target_revenue, round(tg.budget, 2) AS budget_to_date
      FROM (${span}) s
      LEFT JOIN gtm_goal_months g ON g.project_id = s.project_id AND g.month = to_char(s.m0, 'YYYY-MM')
      LEFT JOIN LATERAL (${targetOfDays(sql`s.project_id`, sql`s.t_units`, sql`s.t_revenue`, sql`CASE WHEN s.d1 >= s.d0 THEN s.d0 END`, sql`s.d1`)}) tg ON true
      LEFT JOIN LATERAL (
        SELECT sum(x.units) AS units, sum(x.revenue_cents) AS cents, sum(x.ad_spend_cents) AS ad
          FROM ${listingDaySales} x
          JOIN ${listingProducts} ls ON ls.id = x.listing_id
         WHERE s.d1 >= s.d0 AND x.shop_id = ${anyInt(scope.shopIds)}
           AND (ls.sku = ANY (s.skus) OR ls.model = ANY (s.skus)) AND x.day BETWEEN s.d0 AND s.d1) f ON true`;
  return sql`
    SELECT t.*,
           CASE WHEN t.target_units > 0 THEN round(t.units * 100 / t.target_units, 2) END AS units_attainment,
           CASE WHEN t.target_revenue > 0 THEN round(t.revenue * 100 / t.target_revenue, 2) END AS attainment
      FROM (${figures}) t`;
}

export const kpiRowsQuery = (accountId: number, scope: ShopScope, q: KpiQuery): SQL =>
  sql`SELECT * FROM (${kpiRowsSql(accountId, scope, q)}) k ORDER BY ${orderBy(q.sortField, q.sortOrder, SORTS, sql`project_id DESC`)}`;
