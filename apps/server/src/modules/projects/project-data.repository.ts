/**
 * Project data's queries (docs/projects.md "Project data"): the sales of a project's SKUs from
 * its start day, in the caller's shops, through the sales area's published day rollup
 * (`listingDaySales`) joined to the catalog's `listingProducts`: a SKU named exactly, or a model
 * and all its SKUs, as the data view and OKR count them. Days are marketplace-local and end
 * yesterday (today is incomplete). Queries only.
 */
import type { EndpointQuery, projects as ep } from '@bo/contract';
import { DATA_MAX_WEEKS, TARGET_MONTH_DAYS } from '@bo/contract/projects/projects';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { anyInt, likeContains, orderBy, pageOfQuery } from '../../db/sql';
import { userDirectory } from '../access/access.reads';
import { listingProducts } from '../catalog/catalog.reads';
import { departmentDirectory } from '../organization/organization.reads';
import { listingDaySales } from '../sales/sales.reads';
import type { ShopScope } from '../shops/shops/shop-scope';
import { textArray } from './projects.repository';

export type DataListQuery = Omit<EndpointQuery<typeof ep.dataList>, 'pageNum' | 'pageSize'>;

/** The first day counted: the launch day (GTM), the listing day (new listing), else the open day. */
export const startDaySql = (p: string) =>
  sql.raw(
    `COALESCE(NULLIF(${p}.details->>'launchDate', ''), NULLIF(${p}.details->>'listingDate', ''), ${p}.dates->>'OPEN_TIME')::date`,
  );

/**
 * The target of the days `d0` … `d1` of project `pid` (all its SKUs together): a day of a month
 * that has a GTM goal (`gtm_goal_months`, written on /gtmGoal) counts that goal ÷ the month's
 * days; any other day the project's flat monthly target ÷ 30. Null where neither exists; no rows
 * (so nulls) when `d0` or `d1` is null. /gtmData, a project's weeks and /gtmKpi all read it.
 */
export const targetOfDays = (pid: SQL, flatUnits: SQL, flatRevenue: SQL, d0: SQL, d1: SQL) => {
  const month = sql.raw(String(TARGET_MONTH_DAYS));
  return sql`
    SELECT sum(CASE WHEN g.month IS NOT NULL THEN g.units / dm.n ELSE ${flatUnits} / ${month} END) AS units,
           sum(CASE WHEN g.month IS NOT NULL THEN g.revenue / dm.n ELSE ${flatRevenue} / ${month} END) AS revenue,
           sum(CASE WHEN g.month IS NOT NULL THEN g.ad_budget / dm.n END) AS budget
      FROM generate_series(${d0}::date, ${d1}::date, interval '1 day') dd
     CROSS JOIN LATERAL (
       SELECT extract(day FROM date_trunc('month', dd) + interval '1 month' - interval '1 day')::numeric AS n) dm
      LEFT JOIN gtm_goal_months g ON g.project_id = ${pid} AND g.month = to_char(dd, 'YYYY-MM')`;
};

/** Rollup rows of the listings whose SKU or model is `sku` (an SQL text), in the scope's shops. */
const soldOf = (scope: ShopScope, sku: SQL) => sql`
  SELECT s.day, s.units, s.revenue_cents, s.ad_spend_cents
    FROM ${listingDaySales} s
    JOIN ${listingProducts} ls ON ls.id = s.listing_id
   WHERE s.shop_id = ${anyInt(scope.shopIds)} AND (ls.sku = ${sku} OR ls.model = ${sku})`;

export interface DataRowRaw extends Record<string, unknown> {
  project_id: number;
  code: string;
  name: string;
  type: string;
  owner_name: string | null;
  dept_name: string | null;
  dept_name_en: string | null;
  stage: string;
  run_status: string;
  sku: string;
  start_day: string | null;
  d0: string | null;
  d1: string | null;
  units: string;
  revenue: string;
  ad_spend: string;
  acos: string | null;
  target_units: string | null;
  target_revenue: string | null;
  attainment: string | null;
}

const SORTS: Record<string, SQL> = {
  startDay: sql`start_day`,
  name: sql`name`,
  units: sql`units`,
  revenue: sql`revenue`,
  attainment: sql`attainment`,
  adSpend: sql`ad_spend`,
  acos: sql`acos`,
};

/**
 * One row per project of the type and SKU it names, with the figures of the days counted
 * (start day or `from`, whichever is later, to yesterday or `to`), the target of those days
 * (the monthly target split evenly over the SKUs, × days ÷ 30) and the attainment (revenue ÷
 * target revenue), ordered as asked.
 */
export function dataRowsQuery(accountId: number, scope: ShopScope, q: DataListQuery): SQL {
  const conds: SQL[] = [sql`p.account_id = ${accountId}`, sql`p.type = ${q.type}`];
  const kw = likeContains(q.keyword);
  if (kw)
    conds.push(sql`(p.name ILIKE ${kw} OR p.code ILIKE ${kw} OR EXISTS (SELECT 1 FROM unnest(p.skus) k WHERE k ILIKE ${kw}))`);
  if (q.ownerId) conds.push(sql`p.owner_id = ${q.ownerId}`);
  if (q.deptId) conds.push(sql`p.dept_id = ${q.deptId}`);
  if (q.runStatus) conds.push(sql`p.run_status = ${q.runStatus}`);
  const from = q.from ?? null;
  const to = q.to ?? null;
  const rows = sql`
    SELECT b.*, e.sku, e.ord,
           CASE WHEN b.start_day IS NOT NULL THEN greatest(b.start_day, ${from}::date) END AS d0, least(current_date - 1, ${to}::date) AS d1
      FROM (SELECT p.id AS project_id, p.code, p.name, p.type, p.stage, p.run_status,
                   o.user_name AS owner_name, d.name AS dept_name, d.name_en AS dept_name_en,
                   p.skus, cardinality(p.skus) AS n, ${startDaySql('p')} AS start_day,
                   (p.details->>'targetUnits')::numeric AS t_units, (p.details->>'targetRevenue')::numeric AS t_revenue
              FROM projects p
              LEFT JOIN ${userDirectory} o ON o.id = p.owner_id
              LEFT JOIN ${departmentDirectory} d ON d.id = p.dept_id
             WHERE ${sql.join(conds, sql` AND `)}) b
     CROSS JOIN LATERAL unnest(b.skus) WITH ORDINALITY e(sku, ord)`;
  const figures = sql`
    SELECT r.project_id, r.code, r.name, r.type, r.owner_name, r.dept_name, r.dept_name_en, r.stage, r.run_status,
           r.sku, r.ord, r.start_day::text AS start_day,
           CASE WHEN r.d1 >= r.d0 THEN r.d0::text END AS d0, CASE WHEN r.d1 >= r.d0 THEN r.d1::text END AS d1,
           COALESCE(f.units, 0) AS units, COALESCE(f.cents, 0) / 100.0 AS revenue, COALESCE(f.ad, 0) / 100.0 AS ad_spend,
           CASE WHEN f.cents > 0 THEN round(f.ad * 100.0 / f.cents, 2) END AS acos,
           round(tg.units / r.n, 2) AS target_units, round(tg.revenue / r.n, 2) AS target_revenue
      FROM (${rows}) r
      LEFT JOIN LATERAL (${targetOfDays(sql`r.project_id`, sql`r.t_units`, sql`r.t_revenue`, sql`CASE WHEN r.d1 >= r.d0 THEN r.d0 END`, sql`r.d1`)}) tg ON true
      LEFT JOIN LATERAL (
        SELECT sum(x.units) AS units, sum(x.revenue_cents) AS cents, sum(x.ad_spend_cents) AS ad
          FROM (${soldOf(scope, sql`r.sku`)}) x
         WHERE r.d1 >= r.d0 AND x.day BETWEEN r.d0 AND r.d1) f ON true`;
  return sql`
    SELECT t.*, CASE WHEN t.target_revenue > 0 THEN round(t.revenue * 100 / t.target_revenue, 2) END AS attainment
      FROM (${figures}) t
     ORDER BY ${orderBy(q.sortField, q.sortOrder, SORTS, sql`project_id DESC, ord`)}`;
}

export const dataRowsPage = (
  db: DbOrTx,
  accountId: number,
  scope: ShopScope,
  q: DataListQuery,
  page: { pageNum: number; pageSize: number },
) => pageOfQuery<DataRowRaw>(db, dataRowsQuery(accountId, scope, q), page);

export interface WeekRaw extends Record<string, unknown> {
  from: string;
  to: string;
  days: number;
  units: string;
  cents: string;
  ad: string;
  /** The week's target of all the project's SKUs (targetOfDays), unrounded; null without one. */
  t_units: string | null;
  t_revenue: string | null;
}

/**
 * The weeks from `start` (each 7 days from the start day; the last one ends yesterday), the
 * latest DATA_MAX_WEEKS of them, with the sales of `skus` in the scope's shops.
 */
export async function weeklySales(
  db: DbOrTx,
  scope: ShopScope,
  project: { id: number; flatUnits: number | null; flatRevenue: number | null },
  skus: readonly string[],
  start: string,
): Promise<WeekRaw[]> {
  const wanted = textArray(skus);
  const target = targetOfDays(
    sql`${project.id}::int`,
    sql`${project.flatUnits}::numeric`,
    sql`${project.flatRevenue}::numeric`,
    sql`w.wf`,
    sql`w.wt`,
  );
  const r = await db.execute<WeekRaw>(sql`
    WITH w AS (
      SELECT g::date AS wf, least(g::date + 6, current_date - 1) AS wt
        FROM generate_series(${start}::date, current_date - 1, interval '7 days') g
       ORDER BY g DESC LIMIT ${DATA_MAX_WEEKS}
    )
    SELECT w.wf::text AS "from", w.wt::text AS "to", (w.wt - w.wf + 1) AS days,
           COALESCE(sum(x.units), 0) AS units, COALESCE(sum(x.revenue_cents), 0) AS cents, COALESCE(sum(x.ad_spend_cents), 0) AS ad,
           (SELECT t.units FROM (${target}) t) AS t_units, (SELECT t.revenue FROM (${target}) t) AS t_revenue
      FROM w
      LEFT JOIN (
        SELECT s.day, s.units, s.revenue_cents, s.ad_spend_cents
          FROM ${listingDaySales} s
          JOIN ${listingProducts} ls ON ls.id = s.listing_id
         WHERE s.shop_id = ${anyInt(scope.shopIds)} AND (ls.sku = ANY (${wanted}) OR ls.model = ANY (${wanted}))
           AND s.day >= ${start}::date AND s.day < current_date
      ) x ON x.day BETWEEN w.wf AND w.wt
     GROUP BY w.wf, w.wt ORDER BY w.wf`);
  return r.rows;
}

/** The start day of a project (null without one) and yesterday, as the database reckons days. */
export async function startOf(db: DbOrTx, accountId: number, projectId: number) {
  const r = await db.execute<{ start_day: string | null; yesterday: string }>(sql`
    SELECT ${startDaySql('p')}::text AS start_day, (current_date - 1)::text AS yesterday
      FROM projects p WHERE p.id = ${projectId} AND p.account_id = ${accountId}`);
  return r.rows[0] ?? null;
}

/** Departments of the account's development projects, with how many each has. */
export async function researchDepartments(db: DbOrTx, accountId: number) {
  const r = await db.execute<{ id: number; name: string; name_en: string | null; projects: number }>(sql`
    SELECT d.id, d.name, d.name_en, count(*)::int AS projects
      FROM projects p
      JOIN ${departmentDirectory} d ON d.id = p.dept_id AND d.account_id = p.account_id
     WHERE p.account_id = ${accountId} AND p.type = 'NEW_PRODUCT_DEV_PROJECT'
     GROUP BY d.id, d.name, d.name_en
     ORDER BY d.name`);
  return r.rows.map((d) => ({ id: Number(d.id), name: d.name, nameEn: d.name_en, projects: Number(d.projects) }));
}
