/**
 * Who approves a step whose approvers are a rule rather than named people: the organisation
 * answers (modules/organization/organization.reads.ts). An area resolves each step with this
 * when it submits (ActRequest.approvers).
 * - 'leader': the submitter's leader (their own, else their department's, walking up).
 * - 'departmentLeader': the leader of the submitter's department (walking up), their own leader left aside.
 * Never the submitter themself; an empty list when the organisation names nobody (the area
 * then refuses the submission or falls back to its own rule).
 */
import type { DbOrTx } from '../../db/client';
import { departmentLeaderOf, leaderOf } from '../../modules/organization/organization.reads';

export const APPROVER_RULES = ['leader', 'departmentLeader'] as const;
export type ApproverRule = (typeof APPROVER_RULES)[number];

export async function approversFor(db: DbOrTx, rule: ApproverRule, submitterId: number, asOf?: string): Promise<number[]> {
  const id = rule === 'leader' ? await leaderOf(db, submitterId, asOf) : await departmentLeaderOf(db, submitterId, asOf);
  return id === null || id === submitterId ? [] : [id];
}
