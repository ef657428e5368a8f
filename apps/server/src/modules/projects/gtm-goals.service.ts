/**
 * GTM goals (docs/projects.md "GTM goals and KPIs"): a GTM project's goal per month of the twelve
 * from its launch month. Holders of `gtm:goal` read every GTM project's plan of their account;
 * saving needs the page's edit button (the binder) and a role that may work on the project
 * (projects.rules: owner, member, approver, department leader, administrator; not once it is
 * over). A save replaces the months under the plan's version (409 stale), in one transaction,
 * audited on entity `gtm_goal` (the project's id) with the months before and after, and logged
 * in the project's log.
 */
import type { EndpointBody, EndpointQuery, projects as ep, Lang } from '@bo/contract';
import { GOAL_MONTHS, type GoalMonth, type GoalPlan, type GoalRow, projectDecision } from '@bo/contract/projects/projects';
import { audit } from '../../platform/audit/audit.service';
import type { RequestActor } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';
import { codedFieldError, notFound, staleVersion } from '../../platform/errors';
import { type GoalRowRaw, goalMonthsOf, goalRowsPage, planOf, replaceGoals } from './gtm-goals.repository';
import { startOf } from './project-data.repository';
import { coreOf, findProject, writeLog } from './projects.repository';
import { enforce, rolesOf } from './projects.rules';

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** The twelve months (YYYY-MM) from the month of `day`. */
export function monthsFrom(day: string | null): string[] {
  if (!day) return [];
  const y = Number(day.slice(0, 4));
  const m = Number(day.slice(5, 7)) - 1;
  return Array.from({ length: GOAL_MONTHS }, (_, i) => {
    const k = y * 12 + m + i;
    return `${Math.floor(k / 12)}-${String((k % 12) + 1).padStart(2, '0')}`;
  });
}

async function gtmProject(db: AppContext['db'], actor: RequestActor, projectId: number, lock = false) {
  const p = await findProject(db, actor.accountId, projectId, lock);
  if (p?.type !== 'GTM_PROJECT') throw notFound(`no GTM project ${projectId}`);
  return p;
}

async function planView(db: AppContext['db'], actor: RequestActor, projectId: number): Promise<GoalPlan> {
  const p = await gtmProject(db, actor, projectId);
  const start = await startOf(db, actor.accountId, projectId);
  const plan = await planOf(db, projectId);
  const d = p.details as { targetUnits?: number | null; targetRevenue?: number | null };
  const core = coreOf(p);
  const state = { schedule: core.schedule, run: core.run, stage: core.stage, approval: core.approval };
  const works = projectDecision(state, 'work', await rolesOf(db, core, actor)).ok;
  return {
    projectId: Number(p.id),
    code: p.code,
    name: p.name,
    runStatus: p.run_status,
    launchDay: start?.start_day ?? null,
    months: monthsFrom(start?.start_day ?? null),
    flatUnits: num(d.targetUnits),
    flatRevenue: num(d.targetRevenue),
    goals: await goalMonthsOf(db, projectId),
    version: plan?.version ?? 0,
    updatedAt: plan?.updatedAt ?? null,
    updatedBy: plan?.updatedBy ?? null,
    canEdit: works && actor.permissions.has('gtm:goal:edit'),
  };
}

export const plan = (ctx: AppContext, actor: RequestActor, projectId: number) => planView(ctx.db, actor, projectId);

/** What the audit and the project's log keep: the months set, each with its four figures. */
const snapshot = (goals: readonly GoalMonth[]) =>
  Object.fromEntries(
    goals.map((g) => [g.month, `${g.units} u · $${g.revenue} · ${g.adBudget ?? '-'} ad · ${g.acosTarget ?? '-'}% ACoS`]),
  );

export async function save(
  ctx: AppContext,
  actor: RequestActor,
  projectId: number,
  body: EndpointBody<typeof ep.goalSave>,
  lang: Lang,
): Promise<GoalPlan> {
  await ctx.db.transaction(async (tx) => {
    const p = await gtmProject(tx, actor, projectId, true);
    await enforce(tx, coreOf(p), 'work', actor, lang);
    const start = await startOf(tx, actor.accountId, projectId);
    const months = new Set(monthsFrom(start?.start_day ?? null));
    body.goals.forEach((g, i) => {
      if (!months.has(g.month)) throw codedFieldError(`goals.${i}.month`, 'projects.goalMonth');
    });
    const current = await planOf(tx, projectId, true);
    if ((current?.version ?? 0) !== body.version) throw staleVersion();
    const before = await goalMonthsOf(tx, projectId);
    const goals = [...body.goals].sort((a, b) => a.month.localeCompare(b.month));
    await replaceGoals(tx, { projectId, accountId: actor.accountId, userId: actor.userId }, goals);
    const after = await goalMonthsOf(tx, projectId);
    await writeLog(tx, projectId, actor, 'goals', snapshot(before), snapshot(after));
    await audit(tx, actor, {
      action: current ? 'update' : 'create',
      entity: 'gtm_goal',
      entityId: projectId,
      before: current ? snapshot(before) : undefined,
      after: snapshot(after),
    });
  });
  return planView(ctx.db, actor, projectId);
}

const toRow = (r: GoalRowRaw, lang: 'zh' | 'en'): GoalRow => ({
  projectId: Number(r.project_id),
  code: r.code,
  name: r.name,
  ownerName: r.owner_name,
  deptName: (lang === 'en' && r.dept_name_en) || r.dept_name,
  stage: r.stage as GoalRow['stage'],
  runStatus: r.run_status as GoalRow['runStatus'],
  launchDay: r.launch_day,
  firstMonth: r.first_month,
  lastMonth: r.last_month,
  monthsSet: Number(r.months_set),
  goalUnits: Number(r.goal_units),
  goalRevenue: Number(r.goal_revenue),
  flatUnits: num(r.flat_units),
  flatRevenue: num(r.flat_revenue),
  updatedAt: r.updated_at,
});

export async function list(ctx: AppContext, actor: RequestActor, q: EndpointQuery<typeof ep.goalList>, lang: 'zh' | 'en') {
  const page = await goalRowsPage(ctx.db, actor.accountId, q);
  return { list: page.rows.map((r) => toRow(r, lang)), total: page.total, pageNum: q.pageNum, pageSize: q.pageSize };
}
