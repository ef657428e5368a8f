/**
 * GTM goals' queries (docs/projects.md "GTM goals and KPIs"): a project's goal months and plan
 * row, the goal list of GTM projects with their coverage of the twelve months from launch, and
 * the save (all months replaced). Queries only.
 */
import type { EndpointQuery, projects as ep } from '@bo/contract';
import { GOAL_MONTHS, type GoalMonth } from '@bo/contract/projects/projects';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { likeContains, orderBy, pageOfQuery } from '../../db/sql';
import { userDirectory } from '../access/access.reads';
import { departmentDirectory } from '../organization/organization.reads';
import { startDaySql } from './project-data.repository';
import { ts } from './projects.repository';

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export async function goalMonthsOf(db: DbOrTx, projectId: number): Promise<GoalMonth[]> {
  const r = await db.execute<{
    month: string;
    units: number;
    revenue: string;
    ad_budget: string | null;
    acos_target: string | null;
  }>(
    sql`SELECT month, units, revenue, ad_budget, acos_target FROM gtm_goal_months WHERE project_id = ${projectId} ORDER BY month`,
  );
  return r.rows.map((g) => ({
    month: g.month,
    units: Number(g.units),
    revenue: Number(g.revenue),
    adBudget: num(g.ad_budget),
    acosTarget: num(g.acos_target),
  }));
}

export async function planOf(db: DbOrTx, projectId: number, lock = false) {
  const r = await db.execute<{ version: number; updated_at: string; updated_by: string | null }>(sql`
    SELECT gp.version, ${ts('gp.updated_at')} AS updated_at, u.user_name AS updated_by
      FROM gtm_goal_plans gp LEFT JOIN ${userDirectory} u ON u.id = gp.updated_by
     WHERE gp.project_id = ${projectId} ${lock ? sql`FOR UPDATE OF gp` : sql``}`);
  const p = r.rows[0];
  return p ? { version: Number(p.version), updatedAt: p.updated_at, updatedBy: p.updated_by } : null;
}

/** Replaces the project's goal months and moves the plan's version on (1 for the first save). */
export async function replaceGoals(
  tx: DbOrTx,
  p: { projectId: number; accountId: number; userId: number },
  goals: readonly GoalMonth[],
): Promise<void> {
  await tx.execute(sql`DELETE FROM gtm_goal_months WHERE project_id = ${p.projectId}`);
  for (const g of goals)
    await tx.execute(sql`
      INSERT INTO gtm_goal_months (project_id, month, units, revenue, ad_budget, acos_target)
      VALUES (${p.projectId}, ${g.month}, ${g.units}, ${g.revenue}, ${g.adBudget}, ${g.acosTarget})`);
  await tx.execute(sql`
    INSERT INTO gtm_goal_plans (project_id, account_id, version, updated_by, updated_at)
    VALUES (${p.projectId}, ${p.accountId}, 1, ${p.userId}, now())
    ON CONFLICT (project_id) DO UPDATE SET version = gtm_goal_plans.version + 1, updated_by = EXCLUDED.updated_by, updated_at = now()`);
}

export interface GoalRowRaw extends Record<string, unknown> {
  project_id: number;
  code: string;
  name: string;
  owner_name: string | null;
  dept_name: string | null;
  dept_name_en: string | null;
  stage: string;
  run_status: string;
  launch_day: string | null;
  first_month: string | null;
  last_month: string | null;
  months_set: number;
  goal_units: string;
  goal_revenue: string;
  flat_units: string | null;
  flat_revenue: string | null;
  updated_at: string | null;
}

const SORTS: Record<string, SQL> = {
  launchDay: sql`launch_day`,
  name: sql`name`,
  coverage: sql`months_set`,
  goalRevenue: sql`goal_revenue`,
};

type GoalListQuery = EndpointQuery<typeof ep.goalList>;

/** GTM projects of the account with the goals of their twelve months from the launch month. */
export function goalRowsQuery(accountId: number, q: Omit<GoalListQuery, 'pageNum' | 'pageSize'>): SQL {
  const conds: SQL[] = [sql`p.account_id = ${accountId}`, sql`p.type = 'GTM_PROJECT'`];
  const kw = likeContains(q.keyword);
  if (kw)
    conds.push(sql`(p.name ILIKE ${kw} OR p.code ILIKE ${kw} OR EXISTS (SELECT 1 FROM unnest(p.skus) k WHERE k ILIKE ${kw}))`);
  if (q.ownerId) conds.push(sql`p.owner_id = ${q.ownerId}`);
  if (q.runStatus) conds.push(sql`p.run_status = ${q.runStatus}`);
  const span = sql.raw(`interval '${GOAL_MONTHS - 1} months'`);
  const rows = sql`
    SELECT b.*, COALESCE(gm.n, 0)::int AS months_set, COALESCE(gm.units, 0) AS goal_units, COALESCE(gm.revenue, 0) AS goal_revenue
      FROM (SELECT p.id AS project_id, p.code, p.name, o.user_name AS owner_name, d.name AS dept_name, d.name_en AS dept_name_en,
                   p.stage, p.run_status, ${startDaySql('p')}::text AS launch_day,
                   to_char(date_trunc('month', ${startDaySql('p')}), 'YYYY-MM') AS first_month,
                   to_char(date_trunc('month', ${startDaySql('p')}) + ${span}, 'YYYY-MM') AS last_month,
                   (p.details->>'targetUnits')::numeric AS flat_units, (p.details->>'targetRevenue')::numeric AS flat_revenue,
                   ${ts('gp.updated_at')} AS updated_at
              FROM projects p
              LEFT JOIN ${userDirectory} o ON o.id = p.owner_id
              LEFT JOIN ${departmentDirectory} d ON d.id = p.dept_id
              LEFT JOIN gtm_goal_plans gp ON gp.project_id = p.id
             WHERE ${sql.join(conds, sql` AND `)}) b
      LEFT JOIN LATERAL (
        SELECT count(*) AS n, sum(g.units) AS units, sum(g.revenue) AS revenue FROM gtm_goal_months g
         WHERE g.project_id = b.project_id AND g.month BETWEEN b.first_month AND b.last_month) gm ON true`;
  const coverage =
    q.coverage === 'none'
      ? sql`WHERE months_set = 0`
      : q.coverage === 'partial'
        ? sql`WHERE months_set BETWEEN 1 AND ${GOAL_MONTHS - 1}`
        : q.coverage === 'full'
          ? sql`WHERE months_set >= ${GOAL_MONTHS}`
          : sql``;
  return sql`SELECT * FROM (${rows}) r ${coverage} ORDER BY ${orderBy(q.sortField, q.sortOrder, SORTS, sql`project_id DESC`)}`;
}

export const goalRowsPage = (db: DbOrTx, accountId: number, q: GoalListQuery) => {
  const { pageNum, pageSize, ...filters } = q;
  return pageOfQuery<GoalRowRaw>(db, goalRowsQuery(accountId, filters), { pageNum, pageSize });
};
