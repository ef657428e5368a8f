/**
 * A GTM project's steps (/gtmSteps; docs/gtm.md "Project steps"). Rules:
 * - applying the playbook copies the playbook steps the project does not have yet (by playbook
 *   step), owned by their department's leader (up the tree) or else the project's owner; it needs
 *   a launch day and a playbook (409 on the field otherwise);
 * - a step's planned day is the launch day + its offset while it is pending or in progress, so it
 *   follows a moved launch day; done or skipped keeps the day it had; reopened it follows again;
 * - overdue: open and planned before today (UTC), computed when read;
 * - moves follow GTM_STEP_MACHINE (409 naming the state otherwise), skip needs a reason;
 * - everyone holding the page reads, whoever may `work` on the project (projects' rules) writes
 *   (403 in the caller's language otherwise); edits name the version read (409 when stale);
 *   every write is audited (`gtm_project_step`).
 */
import type { EndpointQuery, Lang } from '@bo/contract';
import { refusalText, transitionFrom } from '@bo/contract';
import { GTM_PHASES, GTM_STEP_MACHINE, type GtmPhase, type GtmStepAction, type GtmStepState } from '@bo/contract/gtm/playbook';
import type { BoardRow, gtmBoard, ProjectStep, ProjectSteps } from '@bo/contract/gtm/steps';
import type { DbOrTx } from '../../db/client';
import { audit } from '../../platform/audit/audit.service';
import type { RequestActor } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';
import { codedFieldError, conflict, fieldConflict, forbidden, notFound, staleVersion } from '../../platform/errors';
import { type GtmProjectRef, gtmProjectsFor } from '../projects/projects.reads';
import * as repo from './gtm.repository';

export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);

export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

const OPEN: readonly GtmStepState[] = ['pending', 'inProgress'];

/** The step's planned day: kept once settled, else the launch day + offset (null without a launch day). */
export const plannedDayOf = (r: Pick<repo.StepRow, 'planned_on' | 'offset_days' | 'state'>, launch: string | null) =>
  !OPEN.includes(r.state as GtmStepState) && r.planned_on ? r.planned_on : launch ? addDays(launch, Number(r.offset_days)) : null;

export function toStep(r: repo.StepRow, launch: string | null, today: string): ProjectStep {
  const state = r.state as GtmStepState;
  const plannedDay = plannedDayOf(r, launch);
  return {
    id: Number(r.id),
    projectId: Number(r.project_id),
    sort: Number(r.sort),
    nameZh: r.name_zh,
    nameEn: r.name_en,
    phase: r.phase as GtmPhase,
    offsetDays: Number(r.offset_days),
    plannedDay,
    actualDay: r.actual_on,
    startedDay: r.started_on,
    deptId: r.dept_id === null ? null : Number(r.dept_id),
    deptName: r.dept_name,
    deptNameEn: r.dept_name_en,
    owner: r.owner_id === null ? null : { id: Number(r.owner_id), name: r.owner_name ?? `#${r.owner_id}` },
    required: r.required,
    description: r.description,
    state,
    skipReason: r.skip_reason,
    overdue: OPEN.includes(state) && plannedDay !== null && plannedDay < today,
    version: Number(r.version),
    updatedAt: r.updated_at,
  };
}

/** What an audit row keeps of a step. */
const terms = (s: ProjectStep) => ({
  projectId: s.projectId,
  nameZh: s.nameZh,
  nameEn: s.nameEn,
  phase: s.phase,
  offsetDays: s.offsetDays,
  ownerId: s.owner?.id ?? null,
  state: s.state,
  plannedDay: s.plannedDay,
  actualDay: s.actualDay,
  skipReason: s.skipReason,
});

async function gtmProject(db: DbOrTx, actor: RequestActor, projectId: number, lang: Lang): Promise<GtmProjectRef> {
  const [p] = await gtmProjectsFor(db, actor, lang, [projectId]);
  if (!p) throw notFound(`no GTM project ${projectId}`);
  return p;
}

const byPlan = (a: ProjectStep, b: ProjectStep) =>
  (a.plannedDay ?? '9999').localeCompare(b.plannedDay ?? '9999') || a.sort - b.sort || a.id - b.id;

function boardRow(p: GtmProjectRef, steps: ProjectStep[]): BoardRow {
  const done = steps.filter((s) => s.state === 'done').length;
  const skipped = steps.filter((s) => s.state === 'skipped').length;
  const next = steps.filter((s) => OPEN.includes(s.state)).sort(byPlan)[0];
  return {
    projectId: p.id,
    code: p.code,
    name: p.name,
    launchDate: p.launchDate,
    owner: { id: p.ownerId, name: p.ownerName },
    runStatus: p.runStatus,
    total: steps.length,
    done,
    skipped,
    overdue: steps.filter((s) => s.overdue).length,
    progress: steps.length === 0 ? 0 : Math.round(((done + skipped) * 100) / steps.length),
    phases: GTM_PHASES.map((phase) => {
      const of = steps.filter((s) => s.phase === phase);
      return {
        phase,
        total: of.length,
        settled: of.filter((s) => !OPEN.includes(s.state)).length,
        overdue: of.filter((s) => s.overdue).length,
      };
    }),
    next: next
      ? { id: next.id, nameZh: next.nameZh, nameEn: next.nameEn, plannedDay: next.plannedDay, overdue: next.overdue }
      : null,
    mayWork: p.workRefusal === null,
  };
}

const BOARD_SORTS: Record<EndpointQuery<typeof gtmBoard>['sortField'], (a: BoardRow, b: BoardRow) => number> = {
  launchDate: (a, b) => (a.launchDate ?? '9999').localeCompare(b.launchDate ?? '9999'),
  name: (a, b) => a.name.localeCompare(b.name),
  progress: (a, b) => a.progress - b.progress,
  overdue: (a, b) => a.overdue - b.overdue,
};

/**
 * The board: every GTM project of the account (a few dozen at most, so filtered, sorted and paged
 * here), the step filters keeping the projects with at least one matching step.
 */
export async function board(ctx: AppContext, actor: RequestActor, q: EndpointQuery<typeof gtmBoard>, lang: Lang) {
  const today = todayUtc();
  const projects = await gtmProjectsFor(ctx.db, actor, lang);
  const rows = await repo.stepsOf(
    ctx.db,
    actor.accountId,
    projects.map((p) => p.id),
  );
  const keyword = q.keyword?.toLowerCase();
  const stepFilter = q.ownerId || q.deptId || q.state || q.overdue;
  const matches = (s: ProjectStep) =>
    (!q.ownerId || s.owner?.id === q.ownerId) &&
    (!q.deptId || s.deptId === q.deptId) &&
    (!q.state || s.state === q.state) &&
    (!q.overdue || s.overdue);
  const list: BoardRow[] = [];
  for (const p of projects) {
    if (keyword && !`${p.code} ${p.name}`.toLowerCase().includes(keyword)) continue;
    const steps = rows.filter((r) => Number(r.project_id) === p.id).map((r) => toStep(r, p.launchDate, today));
    if (stepFilter && !steps.some(matches)) continue;
    list.push(boardRow(p, steps));
  }
  const dir = q.sortOrder === 'desc' ? -1 : 1;
  list.sort((a, b) => dir * BOARD_SORTS[q.sortField](a, b) || a.projectId - b.projectId);
  const from = (q.pageNum - 1) * q.pageSize;
  return { list: list.slice(from, from + q.pageSize), total: list.length, pageNum: q.pageNum, pageSize: q.pageSize };
}

async function stepsView(db: DbOrTx, actor: RequestActor, p: GtmProjectRef): Promise<ProjectSteps> {
  const today = todayUtc();
  const rows = await repo.stepsOf(db, actor.accountId, [p.id]);
  const applied = new Set(rows.map((r) => (r.playbook_step_id === null ? null : Number(r.playbook_step_id))));
  const playbook = await repo.playbookOf(db, actor.accountId);
  return {
    project: {
      id: p.id,
      code: p.code,
      name: p.name,
      launchDate: p.launchDate,
      owner: { id: p.ownerId, name: p.ownerName },
      runStatus: p.runStatus,
      mayWork: p.workRefusal === null,
    },
    steps: rows.map((r) => toStep(r, p.launchDate, today)),
    notApplied: playbook.filter((s) => !applied.has(Number(s.id))).length,
    today,
  };
}

export async function projectSteps(ctx: AppContext, actor: RequestActor, projectId: number, lang: Lang): Promise<ProjectSteps> {
  return stepsView(ctx.db, actor, await gtmProject(ctx.db, actor, projectId, lang));
}

/** The project, the caller allowed to work on it. */
async function workOn(db: DbOrTx, actor: RequestActor, projectId: number, lang: Lang): Promise<GtmProjectRef> {
  const p = await gtmProject(db, actor, projectId, lang);
  if (p.workRefusal) throw p.workRefusal;
  return p;
}

export async function apply(ctx: AppContext, actor: RequestActor, projectId: number, lang: Lang): Promise<ProjectSteps> {
  return ctx.db.transaction(async (tx) => {
    await repo.lockProjectSteps(tx, projectId);
    const p = await workOn(tx, actor, projectId, lang);
    if (!p.launchDate) throw fieldConflict(`project ${p.code} has no launch day`, 'launchDate', 'gtm.noLaunchDay');
    const playbook = await repo.playbookOf(tx, actor.accountId);
    if (playbook.length === 0) throw fieldConflict('the playbook has no steps', 'playbook', 'gtm.emptyPlaybook');
    const existing = await repo.stepsOf(tx, actor.accountId, [projectId]);
    const applied = new Set(existing.map((r) => Number(r.playbook_step_id)));
    let sort = existing.reduce((m, r) => Math.max(m, Number(r.sort)), 0);
    const today = todayUtc();
    for (const pb of playbook) {
      if (applied.has(Number(pb.id))) continue;
      const leader = pb.dept_id === null ? null : await repo.deptLeader(tx, Number(pb.dept_id));
      sort += 1;
      const id = await repo.insertStep(tx, actor.accountId, projectId, pb, sort, leader ?? p.ownerId);
      const row = await repo.stepById(tx, actor.accountId, id);
      if (row)
        await audit(tx, actor, {
          action: 'create',
          entity: 'gtm_project_step',
          entityId: id,
          after: terms(toStep(row, p.launchDate, today)),
        });
    }
    return stepsView(tx, actor, p);
  });
}

/** The step locked, its project's, and the caller allowed to work on it; the version checked. */
async function forWrite(db: DbOrTx, actor: RequestActor, id: number, version: number, lang: Lang) {
  const row = await repo.stepById(db, actor.accountId, id, true);
  if (!row) throw notFound(`no GTM step ${id}`);
  const p = await workOn(db, actor, Number(row.project_id), lang);
  if (Number(row.version) !== version) throw staleVersion();
  return { row, p, before: toStep(row, p.launchDate, todayUtc()) };
}

export async function update(
  ctx: AppContext,
  actor: RequestActor,
  id: number,
  b: { version: number; ownerId: number | null; offsetDays: number },
  lang: Lang,
): Promise<ProjectStep> {
  return ctx.db.transaction(async (tx) => {
    const { p, before } = await forWrite(tx, actor, id, b.version, lang);
    if (b.ownerId !== null && !(await repo.userExists(tx, actor.accountId, b.ownerId)))
      throw codedFieldError('ownerId', 'gtm.unknownOwner');
    await repo.updateStep(tx, id, b.ownerId, b.offsetDays);
    const after = await stepAfter(tx, actor, id, p);
    await audit(tx, actor, {
      action: 'update',
      entity: 'gtm_project_step',
      entityId: id,
      before: terms(before),
      after: terms(after),
    });
    return after;
  });
}

async function stepAfter(db: DbOrTx, actor: RequestActor, id: number, p: GtmProjectRef) {
  const row = await repo.stepById(db, actor.accountId, id);
  if (!row) throw notFound(`no GTM step ${id}`);
  return toStep(row, p.launchDate, todayUtc());
}

const AUDIT_OF: Record<GtmStepAction, 'gtm.start' | 'gtm.complete' | 'gtm.skip' | 'gtm.reopen'> = {
  start: 'gtm.start',
  complete: 'gtm.complete',
  skip: 'gtm.skip',
  reopen: 'gtm.reopen',
};

export async function act(
  ctx: AppContext,
  actor: RequestActor,
  id: number,
  b: { action: GtmStepAction; version: number; reason?: string | undefined },
  lang: Lang,
): Promise<ProjectStep> {
  return ctx.db.transaction(async (tx) => {
    const { row, p, before } = await forWrite(tx, actor, id, b.version, lang);
    const t = transitionFrom(GTM_STEP_MACHINE, before.state, b.action);
    if (!t) throw conflict(refusalText(GTM_STEP_MACHINE, before.state, b.action, lang), { state: before.state });
    const today = todayUtc();
    const settles = t.to === 'done' || t.to === 'skipped';
    await repo.moveStep(tx, id, {
      state: t.to,
      // Settled: the planned day is kept as it is now; reopened: it follows the launch day again.
      plannedOn: settles ? before.plannedDay : null,
      startedOn: t.to === 'pending' ? null : t.to === 'inProgress' ? today : (row.started_on ?? null),
      actualOn: settles ? today : null,
      skipReason: t.to === 'skipped' ? (b.reason ?? '') : null,
    });
    const after = await stepAfter(tx, actor, id, p);
    await audit(tx, actor, {
      action: AUDIT_OF[b.action],
      entity: 'gtm_project_step',
      entityId: id,
      before: terms(before),
      after: terms(after),
    });
    return after;
  });
}

/** People and departments for the screens' pickers: holders of either GTM page. */
export async function options(ctx: AppContext, actor: RequestActor) {
  if (!actor.permissions.has('gtm:mgr') && !actor.permissions.has('gtm:steps'))
    throw forbidden('the GTM options are for holders of gtm:mgr or gtm:steps');
  return {
    people: await repo.people(ctx.db, actor.accountId),
    departments: await repo.departments(ctx.db, actor.accountId),
    phases: [...GTM_PHASES],
  };
}
