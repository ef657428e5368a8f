// @vitest-environment happy-dom
/**
 * The OKR screens against a mocked server: a list route asks for its own list type and shows
 * each objective's score; a read-only objective offers no state action; the key results' body
 * takes a measurable one's unit from its figure; the dashboard shows the quarter's score and rule.
 */
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { domTestSetup, mockFetch, ok, withProviders } from '../../shared/kit/test/dom-harness';
import { DevelopmentObjectives } from './ObjectivesPage';
import OkrDashboardPage from './OkrDashboardPage';
import { okrTexts } from './okr.locale';
import { keyResultsOf } from './okr-parts';

domTestSetup([okrTexts]);

const objective = {
  id: 7,
  listType: 21,
  quarter: '2026Q4',
  title: 'Pass D3 on time',
  description: '',
  owner: { id: 3, name: 'pm' },
  dept: { id: 2, name: 'R&D' },
  project: null,
  state: 'published',
  score: 0.65,
  keyResults: [],
  editable: false,
  version: 2,
  updatedBy: 'pm',
  updatedAt: '2026-11-20T08:00:00Z',
};
const options = { people: [{ id: 3, name: 'pm' }], depts: [{ id: 2, name: 'R&D' }], projects: [], quarters: ['2026Q4'] };

describe('OKR screens', () => {
  it('lists the route’s own list type with each objective’s score, and no action on a read-only objective', async () => {
    const calls = mockFetch((url) => {
      if (url.pathname.endsWith('/okr/rest/v1/options')) return ok(options);
      if (url.pathname.endsWith('/okr/rest/v1/objectives')) return ok({ list: [objective], total: 1, pageNum: 1, pageSize: 20 });
      return ok(null);
    });
    render(withProviders(<DevelopmentObjectives />).tree);
    expect(await screen.findByTestId('okr-objective-7')).toBeTruthy();
    expect(screen.getByTestId('okr-score-7').getAttribute('data-score')).toBe('0.65');
    const asked = calls.mock.calls.map(([u]) => new URL(String(u), 'http://test.local'));
    const list = asked.find((u) => u.pathname.endsWith('/okr/rest/v1/objectives'));
    expect(list?.searchParams.get('listType')).toBe('21');
    expect(screen.queryByTestId('okr-7-close')).toBeNull();
  });

  it('sends a measurable key result with its figure’s unit and no unit of its own; a manual one without a figure', () => {
    expect(
      keyResultsOf([
        { title: 'Units', weight: 40, kind: 'measurable', metric: 'units', target: 100, unit: 'boxes' },
        { id: 4, title: 'Partner', weight: 60, kind: 'manual', metric: 'sales', target: 1, unit: 'partner' },
      ]),
    ).toEqual([
      { title: 'Units', weight: 40, kind: 'measurable', metric: 'units', target: 100, unit: 'pcs' },
      { id: 4, title: 'Partner', weight: 60, kind: 'manual', metric: null, target: 1, unit: 'partner' },
    ]);
  });

  it('shows the quarter’s score and the rule on the dashboard', async () => {
    mockFetch((url) => {
      if (url.pathname.endsWith('/okr/rest/v1/options')) return ok(options);
      if (url.pathname.endsWith('/okr/rest/v1/dashboard'))
        return ok({
          quarter: url.searchParams.get('quarter'),
          score: 0.5,
          objectives: 1,
          byDept: [{ key: '2', name: 'R&D', objectives: 1, score: 0.5 }],
          byType: [{ key: '21', name: 'Development', objectives: 1, score: 0.5 }],
          rows: [
            {
              id: 7,
              listType: 21,
              title: 'Pass D3 on time',
              owner: 'pm',
              dept: 'R&D',
              state: 'published',
              score: 0.5,
              keyResults: 2,
            },
          ],
        });
      return ok(null);
    });
    render(withProviders(<OkrDashboardPage />, '/?quarter=2026Q4').tree);
    await waitFor(() => expect(screen.getByTestId('okr-dashboard-score').textContent).toContain('50%'));
    expect(screen.getByTestId('okr-dashboard-rule').textContent).toContain('Σ weight × score');
  });
});
