// @vitest-environment happy-dom
/**
 * /fbaRemoveOrderMgr: the lines with type, status and units in process; filters read from the URL
 * reach the request; an order opens its drawer (in the URL) with its lines and parcels.
 */
import type { RemovalLine } from '@bo/contract/inventory/removals';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { domTestSetup, mockFetch, ok, withProviders } from '../../shared/kit/test/dom-harness';
import { inventoryTexts } from './inventory.locale';
import RemovalOrdersPage from './RemovalOrdersPage';
import { removalsTexts } from './removals.locale';

domTestSetup([inventoryTexts, removalsTexts]);

const line = (over: Partial<RemovalLine> = {}): RemovalLine => ({
  shopId: 1,
  shopName: 'Lumio US',
  marketId: 0,
  orderId: 'RO-1001',
  requestDate: '2026-11-02',
  type: 'return',
  status: 'processing',
  lastUpdated: '2026-11-05T10:00:00Z',
  sku: 'H6260-5M',
  fnsku: 'X000001EEF',
  listingId: 7,
  productName: '灯带',
  productNameEn: 'LED strip',
  disposition: 'SELLABLE',
  requested: 20,
  cancelled: 0,
  disposed: 0,
  shipped: 5,
  inProcess: 15,
  removalFee: '9.60',
  currency: 'USD',
  shipments: 1,
  ...over,
});

describe('RemovalOrdersPage', () => {
  it('lists the lines and opens an order with its parcels', async () => {
    mockFetch(async (url) => {
      if (url.pathname.endsWith('/removal-orders')) {
        return ok({
          list: [line(), line({ orderId: 'RO-1003', type: 'liquidation', status: 'cancelled', inProcess: 0, cancelled: 10 })],
          total: 2,
          pageNum: 1,
          pageSize: 20,
        });
      }
      if (url.pathname.endsWith('/removal-orders/detail')) {
        expect(url.searchParams.get('orderId')).toBe('RO-1001');
        return ok({
          shopId: 1,
          orderId: 'RO-1001',
          lines: [line()],
          shipments: [
            {
              sku: 'H6260-5M',
              fnsku: 'X000001EEF',
              disposition: 'SELLABLE',
              shipmentDate: '2026-11-06',
              carrier: 'UPS',
              trackingNumber: '1Z999AA10123456784',
              quantity: 5,
            },
          ],
        });
      }
      throw new Error(`unexpected ${url.pathname}`);
    });
    const { tree, router } = withProviders(<RemovalOrdersPage />);
    render(tree);
    expect((await screen.findByTestId('removal-in-process-RO-1001-H6260-5M')).textContent).toBe('15');
    const table = screen.getByTestId('removal-table');
    expect(within(table).getByText('Liquidation')).toBeTruthy();
    expect(within(table).getByText('Cancelled')).toBeTruthy();
    fireEvent.click(screen.getByTestId('removal-open-RO-1001-H6260-5M'));
    await waitFor(() => expect(router.state.location.search).toContain('order=RO-1001'));
    const drawer = await screen.findByTestId('removal-detail');
    expect((await within(drawer).findByTestId('removal-detail-shipments')).textContent).toContain('1Z999AA10123456784');
    expect(within(drawer).getByTestId('removal-detail-fee').textContent).toContain('9.60 USD');
  });

  it('sends the filters the URL holds', async () => {
    const queries: URLSearchParams[] = [];
    mockFetch(async (url) => {
      if (url.pathname.endsWith('/removal-orders')) {
        queries.push(url.searchParams);
        return ok({ list: [], total: 0, pageNum: 1, pageSize: 20 });
      }
      throw new Error(`unexpected ${url.pathname}`);
    });
    render(withProviders(<RemovalOrdersPage />, '/?status=cancelled&type=liquidation&from=2026-11-01').tree);
    await waitFor(() => expect(queries.length).toBeGreaterThan(0));
    expect([queries[0]?.get('status'), queries[0]?.get('type'), queries[0]?.get('from')]).toEqual([
      'cancelled',
      'liquidation',
      '2026-11-01',
    ]);
  });
});
