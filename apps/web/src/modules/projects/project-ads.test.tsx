// @vitest-environment happy-dom
/**
 * A project's advertising tab and its SKU picker against a mocked server: the tab asks for the
 * project's figures (since launch, then the range picked), shows the totals and a row per
 * listing; a project naming no SKU says so. The picker offers the SKUs the server finds for
 * what is typed, and their models.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { domTestSetup, mockFetch, ok, withProviders } from '../../shared/kit/test/dom-harness';
import { ProjectAdsPanel } from './components/ProjectAdsPanel';
import { SkuPicker } from './components/SkuPicker';
import { projectDataTexts } from './project-data.locale';
import { projectsTexts } from './projects.locale';

domTestSetup([projectsTexts, projectDataTexts]);

const figures = (spend: number, sales: number) => ({
  impressions: 1000,
  clicks: 50,
  spend,
  orders: 4,
  sales,
  units: 5,
  acos: sales ? spend / sales : null,
  roas: spend ? sales / spend : null,
  ctr: 0.05,
  cpc: spend / 50,
  cvr: 0.08,
});

const asked = (calls: ReturnType<typeof mockFetch>, end: string) =>
  calls.mock.calls.map(([u]) => new URL(String(u), 'http://test.local')).filter((u) => u.pathname.endsWith(end));

describe('project advertising tab', () => {
  it("shows the project's totals and listings since launch", async () => {
    const calls = mockFetch((url) =>
      url.pathname.endsWith('/ppc/rest/v4/project/skuPerform')
        ? ok({
            projectId: 7,
            skus: ['H61A0'],
            startDate: '2026-10-30',
            endDate: '2026-11-28',
            currency: 'USD',
            list: [
              {
                listingId: 11,
                sku: 'H61A0-US',
                model: 'H61A0',
                asin: 'B0TEST0001',
                shopId: 1,
                shopName: 'Lumio US',
                marketId: 0,
                matchedBy: 'H61A0',
                ...figures(123.45, 987.6),
              },
            ],
            sum: figures(123.45, 987.6),
          })
        : ok(null),
    );
    render(withProviders(<ProjectAdsPanel projectId={7} />).tree);
    expect(await screen.findByText('H61A0-US')).toBeTruthy();
    expect(screen.getByText('Lumio US')).toBeTruthy();
    expect(screen.getAllByText('$123.45').length).toBeGreaterThan(0);
    expect(screen.getAllByText('12.50%').length).toBeGreaterThan(0);
    expect(screen.getByText(/2026-10-30 to 2026-11-28/)).toBeTruthy();
    const first = asked(calls, '/project/skuPerform')[0];
    expect(first?.searchParams.get('projectId')).toBe('7');
    expect(first?.searchParams.has('startDate')).toBe(false);
  });

  it('says so when the project names no SKU', async () => {
    mockFetch(() =>
      ok({
        projectId: 8,
        skus: [],
        startDate: '2026-10-30',
        endDate: '2026-11-28',
        currency: 'USD',
        list: [],
        sum: figures(0, 0),
      }),
    );
    render(withProviders(<ProjectAdsPanel projectId={8} />).tree);
    expect(await screen.findByText('This project names no SKU or model yet')).toBeTruthy();
  });
});

describe('SKU picker', () => {
  it('offers the SKUs the server finds for what is typed, and their models', async () => {
    const calls = mockFetch((url) =>
      url.pathname.endsWith('/skuBoard/skuNameList')
        ? ok(
            url.searchParams.get('keyword') === 'h61'
              ? [{ sku: 'H61A0-US', model: 'H61A0', productName: '霓虹灯带', productNameEn: 'Neon strip', shops: 2 }]
              : [],
          )
        : ok(null),
    );
    render(withProviders(<SkuPicker data-testid="skus" open />).tree);
    const input =
      document.querySelector('[data-testid="skus"] input, input[data-testid="skus"]') ?? document.querySelector('input');
    if (!input) throw new Error('the picker has an input');
    fireEvent.change(input, { target: { value: 'h61' } });
    await waitFor(() => expect(asked(calls, '/skuNameList').some((u) => u.searchParams.get('keyword') === 'h61')).toBe(true));
    expect(await screen.findByText('H61A0-US · H61A0 · Neon strip')).toBeTruthy();
    expect(screen.getByText('H61A0: all SKUs')).toBeTruthy();
  });
});
