import * as ep from '@bo/contract/inventory/inventory';
import { AGE_BUCKETS, type AgeRow } from '@bo/contract/inventory/inventory';
import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Can } from '../../shared/Can';
import { CHART_COLORS } from '../../shared/charts/colors';
import { LiteChart } from '../../shared/charts/lite/LiteChart';
import { ExportButton } from '../../shared/components/ExportButton';
import { formatPercent, formatThousands } from '../../shared/format';
import type { KitColumn } from '../../shared/kit/ListPage';
import { ListPage } from '../../shared/kit/ListPage';
import { useKitList } from '../../shared/kit/use-list-query';
import { boardFilters, listingColumns } from './components/stock-columns';
import { exportAges, inventoryKeys, useAgeSummary } from './inventory.queries';

/** The first two buckets are young; the last three are aged (over 180 days). */
const AGED = new Set(['age181To270', 'age271To365', 'age365Plus']);

function AgeChart({ query }: { query: Parameters<typeof useAgeSummary>[0] }) {
  const { t } = useTranslation();
  const s = useAgeSummary(query);
  const d = s.data;
  return (
    <Card size="small" style={{ marginBottom: 12 }} data-testid="age-summary">
      <Typography.Text strong>
        {d
          ? t('inventory.age.summary', {
              skus: formatThousands(d.skus),
              total: formatThousands(d.total),
              share: formatPercent(d.agedShare),
            })
          : ' '}
      </Typography.Text>
      <LiteChart
        testId="age-chart"
        label={t('inventory.age.chart')}
        height={170}
        horizontal
        hasData={d !== undefined && d.total > 0}
        categories={AGE_BUCKETS.map((b) => t(`inventory.age.bucket.${b}`))}
        series={[
          {
            type: 'bar',
            name: t('inventory.column.total'),
            color: CHART_COLORS.revenue,
            values: AGE_BUCKETS.map((b) => d?.[b] ?? 0),
            opacity: AGE_BUCKETS.map((b) => (AGED.has(b) ? 1 : 0.45)),
          },
        ]}
        endLabel={(i) => formatThousands(d?.[AGE_BUCKETS[i] ?? 'age0To90'] ?? 0)}
        tooltip={(i) => {
          const b = AGE_BUCKETS[i];
          return b && d ? `${t(`inventory.age.bucket.${b}`)}: ${formatThousands(d[b])}` : null;
        }}
      />
    </Card>
  );
}

/** /inventoryAge: age buckets per seller SKU × warehouse, the aged share, a chart of the buckets, export. */
export default function InventoryAgePage() {
  const { t } = useTranslation();
  const list = useKitList(ep.listAges, inventoryKeys.ages);
  const { query } = list;
  const { pageNum: _n, pageSize: _s, ...filters } = query;
  const bucketColumns: KitColumn<AgeRow>[] = AGE_BUCKETS.map((b) => ({
    key: b,
    sortable: true,
    width: 96,
    align: 'right' as const,
    priority: AGED.has(b) ? ('key' as const) : undefined,
    title: t(`inventory.age.bucket.${b}`),
    render: (_: unknown, r: AgeRow) =>
      AGED.has(b) && r[b] > 0 ? <Typography.Text type="warning">{formatThousands(r[b])}</Typography.Text> : formatThousands(r[b]),
  }));
  return (
    <ListPage
      testId="page-inventory-age"
      texts="inventory.age"
      list={list}
      filters={[
        ...boardFilters(t),
        { kind: 'checkbox', key: 'agedOnly', label: t('inventory.age.agedOnly'), testId: 'age-aged-only' },
      ]}
      above={<AgeChart query={filters} />}
      toolbar={
        <Can permission="scm:inventory:age:export">
          <ExportButton label={t('inventory.export')} fetchFile={(o) => exportAges(query, o)} testId="age-export" />
        </Can>
      }
      columns={[
        ...listingColumns<AgeRow>(t),
        ...bucketColumns,
        {
          key: 'total',
          sortable: true,
          width: 90,
          align: 'right',
          title: t('inventory.column.total'),
          render: (_, r) => formatThousands(r.total),
        },
        {
          key: 'agedShare',
          sortable: true,
          priority: 'key',
          width: 90,
          align: 'right',
          title: t('inventory.column.agedShare'),
          render: (_, r) => formatPercent(r.agedShare),
        },
      ]}
      tableId="inventory.ages"
      rowKey={(r) => `${r.shopId}|${r.warehouseId}|${r.sku}`}
      tableTestId="age-table"
      emptyText={t('inventory.age.empty')}
    />
  );
}
