// @vitest-environment happy-dom
/**
 * The pieces the forecast lists share: a listing's columns under the screen's test ids, its edit
 * button and its removal (asked first, one row), the bulk removal's question, and the filters.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Table } from 'antd';
import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { domTestSetup, withProviders } from '../../../shared/kit/test/dom-harness';
import { forecastsTexts } from '../forecasts.locale';
import {
  keywordFilter,
  type ListingRow,
  listingActionsColumn,
  listingColumns,
  removeSelectedAction,
  shopMarketFilters,
  thresholdFields,
} from './list-parts';

domTestSetup([forecastsTexts], { keepGlobals: true });

const t = i18next.t.bind(i18next);
const row: ListingRow = { listingId: 7, sku: 'LM-7', asin: 'B07', shopName: 'Lumio', marketId: 0 };
const confirm = (count: number) => `Remove ${count}?`;

describe('forecast list parts', () => {
  it('shows the listing and edits or removes it after asking', async () => {
    const onEdit = vi.fn();
    const remove = vi.fn(async () => undefined);
    const columns = [
      ...listingColumns<ListingRow>(t, 'exclusion'),
      listingActionsColumn<ListingRow>(t, { prefix: 'exclusion', confirm, remove, onEdit }),
    ];
    const { tree } = withProviders(<Table rowKey="listingId" dataSource={[row]} columns={columns} pagination={false} />);
    render(tree);

    expect((await screen.findByTestId('exclusion-sku-7')).textContent).toBe('LM-7');
    expect(screen.getByText('B07')).toBeTruthy();
    fireEvent.click(screen.getByTestId('exclusion-edit-7'));
    expect(onEdit).toHaveBeenCalledWith(row);

    fireEvent.click(screen.getByTestId('exclusion-delete-7'));
    expect(await screen.findByText('Remove 1?')).toBeTruthy();
    fireEvent.click(await screen.findByTestId('exclusion-delete-confirm'));
    await waitFor(() => expect(remove).toHaveBeenCalledWith([row]));
  });

  it('asks before removing the chosen rows and names their count', async () => {
    const remove = vi.fn(async () => undefined);
    const action = removeSelectedAction<ListingRow>(t, { prefix: 'override', confirm, remove });
    expect(action).toMatchObject({ key: 'remove', danger: true, testId: 'override-bulk-remove', label: 'Remove selected' });
    expect(action.confirm?.([row, row])).toBe('Remove 2?');
    await action.run([row]);
    expect(remove).toHaveBeenCalledWith([row]);
  });

  it("declares the filters and threshold inputs under the screen's test ids", () => {
    expect(keywordFilter('Search', 'review-search')).toEqual({
      kind: 'text',
      key: 'keyword',
      placeholder: 'Search',
      maxLength: 64,
      width: 220,
      testId: 'review-search',
    });
    expect(shopMarketFilters(t, 'accuracy', 150).map((f) => [f.kind, f.width, f.testId])).toEqual([
      ['shop', 150, 'accuracy-shop'],
      ['market', 130, 'accuracy-market'],
    ]);
    expect(thresholdFields(t, 'threshold').map((f) => f.testId)).toEqual([
      'threshold-stockout',
      'threshold-overstock',
      'threshold-lead',
    ]);
  });
});
