/**
 * Review cycles and performance reviews (docs/growth.md "Performance reviews"). Rules, in one place:
 * - Who reaches the area: staff of the company account holding user:info (the growth group's
 *   page); an external shop account never (403 before any record is read).
 * - Reading a review: its employee, its leader, the administrator and the cycle managers (HR:
 *   user:organization:edit); anyone else 403. The employee does not see the leader part before
 *   the review is completed; the leader does not see a self review still in draft.
 * - Writing: the self part only by the employee while draft, the leader part only by the leader
 *   (the administrator when the review has no leader) while submitted; never under god view
 *   (403). The moves follow REVIEW_MACHINE and ACTION_ROLE (reviewActions): wrong person 403,
 *   stale version 409, a state or a closed cycle that refuses it 409; a submit with a part
 *   unfilled 400 with the field's code.
 * - Cycles: opened and closed by the administrator or user:organization:edit; one per quarter;
 *   the active values become its dimensions and every employee with a department today gets a
 *   draft review, their leader resolved then (organisation's leaderOf).
 * - Every write runs in one transaction, carries the version it read and is audited
 *   (growth_review, growth_cycle), which the HistoryDrawer reads; moves also write the timeline.
 */
import type { Lang } from '@bo/contract';
import { refusalText, transitionFrom } from '@bo/contract';
import {
  ACTION_ROLE,
  CYCLE_MACHINE,
  type Cycle,
  type Dimension,
  type LeaderReviewBody,
  meanOf,
  REVIEW_MACHINE,
  REVIEW_STATES,
  type Review,
  type ReviewActionBody,
  type ReviewState,
  type ReviewView,
  reviewActions,
  type SelfReviewBody,
  unscored,
} from '@bo/contract/growth/performance';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { likeContains } from '../../db/sql';
import { audit } from '../../platform/audit/audit.service';
import { isInternal, type RequestActor } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';
import {
  codedFieldError,
  conflict,
  fieldConflict,
  forbidden,
  notFound,
  permissionDenied,
  staleVersion,
} from '../../platform/errors';
import { notify } from '../../platform/notify/notifications';
import { userDirectory } from '../access/access.reads';
import { committedObjectivesOf } from '../okr/okr.reads';
import { leaderOf, userDepartmentsToday } from '../organization/organization.reads';
import * as repo from './reviews.repository';

export const isAdmin = (a: RequestActor) => a.builtin && a.impersonatorUserId === null;
/** HR: who opens and closes cycles and reads every review. */
export const managesCycles = (a: RequestActor) =>
  isAdmin(a) || (a.permissions.has('user:organization:edit') && a.impersonatorUserId === null);

/** The growth group's page: staff of the company account holding user:info. */
export function requireStaff(actor: RequestActor) {
  if (!isInternal(actor) || !actor.permissions.has('user:info')) throw permissionDenied('user:info');
}

type Role = Review['role'];
const roleOf = (a: RequestActor, r: repo.ReviewRow): Role | null => {
  if (Number(r.employee_id) === a.userId) return 'employee';
  if (r.leader_id !== null && Number(r.leader_id) === a.userId) return 'leader';
  if (managesCycles(a)) return 'admin';
  return null;
};
/** Writes the leader part: the leader, or the administrator for a review without a leader. */
const leads = (a: RequestActor, r: repo.ReviewRow) =>
  a.impersonatorUserId === null && (r.leader_id === null ? isAdmin(a) : Number(r.leader_id) === a.userId);
const isEmployee = (a: RequestActor, r: repo.ReviewRow) => a.impersonatorUserId === null && Number(r.employee_id) === a.userId;

const scoresOf = (v: unknown): repo.ScoreRow[] =>
  Array.isArray(v) ? (v as repo.ScoreRow[]).map((s) => ({ dimension: String(s.dimension), score: Number(s.score) })) : [];

function toReview(a: RequestActor, r: repo.ReviewRow): Review {
  const role = roleOf(a, r) ?? 'reader';
  const me = Number(r.employee_id) === a.userId;
  const showSelf = me || r.state !== 'draft' || isAdmin(a);
  const showLeader = !me || r.state === 'leaderReviewed' || r.state === 'acknowledged';
  const cycleOpen = r.cycle_state === 'open';
  const selfScores = showSelf ? scoresOf(r.self_scores) : [];
  const leaderScores = showLeader ? scoresOf(r.leader_scores) : [];
  const emp = isEmployee(a, r);
  const lead = leads(a, r);
  return {
    id: Number(r.id),
    cycle: { id: Number(r.cycle_id), quarter: r.quarter, state: r.cycle_state },
    dimensions: r.dimensions,
    employee: { id: Number(r.employee_id), name: r.employee_name ?? '' },
    leader: r.leader_id === null ? null : { id: Number(r.leader_id), name: r.leader_name ?? '' },
    dept: r.dept_name,
    state: r.state,
    self: {
      goalsMet: showSelf ? r.self_goals : '',
      achievements: showSelf ? r.self_achievements : '',
      comments: showSelf ? r.self_comments : '',
      scores: selfScores,
      mean: meanOf(selfScores),
      submittedAt: r.self_submitted_at,
    },
    leaderPart: {
      scores: leaderScores,
      mean: meanOf(leaderScores),
      comments: showLeader ? r.leader_comments : '',
      rating: showLeader && r.rating !== null ? Number(r.rating) : null,
      reviewedAt: r.reviewed_at,
    },
    returnRemark: r.return_remark,
    ackComment: r.ack_comment,
    acknowledgedAt: r.acknowledged_at,
    role,
    canWriteSelf: emp && cycleOpen && r.state === 'draft',
    canWriteLeader: lead && cycleOpen && r.state === 'selfSubmitted',
    actions: reviewActions({ state: r.state, cycleOpen, isEmployee: emp, isLeader: lead }),
    version: Number(r.version),
    updatedAt: r.updated_at,
  };
}

async function loaded(db: DbOrTx, actor: RequestActor, id: number, lock = false): Promise<repo.ReviewRow> {
  requireStaff(actor);
  const row = await repo.reviewRow(db, actor.accountId, id, lock);
  if (!row) throw notFound(`no review ${id}`);
  if (!roleOf(actor, row)) throw forbidden('only the employee, their leader and HR read a review');
  return row;
}

interface ListQuery {
  view: ReviewView;
  cycleId?: number | undefined;
  state?: ReviewState | undefined;
  keyword?: string | undefined;
  pageNum: number;
  pageSize: number;
}

export async function list(ctx: AppContext, actor: RequestActor, q: ListQuery) {
  requireStaff(actor);
  const where: SQL[] = [sql`r.account_id = ${actor.accountId}`];
  if (q.view === 'mine') where.push(sql`r.employee_id = ${actor.userId}`);
  else if (q.view === 'team')
    where.push(isAdmin(actor) ? sql`(r.leader_id = ${actor.userId} OR r.leader_id IS NULL)` : sql`r.leader_id = ${actor.userId}`);
  else if (!managesCycles(actor)) throw permissionDenied('user:organization:edit');
  if (q.cycleId) where.push(sql`r.cycle_id = ${q.cycleId}`);
  if (q.state) where.push(sql`r.state = ${q.state}`);
  if (q.keyword) where.push(sql`e.user_name ILIKE ${likeContains(q.keyword)}`);
  const { rows, total } = await repo.reviewPage(ctx.db, sql.join(where, sql` AND `), q);
  return { list: rows.map((r) => toReview(actor, r)), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

export async function get(ctx: AppContext, actor: RequestActor, id: number): Promise<Review> {
  return toReview(actor, await loaded(ctx.db, actor, id));
}

/** What an audit row keeps of a review. */
const snapshot = (r: repo.ReviewRow) => ({
  state: r.state,
  goalsMet: r.self_goals,
  achievements: r.self_achievements,
  selfComments: r.self_comments,
  selfScores: scoresOf(r.self_scores).map((s) => `${s.dimension}: ${s.score}`),
  leaderScores: scoresOf(r.leader_scores).map((s) => `${s.dimension}: ${s.score}`),
  leaderComments: r.leader_comments,
  rating: r.rating,
});
const changed = (a: Record<string, unknown>, b: Record<string, unknown>) => {
  const keys = Object.keys(a).filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]));
  return { before: Object.fromEntries(keys.map((k) => [k, a[k]])), after: Object.fromEntries(keys.map((k) => [k, b[k]])) };
};

function stateRefusal(r: repo.ReviewRow, lang: Lang, part: 'self' | 'leader') {
  const label = REVIEW_MACHINE.states[r.state].label;
  const zh = part === 'self' ? '只有自评中的绩效可以修改自评' : '只有待上级评价的绩效可以填写上级评价';
  const en =
    part === 'self'
      ? 'the self part is written while the review is a draft'
      : 'the leader part is written once the self review is submitted';
  return conflict(lang === 'zh-CN' ? `绩效当前为「${label.zh}」，${zh}` : `the review is ${label.en.toLowerCase()}: ${en}`, {
    state: r.state,
  });
}
function cycleClosed(lang: Lang) {
  return conflict(lang === 'zh-CN' ? '考核周期已结束，绩效不能再修改' : 'the cycle is closed: its reviews take no more changes', {
    state: 'closed',
  });
}

function checkDimensions(dimensions: readonly Dimension[], scores: readonly { dimension: string }[]) {
  scores.forEach((s, i) => {
    if (!dimensions.some((d) => d.key === s.dimension)) throw codedFieldError(`scores.${i}.dimension`, 'growth.unknownDimension');
  });
}

/** Locks the review and checks person, version, cycle and state for a part's save. */
async function forPart(tx: DbOrTx, actor: RequestActor, id: number, version: number, part: 'self' | 'leader', lang: Lang) {
  const row = await loaded(tx, actor, id, true);
  const allowed = part === 'self' ? isEmployee(actor, row) : leads(actor, row);
  if (!allowed)
    throw forbidden(part === 'self' ? 'only the employee writes the self review' : 'only the leader writes the leader review');
  if (Number(row.version) !== version) throw staleVersion();
  if (row.cycle_state !== 'open') throw cycleClosed(lang);
  if (row.state !== (part === 'self' ? 'draft' : 'selfSubmitted')) throw stateRefusal(row, lang, part);
  return row;
}

async function reread(tx: DbOrTx, actor: RequestActor, id: number) {
  return (await repo.reviewRow(tx, actor.accountId, id)) as repo.ReviewRow;
}

export async function saveSelf(ctx: AppContext, actor: RequestActor, id: number, b: SelfReviewBody, lang: Lang): Promise<Review> {
  return ctx.db.transaction(async (tx) => {
    const row = await forPart(tx, actor, id, b.version, 'self', lang);
    checkDimensions(row.dimensions, b.scores);
    await tx.execute(sql`
      UPDATE growth_reviews SET self_goals = ${b.goalsMet}, self_achievements = ${b.achievements}, self_comments = ${b.comments},
             self_scores = ${JSON.stringify(b.scores)}::jsonb, updated_at = now(), version = version + 1
       WHERE id = ${id}`);
    const after = await reread(tx, actor, id);
    await audit(tx, actor, {
      action: 'growth.saveSelf',
      entity: 'growth_review',
      entityId: id,
      ...changed(snapshot(row), snapshot(after)),
    });
    return toReview(actor, after);
  });
}

export async function saveLeader(
  ctx: AppContext,
  actor: RequestActor,
  id: number,
  b: LeaderReviewBody,
  lang: Lang,
): Promise<Review> {
  return ctx.db.transaction(async (tx) => {
    const row = await forPart(tx, actor, id, b.version, 'leader', lang);
    checkDimensions(row.dimensions, b.scores);
    await tx.execute(sql`
      UPDATE growth_reviews SET leader_scores = ${JSON.stringify(b.scores)}::jsonb, leader_comments = ${b.comments}, rating = ${b.rating},
             updated_at = now(), version = version + 1
       WHERE id = ${id}`);
    const after = await reread(tx, actor, id);
    await audit(tx, actor, {
      action: 'growth.saveLeader',
      entity: 'growth_review',
      entityId: id,
      ...changed(snapshot(row), snapshot(after)),
    });
    return toReview(actor, after);
  });
}

/** A submit needs its part filled: the texts, every dimension, the rating (400 with the field's code). */
function checkFilled(row: repo.ReviewRow, action: ReviewActionBody['action']) {
  if (action === 'submitSelf') {
    if (row.self_goals.trim() === '') throw codedFieldError('goalsMet', 'growth.textRequired');
    if (row.self_achievements.trim() === '') throw codedFieldError('achievements', 'growth.textRequired');
    const missing = unscored(row.dimensions, scoresOf(row.self_scores));
    if (missing.length > 0) throw codedFieldError('scores', 'growth.scoreMissing', undefined, { data: { missing } });
  }
  if (action === 'review') {
    const missing = unscored(row.dimensions, scoresOf(row.leader_scores));
    if (missing.length > 0) throw codedFieldError('scores', 'growth.scoreMissing', undefined, { data: { missing } });
    if (row.rating === null) throw codedFieldError('rating', 'growth.ratingRequired');
    if (row.leader_comments.trim() === '') throw codedFieldError('comments', 'growth.textRequired');
  }
}

const NOTICE = {
  submitSelf: { zh: '{name} 提交了 {q} 自评，请完成评价', en: '{name} submitted the {q} self review: your review is due' },
  review: { zh: '你的 {q} 绩效评价已完成，请查看并确认', en: 'Your {q} review is complete: read it and acknowledge' },
  return: { zh: '你的 {q} 自评被退回，请修改后重新提交', en: 'Your {q} self review was returned: change it and submit again' },
  acknowledge: { zh: '{name} 已确认 {q} 绩效结果', en: '{name} acknowledged the {q} review' },
} as const;

export async function act(ctx: AppContext, actor: RequestActor, id: number, b: ReviewActionBody, lang: Lang): Promise<Review> {
  return ctx.db.transaction(async (tx) => {
    const row = await loaded(tx, actor, id, true);
    const mayAct = ACTION_ROLE[b.action] === 'employee' ? isEmployee(actor, row) : leads(actor, row);
    if (!mayAct)
      throw forbidden(
        ACTION_ROLE[b.action] === 'employee' ? 'only the employee takes this step' : 'only the leader takes this step',
      );
    if (Number(row.version) !== b.version) throw staleVersion();
    if (row.cycle_state !== 'open') throw cycleClosed(lang);
    const step = transitionFrom(REVIEW_MACHINE, row.state, b.action);
    if (!step) throw conflict(refusalText(REVIEW_MACHINE, row.state, b.action, lang), { state: row.state });
    checkFilled(row, b.action);
    const set = {
      submitSelf: sql`self_submitted_at = now()`,
      review: sql`reviewed_at = now()`,
      return: sql`return_remark = ${b.remark}, self_submitted_at = NULL`,
      acknowledge: sql`acknowledged_at = now(), ack_comment = ${b.remark === '' ? null : b.remark}`,
    }[b.action];
    await tx.execute(
      sql`UPDATE growth_reviews SET state = ${step.to}, ${set}, updated_at = now(), version = version + 1 WHERE id = ${id}`,
    );
    await tx.execute(sql`
      INSERT INTO growth_review_events (review_id, action, from_state, to_state, user_id, impersonator_user_id, remark)
      VALUES (${id}, ${b.action}, ${row.state}, ${step.to}, ${actor.userId}, ${actor.impersonatorUserId}, ${b.remark})`);
    await audit(tx, actor, {
      action: `growth.${b.action}`,
      entity: 'growth_review',
      entityId: id,
      before: { state: row.state },
      after: { state: step.to, ...(b.remark ? { remark: b.remark } : {}) },
    });
    const to = ACTION_ROLE[b.action] === 'employee' ? row.leader_id : row.employee_id;
    if (to !== null) {
      const fill = (s: string) => s.replace('{name}', row.employee_name ?? '').replace('{q}', row.quarter);
      await notify(tx, {
        accountId: actor.accountId,
        userIds: [Number(to)],
        kind: 'growth.review',
        title: { zh: fill(NOTICE[b.action].zh), en: fill(NOTICE[b.action].en) },
        link: `/performance/view?id=${id}`,
      });
    }
    return toReview(actor, await reread(tx, actor, id));
  });
}

export async function events(ctx: AppContext, actor: RequestActor, id: number) {
  await loaded(ctx.db, actor, id);
  return (await repo.eventsOf(ctx.db, id)).map((e) => ({
    id: Number(e.id),
    action: e.action,
    from: e.from_state,
    to: e.to_state,
    by: e.by_name ?? '',
    realBy: e.real_name,
    remark: e.remark,
    at: e.at,
  }));
}

export async function objectives(ctx: AppContext, actor: RequestActor, id: number) {
  const row = await loaded(ctx.db, actor, id);
  return committedObjectivesOf(ctx.db, actor.accountId, Number(row.employee_id), row.quarter);
}

// ---- cycles ----

function toCycle(c: repo.CycleRow): Cycle {
  const byState = Object.fromEntries(REVIEW_STATES.map((s) => [s, Number(c.by_state?.[s] ?? 0)])) as Cycle['byState'];
  return {
    id: Number(c.id),
    quarter: c.quarter,
    state: c.state,
    dimensions: c.dimensions,
    reviews: Number(c.reviews),
    byState,
    openedBy: c.opened_by,
    openedAt: c.opened_at,
    version: Number(c.version),
  };
}

export async function cycles(ctx: AppContext, actor: RequestActor) {
  requireStaff(actor);
  return {
    list: (await repo.cycleRows(ctx.db, actor.accountId)).map(toCycle),
    canManage: managesCycles(actor),
    canEditValues: isAdmin(actor),
  };
}

function requireManager(actor: RequestActor) {
  requireStaff(actor);
  if (!managesCycles(actor)) throw permissionDenied('user:organization:edit');
}

export async function openCycle(ctx: AppContext, actor: RequestActor, quarter: string): Promise<Cycle> {
  requireManager(actor);
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(727274023, ${actor.accountId})`);
    const taken = await tx.execute(
      sql`SELECT 1 FROM growth_cycles WHERE account_id = ${actor.accountId} AND quarter = ${quarter}`,
    );
    if (taken.rows.length > 0) throw fieldConflict(`${quarter} already has a cycle`, 'quarter', 'growth.cycleExists');
    const values = await tx.execute<{ id: number; name_zh: string; name_en: string; description: string }>(sql`
      SELECT id, name_zh, name_en, description FROM growth_values WHERE account_id = ${actor.accountId} AND active ORDER BY sort, id`);
    if (values.rows.length === 0) throw codedFieldError('quarter', 'growth.noValues');
    const people = await tx.execute<{ user_id: number; dept_name: string }>(sql`
      SELECT d.user_id, d.dept_name FROM ${userDepartmentsToday(actor.accountId)} d
        JOIN ${userDirectory} u ON u.id = d.user_id WHERE u.enabled ORDER BY d.user_id`);
    if (people.rows.length === 0) throw codedFieldError('quarter', 'growth.noEmployees');
    const dimensions: Dimension[] = values.rows.map((v) => ({
      key: `v${v.id}`,
      nameZh: v.name_zh,
      nameEn: v.name_en,
      description: v.description,
    }));
    const c = await tx.execute<{ id: number }>(sql`
      INSERT INTO growth_cycles (account_id, quarter, dimensions, opened_by)
      VALUES (${actor.accountId}, ${quarter}, ${JSON.stringify(dimensions)}::jsonb, ${actor.userId}) RETURNING id`);
    const cycleId = Number(c.rows[0]?.id);
    for (const p of people.rows) {
      const leader = await leaderOf(tx, Number(p.user_id));
      await tx.execute(sql`
        INSERT INTO growth_reviews (account_id, cycle_id, employee_id, leader_id, dept_name)
        VALUES (${actor.accountId}, ${cycleId}, ${p.user_id}, ${leader}, ${p.dept_name})`);
    }
    await audit(tx, actor, {
      action: 'growth.openCycle',
      entity: 'growth_cycle',
      entityId: cycleId,
      after: { quarter, reviews: people.rows.length, dimensions: dimensions.map((d) => d.nameEn) },
    });
    return toCycle((await repo.cycleRow(tx, actor.accountId, cycleId)) as repo.CycleRow);
  });
}

export async function closeCycle(ctx: AppContext, actor: RequestActor, id: number, version: number, lang: Lang): Promise<Cycle> {
  requireManager(actor);
  return ctx.db.transaction(async (tx) => {
    const c = await repo.cycleRow(tx, actor.accountId, id, true);
    if (!c) throw notFound(`no cycle ${id}`);
    if (Number(c.version) !== version) throw staleVersion();
    const step = transitionFrom(CYCLE_MACHINE, c.state, 'close');
    if (!step) throw conflict(refusalText(CYCLE_MACHINE, c.state, 'close', lang), { state: c.state });
    await tx.execute(
      sql`UPDATE growth_cycles SET state = ${step.to}, closed_at = now(), updated_at = now(), version = version + 1 WHERE id = ${id}`,
    );
    await audit(tx, actor, {
      action: 'growth.closeCycle',
      entity: 'growth_cycle',
      entityId: id,
      before: { state: c.state },
      after: { state: step.to },
    });
    return toCycle((await repo.cycleRow(tx, actor.accountId, id)) as repo.CycleRow);
  });
}
