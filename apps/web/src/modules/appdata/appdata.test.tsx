// @vitest-environment happy-dom
/**
 * The app-data screens against a mocked server: the action list says the spec does not define it,
 * offers delete only for an action never reported, and sends the parameters typed as lines; the data
 * square reads its filters from the URL and names its sources; the QR list opens the drawn code.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { ButtonPermissionsProvider } from '../../shared/Can';
import { domTestSetup, mockFetch, ok, withProviders } from '../../shared/kit/test/dom-harness';
import ActionListPage from './actions/ActionListPage';
import { appDataTexts } from './appdata.locale';
import JointQrCodesPage from './qr/JointQrCodesPage';
import DataSquarePage from './square/DataSquarePage';

domTestSetup([appDataTexts]);

const action = (over: Record<string, unknown> = {}) => ({
  id: 1,
  key: 'device.paired',
  nameZh: '配对成功',
  nameEn: 'Device paired',
  descriptionZh: '',
  descriptionEn: '',
  params: [{ name: 'connectivity', type: 'enum', values: ['ble', 'wifi'], required: true }],
  enabled: true,
  reported: 1200,
  firstReportedAt: '2026-01-01T00:00:00Z',
  lastDay: '2026-11-29',
  version: 3,
  updatedBy: 'admin',
  updatedAt: '2026-11-01T00:00:00Z',
  ...over,
});
const ALL = [
  'user:platform:actionList:config:create',
  'user:platform:actionList:config:edit',
  'user:platform:actionList:config:delete',
];
const page = (el: ReactElement, held: string[] = ALL, route = '/') =>
  withProviders(<ButtonPermissionsProvider value={new Set(held)}>{el}</ButtonPermissionsProvider>, route).tree;

describe('the action list', () => {
  it('says the spec does not define it, and offers delete only for an action never reported', async () => {
    mockFetch((url) =>
      url.pathname.endsWith('/appdata/rest/v1/actions')
        ? ok({
            list: [action(), action({ id: 2, key: 'voice.linked', reported: 0, firstReportedAt: null })],
            total: 2,
            pageNum: 1,
            pageSize: 20,
          })
        : ok(null),
    );
    render(page(<ActionListPage />));
    expect(await screen.findByText('device.paired')).toBeTruthy();
    expect(screen.getByTestId('appdata-spec-note-actions').textContent).toContain('The spec only names');
    expect(screen.queryByTestId('app-action-delete-1')).toBeNull();
    expect(screen.getByTestId('app-action-delete-2')).toBeTruthy();
    expect(screen.getByTestId('app-action-create')).toBeTruthy();
  });

  it('sends a new action with its parameter lines', async () => {
    const calls = mockFetch((url, init) => {
      if (url.pathname.endsWith('/actions') && init.method === 'POST') return ok(action({ id: 9, key: 'scene.run' }));
      if (url.pathname.endsWith('/actions')) return ok({ list: [], total: 0, pageNum: 1, pageSize: 20 });
      return ok(null);
    });
    render(page(<ActionListPage />));
    fireEvent.click(await screen.findByTestId('app-action-create'));
    fireEvent.change(await screen.findByTestId('app-action-key'), { target: { value: 'scene.run' } });
    fireEvent.change(screen.getByTestId('app-action-name-en'), { target: { value: 'Scene run' } });
    fireEvent.change(screen.getByTestId('action-param-name-0'), { target: { value: 'sceneId' } });
    fireEvent.click(screen.getByTestId('action-param-required-0'));
    fireEvent.click(screen.getByTestId('app-action-save'));
    await waitFor(() => {
      const post = calls.mock.calls.find(([u, init]) => String(u).includes('/actions') && init?.method === 'POST');
      expect(post).toBeTruthy();
      expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({
        key: 'scene.run',
        nameEn: 'Scene run',
        params: [{ name: 'sceneId', type: 'string', values: [], required: true }],
      });
    });
  });
});

const square = {
  from: '2026-11-28',
  to: '2026-11-29',
  days: ['2026-11-28', '2026-11-29'],
  totals: { events: 30, rejected: 2, devices: 7, dailyDevices: 4.5 },
  daily: [
    { day: '2026-11-28', events: 10, devices: 4, rejected: 1 },
    { day: '2026-11-29', events: 20, devices: 5, rejected: 1 },
  ],
  series: [{ actionId: 1, key: 'device.paired', nameZh: '配对成功', nameEn: 'Device paired', events: [10, 20] }],
  topActions: [{ actionId: 1, key: 'device.paired', nameZh: '配对成功', nameEn: 'Device paired', events: 30 }],
  byCountry: [{ value: 'US', events: 30, devices: 7 }],
  byPlatform: [{ value: 'ios', events: 30, devices: 7 }],
  byVersion: [{ value: '3.2.0', events: 30, devices: 7 }],
  byModel: [{ value: 'H6199', events: 30, devices: 7, name: 'Strip', inCatalogue: true }],
  choices: { actions: [{ id: 1, key: 'device.paired', nameZh: '配对成功', nameEn: 'Device paired' }], models: [] },
};

describe('the data square', () => {
  it('asks with the filters of the URL and names where the figures come from', async () => {
    const calls = mockFetch((url) => (url.pathname.endsWith('/appdata/rest/v1/square') ? ok(square) : ok(null)));
    render(page(<DataSquarePage />, [], '/?from=2026-11-28&to=2026-11-29&platform=ios'));
    expect((await screen.findByTestId('square-events')).textContent).toContain('30');
    const asked = new URL(String(calls.mock.calls.find(([u]) => String(u).includes('/square'))?.[0]), 'http://test.local');
    expect(asked.searchParams.get('platform')).toBe('ios');
    expect(asked.searchParams.get('from')).toBe('2026-11-28');
    expect(screen.getByTestId('square-sources').textContent).toContain('app_data_daily');
    expect(within(screen.getByTestId('square-by-model')).getByText('H6199')).toBeTruthy();
    expect(screen.getByTestId('appdata-spec-note-square')).toBeTruthy();
  });
});

describe('joint QR codes', () => {
  it('lists the codes and opens one drawn with its address', async () => {
    mockFetch((url) => {
      if (url.pathname.endsWith('/qr-codes'))
        return ok({
          list: [
            {
              id: 5,
              code: 'ABCD2345',
              path: '/q/ABCD2345',
              partner: 'BestBuy',
              campaign: 'Holiday',
              target: 'https://example.com/',
              startsAt: '2026-11-01T00:00:00Z',
              endsAt: '2026-12-31T00:00:00Z',
              note: '',
              status: 'active',
              scans: 12,
              uniques: 9,
              version: 1,
              updatedBy: null,
              updatedAt: '2026-11-01T00:00:00Z',
            },
          ],
          total: 1,
          pageNum: 1,
          pageSize: 20,
        });
      if (url.pathname.endsWith('/qr-codes/5/scans')) return ok({ days: [{ day: '2026-11-29', scans: 12, uniques: 9 }] });
      return ok(null);
    });
    render(page(<JointQrCodesPage />, ['user:platform:jointQrCode:config:create']));
    fireEvent.click(await screen.findByTestId('qr-show-5'));
    expect((await screen.findByTestId('qr-url')).textContent).toMatch(/\/q\/ABCD2345$/);
    expect(screen.queryByTestId('qr-delete-5')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('qr-image').getAttribute('src')).toMatch(/^data:image\/svg\+xml/));
  });
});
