/**
 * A project's three axes (spec §4) and who may move them: the scheduling status (DRAFT,
 * PENDING, RELEASED), the run status (NOT_START … CANCELED) and the stage (DB, DD, D0–D5),
 * plus the approval (the approval engine's codes 1–5). docs/projects.md holds the table in
 * words; `projectDecision` is that table, applied by the server (projects.rules.ts, one
 * function) and by the web (which offers only the buttons it allows). Pure: no I/O.
 */
import type { ApprovalStatus } from '../approvals/approval-flow';
import { defineStateMachine } from '../state-machine';

export const PROJECT_TYPES = [
  'PLATFORM_PROJECT',
  'NEW_PRODUCTS_PROJECT',
  'GTM_PROJECT',
  'BRAND_EXPOSURE_PROJECT',
  'NEW_PRODUCT_DEV_PROJECT',
] as const;
export type ProjectType = (typeof PROJECT_TYPES)[number];

export const SCHEDULE_STATUSES = ['DRAFT', 'PENDING', 'RELEASED'] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];
export const RUN_STATUSES = ['NOT_START', 'RUNNING', 'PAUSED', 'CLOSED', 'OVER_COMPLETE', 'CANCELED'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];
export const STAGES = ['DB', 'DD', 'D0', 'D1', 'D2', 'D3', 'D4', 'D5'] as const;
export type Stage = (typeof STAGES)[number];
export const PRIORITIES = ['P0', 'P1', 'P2', 'P3'] as const;
export type Priority = (typeof PRIORITIES)[number];

/** Run statuses no action leaves. */
export const FINAL_RUN: readonly RunStatus[] = ['CLOSED', 'OVER_COMPLETE', 'CANCELED'];

export const SCHEDULE_MACHINE = defineStateMachine<ScheduleStatus, 'commit' | 'withdraw' | 'release'>({
  entity: { zh: '项目', en: 'Project' },
  states: {
    DRAFT: { label: { zh: '草稿', en: 'Draft' }, tone: 'default' },
    PENDING: { label: { zh: '待排期', en: 'To be scheduled' }, tone: 'warning' },
    RELEASED: { label: { zh: '已排期', en: 'Scheduled' }, tone: 'success', final: true },
  },
  transitions: [
    { action: 'commit', from: ['DRAFT'], to: 'PENDING', label: { zh: '提交审批', en: 'Submit for approval' } },
    {
      action: 'withdraw',
      from: ['PENDING'],
      to: 'DRAFT',
      label: { zh: '撤回', en: 'Withdraw' },
      confirm: {
        zh: '撤回后项目回到草稿，需要重新提交审批。',
        en: 'The project goes back to draft and must be submitted again.',
      },
    },
    {
      action: 'release',
      from: ['PENDING'],
      to: 'RELEASED',
      label: { zh: '排期发布', en: 'Release' },
      destructive: false,
      confirm: { zh: '发布后项目进入执行，不能再撤回。', en: 'Once released the project runs and cannot be withdrawn.' },
    },
  ],
});

export type RunAction = 'start' | 'pause' | 'resume' | 'complete' | 'close' | 'cancel';
export const RUN_MACHINE = defineStateMachine<RunStatus, RunAction>({
  entity: { zh: '项目', en: 'Project' },
  states: {
    NOT_START: { label: { zh: '未开始', en: 'Not started' }, tone: 'default' },
    RUNNING: { label: { zh: '进行中', en: 'Running' }, tone: 'processing' },
    PAUSED: { label: { zh: '已暂停', en: 'Paused' }, tone: 'warning' },
    CLOSED: { label: { zh: '已关闭', en: 'Closed' }, tone: 'default', final: true },
    OVER_COMPLETE: { label: { zh: '已完成', en: 'Completed' }, tone: 'success', final: true },
    CANCELED: { label: { zh: '已取消', en: 'Canceled' }, tone: 'error', final: true },
  },
  transitions: [
    { action: 'start', from: ['NOT_START'], to: 'RUNNING', label: { zh: '开始', en: 'Start' } },
    { action: 'pause', from: ['RUNNING'], to: 'PAUSED', label: { zh: '暂停', en: 'Pause' } },
    { action: 'resume', from: ['PAUSED'], to: 'RUNNING', label: { zh: '恢复', en: 'Resume' } },
    {
      action: 'complete',
      from: ['RUNNING'],
      to: 'OVER_COMPLETE',
      label: { zh: '完成', en: 'Complete' },
      destructive: false,
      confirm: { zh: '完成后项目不能再变更状态。', en: 'A completed project changes state no more.' },
    },
    {
      action: 'close',
      from: ['RUNNING', 'PAUSED'],
      to: 'CLOSED',
      label: { zh: '关闭', en: 'Close' },
      confirm: { zh: '关闭后项目不能再变更状态。', en: 'A closed project changes state no more.' },
    },
    {
      action: 'cancel',
      from: ['NOT_START', 'RUNNING', 'PAUSED'],
      to: 'CANCELED',
      label: { zh: '取消项目', en: 'Cancel project' },
      confirm: { zh: '取消后项目不能再变更状态。', en: 'A canceled project changes state no more.' },
    },
  ],
});

/** The stage gate: one step forward at a time (DB → DD → D0 … D5). */
export const STAGE_MACHINE = defineStateMachine<Stage, 'advance'>({
  entity: { zh: '项目阶段', en: 'Project stage' },
  states: Object.fromEntries(
    STAGES.map((s) => [s, { label: { zh: s, en: s }, tone: s === 'D5' ? 'success' : 'processing', final: s === 'D5' }]),
  ) as Record<Stage, { label: { zh: string; en: string }; tone: 'success' | 'processing'; final: boolean }>,
  transitions: STAGES.slice(0, -1).map((from, i) => ({
    action: 'advance' as const,
    from: [from],
    to: STAGES[i + 1] as Stage,
    label: { zh: '进入下一阶段', en: 'Next stage' },
  })),
});

/** Every action on a project, each row of the table in docs/projects.md. */
export const PROJECT_ACTIONS = [
  'edit',
  'commit',
  'withdraw',
  'approve',
  'reject',
  'release',
  'start',
  'pause',
  'resume',
  'complete',
  'close',
  'cancel',
  'advance',
  'delete',
  'replaceMember',
  'work',
  'reportNode',
  'gateReview',
] as const;
export type ProjectAction = (typeof PROJECT_ACTIONS)[number];

/** The caller's relation to one project; `admin` is the built-in administrator. */
export const PROJECT_ROLES = ['owner', 'member', 'approver', 'deptLeader', 'admin'] as const;
export type ProjectRole = (typeof PROJECT_ROLES)[number];

export interface ProjectStateView {
  readonly schedule: ScheduleStatus;
  readonly run: RunStatus;
  readonly stage: Stage;
  readonly approval: ApprovalStatus;
}

type Who = readonly ProjectRole[];
const STEER: Who = ['owner', 'deptLeader', 'admin'];

/** Each action: in which states it is open, and who may take it. */
const TABLE: Record<ProjectAction, { who: Who; when: (s: ProjectStateView) => boolean }> = {
  // Drafts are edited by the team; a scheduled project by those who steer it; in review nobody edits.
  edit: {
    who: ['owner', 'member', 'deptLeader', 'admin'],
    when: (s) => s.schedule === 'DRAFT' || (s.schedule === 'RELEASED' && !FINAL_RUN.includes(s.run)),
  },
  commit: { who: ['owner'], when: (s) => s.schedule === 'DRAFT' && (s.approval === 'not' || s.approval === 'rejected') },
  // The engine's rule: only before any approver has acted.
  withdraw: { who: ['owner'], when: (s) => s.schedule === 'PENDING' && s.approval === 'submitted' },
  // The engine decides further whether this approver is asked now (current step, not yet voted).
  approve: {
    who: ['approver'],
    when: (s) => s.schedule === 'PENDING' && (s.approval === 'submitted' || s.approval === 'pending'),
  },
  reject: {
    who: ['approver'],
    when: (s) => s.schedule === 'PENDING' && (s.approval === 'submitted' || s.approval === 'pending'),
  },
  release: { who: STEER, when: (s) => s.schedule === 'PENDING' && s.approval === 'approved' },
  start: { who: STEER, when: (s) => s.schedule === 'RELEASED' && s.run === 'NOT_START' },
  pause: { who: STEER, when: (s) => s.schedule === 'RELEASED' && s.run === 'RUNNING' },
  resume: { who: STEER, when: (s) => s.schedule === 'RELEASED' && s.run === 'PAUSED' },
  complete: { who: STEER, when: (s) => s.schedule === 'RELEASED' && s.run === 'RUNNING' },
  close: { who: STEER, when: (s) => s.schedule === 'RELEASED' && (s.run === 'RUNNING' || s.run === 'PAUSED') },
  cancel: { who: STEER, when: (s) => s.schedule === 'RELEASED' && !FINAL_RUN.includes(s.run) },
  advance: { who: STEER, when: (s) => s.schedule === 'RELEASED' && s.run === 'RUNNING' && s.stage !== 'D5' },
  delete: { who: ['owner', 'admin'], when: (s) => s.schedule === 'DRAFT' && (s.approval === 'not' || s.approval === 'rejected') },
  replaceMember: { who: STEER, when: (s) => !FINAL_RUN.includes(s.run) },
  // Todos and events: everyone taking part, while the project is not over.
  work: { who: ['owner', 'member', 'approver', 'deptLeader', 'admin'], when: (s) => !FINAL_RUN.includes(s.run) },
  // A node (stage gate) reached is reported by the team while the scheduled project is not over.
  reportNode: {
    who: ['owner', 'member', 'deptLeader', 'admin'],
    when: (s) => s.schedule === 'RELEASED' && !FINAL_RUN.includes(s.run),
  },
  // A development project's gate review (research approve): those who steer it but its owner, who does not judge their own gate.
  gateReview: { who: ['deptLeader', 'admin'], when: (s) => s.schedule === 'RELEASED' && s.run === 'RUNNING' && s.stage !== 'D5' },
};

export type ProjectDecision = { ok: true } | { ok: false; reason: 'state' | 'role' };

/** Whether a caller holding `roles` may take `action` on a project in state `s` (the state is checked first). */
export function projectDecision(s: ProjectStateView, action: ProjectAction, roles: readonly ProjectRole[]): ProjectDecision {
  const row = TABLE[action];
  if (!row.when(s)) return { ok: false, reason: 'state' };
  if (!roles.some((r) => row.who.includes(r))) return { ok: false, reason: 'role' };
  return { ok: true };
}

export const projectAllows = (s: ProjectStateView, action: ProjectAction, roles: readonly ProjectRole[]) =>
  projectDecision(s, action, roles).ok;

/** The roles that may take `action` (docs/projects.md's "who" column). */
export const whoMay = (action: ProjectAction): Who => TABLE[action].who;

/** Which machine an action moves, for its label and the refusal text. */
export const RUN_ACTIONS: readonly RunAction[] = ['start', 'pause', 'resume', 'complete', 'close', 'cancel'];
