// @vitest-environment happy-dom
/**
 * The rule form's stock condition (issue #22): a stock rule only lowers the bid (a raise is
 * refused on the form, nothing sent), the dry run sends the condition with the action, N days
 * needs its days, and the preview names the SKU's cover and the restores.
 */
import type { RulePreview } from '@bo/contract/ppc/rules';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { domTestSetup, mockFetch, ok, withProviders } from '../../../shared/kit/test/dom-harness';
import { ppcTexts } from '../ppc.locale';
import { type RuleDraft, RuleDrawer } from './RuleDrawer';

domTestSetup([ppcTexts]);

const preview: RulePreview = {
  windowStart: '2026-11-13',
  windowEnd: '2026-11-26',
  conversionsSettling: false,
  matched: 2,
  changes: 2,
  skipped: 0,
  capped: false,
  capMessage: null,
  conflicts: [],
  rows: [
    {
      entityType: 'keyword',
      entityId: 11,
      entityName: 'SP › group › desk lamp (exact)',
      shopName: 'Lumio US',
      currency: 'USD',
      field: 'state',
      before: 'enabled',
      after: 'paused',
      metrics: { clicks: 3, spend: 1.5, orders: 0, acos: null } as RulePreview['rows'][number]['metrics'],
      skipped: null,
      create: null,
      stock: { sku: 'LM-1', daysOfCover: 10, threshold: 50, restore: false },
    },
    {
      entityType: 'keyword',
      entityId: 12,
      entityName: 'SP › group › lamp (broad)',
      shopName: 'Lumio US',
      currency: 'USD',
      field: 'state',
      before: 'paused',
      after: 'enabled',
      metrics: { clicks: null, spend: null, orders: null, acos: null } as RulePreview['rows'][number]['metrics'],
      skipped: null,
      create: null,
      stock: { sku: 'LM-2', daysOfCover: null, threshold: 50, restore: true },
    },
  ],
};

function serve(posts: unknown[]) {
  mockFetch(async (url, init) => {
    if (url.pathname.endsWith('/manager/shops/names')) return ok([{ shopId: 1, name: 'Lumio US', marketId: 0 }]);
    if (url.pathname.endsWith('/rules/preview') && init.method === 'POST') {
      posts.push(JSON.parse(String(init.body)));
      return ok(preview);
    }
    throw new Error(`unexpected ${init.method ?? 'GET'} ${url.pathname}`);
  });
}

const draft = (action: NonNullable<RuleDraft['action']>): RuleDraft => ({
  name: 'Low stock',
  level: 'keyword',
  scope: { shopIds: [1] },
  windowDays: 14,
  conditions: [[{ metric: 'impressions', op: 'gte', value: 1 }]],
  action,
});

const drawer = (d: RuleDraft) =>
  withProviders(<RuleDrawer family="rules" kind="rule" levels={['keyword', 'target']} rule={null} draft={d} onClose={() => {}} />)
    .tree;

describe('RuleDrawer, stock condition', () => {
  it('refuses a raise on a stock rule and sends nothing', async () => {
    const posts: unknown[] = [];
    serve(posts);
    render(drawer(draft({ type: 'bid_pct', value: 10, stock: { when: 'cover_below_lead' } })));
    expect(await screen.findByTestId('rule-stock-help')).toBeTruthy();
    fireEvent.click(screen.getByTestId('rule-preview'));
    await screen.findByText('A stock rule only lowers bids (a negative percent)');
    expect(posts).toEqual([]);
  });

  it('sends the condition with the action, and the preview names the cover and the restores', async () => {
    const posts: unknown[] = [];
    serve(posts);
    render(drawer(draft({ type: 'pause', stock: { when: 'cover_below_days', days: 20 } })));
    expect(((await screen.findByTestId('rule-stock-days')) as HTMLInputElement).value).toBe('20');
    fireEvent.click(screen.getByTestId('rule-preview'));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect((posts[0] as { action: unknown }).action).toEqual({ type: 'pause', stock: { when: 'cover_below_days', days: 20 } });
    expect((await screen.findByTestId('rule-preview-stock-11')).textContent).toBe('LM-1 covers 10 days < 50');
    expect(screen.getByTestId('rule-preview-stock-12').textContent).toBe('Restore: LM-2 covers >180 days');
  });

  it('N days needs its days', async () => {
    const posts: unknown[] = [];
    serve(posts);
    render(drawer(draft({ type: 'pause', stock: { when: 'cover_below_days', days: 20 } })));
    const days = (await screen.findByTestId('rule-stock-days')) as HTMLInputElement;
    fireEvent.change(days, { target: { value: '' } });
    fireEvent.click(screen.getByTestId('rule-preview'));
    await waitFor(() => expect(screen.getAllByText(/required|1 to 180 days/i).length).toBeGreaterThan(0));
    expect(posts).toEqual([]);
  });
});
