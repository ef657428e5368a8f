/**
 * The approval engine's server half (issue #21; decisions.md "Approvals"). An area declares a
 * flow (the contract's ApprovalFlowDef) and calls these inside its own transaction: the row is
 * locked, the contract's `applyApproval` decides, and the state, the timeline and the list of
 * who is asked to act next are written together, or the refusal is thrown in the caller's
 * language (409 when someone acted first, 403 for the wrong person, 400 for the state).
 */

import type { Lang } from '@bo/contract';
import {
  APPROVAL_STATUS,
  type ApprovalAction,
  type ApprovalFlowDef,
  type ApprovalState,
  type ApprovalVote,
  applyApproval,
  approvalRefusalStatus,
  approvalRefusalText,
  statusFromCode,
} from '@bo/contract/approvals/approval-flow';
import { sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { badRequest, conflict, forbidden, notFound } from '../errors';
import { type NotificationText, notify } from '../notify/notifications';

export interface ApprovalRow extends ApprovalState {
  readonly id: number;
  readonly accountId: number;
  readonly flow: string;
  readonly entityId: string;
}

export interface ApprovalActor {
  readonly userId: number;
  readonly impersonatorUserId?: number | null;
  readonly lang: Lang;
}

export interface TimelineEntry {
  readonly id: number;
  readonly action: ApprovalAction;
  readonly userId: number;
  readonly impersonatorUserId: number | null;
  readonly round: number;
  readonly step: number;
  readonly from: number;
  readonly to: number;
  readonly remark: string | null;
  readonly at: string;
}

interface RawRow {
  [column: string]: unknown;
  id: number;
  account_id: number;
  flow: string;
  entity_id: string;
  submitter_id: number;
  status: number;
  step: number;
  round: number;
  approvers: number[][];
  votes: ApprovalVote[];
  version: number;
}

const fromRaw = (r: RawRow): ApprovalRow => ({
  id: Number(r.id),
  accountId: Number(r.account_id),
  flow: r.flow,
  entityId: r.entity_id,
  submitterId: Number(r.submitter_id),
  status: statusFromCode(Number(r.status)) ?? 'not',
  step: Number(r.step),
  round: Number(r.round),
  approvers: r.approvers,
  votes: r.votes,
  version: Number(r.version),
});

/** The approval of one record, created as a draft (NOT) the first time it is asked for. */
export async function approvalFor(
  tx: Tx,
  flow: ApprovalFlowDef,
  entityId: string,
  owner: { accountId: number; submitterId: number },
): Promise<ApprovalRow> {
  await tx.execute(sql`
    INSERT INTO approvals (account_id, flow, entity_id, submitter_id)
    VALUES (${owner.accountId}, ${flow.key}, ${entityId}, ${owner.submitterId})
    ON CONFLICT (flow, entity_id) DO NOTHING`);
  const found = await readApproval(tx, flow, entityId);
  if (!found) throw new Error(`approval ${flow.key}/${entityId} vanished`);
  return found;
}

export async function readApproval(db: DbOrTx, flow: ApprovalFlowDef, entityId: string): Promise<ApprovalRow | null> {
  const r = await db.execute<RawRow>(sql`SELECT * FROM approvals WHERE flow = ${flow.key} AND entity_id = ${entityId}`);
  return r.rows[0] ? fromRaw(r.rows[0]) : null;
}

/** What the record is, for the notifications of an action: its name in both languages and where it opens. */
export interface ApprovalSubject {
  readonly title: NotificationText;
  readonly link: string | null;
}

/** The notification of each outcome, `{title}` being the record's name. */
const NOTICE_OF: Record<ApprovalState['status'], { kind: string; zh: string; en: string }> = {
  submitted: { kind: 'approval.waiting', zh: '待您审批：{title}', en: 'Waiting for your approval: {title}' },
  pending: { kind: 'approval.waiting', zh: '待您审批：{title}', en: 'Waiting for your approval: {title}' },
  approved: { kind: 'approval.approved', zh: '已审批通过：{title}', en: 'Approved: {title}' },
  rejected: { kind: 'approval.rejected', zh: '已被驳回：{title}', en: 'Rejected: {title}' },
  not: { kind: 'approval.withdrawn', zh: '已撤回审批：{title}', en: 'Approval withdrawn: {title}' },
};

export interface ActRequest {
  readonly action: ApprovalAction;
  readonly version: number;
  readonly remark?: string;
  /** For `submit`: who approves each step (the area resolves them: leaders, permission holders, row rules). */
  readonly approvers?: readonly (readonly number[])[];
}

/**
 * Applies one action to a record's approval inside the caller's transaction. The row is
 * locked first (FOR UPDATE), so of two approvers acting at once the second sees the first
 * one's version and is refused 409. Answers the new state and who is to be told.
 */
export async function actOnApproval(
  tx: Tx,
  flow: ApprovalFlowDef,
  entityId: string,
  actor: ApprovalActor,
  req: ActRequest,
  /** When given, each user to be told gets a notification (in-app, and by mail where they have an address). */
  subject?: ApprovalSubject,
): Promise<{ approval: ApprovalRow; notify: readonly number[] }> {
  const locked = await tx.execute<RawRow>(
    sql`SELECT * FROM approvals WHERE flow = ${flow.key} AND entity_id = ${entityId} FOR UPDATE`,
  );
  const raw = locked.rows[0];
  if (!raw) throw notFound('approval not found');
  const current = fromRaw(raw);
  const out = applyApproval(flow, current, { ...req, userId: actor.userId });
  if (!out.ok) {
    const status = approvalRefusalStatus(out.refusal);
    const text = approvalRefusalText(out.refusal, actor.lang);
    const data = { reason: out.refusal.reason, status: APPROVAL_STATUS[current.status], version: current.version };
    throw status === 409 ? conflict(text, data) : status === 403 ? forbidden(text) : badRequest(text, data);
  }
  const next = out.state;
  await tx.execute(sql`
    UPDATE approvals
    SET status = ${APPROVAL_STATUS[next.status]}, step = ${next.step}, round = ${next.round},
        approvers = ${JSON.stringify(next.approvers)}::jsonb, votes = ${JSON.stringify(next.votes)}::jsonb,
        version = ${next.version}, updated_at = now()
    WHERE id = ${current.id}`);
  const e = out.event;
  await tx.execute(sql`
    INSERT INTO approval_events (approval_id, action, user_id, impersonator_user_id, round, step, from_status, to_status, remark)
    VALUES (${current.id}, ${e.action}, ${e.userId}, ${actor.impersonatorUserId ?? null}, ${e.round}, ${e.step},
            ${APPROVAL_STATUS[e.from]}, ${APPROVAL_STATUS[e.to]}, ${e.remark})`);
  // Who is asked now: the current step's approvers who have not acted, while in review.
  await tx.execute(sql`DELETE FROM approval_waits WHERE approval_id = ${current.id}`);
  const waiting =
    next.status === 'submitted' || next.status === 'pending'
      ? (next.approvers[next.step] ?? []).filter(
          (id) => !next.votes.some((v) => v.round === next.round && v.step === next.step && v.userId === id),
        )
      : [];
  for (const userId of waiting)
    await tx.execute(sql`
      INSERT INTO approval_waits (approval_id, user_id, flow) VALUES (${current.id}, ${userId}, ${flow.key})`);
  if (subject && out.notify.length > 0) {
    const notice = NOTICE_OF[next.status];
    // A function replacer: a title holding `$&` or `$1` stays as it is.
    const fill = (text: string, title: string) => text.replace('{title}', () => title);
    const remark = e.remark ? { zh: `备注：${e.remark}`, en: `Remark: ${e.remark}` } : undefined;
    await notify(tx, {
      accountId: current.accountId,
      userIds: out.notify,
      kind: notice.kind,
      title: { zh: fill(notice.zh, subject.title.zh), en: fill(notice.en, subject.title.en) },
      ...(remark ? { body: remark } : {}),
      link: subject.link,
      // One notification per user and version: an action told twice (a retried request) is told once.
      dedupeKey: `approval:${current.id}:${next.version}`,
    });
  }
  return { approval: { ...current, ...next }, notify: out.notify };
}

/** How many approvals wait for this user (the sign-in count of spec §6), optionally of some flows only. */
export async function pendingCount(db: DbOrTx, userId: number, flows?: readonly string[]): Promise<number> {
  const r = await db.execute<{ n: number }>(
    flows?.length
      ? sql`SELECT count(*)::int AS n FROM approval_waits
            WHERE user_id = ${userId} AND flow IN (${sql.join(
              flows.map((f) => sql`${f}`),
              sql`, `,
            )})`
      : sql`SELECT count(*)::int AS n FROM approval_waits WHERE user_id = ${userId}`,
  );
  return Number(r.rows[0]?.n ?? 0);
}

/** The records of a flow waiting for this user, oldest first (an area joins them to its own rows). */
export async function awaitingEntityIds(db: DbOrTx, userId: number, flow: string): Promise<string[]> {
  const r = await db.execute<{ entity_id: string }>(sql`
    SELECT a.entity_id FROM approval_waits w JOIN approvals a ON a.id = w.approval_id
    WHERE w.user_id = ${userId} AND w.flow = ${flow} ORDER BY w.since, a.id`);
  return r.rows.map((x) => x.entity_id);
}

/** One approval's timeline, oldest first. */
export async function timelineOf(db: DbOrTx, approvalId: number): Promise<TimelineEntry[]> {
  const r = await db.execute<{
    id: number;
    action: ApprovalAction;
    user_id: number;
    impersonator_user_id: number | null;
    round: number;
    step: number;
    from_status: number;
    to_status: number;
    remark: string | null;
    at: Date | string;
  }>(sql`SELECT * FROM approval_events WHERE approval_id = ${approvalId} ORDER BY id`);
  return r.rows.map((x) => ({
    id: Number(x.id),
    action: x.action,
    userId: Number(x.user_id),
    impersonatorUserId: x.impersonator_user_id === null ? null : Number(x.impersonator_user_id),
    round: Number(x.round),
    step: Number(x.step),
    from: Number(x.from_status),
    to: Number(x.to_status),
    remark: x.remark,
    at: new Date(x.at).toISOString(),
  }));
}
