// @vitest-environment happy-dom
/**
 * /inventoryReport: the rows with their balances (a carried opening and a computed closing in grey
 * with their rule), the difference, the link to the SKU's detail over the month; the totals row
 * from the summary (every filtered row, not only the page); the months shown; the month range in
 * the URL and both requests; the export behind its permission.
 */
import type { ReportRow, ReportTotals } from '@bo/contract/inventory/ledger-report';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ButtonPermissionsProvider } from '../../shared/Can';
import { domTestSetup, mockFetch, ok, withProviders } from '../../shared/kit/test/dom-harness';
import InventoryReportPage from './InventoryReportPage';
import { inventoryTexts } from './inventory.locale';
import { invReportTexts } from './inventory-report.locale';

domTestSetup([inventoryTexts, invReportTexts]);

const zero = {
  receipts: 0,
  customerShipments: 0,
  customerReturns: 0,
  vendorReturns: 0,
  transfers: 0,
  found: 0,
  lost: 0,
  damaged: 0,
  disposed: 0,
  other: 0,
};

const row = (over: Partial<ReportRow>): ReportRow => ({
  shopId: 1,
  shopName: 'Lumio US',
  marketId: 0,
  warehouseId: 3,
  warehouseCode: 'FBA-US',
  warehouseKind: 'fba',
  listingId: 7,
  sku: 'H6260-5M',
  asin: 'B0LQBBUVIX',
  fnsku: 'X000001EEF',
  model: 'H6260',
  productName: '灯带',
  productNameEn: 'LED strip',
  day: '2026-10-15',
  month: '2026-10',
  openingReported: true,
  closingReported: true,
  opening: 108,
  ...zero,
  customerShipments: -8,
  customerReturns: 2,
  other: 4,
  net: -2,
  closing: 104,
  difference: -2,
  ...over,
});

const totals = (over: Partial<ReportTotals> = {}): ReportTotals => ({
  rows: 42,
  opening: 327,
  ...zero,
  receipts: 75,
  net: 7,
  closing: 332,
  difference: -2,
  ...over,
});

function serve() {
  const asked: { path: string; q: URLSearchParams }[] = [];
  mockFetch(async (url) => {
    asked.push({ path: url.pathname, q: url.searchParams });
    if (url.pathname.endsWith('/ledger-report'))
      return ok({
        list: [
          row({}),
          row({
            month: '2026-09',
            day: '2026-09-30',
            openingReported: false,
            closingReported: false,
            opening: 109,
            closing: 108,
            difference: null,
          }),
        ],
        total: 42,
        pageNum: 1,
        pageSize: 20,
        fromMonth: '2026-08',
        toMonth: '2026-10',
      });
    if (url.pathname.endsWith('/ledger-report/summary'))
      return ok({
        fromMonth: '2026-08',
        toMonth: '2026-10',
        totals: totals(),
        months: [
          { month: '2026-08', ...totals({ rows: 1, closing: 109 }) },
          { month: '2026-09', ...totals({ rows: 2, closing: 111 }) },
        ],
      });
    throw new Error(`unexpected ${url.pathname}`);
  });
  return asked;
}

describe('InventoryReportPage', () => {
  it('shows balances, the difference, the detail link, the totals of every row and the months shown', async () => {
    serve();
    render(
      withProviders(
        <ButtonPermissionsProvider value={new Set(['scm:inventory:report:export'])}>
          <InventoryReportPage />
        </ButtonPermissionsProvider>,
      ).tree,
    );
    expect((await screen.findByTestId('report-opening-H6260-5M-2026-10')).textContent).toBe('108');
    expect(screen.getByTestId('report-closing-H6260-5M-2026-10').textContent).toBe('104');
    expect(screen.getByTestId('report-difference-H6260-5M-2026-10').textContent).toBe('-2');
    expect(screen.queryByTestId('report-difference-H6260-5M-2026-09')).toBeNull();
    // Not reported in September: shown in grey (antd's secondary text).
    expect(screen.getByTestId('report-opening-H6260-5M-2026-09').className).toContain('secondary');
    expect(screen.getByTestId('report-opening-H6260-5M-2026-10').className).not.toContain('secondary');
    expect(screen.getByTestId('report-open-H6260-5M-2026-09').getAttribute('href')).toBe(
      '/inventory/detail?shopId=1&warehouseId=3&sku=H6260-5M&from=2026-09-01&to=2026-09-30',
    );
    await waitFor(() => expect(screen.getByTestId('report-total-closing').textContent).toBe('332'));
    expect(screen.getByTestId('report-total-opening').textContent).toBe('327');
    expect(screen.getByTestId('report-total-receipts').textContent).toBe('75');
    expect(screen.getByTestId('report-shown').textContent).toBe('2026-08 to 2026-10');
    expect(screen.getByTestId('report-chart')).toBeTruthy();
    expect(screen.getByTestId('report-export')).toBeTruthy();
  });

  it('sends the month range of the URL to the list and the summary, and hides the export without its permission', async () => {
    const asked = serve();
    render(withProviders(<InventoryReportPage />, '/?fromMonth=2026-09&toMonth=2026-10&keyword=H6260').tree);
    await screen.findByTestId('report-opening-H6260-5M-2026-10');
    await waitFor(() => expect(asked.some((a) => a.path.endsWith('/summary'))).toBe(true));
    for (const path of ['/ledger-report', '/ledger-report/summary']) {
      const q = asked.find((a) => a.path.endsWith(path))?.q;
      expect(q?.get('fromMonth'), path).toBe('2026-09');
      expect(q?.get('toMonth'), path).toBe('2026-10');
      expect(q?.get('keyword'), path).toBe('H6260');
    }
    expect(asked.find((a) => a.path.endsWith('/summary'))?.q.get('pageNum')).toBeNull();
    const months = [...document.querySelectorAll<HTMLInputElement>('input[data-testid="report-months"]')].map((i) => i.value);
    expect(months).toEqual(['2026-09', '2026-10']);
    expect(screen.queryByTestId('report-export')).toBeNull();
  });
});
