// @vitest-environment happy-dom
/**
 * The review list (/forecast/review): estimates with their status, approve in bulk after a
 * confirmation, reject with the remark every rejection needs; the header's count of estimates
 * waiting for the caller.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ForecastReviewBadge } from '../../app/layout/ForecastReviewBadge';
import { ButtonPermissionsProvider } from '../../shared/Can';
import { domTestSetup, mockFetch, ok, withProviders } from '../../shared/kit/test/dom-harness';
import ForecastAuditRecordPage from './ForecastAuditRecordPage';
import ForecastReviewPage from './ForecastReviewPage';
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
  systemUnits: 24.5,
  reason: 'Coupon campaign',
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

const held = new Set(['scm:forecast:review:approve', 'scm:forecast:review:export']);
const page = () => withProviders(<ButtonPermissionsProvider value={held}>{<ForecastReviewPage />}</ButtonPermissionsProvider>);

describe('ForecastReviewPage', () => {
  it('approves the chosen estimates after asking', async () => {
    const puts: unknown[] = [];
    mockFetch(async (url, init) => {
      if (url.pathname.endsWith('/forecasts/audit') && init.method === 'PUT') {
        puts.push(JSON.parse(String(init.body)));
        return ok({ list: [estimate(1, { status: 5 })] });
      }
      if (url.pathname.endsWith('/forecasts/listPendingReview'))
        return ok({
          list: [estimate(1), estimate(2, { status: 5, canReview: false, reviewerName: 'Admin', remark: 'Fine' })],
          total: 2,
          pageNum: 1,
          pageSize: 20,
        });
      throw new Error(`unexpected ${init.method ?? 'GET'} ${url.pathname}`);
    });
    render(page().tree);
    await screen.findByText('LM-1');
    expect(within(screen.getByTestId('review-status-1')).getByText('Submitted')).toBeTruthy();
    expect(within(screen.getByTestId('review-status-2')).getByText('Approved')).toBeTruthy();
    const boxes = screen.getAllByRole('checkbox');
    fireEvent.click(boxes[1] as HTMLElement);
    fireEvent.click(await screen.findByTestId('review-approve'));
    fireEvent.click(await screen.findByTestId('review-approve-confirm'));
    await waitFor(() => expect(puts).toEqual([{ items: [{ id: 1, version: 1 }], action: 'approve' }]));
  });

  it('rejects with a remark, and refuses to send what does not wait for the caller', async () => {
    const puts: unknown[] = [];
    mockFetch(async (url, init) => {
      if (url.pathname.endsWith('/forecasts/audit') && init.method === 'PUT') {
        puts.push(JSON.parse(String(init.body)));
        return ok({ list: [estimate(1, { status: 3 })] });
      }
      if (url.pathname.endsWith('/forecasts/listPendingReview'))
        return ok({
          list: [estimate(1), estimate(3, { canReview: false, submitterName: 'Me' })],
          total: 2,
          pageNum: 1,
          pageSize: 20,
        });
      throw new Error(`unexpected ${init.method ?? 'GET'} ${url.pathname}`);
    });
    render(page().tree);
    await screen.findByText('LM-3');
    const boxes = () => screen.getAllByRole('checkbox');
    // Own estimate chosen: nothing is sent.
    fireEvent.click(boxes()[2] as HTMLElement);
    fireEvent.click(await screen.findByTestId('review-reject'));
    await screen.findByText(/Only estimates waiting for your review/);
    expect(puts).toEqual([]);
    expect(screen.queryByTestId('review-reject-form')).toBeNull();
    // The refused attempt cleared the choice.
    fireEvent.click(boxes()[1] as HTMLElement);
    fireEvent.click(await screen.findByTestId('review-reject'));
    const form = await screen.findByTestId('review-reject-form');
    const remark = within(form).getByTestId('review-remark');
    fireEvent.change(remark, { target: { value: 'Too high for the season' } });
    fireEvent.click(screen.getByTestId('review-reject-save'));
    await waitFor(() =>
      expect(puts).toEqual([{ items: [{ id: 1, version: 1 }], action: 'reject', remark: 'Too high for the season' }]),
    );
  });
});

describe('ForecastReviewBadge', () => {
  it('shows the count to a reviewer and opens the list on what is to review', async () => {
    mockFetch(async (url) => {
      if (url.pathname.endsWith('/forecast-reviews/to-review-count')) return ok({ count: 3 });
      throw new Error(`unexpected ${url.pathname}`);
    });
    const { tree, router } = withProviders(
      <ButtonPermissionsProvider value={held}>{<ForecastReviewBadge />}</ButtonPermissionsProvider>,
    );
    render(tree);
    const badge = await screen.findByTestId('forecast-review-badge');
    await waitFor(() => expect(within(badge).getByText('3')).toBeTruthy());
    fireEvent.click(screen.getByTestId('forecast-review-open'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/forecast/review'));
  });

  it('is not there without the review permission', async () => {
    const fetch = mockFetch(async () => ok({ count: 3 }));
    render(withProviders(<ForecastReviewBadge />).tree);
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId('forecast-review-badge')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('ForecastAuditRecordPage', () => {
  it('lists who decided what, with the status before and after, filtered by action', async () => {
    const queries: string[] = [];
    mockFetch(async (url) => {
      if (url.pathname.endsWith('/forecasts/listAuditRecord')) {
        queries.push(url.search);
        return ok({
          list: [
            {
              id: 9,
              estimateId: 4,
              listingId: 104,
              shopName: 'Lumio US',
              marketId: 0,
              sku: 'LM-4',
              action: 'reject',
              userName: 'Admin',
              fromStatus: 2,
              toStatus: 3,
              remark: 'Too high',
              at: '2026-11-28T08:00:00.000Z',
            },
          ],
          total: 1,
          pageNum: 1,
          pageSize: 20,
        });
      }
      throw new Error(`unexpected ${url.pathname}`);
    });
    render(withProviders(<ForecastAuditRecordPage />, '/?action=reject').tree);
    await screen.findByText('LM-4');
    expect(within(screen.getByTestId('record-action-9')).getByText('Rejected')).toBeTruthy();
    expect(within(screen.getByTestId('record-to-9')).getByText('Rejected')).toBeTruthy();
    expect(queries[0]).toContain('action=reject');
  });
});
