/** What the stock boards share: the SKU, shop and warehouse columns, the filters, days of cover. */
import type { AgeRow, Position } from '@bo/contract/inventory/inventory';
import type { Difference } from '@bo/contract/inventory/ledger';
import type { ReportRow } from '@bo/contract/inventory/ledger-report';
import { InputNumber, Space, Tag, Tooltip, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { SkuCell } from '../../../shared/components/SkuCell';
import { formatThousands } from '../../../shared/format';
import type { FilterField } from '../../../shared/kit/FilterBar';
import type { KitColumn } from '../../../shared/kit/ListPage';
import { shopLabel } from '../../../shared/markets/markets';

type Row = Position | AgeRow | Difference | ReportRow;

/** SKU (with ASIN, model and product), shop, warehouse. */
export function listingColumns<R extends Row>(t: TFunction): KitColumn<R>[] {
  return [
    {
      key: 'sku',
      sortable: true,
      priority: 'key',
      width: 230,
      title: t('inventory.column.sku'),
      render: (_, r) =>
        r.listingId === null ? (
          <Tooltip title={t('inventory.notInCatalogue')}>
            <span>
              <SkuCell r={r} testId={`stock-sku-${r.sku}`} /> <Tag color="warning">?</Tag>
            </span>
          </Tooltip>
        ) : (
          <SkuCell r={r} testId={`stock-sku-${r.sku}`} />
        ),
    },
    {
      key: 'shopName',
      sortable: true,
      priority: 'key',
      width: 150,
      title: t('inventory.column.shop'),
      render: (_, r) => shopLabel(r.shopName, r.marketId),
    },
    {
      key: 'warehouse',
      width: 110,
      title: t('inventory.column.warehouse'),
      render: (_, r) => (
        <Tooltip title={t(`inventory.warehouseKind.${r.warehouseKind}`)}>
          <Tag color={r.warehouseKind === 'fba' ? 'blue' : r.warehouseKind === '3pl' ? 'purple' : 'default'}>
            {r.warehouseCode}
          </Tag>
        </Tooltip>
      ),
    },
    { key: 'day', priority: 'detail', width: 100, title: t('inventory.column.day'), render: (_, r) => r.day },
  ];
}

/** Shop, marketplace, product line and keyword. */
export function boardFilters(t: TFunction): FilterField<'shopId' | 'marketId' | 'productLineId' | 'keyword'>[] {
  return [
    { kind: 'text', key: 'keyword', placeholder: t('inventory.search'), maxLength: 64, width: 240, testId: 'stock-search' },
    { kind: 'shop', key: 'shopId', placeholder: t('inventory.allShops'), width: 180, testId: 'stock-shop' },
    { kind: 'market', key: 'marketId', placeholder: t('inventory.allMarkets'), width: 140, testId: 'stock-market' },
    { kind: 'productLine', key: 'productLineId', placeholder: t('inventory.allLines'), width: 180, testId: 'stock-line' },
  ];
}

/** A number among the filters, with its label before and an optional unit after (days of cover, MOQ). */
export function numberFilter<K extends string>(
  key: K,
  o: { label: string; unit?: string; min: number; max: number; width?: number; testId: string },
): FilterField<K> {
  return {
    kind: 'custom',
    key,
    render: (value, onChange) => (
      <Space size={4}>
        <Typography.Text type="secondary">{o.label}</Typography.Text>
        <InputNumber
          min={o.min}
          max={o.max}
          value={value as number}
          onChange={(v) => onChange(v ?? undefined)}
          style={{ width: o.width ?? 72 }}
          data-testid={o.testId}
        />
        {o.unit ? <Typography.Text type="secondary">{o.unit}</Typography.Text> : null}
      </Space>
    ),
  };
}

/** Days of cover: red when out, amber under the threshold, "no sales" when nothing sold. */
export function CoverCell({ p, under }: { p: Position; under: number }) {
  const { t } = useTranslation();
  if (p.fulfillable === 0) return <Tag color="error">{t('inventory.out')}</Tag>;
  if (p.daysOfCover === null) return <Typography.Text type="secondary">{t('inventory.noSales')}</Typography.Text>;
  const text = t('inventory.days', { n: p.daysOfCover });
  return p.daysOfCover < under ? <Tag color="warning">{text}</Tag> : <span>{text}</span>;
}

/** The stock figures of a position. */
export function positionColumns(t: TFunction, under: number): KitColumn<Position>[] {
  const n = (v: number) => formatThousands(v);
  return [
    {
      key: 'fulfillable',
      sortable: true,
      priority: 'key',
      width: 100,
      align: 'right',
      title: t('inventory.column.fulfillable'),
      render: (_, p) => <span data-testid={`stock-fulfillable-${p.sku}-${p.warehouseCode}`}>{n(p.fulfillable)}</span>,
    },
    {
      key: 'reserved',
      sortable: true,
      priority: 'detail',
      width: 90,
      align: 'right',
      title: t('inventory.column.reserved'),
      render: (_, p) => n(p.reserved),
    },
    {
      key: 'inbound',
      sortable: true,
      width: 100,
      align: 'right',
      title: t('inventory.column.inbound'),
      render: (_, p) => (
        <Tooltip
          title={t('inventory.column.inboundDetail', {
            working: p.inboundWorking,
            shipped: p.inboundShipped,
            receiving: p.inboundReceiving,
          })}
        >
          <span>{n(p.inboundWorking + p.inboundShipped + p.inboundReceiving)}</span>
        </Tooltip>
      ),
    },
    {
      key: 'unfulfillable',
      sortable: true,
      priority: 'detail',
      width: 90,
      align: 'right',
      title: t('inventory.column.unfulfillable'),
      render: (_, p) => n(p.unfulfillable),
    },
    {
      key: 'researching',
      priority: 'detail',
      width: 90,
      align: 'right',
      title: t('inventory.column.researching'),
      render: (_, p) => n(p.researching),
    },
    {
      key: 'units30',
      sortable: true,
      priority: 'key',
      width: 100,
      align: 'right',
      title: t('inventory.column.units30'),
      render: (_, p) => n(p.units30),
    },
    {
      key: 'daily',
      priority: 'detail',
      width: 70,
      align: 'right',
      title: t('inventory.column.daily'),
      render: (_, p) => p.avgDailyUnits.toFixed(2),
    },
    {
      key: 'daysOfCover',
      sortable: true,
      priority: 'key',
      width: 110,
      align: 'right',
      title: t('inventory.column.cover'),
      render: (_, p) => <CoverCell p={p} under={under} />,
    },
  ];
}
