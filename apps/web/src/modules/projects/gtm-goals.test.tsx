// @vitest-environment happy-dom
/**
 * The GTM goal grid and the KPI board against a mocked server: the grid fills empty months from
 * the flat target, copies the previous month, refuses a half-filled month before sending, sends
 * the months set under the version read, puts the server's field code on its cell and shows the
 * stale banner on a 409; a reader gets no inputs. The board shows its cards, a project's light and
 * sends the launch-relative period.
 */
import { ERROR_CODES } from '@bo/contract';
import type { GoalPlan } from '@bo/contract/projects/projects';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { domTestSetup, mockFetch, ok, refused, withProviders } from '../../shared/kit/test/dom-harness';
import { GoalGrid } from './components/GoalGrid';
import GtmKpiPage from './GtmKpiPage';
import { gtmGoalsTexts } from './gtm-goals.locale';
import { projectsTexts } from './projects.locale';

domTestSetup([projectsTexts, gtmGoalsTexts]);

const months = [
  '2026-10',
  '2026-11',
  '2026-12',
  '2027-01',
  '2027-02',
  '2027-03',
  '2027-04',
  '2027-05',
  '2027-06',
  '2027-07',
  '2027-08',
  '2027-09',
];
const plan = (over: Partial<GoalPlan> = {}): GoalPlan => ({
  projectId: 5,
  code: 'GTM-00005',
  name: 'Neon launch',
  runStatus: 'RUNNING',
  launchDay: '2026-10-30',
  months,
  flatUnits: 3000,
  flatRevenue: 90000,
  goals: [{ month: '2026-10', units: 500, revenue: 15000, adBudget: 3000, acosTarget: 20 }],
  version: 3,
  updatedAt: '2026-11-02T08:00:00Z',
  updatedBy: 'pm',
  canEdit: true,
  ...over,
});

const input = (month: string, field: string) => screen.getByTestId(`goal-${month}-${field}`) as HTMLInputElement;
const type = (el: HTMLInputElement, v: string) => {
  fireEvent.change(el, { target: { value: v } });
  fireEvent.blur(el);
};

describe('goal grid', () => {
  it('copies the previous month, fills empty months from the flat target and sends the months set with the version', async () => {
    const onSave = vi.fn(async () => null);
    render(withProviders(<GoalGrid plan={plan()} saving={false} onSave={onSave} onReload={async () => null} />).tree);
    fireEvent.click(screen.getByTestId('goal-2026-11-copy'));
    expect(input('2026-11', 'units').value).toBe('500');
    fireEvent.click(screen.getByTestId('goal-grid-fill-flat'));
    // December has 31 days: 3000 × 31 / 30.
    expect(input('2026-12', 'units').value).toBe('3100');
    fireEvent.click(screen.getByTestId('goal-grid-save'));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    const [goals, version] = onSave.mock.calls[0] as unknown as [{ month: string; units: number; revenue: number }[], number];
    expect(version).toBe(3);
    expect(goals).toHaveLength(12);
    expect(goals[1]).toMatchObject({ month: '2026-11', units: 500, revenue: 15000 });
    expect(goals[2]).toMatchObject({ month: '2026-12', units: 3100, revenue: 93000 });
  });

  it('refuses a month with a budget but no units before sending; a server code lands on its cell; 409 shows the banner', async () => {
    const onSave = vi
      .fn()
      .mockRejectedValueOnce(
        Object.assign(
          new (await import('../../shared/http/api-error')).ApiError(400, 40000, 'bad', [
            { path: 'goals.0.revenue', code: 'atMostDecimals', params: { places: 2 }, message: 'x' },
          ]),
        ),
      )
      .mockRejectedValueOnce(new (await import('../../shared/http/api-error')).ApiError(409, ERROR_CODES.STALE_VERSION, 'stale'));
    render(
      withProviders(<GoalGrid plan={plan({ goals: [] })} saving={false} onSave={onSave} onReload={async () => null} />).tree,
    );
    type(input('2026-10', 'adBudget'), '100');
    fireEvent.click(screen.getByTestId('goal-grid-save'));
    expect(await screen.findByTestId('goal-2026-10-error')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
    type(input('2026-10', 'units'), '10');
    type(input('2026-10', 'revenue'), '100');
    fireEvent.click(screen.getByTestId('goal-grid-save'));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(input('2026-10', 'revenue').closest('.ant-input-number-status-error')).toBeTruthy());
    fireEvent.click(screen.getByTestId('goal-grid-save'));
    expect(await screen.findByTestId('goal-grid-stale')).toBeTruthy();
    expect(screen.getByTestId('goal-grid-reload')).toBeTruthy();
  });

  it('a reader sees the goals without inputs to change or a Save', () => {
    render(
      withProviders(<GoalGrid plan={plan({ canEdit: false })} saving={false} onSave={vi.fn()} onReload={async () => null} />)
        .tree,
    );
    expect(screen.getByTestId('goal-grid-read-only')).toBeTruthy();
    expect(input('2026-10', 'units').disabled).toBe(true);
    expect(screen.queryByTestId('goal-grid-save')).toBeNull();
    expect(screen.queryByTestId('goal-grid-fill-flat')).toBeNull();
  });

  it('says so when the project has no launch day', () => {
    render(
      withProviders(
        <GoalGrid plan={plan({ months: [], launchDay: null })} saving={false} onSave={vi.fn()} onReload={async () => null} />,
      ).tree,
    );
    expect(screen.getByTestId('goal-grid-no-launch')).toBeTruthy();
  });
});

const kpiRow = {
  projectId: 5,
  code: 'GTM-00005',
  name: 'Neon launch',
  ownerName: 'pm',
  deptName: 'R&D',
  runStatus: 'RUNNING',
  launchDay: '2026-10-30',
  daysSinceLaunch: 30,
  month: '2026-10',
  monthIndex: 1,
  from: '2026-10-30',
  to: '2026-10-31',
  units: 100,
  revenue: 3000,
  adSpend: 500,
  acos: 16.67,
  goalUnits: 500,
  goalRevenue: 15000,
  adBudget: 3000,
  acosTarget: 20,
  targetUnits: 32.26,
  targetRevenue: 967.74,
  budgetToDate: 193.55,
  unitsAttainment: 310,
  attainment: 310,
  light: 'green',
};

describe('KPI board', () => {
  it('shows the cards and the light, and sends the month after launch as chosen', async () => {
    const calls = mockFetch((url) => {
      if (url.pathname.endsWith('/project/gtm-kpi')) return ok({ list: [kpiRow], total: 1, pageNum: 1, pageSize: 20 });
      if (url.pathname.endsWith('/project/gtm-kpi/summary'))
        return ok({
          month: null,
          launchMonth: 1,
          projects: 1,
          green: 1,
          amber: 0,
          red: 0,
          noTarget: 0,
          units: 100,
          revenue: 3000,
          adSpend: 500,
          targetRevenue: 967.74,
          goalRevenue: 15000,
          attainment: 310,
          chart: [{ projectId: 5, code: 'GTM-00005', name: 'Neon launch', attainment: 310 }],
        });
      if (url.pathname.endsWith('/project/people')) return ok([]);
      return ok([]);
    });
    render(withProviders(<GtmKpiPage />, '/?launchMonth=1').tree);
    expect(await screen.findByText('GTM-00005 Neon launch')).toBeTruthy();
    expect(screen.getByTestId('kpi-light-5').getAttribute('data-light')).toBe('green');
    expect((await screen.findByTestId('kpi-card-green')).textContent).toBe('1');
    expect(screen.getByTestId('kpi-attainment-5').textContent).toBe('310.00%');
    const asked = calls.mock.calls.map(([u]) => new URL(String(u), 'http://test.local'));
    expect(asked.find((u) => u.pathname.endsWith('/project/gtm-kpi'))?.searchParams.get('launchMonth')).toBe('1');
    expect(asked.find((u) => u.pathname.endsWith('/project/gtm-kpi/summary'))?.searchParams.get('launchMonth')).toBe('1');
  });

  it('shows the error state with Retry when the board cannot load', async () => {
    mockFetch(() => refused(500, 50000, 'down'));
    render(withProviders(<GtmKpiPage />).tree);
    expect((await screen.findAllByText(/retry/i)).length).toBeGreaterThan(0);
  });
});
