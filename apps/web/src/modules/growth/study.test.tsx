// @vitest-environment happy-dom
/**
 * The study screen against a mocked server: the summary's confirmed and pending hours, the
 * list's state tags, and each row offering exactly the steps the server allows the caller
 * (the employee's complete and drop, the leader's confirm and return, none on a confirmed one);
 * the all view is offered only to who may see it.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { domTestSetup, mockFetch, ok, withProviders } from '../../shared/kit/test/dom-harness';
import { growthTexts } from './growth.locale';
import StudyPage from './StudyPage';

domTestSetup([growthTexts]);

const record = (over: Record<string, unknown>) => ({
  id: 1,
  employee: { id: 5, name: 'ppc.specialist' },
  dept: 'Advertising',
  title: 'Amazon DSP fundamentals',
  kind: 'course',
  provider: 'Amazon Ads',
  hours: 7.5,
  startDay: '2026-11-01',
  endDay: null,
  state: 'inProgress',
  link: null,
  note: '',
  confirmedBy: null,
  confirmedAt: null,
  returnRemark: null,
  role: 'employee',
  canEdit: true,
  canDelete: false,
  actions: ['complete', 'drop'],
  version: 3,
  updatedAt: '2026-11-20T08:00:00Z',
  ...over,
});
const summary = (canSeeAll: boolean) => ({
  year: 2026,
  confirmedHours: 26,
  pendingHours: 8,
  plannedHours: 31,
  records: 5,
  byState: { planned: 1, inProgress: 2, completed: 1, confirmed: 2, dropped: 0 },
  months: Array.from({ length: 12 }, (_, i) => ({ month: i + 1, confirmed: i === 9 ? 26 : 0, pending: i === 10 ? 8 : 0 })),
  canSeeAll,
});

function serve(list: unknown[], canSeeAll: boolean) {
  return mockFetch((url) => {
    if (url.pathname.endsWith('/grow/rest/v1/study/summary')) return ok(summary(canSeeAll));
    if (url.pathname.endsWith('/grow/rest/v1/study')) return ok({ list, total: list.length, pageNum: 1, pageSize: 20 });
    return ok(null);
  });
}

describe('the study screen', () => {
  it('shows the year and offers each row only the steps the server allows', async () => {
    const calls = serve(
      [
        record({}),
        record({
          id: 2,
          title: 'Keyword workshop',
          state: 'completed',
          role: 'confirmer',
          canEdit: false,
          actions: ['confirm', 'return'],
        }),
        record({ id: 3, title: 'Inspired', state: 'confirmed', confirmedBy: 'sales.manager', canEdit: false, actions: [] }),
      ],
      false,
    );
    render(withProviders(<StudyPage />).tree);
    expect(await screen.findByTestId('study-open-1')).toBeTruthy();
    expect((await screen.findByTestId('study-confirmed-hours')).textContent).toContain('26');
    expect(screen.getByTestId('study-pending-hours').textContent).toContain('8');
    expect(screen.getByTestId('study-state-2').textContent).toBe('To confirm');
    expect(screen.getByTestId('study-complete-1')).toBeTruthy();
    expect(screen.getByTestId('study-drop-1')).toBeTruthy();
    expect(screen.queryByTestId('study-confirm-1')).toBeNull();
    expect(screen.getByTestId('study-confirm-2')).toBeTruthy();
    expect(screen.getByTestId('study-return-2')).toBeTruthy();
    expect(screen.queryByTestId('study-complete-2')).toBeNull();
    for (const a of ['start', 'complete', 'drop', 'confirm', 'return']) expect(screen.queryByTestId(`study-${a}-3`)).toBeNull();
    // Without HR's rights the all view is not offered.
    expect(screen.queryByText('All')).toBeNull();
    const asked = calls.mock.calls.map(([u]) => new URL(String(u), 'http://test.local'));
    expect(asked.find((u) => u.pathname.endsWith('/study/summary'))?.searchParams.get('view')).toBe('mine');
  });

  it('confirms a completed record with its version', async () => {
    const calls = serve([record({ id: 2, state: 'completed', role: 'confirmer', actions: ['confirm', 'return'] })], true);
    render(withProviders(<StudyPage />, '/?view=team').tree);
    fireEvent.click(await screen.findByTestId('study-confirm-2'));
    fireEvent.click(await screen.findByTestId('study-confirm-2-confirm'));
    await waitFor(() => {
      const post = calls.mock.calls.find(([u, init]) => String(u).includes('/study/2/actions') && init?.method === 'POST');
      expect(post).toBeTruthy();
      expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({ action: 'confirm', version: 3 });
    });
    expect(screen.getByText('All')).toBeTruthy();
  });
});
