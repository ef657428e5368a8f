import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { DeleteAction } from '../../../shared/components/DeleteAction';
import type { FormField } from '../../../shared/kit/EditDrawer';
import type { FilterField } from '../../../shared/kit/FilterBar';
import type { BulkAction, KitColumn } from '../../../shared/kit/ListPage';
import { shopLabel } from '../../../shared/markets/markets';
import { actionsColumn } from '../../../shared/table/FitTable';
import { ListingPicker } from './ListingPicker';

/**
 * Pieces the forecast lists declare alike: every list of listings (the exclusions, the per-listing
 * thresholds) shows a listing the same way and edits or removes it the same way, and the forecast
 * screens filter by the same shop and marketplace pickers. Each takes the screen's test-id prefix,
 * so the browser tests keep reaching each screen's own elements.
 */

/** A row that names one listing of a shop. */
export interface ListingRow {
  listingId: number;
  sku: string;
  asin: string;
  shopName: string;
  marketId: number;
}

/** The free-text search of a forecast list (a SKU, an ASIN or a name). */
export function keywordFilter(placeholder: string, testId: string, width = 220): FilterField<'keyword'> {
  return { kind: 'text', key: 'keyword', placeholder, maxLength: 64, width, testId };
}

/** The shop picker of a forecast list. */
export function shopFilter(t: TFunction, prefix: string, width = 170): FilterField<'shopId'> {
  return { kind: 'shop', key: 'shopId', placeholder: t('forecasts.allShops'), width, testId: `${prefix}-shop` };
}

/** The shop and marketplace pickers of a forecast list. */
export function shopMarketFilters(t: TFunction, prefix: string, shopWidth = 170): FilterField<'shopId' | 'marketId'>[] {
  return [
    shopFilter(t, prefix, shopWidth),
    { kind: 'market', key: 'marketId', placeholder: t('forecasts.allMarkets'), width: 130, testId: `${prefix}-market` },
  ];
}

/** The listing's SKU over its ASIN, and its shop: the columns that say which listing a row is. */
export function listingColumns<R extends ListingRow>(t: TFunction, prefix: string): KitColumn<R>[] {
  return [
    {
      key: 'sku',
      priority: 'key',
      width: 200,
      title: t('forecasts.column.sku'),
      render: (_, r) => (
        <>
          <Typography.Text strong data-testid={`${prefix}-sku-${r.listingId}`}>
            {r.sku}
          </Typography.Text>
          <div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {r.asin}
            </Typography.Text>
          </div>
        </>
      ),
    },
    {
      key: 'shopName',
      priority: 'key',
      width: 150,
      title: t('forecasts.column.shop'),
      render: (_, r) => shopLabel(r.shopName, r.marketId),
    },
  ];
}

interface RowRemoval<R> {
  prefix: string;
  /** The question before removing the given number of rows. */
  confirm: (count: number) => string;
  remove: (rows: readonly R[]) => Promise<unknown>;
}

/** A listing row's edit button and its confirmed removal. */
export function listingActionsColumn<R extends ListingRow>(
  t: TFunction,
  { prefix, confirm, remove, onEdit }: RowRemoval<R> & { onEdit: (row: R) => void },
): KitColumn<R> {
  return actionsColumn(t, 120, (_, r) => (
    <Space>
      <Button
        type="link"
        size="small"
        icon={<EditOutlined />}
        onClick={() => onEdit(r)}
        data-testid={`${prefix}-edit-${r.listingId}`}
      />
      <DeleteAction
        title={confirm(1)}
        onConfirm={() => void remove([r])}
        testId={`${prefix}-delete-${r.listingId}`}
        confirmTestId={`${prefix}-delete-confirm`}
      />
    </Space>
  ));
}

/** "Remove selected" over the chosen rows, asked first. */
export function removeSelectedAction<R>(t: TFunction, { prefix, confirm, remove }: RowRemoval<R>): BulkAction<R> {
  return {
    key: 'remove',
    label: t('forecasts.settings.removeSelected'),
    danger: true,
    confirm: (rows) => confirm(rows.length),
    run: (rows) => remove(rows),
    testId: `${prefix}-bulk-remove`,
  };
}

/** The stock warning thresholds, in days: the global or a shop's, or a listing's own. */
export interface Thresholds {
  stockoutDays: number;
  overstockDays: number;
  leadTimeDays: number;
}

/** The three threshold inputs of a drawer; test ids `${prefix}-stockout`, `-overstock`, `-lead`. */
export function thresholdFields(t: TFunction, prefix: string): FormField<Thresholds>[] {
  return [
    { name: 'stockoutDays', label: t('forecasts.settings.field.stockoutDays'), input: 'number', testId: `${prefix}-stockout` },
    {
      name: 'overstockDays',
      label: t('forecasts.settings.field.overstockDays'),
      input: 'number',
      testId: `${prefix}-overstock`,
    },
    { name: 'leadTimeDays', label: t('forecasts.settings.field.leadTimeDays'), input: 'number', testId: `${prefix}-lead` },
  ];
}

/** The drawer's listing picker: several listings are added at once, an edited row keeps its own. */
export function listingsField(t: TFunction, testId: string, extra: string): FormField<{ listingIds: number[] }> {
  return {
    name: 'listingIds',
    label: t('forecasts.settings.listings'),
    input: <ListingPicker testId={testId} />,
    extra,
    hiddenIn: ['edit'],
  };
}

/** The toolbar's button that opens the drawer to add listings. */
export function AddListingsButton({ onClick, testId, children }: { onClick: () => void; testId: string; children: ReactNode }) {
  return (
    <Button type="primary" icon={<PlusOutlined />} onClick={onClick} data-testid={testId}>
      {children}
    </Button>
  );
}
