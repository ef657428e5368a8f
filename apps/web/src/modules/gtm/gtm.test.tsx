// @vitest-environment happy-dom
/**
 * The GTM screens: the playbook's buttons follow the type-3 permissions and a move sends the
 * version read; the board shows progress, the next step and the overdue count (red), and opens
 * the project's steps; the drawer offers "Apply playbook" and the state actions only to who may
 * work on the project, marks overdue steps, and a skip is not sent without its reason.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ButtonPermissionsProvider } from '../../shared/Can';
import { domTestSetup, mockFetch, ok, withProviders } from '../../shared/kit/test/dom-harness';
import { gtmTexts } from './gtm.locale';
import PlaybookPage from './playbook/PlaybookPage';
import { ProjectStepsDrawer } from './steps/ProjectStepsDrawer';
import StepsBoardPage from './steps/StepsBoardPage';

domTestSetup([gtmTexts]);

const options = {
  people: [{ id: 7, name: 'Project Manager' }],
  departments: [{ id: 3, name: '广告组', nameEn: 'Advertising' }],
  phases: [],
};

const playbookStep = (id: number, sort: number, offsetDays: number, nameEn: string) => ({
  id,
  sort,
  nameZh: `步骤 ${id}`,
  nameEn,
  phase: offsetDays < 0 ? 'preLaunch' : 'launch',
  offsetDays,
  deptId: 3,
  deptName: '广告组',
  deptNameEn: 'Advertising',
  required: true,
  description: '',
  version: 4,
  updatedBy: 'admin',
  updatedAt: '2026-11-01T00:00:00Z',
});

describe('PlaybookPage', () => {
  const page = (held: string[]) =>
    withProviders(<ButtonPermissionsProvider value={new Set(held)}>{<PlaybookPage />}</ButtonPermissionsProvider>, '/').tree;

  it('shows the steps as T-days and offers add, edit, copy, move and delete only to holders of their buttons', async () => {
    const moves: unknown[] = [];
    mockFetch((url, init) => {
      if (url.pathname.endsWith('/options')) return ok(options);
      if (url.pathname.endsWith('/move')) {
        moves.push(JSON.parse(String(init.body)));
        return ok([]);
      }
      return ok({
        list: [playbookStep(1, 1, -60, 'Listing ready'), playbookStep(2, 2, 14, 'First PPC review')],
        total: 2,
        pageNum: 1,
        pageSize: 50,
      });
    });
    render(page([]));
    await screen.findByText('Listing ready');
    expect(screen.getByText('T-60')).toBeTruthy();
    expect(screen.getByText('T+14')).toBeTruthy();
    expect(screen.queryByTestId('gtm-playbook-create')).toBeNull();
    expect(screen.queryByTestId('gtm-playbook-edit-1')).toBeNull();
    expect(screen.queryByTestId('gtm-playbook-copy-1')).toBeNull();
    expect(screen.queryByTestId('gtm-playbook-up-2')).toBeNull();
    expect(screen.queryByTestId('gtm-playbook-delete-1')).toBeNull();
    expect(screen.getByTestId('gtm-playbook-history-1')).toBeTruthy();
    cleanup();
    render(page(['gtm:mgr:create', 'gtm:mgr:edit', 'gtm:mgr:delete']));
    await screen.findByText('Listing ready');
    await waitFor(() => expect(screen.getByTestId('gtm-playbook-create')).toBeTruthy());
    expect(screen.getByTestId('gtm-playbook-edit-1')).toBeTruthy();
    expect(screen.getByTestId('gtm-playbook-copy-1')).toBeTruthy();
    expect(screen.getByTestId('gtm-playbook-delete-1')).toBeTruthy();
    fireEvent.click(screen.getByTestId('gtm-playbook-up-2'));
    await waitFor(() => expect(moves).toEqual([{ direction: 'up', version: 4 }]));
  });
});

const boardRow = {
  projectId: 11,
  code: 'GTM-0001',
  name: 'Neon Rope Light 2.0 US launch',
  launchDate: '2026-10-30',
  owner: { id: 7, name: 'Project Manager' },
  runStatus: 'RUNNING',
  total: 11,
  done: 8,
  skipped: 1,
  overdue: 1,
  progress: 82,
  phases: [
    { phase: 'prepare', total: 3, settled: 3, overdue: 0 },
    { phase: 'preLaunch', total: 4, settled: 4, overdue: 0 },
    { phase: 'launch', total: 2, settled: 2, overdue: 0 },
    { phase: 'postLaunch', total: 2, settled: 0, overdue: 1 },
  ],
  next: { id: 21, nameZh: '首次广告复盘', nameEn: 'First PPC review', plannedDay: '2026-11-13', overdue: true },
  mayWork: true,
};

const step = (id: number, state: string, overdue = false) => ({
  id,
  projectId: 11,
  sort: id,
  nameZh: `步骤 ${id}`,
  nameEn: `Step ${id}`,
  phase: 'postLaunch',
  offsetDays: 14,
  plannedDay: '2026-11-13',
  actualDay: state === 'done' ? '2026-11-12' : null,
  startedDay: null,
  deptId: 3,
  deptName: '广告组',
  deptNameEn: 'Advertising',
  owner: { id: 7, name: 'Project Manager' },
  required: true,
  description: '',
  state,
  skipReason: null,
  overdue,
  version: 2,
  updatedAt: '2026-11-01T00:00:00Z',
});

const stepsReply = (mayWork: boolean, steps: unknown[], notApplied = 0) => ({
  project: {
    id: 11,
    code: 'GTM-0001',
    name: 'Neon',
    launchDate: '2026-10-30',
    owner: { id: 7, name: 'PM' },
    runStatus: 'RUNNING',
    mayWork,
  },
  steps,
  notApplied,
  today: '2026-11-29',
});

describe('StepsBoardPage', () => {
  it('shows each project with its progress, next step and overdue count, and opens its steps from the row', async () => {
    mockFetch((url) => {
      if (url.pathname.endsWith('/options')) return ok(options);
      if (url.pathname.endsWith('/steps')) return ok(stepsReply(true, [step(21, 'pending', true)]));
      return ok({ list: [boardRow], total: 1, pageNum: 1, pageSize: 20 });
    });
    render(withProviders(<StepsBoardPage />, '/').tree);
    await screen.findByText('GTM-0001 Neon Rope Light 2.0 US launch');
    expect(screen.getByTestId('gtm-board-overdue-11').textContent).toBe('1');
    expect(screen.getByText('First PPC review')).toBeTruthy();
    expect(screen.getByTestId('gtm-phase-bar')).toBeTruthy();
    fireEvent.click(screen.getByTestId('gtm-board-open-11'));
    expect(await screen.findByTestId('gtm-step-overdue-21')).toBeTruthy();
  });
});

describe('ProjectStepsDrawer', () => {
  it('offers Apply playbook and the state actions to who may work on the project, and nothing but history to readers', async () => {
    mockFetch(() => ok(stepsReply(true, [step(21, 'pending', true), step(22, 'done')], 2)));
    render(withProviders(<ProjectStepsDrawer projectId={11} onClose={() => undefined} />, '/').tree);
    await screen.findByTestId('gtm-step-state-21');
    expect(screen.getByTestId('gtm-apply').textContent).toContain('Add new playbook steps (2)');
    expect(screen.getByTestId('gtm-step-21-start')).toBeTruthy();
    expect(screen.getByTestId('gtm-step-21-complete')).toBeTruthy();
    expect(screen.getByTestId('gtm-step-22-reopen')).toBeTruthy();
    expect(screen.queryByTestId('gtm-step-22-start')).toBeNull();
    expect(screen.getByTestId('gtm-timeline')).toBeTruthy();
    cleanup();
    mockFetch(() => ok(stepsReply(false, [step(21, 'pending', true)], 2)));
    render(withProviders(<ProjectStepsDrawer projectId={11} onClose={() => undefined} />, '/').tree);
    await screen.findByTestId('gtm-drawer-readonly');
    expect(screen.queryByTestId('gtm-apply')).toBeNull();
    expect(screen.queryByTestId('gtm-step-21-start')).toBeNull();
    expect(screen.queryByTestId('gtm-step-edit-21')).toBeNull();
    expect(screen.getByTestId('gtm-step-history-21')).toBeTruthy();
  });

  it('completes a step with the version read, and sends a skip only with its reason', async () => {
    const sent: unknown[] = [];
    mockFetch((url, init) => {
      if (url.pathname.endsWith('/act')) {
        const body = JSON.parse(String(init.body));
        sent.push(body);
        return ok({ ...step(21, body.action === 'skip' ? 'skipped' : 'done'), version: 3 });
      }
      return ok(stepsReply(true, [step(21, 'inProgress', true)]));
    });
    render(withProviders(<ProjectStepsDrawer projectId={11} onClose={() => undefined} />, '/').tree);
    fireEvent.click(await screen.findByTestId('gtm-step-21-skip'));
    fireEvent.click(await screen.findByTestId('gtm-step-21-skip-confirm'));
    await waitFor(() => expect(document.body.textContent).toContain('Say why the step is skipped first'));
    expect(sent).toEqual([]);
    fireEvent.click(screen.getByTestId('gtm-step-21-skip'));
    fireEvent.change(await screen.findByTestId('gtm-step-21-reason'), { target: { value: 'Agency did it' } });
    fireEvent.click(screen.getByTestId('gtm-step-21-skip-confirm'));
    await waitFor(() => expect(sent).toEqual([{ action: 'skip', version: 2, reason: 'Agency did it' }]));
    fireEvent.click(screen.getByTestId('gtm-step-21-complete'));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({ action: 'complete', version: 2 });
    expect(within(document.body).getByTestId('gtm-steps-table')).toBeTruthy();
  });
});
