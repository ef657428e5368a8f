// @vitest-environment happy-dom
/**
 * /shipmentBatch and /batchCreateDl: the batches with their state, totals and the actions their
 * state and the user's buttons allow; a batch's detail lists its plans and takes one out;
 * the delivery-list screen previews the batch named in the URL and makes its list.
 */
import type { BatchSummary, DeliveryList, ShipmentBatch } from '@bo/contract/inventory/batches';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { ButtonPermissionsProvider } from '../../../shared/Can';
import { domTestSetup, mockFetch, ok, withProviders } from '../../../shared/kit/test/dom-harness';
import BatchesPage from './BatchesPage';
import { batchesTexts } from './batches.locale';
import DeliveryListsPage from './DeliveryListsPage';
import { shipmentsTexts } from './shipments.locale';

domTestSetup([shipmentsTexts, batchesTexts]);

const summary = (id: number, over: Partial<BatchSummary> = {}): BatchSummary => ({
  id,
  code: `SB00000${id}`,
  shopId: 1,
  shopName: 'Lumio US',
  marketId: 0,
  warehouseId: 1,
  warehouseCode: 'FBA-US',
  mode: 'sea',
  state: 'open',
  shipOn: '2026-12-04',
  carrier: 'COSCO',
  remark: '',
  tracking: null,
  etd: null,
  eta: null,
  plans: 1,
  skus: 2,
  cartons: 40,
  units: 800,
  weightKg: 331,
  volumeM3: 1.879,
  unitsWithoutInfo: 0,
  deliveryLists: 0,
  version: 3,
  createdBy: 'admin',
  createdAt: '2026-11-21T10:00:00Z',
  updatedAt: '2026-11-21T10:00:00Z',
  ...over,
});
const detail = (b: BatchSummary): ShipmentBatch => ({
  ...b,
  planList: [{ id: 4, code: 'SP000004', state: 'batched', skus: 2, cartons: 40, units: 800, version: 2, shipmentCode: null }],
  lines: [
    {
      planId: 4,
      planCode: 'SP000004',
      sku: 'H6162-55',
      fnsku: 'X000013556',
      asin: 'B056HVRGBZ',
      model: 'H6162',
      productName: '灯条',
      productNameEn: 'Light bars',
      unitsPerCarton: 20,
      cartons: 20,
      units: 400,
    },
  ],
});

function serve(posts: { path: string; body: unknown }[]) {
  const open = summary(6);
  const shipped = summary(5, { state: 'shipped', tracking: '1Z8000222', etd: '2026-11-19', eta: '2026-11-29' });
  const list: DeliveryList = {
    id: 1,
    code: 'DL000001',
    shopId: 1,
    shopName: 'Lumio US',
    marketId: 0,
    warehouseCode: 'FBA-US',
    batchCodes: ['SB000005'],
    cartons: 20,
    units: 600,
    createdBy: null,
    createdAt: '2026-11-20T10:00:00Z',
  };
  mockFetch(async (url, init) => {
    const p = url.pathname;
    if (init.method === 'POST' && !p.endsWith('/preview')) {
      posts.push({ path: p, body: JSON.parse(String(init.body)) });
      return ok(p.endsWith('/delivery-lists') ? { ...list, id: 2, code: 'DL000002' } : detail(open));
    }
    if (p.endsWith('/delivery-lists/preview'))
      return ok({
        shopName: 'Lumio US',
        warehouseCode: 'FBA-US',
        batchCodes: ['SB000006'],
        cartons: 40,
        units: 800,
        lines: [
          {
            batchCode: 'SB000006',
            planCode: 'SP000004',
            cartonFrom: 1,
            cartonTo: 20,
            sku: 'H6162-55',
            fnsku: 'X000013556',
            asin: 'B056HVRGBZ',
            model: 'H6162',
            productName: '灯条',
            productNameEn: 'Light bars',
            unitsPerCarton: 20,
            cartons: 20,
            units: 400,
            destination: 'FBA-US',
          },
        ],
      });
    if (p.endsWith('/delivery-lists')) return ok({ list: [list], total: 1, pageNum: 1, pageSize: 20 });
    if (p.endsWith('/shipment-batches/warehouses') || p.endsWith('/shops/user')) return ok([]);
    if (p.endsWith('/shipment-batches/6')) return ok(detail(open));
    if (p.endsWith('/shipment-batches/6/candidates')) return ok([]);
    if (p.endsWith('/shipment-batches')) {
      const state = url.searchParams.get('state');
      const rows = state === 'open' ? [open] : state === 'loading' ? [] : [open, shipped];
      return ok({ list: rows, total: rows.length, pageNum: 1, pageSize: 20 });
    }
    throw new Error(`unexpected ${init.method ?? 'GET'} ${p}`);
  });
}

const withButtons = (held: string[], element: ReactElement, url = '/') =>
  withProviders(<ButtonPermissionsProvider value={new Set(held)}>{element}</ButtonPermissionsProvider>, url);

describe('BatchesPage', () => {
  it('shows each batch with its state, totals and the actions its state allows', async () => {
    serve([]);
    render(withButtons(['scm:shipment:batch:edit', 'scm:shipment:batch:create'], <BatchesPage />).tree);
    await screen.findByTestId('batch-code-6');
    expect(within(screen.getByTestId('batch-state-6')).getByText('Open')).toBeTruthy();
    expect(within(screen.getByTestId('batch-state-5')).getByText('Shipped')).toBeTruthy();
    expect(screen.getByTestId('batch-units-6').textContent).toBe('800 · 40');
    expect(screen.getByTestId('batch-6-close')).toBeTruthy();
    expect(screen.queryByTestId('batch-6-ship')).toBeNull();
    expect(screen.queryByTestId('batch-5-close')).toBeNull();
    expect(screen.getByTestId('batch-list-6')).toBeTruthy();
  });

  it('opens a batch’s plans and takes one out', async () => {
    const posts: { path: string; body: unknown }[] = [];
    serve(posts);
    render(withButtons(['scm:shipment:batch:edit'], <BatchesPage />, '/?batch=6').tree);
    fireEvent.click(await screen.findByTestId('batch-remove-4'));
    fireEvent.click(await screen.findByTestId('batch-remove-ok-4'));
    await waitFor(() =>
      expect(posts).toEqual([{ path: '/api/inventory/rest/v1/shipment-batches/6/remove-plan', body: { version: 3, planId: 4 } }]),
    );
  });

  it('offers no moves, edits or new batches without the buttons', async () => {
    serve([]);
    render(withButtons([], <BatchesPage />).tree);
    await screen.findByTestId('batch-code-6');
    expect(screen.queryByTestId('batch-6-close')).toBeNull();
    expect(screen.queryByTestId('batch-edit-6')).toBeNull();
    expect(screen.queryByTestId('batch-create')).toBeNull();
    expect(screen.queryByTestId('batches-export')).toBeNull();
  });
});

describe('DeliveryListsPage', () => {
  it('previews the batch of the URL by carton number and makes its list', async () => {
    const posts: { path: string; body: unknown }[] = [];
    serve(posts);
    render(withButtons(['scm:shipment:batch:create', 'scm:shipment:batch:export'], <DeliveryListsPage />, '/?batch=6').tree);
    expect((await screen.findByTestId('dl-summary')).textContent).toBe('Lumio US → FBA-US: 40 cartons, 800 units');
    expect(await screen.findByText('1–20')).toBeTruthy();
    expect(await screen.findByTestId('dl-code-1')).toBeTruthy();
    expect(screen.getByTestId('dl-download-1')).toBeTruthy();
    fireEvent.click(screen.getByTestId('dl-create'));
    await waitFor(() => expect(posts).toEqual([{ path: '/api/inventory/rest/v1/delivery-lists', body: { batchIds: [6] } }]));
  });

  it('has no make or download button without their permissions', async () => {
    serve([]);
    render(withButtons([], <DeliveryListsPage />, '/?batch=6').tree);
    await screen.findByTestId('dl-summary');
    await screen.findByTestId('dl-code-1');
    expect(screen.queryByTestId('dl-create')).toBeNull();
    expect(screen.queryByTestId('dl-download-1')).toBeNull();
  });
});
