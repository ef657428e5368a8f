import type { AnalysisDimension, SeriesRows } from '@bo/contract/sales/sales-data';
import { Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useLang } from '../../../../shared/i18n/lang';
import { MarketTag } from '../../../../shared/markets/MarketTag';
import type { ColumnPriority } from '../../../../shared/table/column-fit';
import type { FitColumnType } from '../../../../shared/table/FitTable';

export interface Labelled {
  key: string;
  name: string;
  nameEn: string;
  sku?: string | null;
  asin?: string | null;
  title?: string | null;
  shopName?: string | null;
  marketId?: number | null;
}

/** A row's name in the UI language (product lines have both). */
export const useLabelName = () => {
  const lang = useLang();
  return (r: Pick<Labelled, 'name' | 'nameEn'>) => (lang === 'en-US' ? r.nameEn : r.name);
};

/** What a row is: a listing as SKU, ASIN and title; a shop with its marketplace; else its name. */
export function RowLabel({ row, kind, testId }: { row: Labelled; kind: string; testId?: string }) {
  const name = useLabelName();
  if (kind === 'listing') {
    return (
      <div style={{ minWidth: 0 }} data-testid={testId}>
        <Typography.Text strong>{row.sku}</Typography.Text> <span className="bo-muted bo-sales-num">{row.asin}</span>
        <Typography.Paragraph type="secondary" ellipsis={{ rows: 1, tooltip: row.title }} style={{ margin: 0, fontSize: 12 }}>
          {row.title}
        </Typography.Paragraph>
      </div>
    );
  }
  if ((kind === 'shop' || kind === 'market') && row.marketId !== null && row.marketId !== undefined) {
    return (
      <span style={{ whiteSpace: 'nowrap' }} data-testid={testId}>
        <MarketTag marketId={row.marketId} />{' '}
        <Typography.Text strong>{kind === 'shop' ? name(row) : name(row).slice(3)}</Typography.Text>
      </span>
    );
  }
  return (
    <Typography.Text strong data-testid={testId}>
      {name(row)}
    </Typography.Text>
  );
}

/** A listing's shop with its marketplace. */
export function ShopCell({ row }: { row: Labelled }) {
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {row.marketId !== null && row.marketId !== undefined && <MarketTag marketId={row.marketId} />} {row.shopName}
    </span>
  );
}

/**
 * A table's first columns: what the row is (fixed on the left, wider for a listing) and, for
 * a listing, its shop. `name` adds to the first one (its sorting).
 */
export function labelColumns<R extends Labelled>(
  t: TFunction,
  kind: SeriesRows | AnalysisDimension,
  o: { testId: string; shopPriority: ColumnPriority; name?: Partial<FitColumnType<R>> },
): FitColumnType<R>[] {
  const listing = kind === 'listing';
  const name: FitColumnType<R> = {
    ...o.name,
    key: 'name',
    title: t(`salesData.dimension.${kind}`),
    priority: 'key',
    fixed: 'left',
    width: listing ? 240 : 200,
    render: (_, r) => <RowLabel row={r} kind={kind} testId={o.testId} />,
  };
  if (!listing) return [name];
  const shop: FitColumnType<R> = {
    key: 'shop',
    title: t('sales.column.shop'),
    priority: o.shopPriority,
    width: 160,
    ellipsis: true,
    render: (_, r) => <ShopCell row={r} />,
  };
  return [name, shop];
}
