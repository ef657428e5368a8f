// @vitest-environment happy-dom
/**
 * The GTM data screen against a mocked server: it asks for its own type, shows a row's actual
 * against its target and the attainment, and a click opens the weekly drawer for that SKU.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { domTestSetup, mockFetch, ok, withProviders } from '../../shared/kit/test/dom-harness';
import { GtmDataPage } from './ProjectDataPage';
import { projectDataTexts } from './project-data.locale';
import { projectsTexts } from './projects.locale';

domTestSetup([projectsTexts, projectDataTexts]);

const row = {
  projectId: 5,
  code: 'GTM-00005',
  name: 'Neon launch',
  type: 'GTM_PROJECT',
  ownerName: 'pm',
  deptName: 'R&D',
  stage: 'D2',
  runStatus: 'RUNNING',
  sku: 'H61A0',
  startDay: '2026-10-30',
  from: '2026-10-30',
  to: '2026-11-28',
  units: 1234,
  revenue: 45678.9,
  adSpend: 5000,
  acos: 10.95,
  targetUnits: 6000,
  targetRevenue: 210000,
  attainment: 21.75,
};

describe('project data screen', () => {
  it('lists its own type with actual against target, and opens the weekly chart of a clicked row', async () => {
    const calls = mockFetch((url) => {
      if (url.pathname.endsWith('/project/data/list')) return ok({ list: [row], total: 1, pageNum: 1, pageSize: 20 });
      if (url.pathname.endsWith('/digitize/rest/project/data'))
        return ok({
          target: {
            projectId: 5,
            type: 'GTM_PROJECT',
            startDay: '2026-10-30',
            startSource: 'launch',
            monthlyUnits: 12000,
            monthlyRevenue: 420000,
            currency: 'USD',
            skus: [{ sku: 'H61A0', monthlyUnits: 6000, monthlyRevenue: 210000 }],
            goals: [],
          },
          sku: 'H61A0',
          from: '2026-10-30',
          to: '2026-11-28',
          total: { units: 1234, revenue: 45678.9, adSpend: 5000, acos: 10.95, targetUnits: 6000, targetRevenue: 210000 },
          weeks: [
            {
              from: '2026-10-30',
              to: '2026-11-05',
              units: 300,
              revenue: 11000,
              adSpend: 1200,
              acos: 10.91,
              targetUnits: 1400,
              targetRevenue: 49000,
            },
          ],
        });
      return ok(null);
    });
    render(withProviders(<GtmDataPage />).tree);
    expect(await screen.findByText('GTM-00005 Neon launch')).toBeTruthy();
    expect(screen.getByText('21.75%')).toBeTruthy();
    const asked = () => calls.mock.calls.map(([u]) => new URL(String(u), 'http://test.local'));
    expect(
      asked()
        .find((u) => u.pathname.endsWith('/project/data/list'))
        ?.searchParams.get('type'),
    ).toBe('GTM_PROJECT');
    fireEvent.click(screen.getByText('H61A0'));
    await waitFor(() => {
      const data = asked().find((u) => u.pathname.endsWith('/digitize/rest/project/data'));
      expect(data?.searchParams.get('projectId')).toBe('5');
      expect(data?.searchParams.get('sku')).toBe('H61A0');
    });
    expect(await screen.findByTestId('project-data-totals')).toBeTruthy();
  });
});
