/** What a sales-report commit would remove and change against the stored data, and the days of a large removal. */
import { Alert, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatInteger } from '../../../shared/format';
import type { ImportPreview } from '../../../shared/kit/import-wizard';
import { FitTable } from '../../../shared/table/FitTable';

type Impact = NonNullable<ImportPreview['impact']>;

/** Before → after of a day; one line, so a column keeps its width. */
const change = (before: string, after: string) => <span className="bo-num">{`${before} → ${after}`}</span>;

// In the import drawer and in the large-removal confirmation (760 px): the day, units, revenue and the listings
// dropped always show; the listings changed when room allows.
function DaysTable({ days, currency, testId }: { days: Impact['days']; currency: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <FitTable
      tableId="imports.impact.days"
      size="small"
      rowKey="day"
      pagination={days.length > 10 ? { pageSize: 10 } : false}
      dataSource={days}
      data-testid={testId}
      columns={[
        { key: 'day', title: t('imports.day'), priority: 'key', width: 110, dataIndex: 'day' },
        {
          key: 'units',
          title: t('imports.units'),
          priority: 'key',
          width: 140,
          render: (_, d) => change(formatInteger(d.unitsBefore), formatInteger(d.unitsAfter)),
        },
        {
          key: 'revenue',
          title: t('imports.revenue', { currency }),
          priority: 'key',
          width: 220,
          render: (_, d) => change(formatAmount(d.revenueBefore), formatAmount(d.revenueAfter)),
        },
        {
          key: 'changed',
          title: t('imports.impact.changed'),
          width: 120,
          align: 'right',
          render: (_, d) => formatInteger(d.listingsChanged),
        },
        {
          key: 'dropped',
          title: t('imports.impact.dropped'),
          priority: 'key',
          width: 120,
          align: 'right',
          render: (_, d) =>
            d.listingsDropped > 0 ? <Typography.Text type="danger">{formatInteger(d.listingsDropped)}</Typography.Text> : 0,
        },
      ]}
    />
  );
}

function DroppedTable({ dropped, currency }: { dropped: Impact['dropped']; currency: string }) {
  const { t } = useTranslation();
  if (dropped.length === 0) return null;
  return (
    <FitTable
      tableId="imports.impact.dropped"
      size="small"
      rowKey={(r) => `${r.day}|${r.listingId}`}
      pagination={dropped.length > 10 ? { pageSize: 10 } : false}
      dataSource={dropped}
      data-testid="import-impact-dropped"
      columns={[
        { key: 'day', title: t('imports.day'), priority: 'key', width: 110, dataIndex: 'day' },
        { key: 'sku', title: 'SKU', priority: 'key', width: 200, ellipsis: true, dataIndex: 'sku' },
        { key: 'asin', title: 'ASIN', width: 130, dataIndex: 'asin' },
        {
          key: 'units',
          title: t('imports.units'),
          priority: 'key',
          width: 110,
          align: 'right',
          render: (_, r) => change(formatInteger(r.units), '0'),
        },
        {
          key: 'revenue',
          title: t('imports.revenue', { currency }),
          priority: 'key',
          width: 180,
          align: 'right',
          render: (_, r) => change(formatAmount(r.revenue), '0'),
        },
      ]}
    />
  );
}

/** The preview's "what this commit changes" panel (sales reports, before commit). */
export function ImpactPanel({ data }: { data: ImportPreview }) {
  const { t } = useTranslation();
  const impact = data.impact;
  if (!impact || impact.days.length === 0) return null;
  const currency = data.currency ?? '';
  const dropped = impact.days.reduce((n, d) => n + d.listingsDropped, 0);
  return (
    <Alert
      type={impact.largeRemovalDays.length > 0 ? 'error' : dropped > 0 ? 'warning' : 'info'}
      showIcon
      data-testid="import-impact"
      title={
        impact.largeRemovalDays.length > 0
          ? t('imports.impact.large', { days: impact.largeRemovalDays.join(', ') })
          : t('imports.impact.title')
      }
      description={
        <Space direction="vertical" style={{ width: '100%' }}>
          <span>{t('imports.impact.explain')}</span>
          {impact.ordersOwnedDays.length > 0 && (
            <Typography.Text type="secondary" data-testid="import-impact-orders-owned">
              {t('imports.impact.ordersOwned', { days: impact.ordersOwnedDays.join(', ') })}
            </Typography.Text>
          )}
          <DaysTable days={impact.days} currency={currency} testId="import-impact-days" />
          {impact.dropped.length > 0 && <Typography.Text strong>{t('imports.impact.droppedTitle')}</Typography.Text>}
          <DroppedTable dropped={impact.dropped} currency={currency} />
        </Space>
      }
    />
  );
}

/** The days a large removal lowers sharply: the detail of the wizard's second confirmation. */
export function LargeRemovalDays({ data }: { data: ImportPreview }) {
  const impact = data.impact;
  const days = impact?.days.filter((d) => impact.largeRemovalDays.includes(d.day)) ?? [];
  return <DaysTable days={days} currency={data.currency ?? ''} testId="import-large-removal-days" />;
}
