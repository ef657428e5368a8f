// @vitest-environment happy-dom
/**
 * The review queue (/forecast/newAudit): one estimate at a time with its difference from the
 * system forecast; Approve sends it and the next one loads with the count one lower; Reject
 * needs a remark (nothing is sent without one); Skip shows the next without deciding.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ButtonPermissionsProvider } from '../../shared/Can';
import { domTestSetup, mockFetch, ok, withProviders } from '../../shared/kit/test/dom-harness';
import ForecastQueuePage, { differenceOf } from './ForecastQueuePage';
import { forecastsTexts } from './forecasts.locale';

domTestSetup([forecastsTexts]);

const estimate = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  listingId: 100 + id,
  shopId: 1,
  shopName: 'Lumio US',
  marketId: 0,
  sku: `LM-${id}`,
  asin: `B0${id}`,
  productName: '台灯',
  productNameEn: 'Desk lamp',
  granularity: 'week',
  startDay: '2026-11-30',
  periods: [10, 20],
  totalUnits: 30,
  systemUnits: 24,
  reason: `Reason ${id}`,
  status: 2,
  submitterId: 7,
  submitterName: 'Planner',
  submittedAt: '2026-11-28T08:00:00.000Z',
  reviewerName: null,
  reviewedAt: null,
  remark: null,
  version: 1,
  canReview: true,
  ...over,
});

const days = {
  listingId: 101,
  sku: 'LM-1',
  origin: '2026-11-30',
  history: [
    { day: '2026-11-28', units: 3, censored: false },
    { day: '2026-11-29', units: 4, censored: false },
  ],
  forecast: [{ day: '2026-11-30', units: 3.5 }],
  events: [],
  estimate: [{ day: '2026-11-30', units: 1.4 }],
};

/** A server whose queue loses what is decided. */
function server() {
  let waiting = [estimate(1), estimate(2, { totalUnits: 12, systemUnits: 16 }), estimate(3)];
  const puts: unknown[] = [];
  mockFetch(async (url, init) => {
    if (url.pathname.endsWith('/forecasts/audit') && init.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as { items: { id: number }[] };
      puts.push(body);
      waiting = waiting.filter((e) => !body.items.some((i) => i.id === e.id));
      return ok({ list: [] });
    }
    if (url.pathname.endsWith('/forecasts/listPendingReview')) {
      expect(url.searchParams.get('queue')).toBe('mine');
      return ok({ list: waiting, total: waiting.length, pageNum: 1, pageSize: 100 });
    }
    if (url.pathname.endsWith('/forecast-reviews/to-review-count')) return ok({ count: waiting.length });
    if (url.pathname.endsWith('/forecasts/review-days')) return ok(days);
    throw new Error(`unexpected ${init.method ?? 'GET'} ${url.pathname}`);
  });
  return puts;
}

const held = new Set(['scm:forecast:review:approve', 'scm:forecast:review:export']);
const page = () => withProviders(<ButtonPermissionsProvider value={held}>{<ForecastQueuePage />}</ButtonPermissionsProvider>);
const left = () => screen.getByTestId('queue-left').textContent ?? '';

describe('ForecastQueuePage', () => {
  it('approves the oldest and loads the next, the count one lower', async () => {
    const puts = server();
    render(page().tree);
    const first = await screen.findByTestId('queue-estimate-1');
    expect(within(first).getByTestId('queue-reason').textContent).toBe('Reason 1');
    // 30 against 24: +6 units, +25 %.
    expect(within(first).getByTestId('queue-difference').textContent).toBe('+6 (+25.00%)');
    await waitFor(() => expect(left()).toContain('3'));
    await screen.findByTestId('queue-chart');
    fireEvent.click(screen.getByTestId('queue-approve'));
    await screen.findByTestId('queue-estimate-2');
    expect(puts).toEqual([{ items: [{ id: 1, version: 1 }], action: 'approve' }]);
    await waitFor(() => expect(left()).toContain('2'));
    // 12 against 16: -4 units, -25 %.
    expect(screen.getByTestId('queue-difference').textContent).toBe('-4 (-25.00%)');
  });

  it('rejects only with a remark, and skips without deciding', async () => {
    const puts = server();
    render(page().tree);
    await screen.findByTestId('queue-estimate-1');
    fireEvent.click(screen.getByTestId('queue-skip'));
    await screen.findByTestId('queue-estimate-2');
    expect(puts).toEqual([]);

    fireEvent.click(screen.getByTestId('queue-reject'));
    const form = await screen.findByTestId('queue-reject-form');
    fireEvent.click(screen.getByTestId('queue-reject-save'));
    await new Promise((r) => setTimeout(r, 50));
    expect(puts).toEqual([]);
    fireEvent.change(within(form).getByTestId('queue-remark'), { target: { value: 'Too low for Q4' } });
    fireEvent.click(screen.getByTestId('queue-reject-save'));
    await waitFor(() => expect(puts).toEqual([{ items: [{ id: 2, version: 1 }], action: 'reject', remark: 'Too low for Q4' }]));
    // Skipped 1 stays aside: 3 is next.
    await screen.findByTestId('queue-estimate-3');
  });

  it('says when nothing waits', async () => {
    mockFetch(async (url) => {
      if (url.pathname.endsWith('/forecasts/listPendingReview')) return ok({ list: [], total: 0, pageNum: 1, pageSize: 100 });
      if (url.pathname.endsWith('/forecast-reviews/to-review-count')) return ok({ count: 0 });
      throw new Error(`unexpected ${url.pathname}`);
    });
    render(page().tree);
    expect((await screen.findByTestId('queue-empty')).textContent).toContain('No estimates wait for your review');
  });
});

describe('differenceOf', () => {
  it('is the estimate less the system forecast, in units and share', () => {
    expect(differenceOf({ totalUnits: 30, systemUnits: 24 })).toEqual({ units: 6, share: 0.25 });
    expect(differenceOf({ totalUnits: 5, systemUnits: 0 })).toEqual({ units: 5, share: null });
    expect(differenceOf({ totalUnits: 5, systemUnits: null })).toBeNull();
  });
});
