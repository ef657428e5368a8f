// @vitest-environment happy-dom
/**
 * /forecastAccuracy: the grouped rows with the gain green or red and the bias red beyond 15 %,
 * the chosen dimension and horizon sent to the server, the headline; the overrides tab per
 * planner with "helped" and the note on what is not compared.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ButtonPermissionsProvider } from '../../shared/Can';
import { domTestSetup, mockFetch, ok, withProviders } from '../../shared/kit/test/dom-harness';
import { forecastAccuracyTexts } from './accuracy.locale';
import ForecastAccuracyPage from './ForecastAccuracyPage';
import { forecastsTexts } from './forecasts.locale';

domTestSetup([forecastsTexts, forecastAccuracyTexts]);

const figures = (wape: number, naiveWape: number, bias: number) => ({
  actual: 1200,
  wape,
  naiveWape,
  gain: Math.round((naiveWape - wape) * 10_000) / 10_000,
  bias,
  days: 56,
});
const row = (key: string, f: ReturnType<typeof figures>) => ({
  key,
  label: key,
  marketId: null,
  shopId: null,
  listings: 2,
  ...f,
});

const summary = {
  origin: '2026-11-29',
  origins: 8,
  horizonDays: 28,
  total: { listings: 2, ...figures(0.25, 0.3, -0.05) },
  buckets: [
    { bucket: 'd1_7', ...figures(0.2, 0.28, 0) },
    { bucket: 'd8_14', ...figures(0.25, 0.3, 0) },
    { bucket: 'd15_28', ...figures(0.3, 0.33, 0) },
  ],
};

describe('ForecastAccuracyPage', () => {
  it('shows the groups with their gain and bias, and sends the dimension and horizon', async () => {
    const lists: URLSearchParams[] = [];
    mockFetch(async (url) => {
      if (url.pathname.endsWith('/forecast-accuracy/summary')) return ok(summary);
      if (url.pathname.endsWith('/forecast-accuracy')) {
        lists.push(url.searchParams);
        return ok({
          list: [row('LM-1', figures(0.2, 0.3, 0.06)), row('LM-2', figures(0.4, 0.35, -0.2))],
          total: 2,
          pageNum: 1,
          pageSize: 20,
        });
      }
      throw new Error(`unexpected ${url.pathname}`);
    });
    render(
      withProviders(
        <ButtonPermissionsProvider value={new Set(['scm:forecast:accuracy:export'])}>
          <ForecastAccuracyPage />
        </ButtonPermissionsProvider>,
        '/?horizon=d8_14',
      ).tree,
    );
    await screen.findByTestId('accuracy-key-LM-1');
    expect(screen.getByTestId('accuracy-gain-LM-1').className).toContain('success');
    expect(screen.getByTestId('accuracy-gain-LM-2').className).toContain('danger');
    expect(screen.getByTestId('accuracy-gain-LM-1').textContent).toBe('+10.00%');
    // The bias of LM-2 (−20 %) is beyond 15 %: red; LM-1's (+6 %) is not.
    expect(screen.getByText('-20.00%').className).toContain('danger');
    expect(screen.getByText('+6.00%').className).not.toContain('danger');
    expect(screen.getByTestId('accuracy-wape').textContent).toContain('25.00%');
    expect(screen.getByTestId('accuracy-export')).toBeTruthy();
    expect(lists[0]?.get('horizon')).toBe('d8_14');
    fireEvent.click(screen.getByText('By shop'));
    await waitFor(() => expect(lists.at(-1)?.get('by')).toBe('shop'));
  });

  it('shows per planner whether the overrides helped, and says what is not compared', async () => {
    mockFetch(async (url) => {
      if (url.pathname.endsWith('/forecast-accuracy/overrides'))
        return ok({
          list: [
            {
              userId: 7,
              userName: 'Planner',
              estimates: 3,
              compared: 3,
              actual: 900,
              estimateUnits: 880,
              systemUnits: 700,
              wape: 0.08,
              systemWape: 0.22,
              gain: 0.14,
              helped: true,
              uncomparedActual: 0,
              uncomparedWape: null,
            },
            {
              userId: 1,
              userName: 'Admin',
              estimates: 2,
              compared: 1,
              actual: 300,
              estimateUnits: 380,
              systemUnits: 310,
              wape: 0.27,
              systemWape: 0.05,
              gain: -0.22,
              helped: false,
              uncomparedActual: 120,
              uncomparedWape: 0.1,
            },
          ],
          total: 2,
          pageNum: 1,
          pageSize: 20,
        });
      throw new Error(`unexpected ${url.pathname}`);
    });
    render(withProviders(<ForecastAccuracyPage />, '/?tab=overrides').tree);
    expect((await screen.findByTestId('override-helped-7')).textContent).toBe('Helped');
    expect(screen.getByTestId('override-helped-1').textContent).toBe('Worse than the system');
    expect(screen.getByText(/are not compared/)).toBeTruthy();
    expect(screen.queryByTestId('accuracy-export')).toBeNull();
  });
});
