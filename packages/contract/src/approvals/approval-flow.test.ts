import { describe, expect, it } from 'vitest';
import { transitionFrom } from '../state-machine';
import {
  APPROVAL_MACHINE,
  APPROVAL_STATUS,
  type ApprovalAction,
  type ApprovalFlowDef,
  type ApprovalState,
  type ApprovalStatus,
  allowedActions,
  applyApproval,
  approvalRefusalStatus,
  approvalRefusalText,
  awaits,
  newApproval,
  statusFromCode,
} from './approval-flow';

const SUBMITTER = 1;
const LEAD_A = 10;
const LEAD_B = 11;
const DIRECTOR = 20;

/** Two steps: both leads in parallel (all), then the director (any). */
const flow: ApprovalFlowDef = {
  key: 'test',
  rejectNeedsRemark: true,
  steps: [
    { key: 'leads', label: { zh: '组长', en: 'Leads' }, mode: 'all' },
    { key: 'director', label: { zh: '总监', en: 'Director' }, mode: 'any' },
  ],
};
const APPROVERS = [[LEAD_A, LEAD_B], [DIRECTOR]];

function act(s: ApprovalState, action: ApprovalAction, userId: number, extra: { remark?: string; version?: number } = {}) {
  const out = applyApproval(flow, s, {
    action,
    userId,
    version: extra.version ?? s.version,
    remark: extra.remark,
    approvers: action === 'submit' ? APPROVERS : undefined,
  });
  return out;
}
function ok(s: ApprovalState, action: ApprovalAction, userId: number, remark?: string): ApprovalState {
  const out = act(s, action, userId, { remark });
  if (!out.ok) throw new Error(`${action} by ${userId} refused: ${out.refusal.reason}`);
  return out.state;
}

const submitted = () => ok(newApproval(SUBMITTER), 'submit', SUBMITTER);

describe('approval flow: the happy path', () => {
  it('goes submitted → pending (one lead) → next step (both leads) → approved (director, any)', () => {
    let s = submitted();
    expect(s.status).toBe('submitted');
    expect(awaits(s, LEAD_A) && awaits(s, LEAD_B)).toBe(true);
    expect(awaits(s, DIRECTOR)).toBe(false);

    s = ok(s, 'approve', LEAD_A);
    expect([s.status, s.step]).toEqual(['pending', 0]);
    expect(awaits(s, LEAD_A)).toBe(false);

    const out = act(s, 'approve', LEAD_B);
    if (!out.ok) throw new Error('refused');
    s = out.state;
    expect([s.status, s.step]).toEqual(['pending', 1]);
    expect(out.notify).toEqual([DIRECTOR]);
    expect(awaits(s, DIRECTOR)).toBe(true);

    const last = act(s, 'approve', DIRECTOR);
    if (!last.ok) throw new Error('refused');
    expect(last.state.status).toBe('approved');
    expect(last.event).toMatchObject({ action: 'approve', userId: DIRECTOR, from: 'pending', to: 'approved', step: 1 });
    expect(last.notify).toEqual([SUBMITTER]);
    expect(allowedActions(last.state, SUBMITTER)).toEqual([]);
  });

  it('counts every change: each action raises the version by one', () => {
    const s0 = newApproval(SUBMITTER);
    const s1 = ok(s0, 'submit', SUBMITTER);
    const s2 = ok(s1, 'approve', LEAD_A);
    expect([s0.version, s1.version, s2.version]).toEqual([0, 1, 2]);
  });
});

describe('approval flow: refusals change nothing', () => {
  it('refuses a second approver acting on the version the first one already changed (two at once: one wins)', () => {
    // Both saw version 1; the server locks the row, so the second runs on the first one's result.
    const s = submitted();
    const first = act(s, 'approve', LEAD_A);
    if (!first.ok) throw new Error('refused');
    const late = act(first.state, 'reject', LEAD_B, { remark: 'no', version: s.version });
    expect(late).toEqual({ ok: false, refusal: { reason: 'stale', current: first.state.version } });
    expect(approvalRefusalStatus({ reason: 'stale', current: 2 })).toBe(409);
  });

  it('refuses whoever is not an approver of the current step, and a second vote of the same approver', () => {
    const s = submitted();
    expect(act(s, 'approve', DIRECTOR)).toEqual({ ok: false, refusal: { reason: 'notApprover' } });
    expect(act(s, 'approve', SUBMITTER)).toEqual({ ok: false, refusal: { reason: 'notApprover' } });
    const once = ok(s, 'approve', LEAD_A);
    expect(act(once, 'approve', LEAD_A)).toEqual({ ok: false, refusal: { reason: 'alreadyActed' } });
  });

  it('lets only the submitter submit and withdraw, and withdraw only before anyone acted', () => {
    const s = newApproval(SUBMITTER);
    expect(act(s, 'submit', LEAD_A)).toEqual({ ok: false, refusal: { reason: 'notSubmitter' } });
    const sub = submitted();
    expect(act(sub, 'withdraw', LEAD_A)).toEqual({ ok: false, refusal: { reason: 'notSubmitter' } });
    const inReview = ok(sub, 'approve', LEAD_A);
    expect(act(inReview, 'withdraw', SUBMITTER)).toEqual({ ok: false, refusal: { reason: 'state', status: 'pending' } });
    expect(ok(sub, 'withdraw', SUBMITTER).status).toBe('not');
  });

  it('needs a reason to reject, and answers 400 for it', () => {
    const s = submitted();
    const out = act(s, 'reject', LEAD_A, { remark: '   ' });
    expect(out).toEqual({ ok: false, refusal: { reason: 'remarkRequired' } });
    expect(approvalRefusalStatus({ reason: 'remarkRequired' })).toBe(400);
  });

  it('refuses a submission with a step nobody can approve', () => {
    const out = applyApproval(flow, newApproval(SUBMITTER), {
      action: 'submit',
      userId: SUBMITTER,
      version: 0,
      approvers: [[LEAD_A], []],
    });
    expect(out).toEqual({ ok: false, refusal: { reason: 'noApprovers', step: 1 } });
  });
});

describe('approval flow: rejection and a new round', () => {
  it('ends the round on one rejection; a resubmission starts over at step one with fresh votes', () => {
    let s = ok(submitted(), 'approve', LEAD_A);
    const rejected = act(s, 'reject', LEAD_B, { remark: 'Price too low' });
    if (!rejected.ok) throw new Error('refused');
    expect(rejected.state.status).toBe('rejected');
    expect(rejected.event.remark).toBe('Price too low');
    expect(rejected.notify).toEqual([SUBMITTER]);
    s = ok(rejected.state, 'submit', SUBMITTER);
    expect([s.status, s.step, s.round]).toEqual(['submitted', 0, 2]);
    expect(awaits(s, LEAD_A)).toBe(true); // the first round's approval does not count again
  });
});

describe('approval flow: every status × action', () => {
  const reach: Record<ApprovalStatus, () => ApprovalState> = {
    not: () => newApproval(SUBMITTER),
    submitted,
    pending: () => ok(submitted(), 'approve', LEAD_A),
    rejected: () => ok(submitted(), 'reject', LEAD_A, 'no'),
    approved: () => ok(ok(ok(submitted(), 'approve', LEAD_A), 'approve', LEAD_B), 'approve', DIRECTOR),
  };
  const actors: Record<ApprovalAction, number> = { submit: SUBMITTER, withdraw: SUBMITTER, approve: LEAD_B, reject: LEAD_B };
  for (const status of Object.keys(reach) as ApprovalStatus[]) {
    for (const action of Object.keys(actors) as ApprovalAction[]) {
      it(`${action} from ${status}: as the state machine declares`, () => {
        const s = reach[status]();
        expect(s.status).toBe(status);
        const out = act(s, action, actors[action], { remark: 'why' });
        const allowed = transitionFrom(APPROVAL_MACHINE, status, action) !== null;
        expect(out.ok).toBe(allowed);
        if (!out.ok && !allowed) {
          expect(out.refusal).toEqual({ reason: 'state', status });
          expect(approvalRefusalStatus(out.refusal)).toBe(400);
          expect(approvalRefusalText(out.refusal, 'en-US')).toMatch(/Not possible while the approval is/);
        }
      });
    }
  }
});

describe('approval codes and texts', () => {
  it("maps spec §4's codes both ways", () => {
    expect(APPROVAL_STATUS).toEqual({ not: 1, submitted: 2, rejected: 3, pending: 4, approved: 5 });
    expect(statusFromCode(4)).toBe('pending');
    expect(statusFromCode(9)).toBeNull();
  });
  it('says every refusal in both languages', () => {
    const all = [
      { reason: 'stale', current: 3 },
      { reason: 'state', status: 'approved' },
      { reason: 'notSubmitter' },
      { reason: 'notApprover' },
      { reason: 'alreadyActed' },
      { reason: 'remarkRequired' },
      { reason: 'noApprovers', step: 1 },
    ] as const;
    for (const r of all) {
      expect(approvalRefusalText(r, 'en-US')).toMatch(/^[A-Z]/);
      expect(approvalRefusalText(r, 'zh-CN')).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(approvalRefusalText({ reason: 'state', status: 'approved' }, 'zh-CN')).toContain('已通过');
  });
});
