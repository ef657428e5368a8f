// @vitest-environment happy-dom
/**
 * /logisticsMgr asks with the filters of its URL and opens a shipment's drawer with its bills
 * (Add / Edit / Delete only for holders of the buttons); /logisticsPanel shows the months the
 * server summed; /newLogisticsPanel links a carrier to its shipments with the filters.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ButtonPermissionsProvider } from '../../shared/Can';
import { domTestSetup, mockFetch, ok, withProviders } from '../../shared/kit/test/dom-harness';
import { logisticsTexts } from './logistics.locale';
import CostPanelPage from './panels/CostPanelPage';
import TransitPanelPage from './panels/TransitPanelPage';
import LogisticsMgrPage from './shipments/LogisticsMgrPage';

domTestSetup([logisticsTexts]);

// happy-dom has no canvas: the charts are our EChart binding, drawn here as their series' names and data.
vi.mock('../../shared/charts/EChart', () => ({
  EChart: ({ option, testId }: { option: { series?: { name: string; data: unknown[] }[] }; testId: string }) => (
    <div data-testid={testId} data-series={JSON.stringify((option.series ?? []).map((x) => [x.name, x.data]))} />
  ),
}));

const ship = {
  id: 7,
  code: 'FBA15DEMO0007',
  planId: 3,
  planCode: 'SP000003',
  shopId: 1,
  shopName: 'Lumio US',
  marketId: 0,
  warehouseCode: 'FBA-US',
  mode: 'sea',
  carrier: 'COSCO',
  tracking: 'COSU8000259',
  etd: '2026-06-01',
  eta: '2026-07-06',
  flow: 'received',
  units: 100,
  receivedUnits: 100,
  weightKg: 40,
  cbm: 0.15,
  unitsWithoutInfo: 0,
  estimatedUsd: 60,
  estimateBasis: 'cheapest',
  estimateCarrier: 'Oceanlink Sea + Truck',
  actualUsd: 180,
  bills: 1,
  billsWithoutRate: 0,
  varianceUsd: 120,
  plannedDays: 32,
  actualDays: 37,
  lastReceiptDay: '2026-07-08',
  onTime: true,
  late: false,
};
const bill = {
  id: 11,
  shipmentId: 7,
  carrierId: 1,
  carrierCode: 'SEA-FBA',
  carrierName: 'Oceanlink Sea + Truck',
  billNo: 'INV-0007',
  chargeType: 'freight',
  amount: 180,
  currency: 'USD',
  amountUsd: 180,
  invoiceDay: '2026-06-01',
  remark: '',
  version: 1,
  updatedBy: 'admin',
  updatedAt: '2026-06-02T00:00:00Z',
};

describe('LogisticsMgrPage', () => {
  it('asks with the URL’s filters, and a shipment’s drawer shows its figures and bills behind the buttons', async () => {
    const asked: string[] = [];
    mockFetch((url) => {
      if (url.pathname.endsWith('/logistics/rest/v1/shipments')) {
        asked.push(url.search);
        return ok({ list: [ship], total: 1, pageNum: 1, pageSize: 20 });
      }
      if (url.pathname.endsWith('/shipments/7')) return ok({ shipment: ship, bills: [bill] });
      return ok([]);
    });
    const page = (held: string[], url: string) =>
      withProviders(<ButtonPermissionsProvider value={new Set(held)}>{<LogisticsMgrPage />}</ButtonPermissionsProvider>, url)
        .tree;
    render(page([], '/?state=late&carrier=COSCO'));
    await screen.findByTestId('ship-open-7');
    expect(asked[0]).toContain('state=late');
    expect(asked[0]).toContain('carrier=COSCO');
    expect(screen.getByText('$180.00')).toBeTruthy();
    expect(screen.getByText('37 / 32')).toBeTruthy();
    fireEvent.click(screen.getByTestId('ship-open-7'));
    const drawer = await screen.findByTestId('shipment-drawer');
    await within(drawer).findByText('INV-0007');
    expect(within(drawer).getByText('On time')).toBeTruthy();
    expect(within(drawer).getByText('No card of this carrier: the cheapest card, Oceanlink Sea + Truck')).toBeTruthy();
    expect(screen.queryByTestId('bill-create')).toBeNull();
    expect(screen.queryByTestId('bill-edit-11')).toBeNull();
    expect(screen.getByTestId('bill-history-11')).toBeTruthy();
  });

  it('gives holders of the buttons Add, Edit and Delete on the bills', async () => {
    mockFetch((url) => {
      if (url.pathname.endsWith('/logistics/rest/v1/shipments')) return ok({ list: [ship], total: 1, pageNum: 1, pageSize: 20 });
      if (url.pathname.endsWith('/shipments/7')) return ok({ shipment: ship, bills: [bill] });
      return ok([]);
    });
    render(
      withProviders(
        <ButtonPermissionsProvider
          value={new Set(['sales:logistics:manage:create', 'sales:logistics:manage:edit', 'sales:logistics:manage:delete'])}
        >
          <LogisticsMgrPage />
        </ButtonPermissionsProvider>,
        '/?ship=7',
      ).tree,
    );
    const drawer = await screen.findByTestId('shipment-drawer');
    await within(drawer).findByText('INV-0007');
    await waitFor(() => expect(screen.getByTestId('bill-create')).toBeTruthy());
    expect(screen.getByTestId('bill-edit-11')).toBeTruthy();
    expect(screen.getByTestId('bill-delete-11')).toBeTruthy();
  });
});

describe('a bill’s edit', () => {
  it('sends the changed amount with the shipment and the version read', async () => {
    const calls = mockFetch((url, init) => {
      if (url.pathname.endsWith('/bills/11') && init.method === 'PUT') return ok({ ...bill, amount: 190, version: 2 });
      if (url.pathname.endsWith('/logistics/rest/v1/shipments')) return ok({ list: [ship], total: 1, pageNum: 1, pageSize: 20 });
      if (url.pathname.endsWith('/shipments/7')) return ok({ shipment: ship, bills: [bill] });
      if (url.pathname.endsWith('/shipments/bill-carriers'))
        return ok([{ id: 1, code: 'SEA-FBA', name: 'Oceanlink Sea + Truck' }]);
      return ok([]);
    });
    render(
      withProviders(
        <ButtonPermissionsProvider value={new Set(['sales:logistics:manage:edit'])}>
          <LogisticsMgrPage />
        </ButtonPermissionsProvider>,
        '/?ship=7',
      ).tree,
    );
    fireEvent.click(await screen.findByTestId('bill-edit-11'));
    const amount = await screen.findByTestId('bill-amount');
    fireEvent.change(amount, { target: { value: '190' } });
    fireEvent.click(screen.getByTestId('bill-save'));
    await waitFor(() => {
      const put = calls.mock.calls.find(([u, init]) => String(u).includes('/bills/11') && init?.method === 'PUT');
      expect(put).toBeTruthy();
      expect(JSON.parse(String(put?.[1]?.body))).toEqual({
        shipmentId: 7,
        carrierId: 1,
        billNo: 'INV-0007',
        chargeType: 'freight',
        amount: 190,
        currency: 'USD',
        invoiceDay: '2026-06-01',
        remark: '',
        version: 1,
      });
    });
  });
});

describe('CostPanelPage', () => {
  it('asks for the URL’s months and shows the server’s sums per month and mode', async () => {
    const asked: string[] = [];
    mockFetch((url) => {
      if (url.pathname.endsWith('/panel/costs')) {
        asked.push(url.search);
        return ok({
          fromMonth: '2026-05',
          toMonth: '2026-06',
          months: [
            {
              month: '2026-05',
              shipments: 1,
              units: 50,
              weightKg: 20,
              estimatedUsd: 60,
              actualUsd: 80,
              estimatedBilledUsd: 60,
              unbilled: 0,
            },
            {
              month: '2026-06',
              shipments: 2,
              units: 120,
              weightKg: 48,
              estimatedUsd: 105,
              actualUsd: 180,
              estimatedBilledUsd: 60,
              unbilled: 1,
            },
          ],
          byMode: [
            { month: '2026-05', mode: 'sea', usd: 80 },
            { month: '2026-06', mode: 'sea', usd: 180 },
          ],
          byMarket: [
            { month: '2026-05', marketId: 0, usd: 80 },
            { month: '2026-06', marketId: 0, usd: 180 },
          ],
          modes: [
            {
              mode: 'sea',
              shipments: 2,
              billed: 2,
              billedUnits: 150,
              billedKg: 60,
              actualUsd: 260,
              perUnitUsd: 1.7333,
              perKgUsd: 4.3333,
            },
          ],
        });
      }
      return ok([]);
    });
    render(withProviders(<CostPanelPage />, '/?fromMonth=2026-05&toMonth=2026-06&mode=sea').tree);
    const months = await screen.findByTestId('panel-months-table');
    expect(asked[0]).toContain('fromMonth=2026-05');
    expect(asked[0]).toContain('mode=sea');
    const rows = within(months).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[1] as HTMLElement).getByText('$180.00')).toBeTruthy();
    expect(within(screen.getByTestId('panel-modes')).getByText('$1.7333')).toBeTruthy();
    expect(JSON.parse(screen.getByTestId('panel-by-mode').dataset.series ?? '')).toEqual([['Sea', [80, 180]]]);
    expect(JSON.parse(screen.getByTestId('panel-versus').dataset.series ?? '')).toEqual([
      ['Estimated', [60, 60]],
      ['Actual', [80, 180]],
    ]);
  });
});

describe('TransitPanelPage', () => {
  it('links a carrier to its shipments on /logisticsMgr with the filters', async () => {
    mockFetch((url) => {
      if (url.pathname.endsWith('/panel/transit'))
        return ok({
          etdFrom: '2026-04-01',
          etdTo: '2026-06-30',
          carriers: [
            {
              carrier: 'COSCO',
              mode: 'sea',
              shipments: 2,
              received: 2,
              medianDays: 38,
              p90Days: 39,
              plannedDays: 32,
              onTime: 1,
              onTimeRate: 0.5,
              lateNow: 0,
            },
          ],
          distribution: [
            { mode: 'sea', days: 37, shipments: 1 },
            { mode: 'sea', days: 39, shipments: 1 },
          ],
        });
      return ok([]);
    });
    render(withProviders(<TransitPanelPage />, '/?shopId=1&etdFrom=2026-04-01&etdTo=2026-06-30').tree);
    const link = await screen.findByTestId('transit-open-COSCO-sea');
    const href = link.getAttribute('href') ?? '';
    expect(href.startsWith('/logisticsMgr?')).toBe(true);
    const q = new URLSearchParams(href.split('?')[1]);
    expect(Object.fromEntries(q)).toEqual({
      carrier: 'COSCO',
      mode: 'sea',
      etdFrom: '2026-04-01',
      etdTo: '2026-06-30',
      shopId: '1',
    });
    const table = screen.getByTestId('transit-carriers');
    expect(within(table).getByText('38')).toBeTruthy();
    expect(within(table).getByText('50%')).toBeTruthy();
    // Days 37 to 39 on the axis, one shipment each on 37 and 39.
    expect(JSON.parse(screen.getByTestId('transit-distribution').dataset.series ?? '')).toEqual([['Sea', [1, 0, 1]]]);
  });
});
