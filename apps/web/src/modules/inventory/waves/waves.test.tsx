// @vitest-environment happy-dom
/**
 * /shipmentPlanNext and /smartShipment: the waves with their state tabs and counts, the actions the
 * caller's ownership, the wave's state and the buttons allow; the detail with its lines, totals,
 * approval timeline and the plans of its split; approve in place, reject only with a remark; the
 * smart proposals by marketplace and the draft wave made of the ticked rows.
 */
import type { AdviceRow } from '@bo/contract/inventory/replenish';
import type { ShipmentWave, WaveSummary } from '@bo/contract/inventory/waves';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { ButtonPermissionsProvider } from '../../../shared/Can';
import { domTestSetup, mockFetch, ok, withProviders } from '../../../shared/kit/test/dom-harness';
import { shipmentsTexts } from '../shipments/shipments.locale';
import SmartShipmentPage from './SmartShipmentPage';
import WaveEditPage from './WaveEditPage';
import WavesPage from './WavesPage';
import { wavesTexts } from './waves.locale';

domTestSetup([shipmentsTexts, wavesTexts]);

const ME = 7;
const summary = (id: number, over: Partial<WaveSummary> = {}): WaveSummary => ({
  id,
  code: `SW00000${id}`,
  kind: 'replenish',
  shipWeek: '2026-12-07',
  state: 'draft',
  remark: '',
  lines: 2,
  shops: 1,
  marketIds: [0],
  units: 84,
  cartons: 6,
  ownerId: ME,
  ownerName: 'Planner',
  version: 2,
  createdAt: '2026-11-28T10:00:00Z',
  updatedAt: '2026-11-28T10:00:00Z',
  canDecide: false,
  ...over,
});
const detail = (w: WaveSummary): ShipmentWave => ({
  ...w,
  items: [
    {
      id: 1,
      shopId: 1,
      shopName: 'Lumio US',
      marketId: 0,
      listingId: 11,
      sku: 'H6162-55',
      asin: 'B0',
      model: 'H6162',
      productName: '灯条',
      productNameEn: 'Light bars',
      warehouseId: 1,
      warehouseCode: 'FBA-US',
      warehouseKind: 'fba',
      mode: 'sea',
      units: 60,
      unitsPerCarton: 12,
      cartons: 5,
      source: 'advice',
      adviceState: 'red',
      stockOutDate: '2026-12-20',
      purpose: null,
      remark: '',
    },
  ],
  totals: [{ marketId: 0, mode: 'sea', lines: 1, units: 60, cartons: 5, freightUsd: 123.45, unpricedUnits: 0 }],
  timeline: [
    {
      id: 1,
      action: 'submit',
      userId: ME,
      userName: 'Planner',
      impersonatorUserId: null,
      round: 1,
      step: 0,
      from: 1,
      to: 2,
      remark: null,
      at: '2026-11-28T10:00:00Z',
    },
  ],
  plans:
    w.state === 'split'
      ? [
          {
            id: 40,
            code: 'SP000040',
            shopName: 'Lumio US',
            warehouseCode: 'FBA-US',
            mode: 'sea',
            state: 'confirmed',
            skus: 1,
            units: 60,
          },
        ]
      : [],
});

const advice = (listingId: number, marketId: number, over: Partial<AdviceRow> = {}): AdviceRow => ({
  shopId: marketId + 1,
  shopName: marketId === 0 ? 'Lumio US' : 'Lumio DE',
  marketId,
  warehouseId: marketId + 1,
  warehouseCode: marketId === 0 ? 'FBA-US' : 'FBA-DE',
  warehouseKind: 'fba',
  listingId,
  sku: `SKU-${listingId}`,
  asin: 'B0',
  fnsku: 'X0',
  model: 'H1',
  productName: '灯',
  productNameEn: 'Lamp',
  day: '2026-11-29',
  eol: false,
  fulfillable: 10,
  reserved: 0,
  inbound: 0,
  onWay: 0,
  onWayEta: null,
  demandSource: 'forecast',
  dailyDemand: 3,
  sigma: 1,
  prepDays: 45,
  leadTimeDays: 80,
  safetyStock: 10,
  reorderPoint: 250,
  position: 10,
  daysOfCover: 3,
  stockOutDate: '2026-12-02',
  state: 'red',
  mode: 'air',
  unitsPerCarton: 12,
  adviceUnits: 120,
  cartons: 10,
  orderBy: '2026-11-20',
  shipBy: '2026-11-25',
  capped: false,
  uncappedUnits: 120,
  capacityLimit: null,
  ...over,
});

type Post = { path: string; body: unknown };
function serve(posts: Post[], rows: WaveSummary[]) {
  mockFetch(async (url, init) => {
    const p = url.pathname;
    if (init.method === 'POST' || init.method === 'PUT') {
      posts.push({ path: p, body: JSON.parse(String(init.body)) });
      const w = rows[0] as WaveSummary;
      return ok(detail({ ...w, id: p.includes('smart-shipment/waves') && !p.endsWith('/decide') ? 99 : w.id }));
    }
    if (p.endsWith('/user/rest/v1/login'))
      return ok({
        id: ME,
        accountId: 1,
        loginName: 'planner',
        userName: 'Planner',
        email: null,
        employeeId: null,
        userType: 1,
        country: 'CN',
        zoneId: 'Asia/Shanghai',
        shopIds: [],
      });
    if (p.endsWith('/shipment-waves')) {
      const state = url.searchParams.get('state');
      const list = state ? rows.filter((r) => r.state === state) : rows;
      const counts = { draft: 0, review: 0, approved: 0, rejected: 0, split: 0, cancelled: 0 };
      for (const r of rows) counts[r.state] += 1;
      return ok({ list, total: list.length, pageNum: 1, pageSize: 20, counts });
    }
    const one = /shipment-waves\/(\d+)$/.exec(p);
    if (one) return ok(detail(rows.find((r) => r.id === Number(one[1])) as WaveSummary));
    if (p.endsWith('/smart-shipment/proposals'))
      return ok({ shipWeek: '2026-12-07', rows: [advice(11, 0), advice(12, 0, { state: 'amber', mode: 'sea' }), advice(21, 1)] });
    if (p.endsWith('/smart-shipment/waiting')) return ok(rows.filter((r) => r.canDecide));
    if (p.endsWith('/shops/user') || p.endsWith('/shipment-waves/warehouses')) return ok([]);
    throw new Error(`unexpected ${init.method ?? 'GET'} ${p}`);
  });
}

const withButtons = (held: string[], element: ReactElement, url = '/') =>
  withProviders(<ButtonPermissionsProvider value={new Set(held)}>{element}</ButtonPermissionsProvider>, url);
const ALL = [
  'scm:shipment:planNext:create',
  'scm:shipment:planNext:edit',
  'scm:shipment:planNext:delete',
  'scm:shipment:planNext:approve',
];

describe('WavesPage', () => {
  it('shows the waves with their state counts and the actions of their owner and their approver', async () => {
    serve(
      [],
      [
        summary(1),
        summary(2, { state: 'review', ownerId: 3, ownerName: 'Admin', canDecide: true }),
        summary(3, { state: 'split' }),
      ],
    );
    render(withButtons(ALL, <WavesPage />).tree);
    await screen.findByTestId('wave-code-1');
    expect(within(screen.getByTestId('wave-state-1')).getByText('Draft')).toBeTruthy();
    expect(screen.getByTestId('wave-units-1').textContent).toBe('84 · 6');
    await waitFor(() => expect(screen.getByText('Draft (1)')).toBeTruthy());
    expect(screen.getByText('In review (1)')).toBeTruthy();
    expect(screen.getByText('All (3)')).toBeTruthy();
    // Mine, a draft: submit, cancel, edit, delete; another's in review waiting for me: approve, reject.
    expect(await screen.findByTestId('wave-1-submit')).toBeTruthy();
    expect(screen.getByTestId('wave-edit-1')).toBeTruthy();
    expect(screen.getByTestId('wave-delete-1')).toBeTruthy();
    expect(screen.queryByTestId('wave-1-approve')).toBeNull();
    expect(screen.getByTestId('wave-2-approve')).toBeTruthy();
    expect(screen.queryByTestId('wave-2-withdraw')).toBeNull();
    expect(screen.queryByTestId('wave-edit-2')).toBeNull();
    expect(screen.queryByTestId('wave-3-split')).toBeNull();
  });

  it('approves in place, and rejects only with a remark', async () => {
    const posts: Post[] = [];
    serve(posts, [summary(2, { state: 'review', ownerId: 3, canDecide: true })]);
    render(withButtons(ALL, <WavesPage />).tree);
    fireEvent.click(await screen.findByTestId('wave-2-reject'));
    fireEvent.click(await screen.findByTestId('wave-decide-ok'));
    expect(await screen.findByText('Say why it is rejected')).toBeTruthy();
    expect(posts).toEqual([]);
    fireEvent.change(screen.getByTestId('wave-decide-remark'), { target: { value: 'too much air' } });
    fireEvent.click(screen.getByTestId('wave-decide-ok'));
    await waitFor(() =>
      expect(posts).toEqual([
        {
          path: '/api/inventory/rest/v1/shipment-waves/2/decide',
          body: { action: 'reject', version: 2, remark: 'too much air' },
        },
      ]),
    );
  });

  it('opens a wave with its lines, totals, approval and the plans of its split', async () => {
    serve([], [summary(3, { state: 'split' })]);
    render(withButtons(ALL, <WavesPage />, '/?wave=3').tree);
    const drawer = await screen.findByTestId('wave-detail');
    expect(await within(drawer).findByText('H6162-55')).toBeTruthy();
    expect(within(drawer).getByText('60 (5 × 12)')).toBeTruthy();
    expect(within(drawer).getByTestId('wave-timeline')).toBeTruthy();
    expect(within(drawer).getByText('123.45')).toBeTruthy();
    expect(within(drawer).getByTestId('wave-plan-40').getAttribute('href')).toBe('/editShipmentPlan?id=40');
  });

  it('offers no moves or new waves without the buttons', async () => {
    serve([], [summary(1), summary(2, { state: 'review', ownerId: 3, canDecide: true })]);
    render(withButtons([], <WavesPage />).tree);
    await screen.findByTestId('wave-code-1');
    expect(screen.queryByTestId('wave-1-submit')).toBeNull();
    expect(screen.queryByTestId('wave-2-approve')).toBeNull();
    expect(screen.queryByTestId('waves-create')).toBeNull();
    expect(screen.queryByTestId('wave-delete-1')).toBeNull();
  });
});

describe('SmartShipmentPage', () => {
  it('groups the proposals by marketplace and makes a draft wave of the ticked rows', async () => {
    const posts: Post[] = [];
    serve(posts, [summary(2, { state: 'review', ownerId: 3, canDecide: true })]);
    render(withButtons(['scm:shipment:smart:create', 'scm:shipment:smart:approve'], <SmartShipmentPage />).tree);
    const us = await screen.findByTestId('smart-market-0');
    expect(within(us).getByText('2 rows · 240 units · 20 cartons')).toBeTruthy();
    expect(screen.getByTestId('smart-market-1')).toBeTruthy();
    expect(await screen.findByTestId('smart-waiting-2')).toBeTruthy();
    expect(screen.getByTestId('wave-2-approve')).toBeTruthy();
    const boxes = within(us).getAllByRole('checkbox');
    fireEvent.click(boxes[1] as HTMLElement);
    fireEvent.click(screen.getByTestId('smart-create-wave'));
    await waitFor(() =>
      expect(posts).toEqual([
        {
          path: '/api/inventory/rest/v1/smart-shipment/waves',
          body: { items: [{ shopId: 1, listingId: 11 }], shipWeek: '2026-12-07' },
        },
      ]),
    );
  });

  it('opens the first marketplace and folds the others until clicked', async () => {
    serve([], []);
    render(withButtons(['scm:shipment:smart:create'], <SmartShipmentPage />).tree);
    const first = await screen.findByTestId('smart-market-toggle-0');
    const second = screen.getByTestId('smart-market-toggle-1');
    expect(first.getAttribute('aria-expanded')).toBe('true');
    expect(second.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(second);
    expect(screen.getByTestId('smart-market-toggle-1').getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(screen.getByTestId('smart-market-toggle-0'));
    expect(screen.getByTestId('smart-market-toggle-0').getAttribute('aria-expanded')).toBe('false');
  });

  it('shows neither the waiting waves nor the create button without their buttons', async () => {
    serve([], [summary(2, { state: 'review', ownerId: 3, canDecide: true })]);
    render(withButtons([], <SmartShipmentPage />).tree);
    await screen.findByTestId('smart-market-0');
    expect(screen.queryByTestId('smart-waiting')).toBeNull();
    expect(screen.queryByTestId('smart-create-wave')).toBeNull();
  });
});

describe('WaveEditPage', () => {
  it('edits a sample wave as a sample, whichever route opened it', async () => {
    serve([], [summary(1, { kind: 'sample' })]);
    render(withButtons(ALL, <WaveEditPage />, '/?id=1').tree);
    expect(await screen.findByTestId('wave-line-purpose-0')).toBeTruthy();
    expect(screen.queryByTestId('wave-line-upc-0')).toBeNull();
  });

  it('opens a draft with its lines and saves the changed units with the version it read', async () => {
    const posts: Post[] = [];
    serve(posts, [summary(1)]);
    render(withButtons(ALL, <WaveEditPage />, '/?id=1').tree);
    const units = (await screen.findByTestId('wave-line-units-0')) as HTMLInputElement;
    expect(screen.getByText('H6162-55')).toBeTruthy();
    expect(screen.getByText('5 cartons = 60 units')).toBeTruthy();
    fireEvent.change(units, { target: { value: '61' } });
    fireEvent.blur(units);
    expect(await screen.findByText('6 cartons = 72 units')).toBeTruthy();
    fireEvent.click(screen.getByTestId('wave-save'));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({
      path: '/api/inventory/rest/v1/shipment-waves/1',
      body: {
        version: 2,
        wave: {
          kind: 'replenish',
          shipWeek: '2026-12-07',
          remark: '',
          lines: [
            {
              shopId: 1,
              listingId: 11,
              warehouseId: 1,
              mode: 'sea',
              units: 61,
              unitsPerCarton: 12,
              source: 'advice',
              remark: '',
            },
          ],
        },
      },
    });
  });
});
