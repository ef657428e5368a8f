// @vitest-environment happy-dom
/**
 * /customBasic: the records list with its filters from the URL, the copy to another destination
 * (the same values sent with the new country), the edit that names its version, the "missing"
 * tab whose Fill in opens the drawer on the model, and the buttons following the permissions.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ButtonPermissionsProvider } from '../../shared/Can';
import { domTestSetup, mockFetch, ok, withProviders } from '../../shared/kit/test/dom-harness';
import CustomsBasicPage from './basics/CustomsBasicPage';
import { customsTexts } from './customs.locale';

domTestSetup([customsTexts]);

const record = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  productId: 10 + id,
  model: `H60${id}`,
  productName: '灯带',
  productNameEn: 'LED strip',
  lifecycle: 1,
  country: 'US',
  hsCode: '9405420000',
  importHsCode: '9405428440',
  declaredName: 'LED灯带',
  declaredNameEn: 'LED strip light',
  material: 'PCB',
  usage: 'Lighting',
  brand: 'Own',
  unitValue: 8.5,
  currency: 'USD',
  declareUnit: 'set',
  rebatePct: 13,
  hasBattery: false,
  batteryType: 'none',
  magnetic: false,
  wireless: true,
  certification: 'FCC ID',
  version: 3,
  updatedAt: '2026-11-28T08:00:00Z',
  ...over,
});

const page = (held: string[], url = '/') =>
  withProviders(<ButtonPermissionsProvider value={new Set(held)}>{<CustomsBasicPage />}</ButtonPermissionsProvider>, url);
const ALL = ['scm:customs:basic:create', 'scm:customs:basic:edit', 'scm:customs:basic:delete'];

function server() {
  const sent: { method: string; path: string; body: unknown }[] = [];
  const lists: string[] = [];
  mockFetch(async (url, init) => {
    const method = init.method ?? 'GET';
    if (method !== 'GET') {
      const body = JSON.parse(String(init.body ?? 'null'));
      sent.push({ method, path: url.pathname, body });
      return ok(record(9, body ?? {}));
    }
    if (url.pathname.endsWith('/basics/models'))
      return ok([{ productId: 11, model: 'H601', name: '灯带', nameEn: 'LED strip', lifecycle: 1 }]);
    if (url.pathname.endsWith('/basics/missing')) {
      lists.push(url.search);
      return ok({
        list: [{ productId: 20, model: 'H620', productName: '落地灯', productNameEn: 'Floor lamp', countries: ['US'] }],
        total: 1,
        pageNum: 1,
        pageSize: 20,
      });
    }
    if (url.pathname.endsWith('/basics')) {
      lists.push(url.search);
      return ok({
        list: [record(1), record(2, { country: '*', hasBattery: true, batteryType: 'packedWith' })],
        total: 2,
        pageNum: 1,
        pageSize: 20,
      });
    }
    throw new Error(`unexpected ${method} ${url.pathname}`);
  });
  return { sent, lists };
}

describe('CustomsBasicPage', () => {
  it('lists with the URL filters and copies a record to another destination with its values', async () => {
    const { sent, lists } = server();
    render(page(ALL, '/?country=US&keyword=H60').tree);
    await screen.findByText('H601');
    expect(lists[0]).toContain('country=US');
    expect(lists[0]).toContain('keyword=H60');
    expect(screen.getAllByText('9405420000 / 9405428440')).toHaveLength(2);
    expect(screen.getByText('Packed with')).toBeTruthy();
    fireEvent.click(screen.getByTestId('customs-copy-1'));
    const form = await screen.findByTestId('customs-form');
    // The destination is left to choose: saving without it sends nothing.
    fireEvent.click(screen.getByTestId('customs-save'));
    await new Promise((r) => setTimeout(r, 50));
    expect(sent).toEqual([]);
    fireEvent.mouseDown(within(within(form).getByTestId('customs-country')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('DE · Germany'));
    fireEvent.click(screen.getByTestId('customs-save'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      method: 'POST',
      body: { productId: 11, country: 'DE', hsCode: '9405420000', importHsCode: '9405428440', unitValue: 8.5, wireless: true },
    });
  });

  it('edits with the version it read', async () => {
    const { sent } = server();
    render(page(ALL).tree);
    await screen.findByText('H601');
    fireEvent.click(screen.getByTestId('customs-edit-1'));
    await screen.findByTestId('customs-form');
    fireEvent.change(screen.getByTestId('customs-material'), { target: { value: 'PCB, silicone' } });
    fireEvent.click(screen.getByTestId('customs-save'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ method: 'PUT', body: { material: 'PCB, silicone', version: 3, country: 'US' } });
    expect(sent[0]?.path).toMatch(/\/basics\/1$/);
  });

  it('lists the models missing data and fills one in', async () => {
    server();
    render(page(ALL, '/?tab=missing&country=JP').tree);
    await screen.findByText('H620');
    fireEvent.click(screen.getByTestId('customs-fill-20'));
    const form = await screen.findByTestId('customs-form');
    expect(within(form).getByText('JP · Japan')).toBeTruthy();
  });

  it('shows no write buttons without their permissions', async () => {
    server();
    render(page([]).tree);
    await screen.findByText('H601');
    expect(screen.queryByTestId('customs-create')).toBeNull();
    expect(screen.queryByTestId('customs-edit-1')).toBeNull();
    expect(screen.queryByTestId('customs-copy-1')).toBeNull();
    expect(screen.queryByTestId('customs-delete-1')).toBeNull();
    expect(screen.getByTestId('customs-history-1')).toBeTruthy();
  });
});
