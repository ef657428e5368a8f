// @vitest-environment happy-dom
/** The estimate form of the forecast list: a row's action opens it; the units typed as tags are sent as numbers. */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { domTestSetup, mockFetch, ok, withProviders } from '../../shared/kit/test/dom-harness';
import ForecastListPage from './ForecastListPage';
import { forecastsTexts } from './forecasts.locale';

domTestSetup([forecastsTexts]);

const row = {
  listingId: 42,
  shopId: 1,
  shopName: 'Lumio US',
  marketId: 0,
  sku: 'LM-42',
  asin: 'B042',
  model: null,
  productName: null,
  productNameEn: 'Desk lamp',
  origin: '2026-11-30',
  units30: 300,
  next7: 70,
  next30: 300,
  next90: 900,
  method: 'smoothing',
  wape: 0.2,
  naiveWape: 0.3,
  bias: 0,
  censoredDays: 0,
  computedAt: '2026-11-29T00:00:00.000Z',
};

describe('the estimate form', () => {
  it("submits a listing's estimate from its row", async () => {
    const posts: unknown[] = [];
    mockFetch(async (url, init) => {
      const path = url.pathname;
      if (path.endsWith('/estimate-sales') && init.method === 'POST') {
        posts.push(JSON.parse(String(init.body)));
        return ok({});
      }
      if (path.endsWith('/ms-ai-sales/rest/v2/forecasts')) return ok({ list: [row], total: 1, pageNum: 1, pageSize: 20 });
      if (path.endsWith('/refresh-time')) return ok({ refreshedAt: null, origin: null, last: null, running: null });
      return ok([]);
    });
    render(withProviders(<ForecastListPage />).tree);
    fireEvent.click(await screen.findByTestId('forecast-estimate-42'));
    const form = await screen.findByTestId('estimate-form');
    const input = within(form).getByTestId('estimate-periods').querySelector('input') as HTMLInputElement;
    for (const v of ['10', '20', 'x', '30']) {
      fireEvent.change(input, { target: { value: v } });
      fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    }
    fireEvent.change(within(form).getByTestId('estimate-reason'), { target: { value: 'Coupon in week 2' } });
    fireEvent.click(screen.getByTestId('estimate-save'));
    await waitFor(() =>
      expect(posts).toEqual([{ listingId: 42, granularity: 'week', periods: [10, 20, 30], reason: 'Coupon in week 2' }]),
    );
  });
});
