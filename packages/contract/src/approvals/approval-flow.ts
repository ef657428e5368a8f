/**
 * The approval engine's rules, shared by the server (which applies them inside a transaction,
 * with the row locked and its version checked) and the web (which draws the timeline and offers
 * only the buttons the same rules allow). A flow is data: its steps in sequence, each with the
 * approvers resolved when the record is submitted and a mode: `all` (every approver of the step
 * approves) or `any` (the first approval settles the step). One rejection ends the round.
 *
 * Statuses are spec §4's codes: 1 NOT (a draft, or withdrawn), 2 SUBMIT (submitted, nobody has
 * acted yet), 3 REJECT, 4 PENDING (in review: some approval recorded, more needed),
 * 5 APPROVED. docs/decisions.md ("Approvals") says why the codes mean this.
 */
import type { Lang } from '../errors';
import { defineStateMachine, stateLabel } from '../state-machine';

export const APPROVAL_STATUS = { not: 1, submitted: 2, rejected: 3, pending: 4, approved: 5 } as const;
export type ApprovalStatus = keyof typeof APPROVAL_STATUS;
export type ApprovalAction = 'submit' | 'withdraw' | 'approve' | 'reject';

export const statusFromCode = (code: number): ApprovalStatus | null =>
  (Object.entries(APPROVAL_STATUS).find(([, c]) => c === code)?.[0] as ApprovalStatus | undefined) ?? null;

/**
 * Tags and buttons (shared/kit StateTag, StateActions): who may press them is `allowedActions`.
 * `approve` is declared to lead to pending; the last approval of the last step makes it
 * approved instead (`applyApproval` decides, the machine only says which states allow it).
 */
export const APPROVAL_MACHINE = defineStateMachine<ApprovalStatus, ApprovalAction>({
  entity: { zh: '审批', en: 'Approval' },
  states: {
    not: { label: { zh: '未提交', en: 'Not submitted' }, tone: 'default' },
    submitted: { label: { zh: '已提交', en: 'Submitted' }, tone: 'processing' },
    rejected: { label: { zh: '已驳回', en: 'Rejected' }, tone: 'error' },
    pending: { label: { zh: '审批中', en: 'In review' }, tone: 'warning' },
    approved: { label: { zh: '已通过', en: 'Approved' }, tone: 'success', final: true },
  },
  transitions: [
    { action: 'submit', from: ['not', 'rejected'], to: 'submitted', label: { zh: '提交审批', en: 'Submit' } },
    {
      action: 'withdraw',
      from: ['submitted'],
      to: 'not',
      label: { zh: '撤回', en: 'Withdraw' },
      confirm: { zh: '撤回后需要重新提交审批，确定撤回？', en: 'Withdraw it? It must be submitted again to be reviewed.' },
    },
    { action: 'approve', from: ['submitted', 'pending'], to: 'pending', label: { zh: '通过', en: 'Approve' } },
    {
      action: 'reject',
      from: ['submitted', 'pending'],
      to: 'rejected',
      label: { zh: '驳回', en: 'Reject' },
      confirm: {
        zh: '驳回后提交人需要修改并重新提交，确定驳回？',
        en: 'Reject it? The submitter must change it and submit again.',
      },
    },
  ],
});

export interface ApprovalStepDef {
  readonly key: string;
  readonly label: { readonly zh: string; readonly en: string };
  readonly mode: 'all' | 'any';
}

export interface ApprovalFlowDef {
  readonly key: string;
  readonly steps: readonly ApprovalStepDef[];
  /** A rejection must say why (the submitter reads it). */
  readonly rejectNeedsRemark: boolean;
}

export interface ApprovalVote {
  readonly round: number;
  readonly step: number;
  readonly userId: number;
  readonly decision: 'approve' | 'reject';
}

/** One record's approval as the server keeps it. */
export interface ApprovalState {
  readonly status: ApprovalStatus;
  readonly submitterId: number;
  /** The step under review (0-based); meaningful while submitted or pending. */
  readonly step: number;
  /** Approvers per step, resolved at submission (an organisation change later does not move a running review). */
  readonly approvers: readonly (readonly number[])[];
  /** Each submission starts a round; votes of earlier rounds stay in the timeline only. */
  readonly round: number;
  readonly votes: readonly ApprovalVote[];
  readonly version: number;
}

export interface ApprovalRequest {
  readonly action: ApprovalAction;
  readonly userId: number;
  /** The version the caller saw: another one means someone acted meanwhile. */
  readonly version: number;
  readonly remark?: string;
  /** For `submit`: the approvers of each step, resolved by the server (organisation, permissions, row rules). */
  readonly approvers?: readonly (readonly number[])[];
}

export type ApprovalRefusal =
  | { readonly reason: 'stale'; readonly current: number }
  | { readonly reason: 'state'; readonly status: ApprovalStatus }
  | { readonly reason: 'notSubmitter' }
  | { readonly reason: 'notApprover' }
  | { readonly reason: 'alreadyActed' }
  | { readonly reason: 'remarkRequired' }
  | { readonly reason: 'noApprovers'; readonly step: number };

/** One line of the timeline: who did what, when (the server adds the time), from which status to which. */
export interface ApprovalEvent {
  readonly action: ApprovalAction;
  readonly userId: number;
  readonly round: number;
  readonly step: number;
  readonly from: ApprovalStatus;
  readonly to: ApprovalStatus;
  readonly remark: string | null;
}

export type ApprovalOutcome =
  | { readonly ok: true; readonly state: ApprovalState; readonly event: ApprovalEvent; readonly notify: readonly number[] }
  | { readonly ok: false; readonly refusal: ApprovalRefusal };

export const newApproval = (submitterId: number): ApprovalState => ({
  status: 'not',
  submitterId,
  step: 0,
  approvers: [],
  round: 0,
  votes: [],
  version: 0,
});

const inReview = (s: ApprovalState) => s.status === 'submitted' || s.status === 'pending';
const votesOf = (s: ApprovalState, step: number) => s.votes.filter((v) => v.round === s.round && v.step === step);

/** Whether `userId` is asked to act on this record now (the "awaiting me" list and the sign-in count). */
export function awaits(s: ApprovalState, userId: number): boolean {
  if (!inReview(s)) return false;
  if (!(s.approvers[s.step] ?? []).includes(userId)) return false;
  return !votesOf(s, s.step).some((v) => v.userId === userId);
}

/** The actions `userId` may take now: the web's buttons, from the same rules the server applies. */
export function allowedActions(s: ApprovalState, userId: number): ApprovalAction[] {
  const out: ApprovalAction[] = [];
  if ((s.status === 'not' || s.status === 'rejected') && userId === s.submitterId) out.push('submit');
  if (s.status === 'submitted' && userId === s.submitterId) out.push('withdraw');
  if (awaits(s, userId)) out.push('approve', 'reject');
  return out;
}

function refuse(refusal: ApprovalRefusal): ApprovalOutcome {
  return { ok: false, refusal };
}

/**
 * Applies one action. Pure: the server calls it with the row it locked and writes the result
 * and the event in the same transaction, or answers the refusal (api: `approvalRefusalText`).
 */
export function applyApproval(flow: ApprovalFlowDef, s: ApprovalState, req: ApprovalRequest): ApprovalOutcome {
  if (req.version !== s.version) return refuse({ reason: 'stale', current: s.version });
  const remark = req.remark?.trim() ? req.remark.trim() : null;
  const done = (next: Omit<ApprovalState, 'version'>, to: ApprovalStatus, notify: readonly number[]): ApprovalOutcome => ({
    ok: true,
    state: { ...next, version: s.version + 1 },
    event: { action: req.action, userId: req.userId, round: next.round, step: s.step, from: s.status, to, remark },
    notify: [...new Set(notify)].filter((id) => id !== req.userId),
  });

  switch (req.action) {
    case 'submit': {
      if (s.status !== 'not' && s.status !== 'rejected') return refuse({ reason: 'state', status: s.status });
      if (req.userId !== s.submitterId) return refuse({ reason: 'notSubmitter' });
      const approvers = flow.steps.map((_, i) => [...new Set(req.approvers?.[i] ?? [])]);
      const empty = approvers.findIndex((a) => a.length === 0);
      if (empty >= 0 || approvers.length === 0) return refuse({ reason: 'noApprovers', step: Math.max(0, empty) });
      const next = { ...s, status: 'submitted' as const, step: 0, approvers, round: s.round + 1 };
      return done(next, 'submitted', approvers[0] ?? []);
    }
    case 'withdraw': {
      if (s.status !== 'submitted') return refuse({ reason: 'state', status: s.status });
      if (req.userId !== s.submitterId) return refuse({ reason: 'notSubmitter' });
      return done({ ...s, status: 'not' }, 'not', s.approvers[s.step] ?? []);
    }
    case 'approve':
    case 'reject': {
      if (!inReview(s)) return refuse({ reason: 'state', status: s.status });
      if (!(s.approvers[s.step] ?? []).includes(req.userId)) return refuse({ reason: 'notApprover' });
      if (votesOf(s, s.step).some((v) => v.userId === req.userId)) return refuse({ reason: 'alreadyActed' });
      if (req.action === 'reject' && flow.rejectNeedsRemark && remark === null) return refuse({ reason: 'remarkRequired' });
      const votes = [...s.votes, { round: s.round, step: s.step, userId: req.userId, decision: req.action }];
      if (req.action === 'reject') return done({ ...s, votes, status: 'rejected' }, 'rejected', [s.submitterId]);
      const stepVotes = votes.filter((v) => v.round === s.round && v.step === s.step);
      const mode = flow.steps[s.step]?.mode ?? 'all';
      const approvers = s.approvers[s.step] ?? [];
      const stepDone = mode === 'any' || approvers.every((id) => stepVotes.some((v) => v.userId === id));
      if (!stepDone) return done({ ...s, votes, status: 'pending' }, 'pending', []);
      if (s.step + 1 >= flow.steps.length) return done({ ...s, votes, status: 'approved' }, 'approved', [s.submitterId]);
      const step = s.step + 1;
      return done({ ...s, votes, status: 'pending', step }, 'pending', s.approvers[step] ?? []);
    }
  }
}

/** A refusal in the caller's language; the server sends it with `approvalRefusalStatus`. */
export function approvalRefusalText(r: ApprovalRefusal, lang: Lang): string {
  const zh = lang === 'zh-CN';
  switch (r.reason) {
    case 'stale':
      return zh ? '该审批已被他人处理，请刷新后再操作' : 'Someone acted on this approval meanwhile: reload it first';
    case 'state': {
      const st = stateLabel(APPROVAL_MACHINE, r.status, lang);
      return zh ? `当前状态为「${st}」，不能执行此操作` : `Not possible while the approval is ${st.toLowerCase()}`;
    }
    case 'notSubmitter':
      return zh ? '只有提交人可以执行此操作' : 'Only the submitter may do this';
    case 'notApprover':
      return zh ? '你不是当前步骤的审批人' : 'You are not an approver of the current step';
    case 'alreadyActed':
      return zh ? '你已处理过这一步' : 'You have already acted on this step';
    case 'remarkRequired':
      return zh ? '驳回需要填写原因' : 'A rejection needs a reason';
    case 'noApprovers':
      return zh ? `第 ${r.step + 1} 步没有审批人` : `Step ${r.step + 1} has no approver`;
  }
}

/** 409 when someone acted first, 403 for the wrong person, 400 for an action the state refuses or a missing remark. */
export function approvalRefusalStatus(r: ApprovalRefusal): 400 | 403 | 409 {
  if (r.reason === 'stale' || r.reason === 'alreadyActed') return 409;
  if (r.reason === 'notSubmitter' || r.reason === 'notApprover') return 403;
  return 400;
}
