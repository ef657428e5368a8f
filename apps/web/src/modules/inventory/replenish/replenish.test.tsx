// @vitest-environment happy-dom
/**
 * /replenish: the advice rows with their state and advice; "Create shipment plan" sends the chosen
 * advised rows with the screen's settings and opens the one plan made; EOL rows are never sent; the
 * button needs scm:replenish:create.
 */
import type { AdviceRow } from '@bo/contract/inventory/replenish';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ButtonPermissionsProvider } from '../../../shared/Can';
import { domTestSetup, mockFetch, ok, withProviders } from '../../../shared/kit/test/dom-harness';
import { inventoryTexts } from '../inventory.locale';
import ReplenishPage from './ReplenishPage';
import { replenishTexts } from './replenish.locale';

domTestSetup([inventoryTexts, replenishTexts]);

const row = (listingId: number, over: Partial<AdviceRow> = {}): AdviceRow => ({
  shopId: 1,
  shopName: 'Lumio US',
  marketId: 0,
  warehouseId: 3,
  warehouseCode: 'FBA-US',
  warehouseKind: 'fba',
  listingId,
  sku: `LM-${listingId}`,
  asin: `B0${listingId}`,
  fnsku: 'X0',
  model: 'H1',
  productName: '台灯',
  productNameEn: 'Desk lamp',
  day: '2026-11-28',
  eol: false,
  fulfillable: 40,
  reserved: 2,
  inbound: 0,
  onWay: 0,
  onWayEta: null,
  demandSource: 'forecast',
  dailyDemand: 4.2,
  sigma: 1.5,
  prepDays: 45,
  leadTimeDays: 55,
  safetyStock: 20,
  reorderPoint: 360,
  position: 42,
  daysOfCover: 10,
  stockOutDate: '2026-12-08',
  state: 'red',
  mode: 'air',
  unitsPerCarton: 12,
  adviceUnits: 372,
  cartons: 31,
  uncappedUnits: 372,
  capped: false,
  capacityLimit: null,
  orderBy: '2026-11-20',
  shipBy: '2026-11-28',
  ...over,
});

const page = (held: string[]) =>
  withProviders(<ButtonPermissionsProvider value={new Set(held)}>{<ReplenishPage />}</ButtonPermissionsProvider>);

function serve(posts: unknown[]) {
  mockFetch(async (url, init) => {
    if (url.pathname.endsWith('/redGreenLine/createShipmentPlan') && init.method === 'POST') {
      posts.push(JSON.parse(String(init.body)));
      return ok({ plans: [{ id: 5, code: 'SP000005', shopName: 'Lumio US', mode: 'air', skus: 1 }] });
    }
    if (url.pathname.endsWith('/redGreenLine/getAdviceList'))
      return ok({
        list: [
          row(1),
          row(2, { eol: true, adviceUnits: 0, cartons: 0 }),
          row(3, { state: 'green', adviceUnits: 0, cartons: 0 }),
          row(4, { adviceUnits: 96, cartons: 8, uncappedUnits: 372, capped: true, capacityLimit: 1000 }),
        ],
        total: 4,
        pageNum: 1,
        pageSize: 20,
        counts: { red: 2, amber: 0, green: 1 },
      });
    throw new Error(`unexpected ${init.method ?? 'GET'} ${url.pathname}`);
  });
}

describe('ReplenishPage', () => {
  it('shows state and advice, and makes a plan from the chosen advised rows', async () => {
    const posts: unknown[] = [];
    serve(posts);
    const { tree, router } = page(['scm:replenish:create', 'scm:replenish:export']);
    render(tree);
    await screen.findByText('LM-1');
    expect(within(screen.getByTestId('rgl-state-LM-1-1')).getByText('Red')).toBeTruthy();
    expect(screen.getByTestId('rgl-advice-LM-1-1').textContent).toContain('372');
    expect(screen.getByTestId('rgl-advice-LM-1-1').textContent).toContain('Air');
    expect(screen.getByText('EOL')).toBeTruthy();
    // The FBA capacity cap: the capped advice with its limit.
    expect(screen.getByTestId('rgl-advice-LM-4-1').textContent).toContain('96');
    expect(screen.getByTestId('rgl-capped-LM-4-1').textContent).toBe('capped at 1,000');
    expect(screen.queryByTestId('rgl-capped-LM-1-1')).toBeNull();
    const boxes = screen.getAllByRole('checkbox');
    fireEvent.click(boxes[1] as HTMLElement); // LM-1
    fireEvent.click(boxes[2] as HTMLElement); // LM-2, EOL: left out
    fireEvent.click(await screen.findByTestId('rgl-create-plan'));
    await waitFor(() =>
      expect(posts).toEqual([{ items: [{ shopId: 1, listingId: 1 }], serviceLevel: '0.95', moq: 100, unitsPerCarton: 12 }]),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/editShipmentPlan'));
    expect(router.state.location.search).toBe('?id=5');
  });

  it('sends nothing when only EOL or green rows are chosen', async () => {
    const posts: unknown[] = [];
    serve(posts);
    render(page(['scm:replenish:create']).tree);
    await screen.findByText('LM-2');
    const boxes = screen.getAllByRole('checkbox');
    fireEvent.click(boxes[2] as HTMLElement);
    fireEvent.click(boxes[3] as HTMLElement);
    fireEvent.click(await screen.findByTestId('rgl-create-plan'));
    await screen.findByText('The chosen rows have no advice (green or EOL)');
    expect(posts).toEqual([]);
  });

  it('has no plan button nor export without their permissions', async () => {
    serve([]);
    render(page([]).tree);
    await screen.findByText('LM-1');
    expect(screen.queryByTestId('rgl-create-plan')).toBeNull();
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    expect(screen.queryByTestId('rgl-export')).toBeNull();
  });
});
