// @vitest-environment happy-dom
import { APPROVAL_MACHINE, type ApprovalFlowDef, allowedActions, newApproval } from '@bo/contract/approvals/approval-flow';
import { cleanup, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApprovalTimeline, type ApprovalTimelineEntry } from './ApprovalTimeline';
import { StateActions } from './StateTag';
import { domTestSetup, withProviders } from './test/dom-harness';

domTestSetup();

const flow: ApprovalFlowDef = {
  key: 'test.price',
  rejectNeedsRemark: true,
  steps: [
    { key: 'lead', label: { zh: '组长', en: 'Lead' }, mode: 'any' },
    { key: 'director', label: { zh: '总监', en: 'Director' }, mode: 'any' },
  ],
};
const names: Record<number, string> = { 1: 'Ann', 2: 'Bo', 3: 'Cy' };
const at = '2026-11-28T08:00:00.000Z';
const entries: ApprovalTimelineEntry[] = [
  { id: 1, action: 'submit', userId: 1, round: 1, step: 0, from: 1, to: 2, remark: null, at },
  { id: 2, action: 'reject', userId: 2, round: 1, step: 0, from: 2, to: 3, remark: 'Margin too low', at },
  { id: 3, action: 'submit', userId: 1, round: 2, step: 0, from: 3, to: 2, remark: null, at },
  { id: 4, action: 'approve', userId: 2, round: 2, step: 0, from: 2, to: 4, remark: null, at, impersonatorUserId: 3 },
];

describe('ApprovalTimeline', () => {
  it('shows who did what at which step and round, the state it moved to and the remark', async () => {
    render(withProviders(<ApprovalTimeline flow={flow} entries={entries} nameOf={(id) => names[id]} />).tree);
    const rejected = await screen.findByTestId('approval-timeline-entry-2');
    expect(within(rejected).getByText('Bo')).toBeTruthy();
    expect(within(rejected).getByText('Reject')).toBeTruthy();
    expect(within(rejected).getByText('at step: Lead')).toBeTruthy();
    expect(within(rejected).getByText('Rejected')).toBeTruthy();
    expect(screen.getByTestId('approval-timeline-remark-2').textContent).toBe('Margin too low');
    // A second round is marked where it starts; an action in god view names the real person.
    expect(within(screen.getByTestId('approval-timeline-entry-3')).getByText('Round 2')).toBeTruthy();
    const approved = screen.getByTestId('approval-timeline-entry-4');
    expect(within(approved).getByText('In review')).toBeTruthy();
    expect(within(approved).getByText(/by Cy in god view/)).toBeTruthy();
  });

  it('says so when nothing was submitted, and offers each person only the buttons the rules allow', async () => {
    render(withProviders(<ApprovalTimeline flow={flow} entries={[]} nameOf={() => undefined} />).tree);
    expect(await screen.findByText('Not submitted for approval yet')).toBeTruthy();
    cleanup();

    const waiting = { ...newApproval(1), status: 'submitted' as const, round: 1, approvers: [[2], [3]] };
    const buttons = (me: number) => {
      const { tree } = withProviders(
        <StateActions
          machine={APPROVAL_MACHINE}
          state={waiting.status}
          allow={(a) => allowedActions(waiting, me).includes(a)}
          onAction={() => {}}
          testIdPrefix="ap"
        />,
      );
      const view = render(tree);
      const shown = ['submit', 'withdraw', 'approve', 'reject'].filter((a) => screen.queryByTestId(`ap-${a}`) !== null);
      view.unmount();
      return shown;
    };
    expect(buttons(1)).toEqual(['withdraw']);
    expect(buttons(2)).toEqual(['approve', 'reject']);
    expect(buttons(3)).toEqual([]);
  });
});
