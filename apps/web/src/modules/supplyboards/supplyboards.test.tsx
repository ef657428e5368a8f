// @vitest-environment happy-dom
/**
 * The supply boards in the DOM: /logisticsBoard's KPI cards, the on-time rule under its card, the late table linking
 * to shipment search and the plan, the URL's filters in both requests; /shipmentManageNext's row actions by state and
 * button, the undo's confirmation naming the plan and its DELETE with the plan's version.
 */
import type { ShipmentPlan, ShipmentRow } from '@bo/contract/inventory/shipments';
import type { BoardShipment, LogisticsBoard } from '@bo/contract/supplyboards/boards';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ButtonPermissionsProvider } from '../../shared/Can';
import { domTestSetup, mockFetch, ok, withProviders } from '../../shared/kit/test/dom-harness';
import { shipmentsTexts } from '../inventory/shipments/shipments.locale';
import LogisticsBoardPage from './LogisticsBoardPage';
import ShipmentManagePage from './ShipmentManagePage';
import { supplyBoardsTexts } from './supplyboards.locale';

domTestSetup([supplyBoardsTexts, shipmentsTexts]);

// happy-dom has no canvas: the chart binding stands as a box (the figures under test are the cards and the table).
vi.mock('../../shared/charts/EChart', () => ({
  EChart: ({ testId }: { testId: string }) => <div data-testid={testId} />,
}));

const withButtons = (held: string[], element: ReactElement, url = '/') =>
  withProviders(<ButtonPermissionsProvider value={new Set(held)}>{element}</ButtonPermissionsProvider>, url);

const board: LogisticsBoard = {
  today: '2026-11-25',
  inTransit: { shipments: 4, units: 240 },
  arriving7: { shipments: 1, units: 100 },
  arriving14: { shipments: 2, units: 150 },
  late: { shipments: 1, units: 50 },
  short: { shipments: 2, units: 55 },
  onTime: { judged: 2, onTime: 1, rate: 0.5, graceDays: 3 },
  arrivals: [{ week: '2026-11-23', sea: 100, air: 0, express: 0, rail: 0 }],
};

const late: BoardShipment = {
  planId: 3,
  planCode: 'SP000003',
  state: 'received',
  shopId: 1,
  shopName: 'Lumio US',
  marketId: 0,
  warehouseCode: 'FBA-US',
  code: 'FBA15LATE',
  mode: 'sea',
  carrier: 'COSCO',
  tracking: 'COSU1',
  etd: '2026-10-10',
  eta: '2026-11-20',
  receivedOn: '2026-11-22',
  shipped: 200,
  received: 150,
  remaining: 50,
  daysSinceEta: 5,
};

describe('LogisticsBoardPage', () => {
  it('shows the KPI cards and the late shipments of the URL’s shop', async () => {
    const asked: string[] = [];
    mockFetch(async (url) => {
      asked.push(`${url.pathname}?${url.searchParams.toString()}`);
      if (url.pathname.endsWith('/logistics-board')) return ok(board);
      if (url.pathname.endsWith('/logistics-board/late')) return ok({ list: [late], total: 1, pageNum: 1, pageSize: 20 });
      if (url.pathname.endsWith('/shops/user')) return ok([]);
      throw new Error(`unexpected ${url.pathname}`);
    });
    render(withProviders(<LogisticsBoardPage />, '/?shopId=1').tree);
    expect((await screen.findByTestId('kpi-in-transit')).textContent).toContain('4 shipments · 240 units');
    expect(screen.getByTestId('kpi-late').textContent).toContain('1 shipments · 50 units');
    expect(screen.getByTestId('kpi-on-time').textContent).toContain('50.00%');
    expect(screen.getByTestId('kpi-on-time').textContent).toContain('ETA + 3 days; 1 of 2 were');
    const link = await screen.findByTestId('board-shipment-3');
    expect(link.getAttribute('href')).toBe('/shipmentSearch?keyword=FBA15LATE');
    expect(screen.getByTestId('board-plan-3').getAttribute('href')).toBe('/editShipmentPlan?id=3');
    expect(asked.filter((a) => a.includes('/logistics-board')).every((a) => a.includes('shopId=1'))).toBe(true);
  });
});

const row = (over: Partial<ShipmentRow>): ShipmentRow => ({
  planId: 7,
  planCode: 'SP000007',
  state: 'shipped',
  shopId: 1,
  shopName: 'Lumio US',
  marketId: 0,
  warehouseCode: 'FBA-US',
  batchNo: null,
  id: 70,
  code: 'FBA15SEVEN',
  mode: 'sea',
  carrier: 'COSCO',
  tracking: 'COSU7',
  etd: '2026-11-01',
  eta: '2026-12-06',
  shippedAt: '2026-11-01T00:00:00Z',
  receivedOn: null,
  skus: 1,
  shipped: 60,
  received: 0,
  ...over,
});

const plan = { id: 7, code: 'SP000007', version: 4, shipment: { code: 'FBA15SEVEN' } } as unknown as ShipmentPlan;

function serveShipments(deletes: string[]) {
  mockFetch(async (url, init) => {
    const p = url.pathname;
    if (init.method === 'DELETE') {
      deletes.push(`${p}?${url.searchParams.toString()}`);
      return ok({ ...plan, state: 'confirmed', shipment: null });
    }
    if (p.endsWith('/supplyboards/rest/v1/shipments'))
      return ok({
        list: [row({}), row({ planId: 8, planCode: 'SP000008', code: 'FBA15EIGHT', state: 'received', received: 30 })],
        total: 2,
        pageNum: 1,
        pageSize: 20,
      });
    if (p.endsWith('/shipments/7')) return ok(plan);
    if (p.endsWith('/shops/user')) return ok([]);
    throw new Error(`unexpected ${init.method ?? 'GET'} ${p}`);
  });
}

describe('ShipmentManagePage', () => {
  it('offers edit and undo by state and button, and undoes with the plan’s version after asking', async () => {
    const deletes: string[] = [];
    serveShipments(deletes);
    render(
      withButtons(
        ['scm:shipment:manage:edit', 'scm:shipment:manage:delete', 'scm:shipment:manage:create'],
        <ShipmentManagePage />,
      ).tree,
    );
    await screen.findByTestId('manage-shipment-7');
    expect(screen.getByTestId('manage-edit-7')).toBeTruthy();
    expect(screen.getByTestId('manage-delete-7')).toBeTruthy();
    // Something arrived: no undo.
    expect(screen.queryByTestId('manage-delete-8')).toBeNull();
    expect(screen.getByTestId('manage-create')).toBeTruthy();
    fireEvent.click(screen.getByTestId('manage-delete-7'));
    expect(await screen.findByText('Undo the ship of FBA15SEVEN?')).toBeTruthy();
    fireEvent.click(await screen.findByTestId('manage-delete-ok-7'));
    await waitFor(() => expect(deletes).toEqual(['/api/supplyboards/rest/v1/shipments/7?version=4']));
  });

  it('offers no writes without the buttons', async () => {
    serveShipments([]);
    render(withButtons([], <ShipmentManagePage />).tree);
    await screen.findByTestId('manage-shipment-7');
    expect(screen.queryByTestId('manage-edit-7')).toBeNull();
    expect(screen.queryByTestId('manage-delete-7')).toBeNull();
    expect(screen.queryByTestId('manage-create')).toBeNull();
    expect(screen.queryByTestId('manage-export')).toBeNull();
    expect(screen.getByTestId('manage-history-7')).toBeTruthy();
  });
});
