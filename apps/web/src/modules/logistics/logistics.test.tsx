// @vitest-environment happy-dom
/**
 * The calculator reads its inputs from the URL, asks the server and shows the quotes cheapest
 * first with the FBA tier; a marketplace without cards says where to add them. The carriers'
 * buttons follow the type-3 permissions.
 */
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ButtonPermissionsProvider } from '../../shared/Can';
import { domTestSetup, mockFetch, ok, withProviders } from '../../shared/kit/test/dom-harness';
import LogisticsCalcPage from './calc/LogisticsCalcPage';
import CarrierManagePage from './carriers/CarrierManagePage';
import { logisticsTexts } from './logistics.locale';

domTestSetup([logisticsTexts]);

const quote = (cardId: number, code: string, mode: string, total: number) => ({
  cardId,
  carrierId: cardId,
  carrierCode: code,
  carrierName: `${code} name`,
  mode,
  destination: '',
  transitDays: 30,
  basis: 'kg',
  chargeableKg: 40,
  chargeableCbm: 0.15,
  freight: total,
  fuel: 0,
  total,
  perUnit: total / 100,
  landedPerUnit: total / 100 + 4.55,
});

const reply = (quotes: unknown[]) => ({
  unit: { source: 'typed', model: null, sidesCm: [20, 15, 5], weightKg: 0.4 },
  shipment: { units: 100, cartons: null, actualKg: 40, cbm: 0.15 },
  chargeable: [{ mode: 'air', divisor: 6000, volumetricKg: 25, chargeableKg: 40, chargeableCbm: 0.15 }],
  quotes,
  fba: {
    region: 'US',
    currency: 'USD',
    tier: 'us-large-standard',
    label: { zh: '大号标准尺寸', en: 'Large standard' },
    shippingWeight: 0.882,
    weightUnit: 'lb',
    fee: 4.55,
    source: 'Amazon US FBA fulfilment fees 2024',
    feeUsd: 4.55,
  },
  on: '2026-06-01',
});

describe('LogisticsCalcPage', () => {
  it('calculates what the URL names and lists the quotes as the server ordered them', async () => {
    const asked: string[] = [];
    mockFetch((url) => {
      if (url.pathname.endsWith('/calc/models')) return ok([]);
      asked.push(url.search);
      return ok(reply([quote(1, 'SEA-FBA', 'sea', 60), quote(2, 'AIR-FBA', 'air', 224.64)]));
    });
    render(withProviders(<LogisticsCalcPage />, '/?lengthCm=20&widthCm=15&heightCm=5&weightKg=0.4&units=100&marketId=0').tree);
    const table = await screen.findByTestId('calc-quotes');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).queryByText(/FBA$/)?.textContent)).toEqual(['SEA-FBA', 'AIR-FBA']);
    expect(within(table).getByTestId('quote-total-2').textContent).toBe('224.64');
    expect(screen.getByTestId('calc-fba-tier').textContent).toBe('Large standard');
    expect(asked[0]).toContain('lengthCm=20');
    expect(asked[0]).toContain('marketId=0');
  });

  it('waits for a size before asking, and says where to add cards when none apply', async () => {
    let calls = 0;
    mockFetch((url) => {
      if (url.pathname.endsWith('/calc/models')) return ok([]);
      calls += 1;
      return ok(reply([]));
    });
    render(withProviders(<LogisticsCalcPage />, '/').tree);
    await screen.findByTestId('calc-start');
    expect(calls).toBe(0);
    cleanup();
    render(withProviders(<LogisticsCalcPage />, '/?lengthCm=20&widthCm=15&heightCm=5&weightKg=0.4&marketId=9').tree);
    await screen.findByTestId('calc-no-quotes');
    expect(calls).toBe(1);
  });
});

describe('CarrierManagePage', () => {
  const carriers = {
    list: [
      {
        id: 3,
        code: 'DHL-EXP',
        name: 'DHL Express',
        modes: ['express', 'air'],
        active: true,
        remark: '',
        currentCards: 4,
        cards: 6,
        version: 1,
        updatedAt: '2026-11-01T00:00:00Z',
      },
    ],
    total: 1,
    pageNum: 1,
    pageSize: 20,
  };

  it('shows add, edit and delete only to holders of their buttons', async () => {
    mockFetch(() => ok(carriers));
    const page = (held: string[]) =>
      withProviders(<ButtonPermissionsProvider value={new Set(held)}>{<CarrierManagePage />}</ButtonPermissionsProvider>, '/')
        .tree;
    render(page([]));
    await screen.findByText('DHL-EXP');
    expect(screen.getByText('4 / 6')).toBeTruthy();
    expect(screen.queryByTestId('carrier-create')).toBeNull();
    expect(screen.queryByTestId('carrier-edit-3')).toBeNull();
    expect(screen.queryByTestId('carrier-delete-3')).toBeNull();
    expect(screen.getByTestId('carrier-history-3')).toBeTruthy();
    cleanup();
    render(
      page([
        'sales:logistics:carrierManage:create',
        'sales:logistics:carrierManage:edit',
        'sales:logistics:carrierManage:delete',
      ]),
    );
    await screen.findByText('DHL-EXP');
    await waitFor(() => expect(screen.getByTestId('carrier-create')).toBeTruthy());
    expect(screen.getByTestId('carrier-edit-3')).toBeTruthy();
    expect(screen.getByTestId('carrier-delete-3')).toBeTruthy();
  });
});
