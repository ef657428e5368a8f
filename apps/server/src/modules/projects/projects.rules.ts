/**
 * The ONE place the server decides who may do what to a project (docs/projects.md's table):
 * the caller's roles in the project are read here, the contract's `projectDecision` applies the
 * table, and a refusal is thrown in the caller's language: 409 naming the current state when the
 * state refuses the action, 403 when the caller's roles do not allow it.
 */
import type { Lang } from '@bo/contract';
import type { ApprovalStatus } from '@bo/contract/approvals/approval-flow';
import {
  type ProjectAction,
  type ProjectRole,
  type ProjectStateView,
  projectDecision,
  RUN_MACHINE,
  type RunStatus,
  SCHEDULE_MACHINE,
  type ScheduleStatus,
  type Stage,
  whoMay,
} from '@bo/contract/projects/projects';
import type { DbOrTx } from '../../db/client';
import type { RequestActor } from '../../platform/auth/actor';
import { conflict, forbidden } from '../../platform/errors';
import { leadersUp } from '../organization/organization.reads';

/** What the rules read of a project. */
export interface ProjectCore {
  id: number;
  ownerId: number;
  memberIds: readonly number[];
  deptId: number | null;
  schedule: ScheduleStatus;
  run: RunStatus;
  stage: Stage;
  approval: ApprovalStatus;
  /** Approvers of the approval's latest round (any step). */
  approverIds: readonly number[];
}

export async function rolesOf(db: DbOrTx, p: Omit<ProjectCore, 'id'>, actor: RequestActor): Promise<ProjectRole[]> {
  const roles: ProjectRole[] = [];
  const me = actor.userId;
  if (p.ownerId === me) roles.push('owner');
  if (p.memberIds.includes(me)) roles.push('member');
  if (p.approverIds.includes(me)) roles.push('approver');
  if (p.deptId !== null && (await leadersUp(db, p.deptId)).includes(me)) roles.push('deptLeader');
  if (actor.builtin && actor.impersonatorUserId === null) roles.push('admin');
  return roles;
}

const ACTION_TEXT: Record<ProjectAction, { zh: string; en: string }> = {
  edit: { zh: '编辑', en: 'edit it' },
  commit: { zh: '提交审批', en: 'submit it for approval' },
  withdraw: { zh: '撤回', en: 'withdraw it' },
  approve: { zh: '审批通过', en: 'approve it' },
  reject: { zh: '驳回', en: 'reject it' },
  release: { zh: '排期发布', en: 'release it' },
  start: { zh: '开始', en: 'start it' },
  pause: { zh: '暂停', en: 'pause it' },
  resume: { zh: '恢复', en: 'resume it' },
  complete: { zh: '完成', en: 'complete it' },
  close: { zh: '关闭', en: 'close it' },
  cancel: { zh: '取消', en: 'cancel it' },
  advance: { zh: '进入下一阶段', en: 'move it to the next stage' },
  delete: { zh: '删除', en: 'delete it' },
  replaceMember: { zh: '更换负责人或成员', en: 'change its owner or members' },
  work: { zh: '维护待办、事件和预警', en: 'change its todos, events and warnings' },
  reportNode: { zh: '汇报节点', en: 'report its nodes' },
  gateReview: { zh: '评审阶段', en: 'review its stage gate' },
};

const ROLE_TEXT: Record<ProjectRole, { zh: string; en: string }> = {
  owner: { zh: '负责人', en: 'owner' },
  member: { zh: '成员', en: 'members' },
  approver: { zh: '当前审批人', en: 'approvers' },
  deptLeader: { zh: '部门负责人', en: 'department leaders' },
  admin: { zh: '管理员', en: 'administrator' },
};

const APPROVAL_TEXT: Record<ApprovalStatus, { zh: string; en: string }> = {
  not: { zh: '未提交', en: 'not submitted' },
  submitted: { zh: '已提交', en: 'submitted' },
  rejected: { zh: '已驳回', en: 'rejected' },
  pending: { zh: '审批中', en: 'in review' },
  approved: { zh: '已通过', en: 'approved' },
};

/** "项目当前为「草稿 · 未开始 · DB · 审批未提交」，不能提交审批" / "cannot …: the project is …". */
export function stateText(s: ProjectStateView, action: ProjectAction, lang: Lang): string {
  const zh = lang === 'zh-CN';
  const sch = SCHEDULE_MACHINE.states[s.schedule].label;
  const run = RUN_MACHINE.states[s.run].label;
  const ap = APPROVAL_TEXT[s.approval];
  const act = ACTION_TEXT[action];
  return zh
    ? `项目当前为「${sch.zh} · ${run.zh} · ${s.stage} · 审批${ap.zh}」，不能${act.zh}`
    : `cannot ${act.en}: the project is ${sch.en.toLowerCase()}, ${run.en.toLowerCase()}, at ${s.stage}, approval ${ap.en}`;
}

/**
 * Refuses `action` unless the project's state and the caller's roles allow it (the table).
 * Answers the roles, for what the caller does next.
 */
export async function enforce(
  db: DbOrTx,
  p: ProjectCore,
  action: ProjectAction,
  actor: RequestActor,
  lang: Lang,
): Promise<ProjectRole[]> {
  const roles = await rolesOf(db, p, actor);
  const state: ProjectStateView = { schedule: p.schedule, run: p.run, stage: p.stage, approval: p.approval };
  const d = projectDecision(state, action, roles);
  if (d.ok) return roles;
  if (d.reason === 'state')
    throw conflict(stateText(state, action, lang), {
      scheduleStatus: p.schedule,
      runStatus: p.run,
      stage: p.stage,
      approval: p.approval,
    });
  const who = whoMay(action).map((r) => ROLE_TEXT[r][lang === 'zh-CN' ? 'zh' : 'en']);
  throw forbidden(
    lang === 'zh-CN'
      ? `只有${who.join('、')}可以${ACTION_TEXT[action].zh}（你只能查看）`
      : `only the project's ${who.join(', ')} may ${ACTION_TEXT[action].en} (you may read it)`,
  );
}
