// @vitest-environment happy-dom
/**
 * The ledger's screens: /inventory/difference shows each difference signed, with units at stake,
 * amount and a link to the SKU's detail, and its type filter goes to the URL and the request;
 * /inventory/detail asks for a SKU before calling, then shows the days (newest first) with the
 * running balance and the difference, the period totals, and a plain "not found" for a SKU the
 * caller cannot see.
 */
import type { DetailDay, Difference } from '@bo/contract/inventory/ledger';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ButtonPermissionsProvider } from '../../shared/Can';
import { domTestSetup, mockFetch, ok, refused, withProviders } from '../../shared/kit/test/dom-harness';
import DifferencesPage from './DifferencesPage';
import { inventoryTexts } from './inventory.locale';
import LedgerDetailPage from './LedgerDetailPage';
import { ledgerTexts } from './ledger.locale';

domTestSetup([inventoryTexts, ledgerTexts]);

const listing = {
  shopId: 1,
  shopName: 'Lumio US',
  marketId: 0,
  warehouseId: 3,
  warehouseCode: 'FBA-US',
  warehouseKind: 'fba' as const,
  listingId: 7,
  sku: 'H6260-5M',
  asin: 'B0LQBBUVIX',
  fnsku: 'X000001EEF',
  model: 'H6260',
  productName: '灯带',
  productNameEn: 'LED strip',
  day: '2026-06-01',
};

const difference = (over: Partial<Difference> = {}): Difference => ({
  ...listing,
  ledgerEnding: 585,
  fulfillable: 580,
  reserved: 3,
  onHand: 583,
  difference: -2,
  lost: 2,
  found: 0,
  damaged: 1,
  unitsAtStake: 5,
  unitPrice: '24.99',
  currency: 'USD',
  amount: '124.95',
  ...over,
});

describe('DifferencesPage', () => {
  it('shows the signed difference, the units at stake and a link to the detail; the type filter reaches the server', async () => {
    const queries: URLSearchParams[] = [];
    mockFetch(async (url) => {
      if (url.pathname.endsWith('/ledger/differences')) {
        queries.push(url.searchParams);
        return ok({
          list: [
            difference(),
            difference({ day: '2026-06-03', difference: null, ledgerEnding: null, onHand: null, unitsAtStake: 2 }),
          ],
          total: 2,
          pageNum: 1,
          pageSize: 20,
        });
      }
      throw new Error(`unexpected ${url.pathname}`);
    });
    const { tree, router } = withProviders(
      <ButtonPermissionsProvider value={new Set(['scm:inventory:difference:export'])}>
        <DifferencesPage />
      </ButtonPermissionsProvider>,
    );
    render(tree);
    expect((await screen.findByTestId('dif-balance-H6260-5M-2026-06-01')).textContent).toBe('-2');
    expect(screen.getByTestId('dif-stake-H6260-5M-2026-06-01').textContent).toBe('5');
    expect(screen.getByTestId('dif-stake-H6260-5M-2026-06-03').textContent).toBe('2');
    expect(screen.queryByTestId('dif-balance-H6260-5M-2026-06-03')).toBeNull();
    expect(screen.getByTestId('dif-open-H6260-5M-2026-06-01').getAttribute('href')).toBe(
      '/inventory/detail?shopId=1&warehouseId=3&sku=H6260-5M&to=2026-06-01',
    );
    expect(screen.getByTestId('dif-export')).toBeTruthy();
    fireEvent.click(within(screen.getByTestId('dif-type')).getByText('Lost'));
    await waitFor(() => expect(router.state.location.search).toContain('type=lost'));
    await waitFor(() => expect(queries.at(-1)?.get('type')).toBe('lost'));
  });

  it('hides the export without its permission', async () => {
    mockFetch(async () => ok({ list: [], total: 0, pageNum: 1, pageSize: 20 }));
    render(withProviders(<DifferencesPage />).tree);
    await screen.findByTestId('page-inventory-difference');
    expect(screen.queryByTestId('dif-export')).toBeNull();
  });
});

const day = (d: string, over: Partial<DetailDay> = {}): DetailDay => ({
  day: d,
  fulfillable: null,
  reserved: null,
  unfulfillable: null,
  inbound: null,
  onHand: null,
  unitsSold: 30,
  ledger: null,
  runningBalance: null,
  difference: null,
  ...over,
});
const movements = {
  receipts: 0,
  customerShipments: 0,
  customerReturns: 0,
  vendorReturns: 0,
  transfers: 0,
  found: 0,
  lost: 0,
  damaged: 0,
  disposed: 0,
  otherEvents: 0,
  unknownEvents: 0,
};

describe('LedgerDetailPage', () => {
  it('asks for a SKU before it calls anything', async () => {
    const calls: string[] = [];
    mockFetch(async (url) => {
      calls.push(url.pathname);
      throw new Error('not here');
    });
    render(withProviders(<LedgerDetailPage />).tree);
    expect(await screen.findByTestId('detail-pick')).toBeTruthy();
    expect(calls.filter((p) => p.includes('/ledger/'))).toEqual([]);
  });

  it('shows the days newest first with the running balance and the difference, and the period totals', async () => {
    mockFetch(async (url) => {
      if (url.pathname.endsWith('/ledger/detail')) {
        expect(url.searchParams.get('sku')).toBe('H6260-5M');
        return ok({
          listing,
          from: '2026-06-01',
          to: '2026-06-02',
          days: [
            day('2026-06-01', {
              fulfillable: 580,
              reserved: 3,
              onHand: 583,
              ledger: {
                ...movements,
                receipts: 120,
                customerShipments: -35,
                view: 'summary',
                startingBalance: 500,
                endingBalance: 585,
                inTransit: 0,
                net: 85,
                unsellableEnding: null,
              },
              runningBalance: 585,
              difference: -2,
            }),
            day('2026-06-02', {
              ledger: {
                ...movements,
                customerShipments: -30,
                found: 1,
                view: 'summary',
                startingBalance: 585,
                endingBalance: 556,
                inTransit: 10,
                net: -29,
                unsellableEnding: null,
              },
              runningBalance: 556,
            }),
          ],
          totals: { ...movements, receipts: 120, customerShipments: -65, found: 1 },
        });
      }
      throw new Error(`unexpected ${url.pathname}`);
    });
    render(withProviders(<LedgerDetailPage />, '/?shopId=1&sku=H6260-5M').tree);
    expect((await screen.findByTestId('detail-head')).textContent).toContain('H6260-5M');
    expect(screen.getByTestId('detail-difference-2026-06-01').textContent).toBe('-2');
    const rows = within(screen.getByTestId('detail-days')).getAllByRole('row');
    expect(rows[1]?.textContent).toContain('2026-06-02');
    expect(rows[1]?.textContent).toContain('556');
    expect(rows[2]?.textContent).toContain('2026-06-01');
    expect(screen.getByTestId('detail-totals').textContent).toContain('-65');
    expect(screen.getByTestId('detail-chart')).toBeTruthy();
  });

  it('says plainly when the SKU is not found', async () => {
    mockFetch(async (url) => {
      if (url.pathname.endsWith('/ledger/detail'))
        return refused(404, 40400, 'no stock or ledger of this SKU in this shop and warehouse');
      throw new Error(`unexpected ${url.pathname}`);
    });
    render(withProviders(<LedgerDetailPage />, '/?shopId=9&sku=NOPE').tree);
    expect(await screen.findByTestId('detail-gone')).toBeTruthy();
  });
});
