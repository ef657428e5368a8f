import type { DullRow } from '@bo/contract/inventory/replenish';
import * as ep from '@bo/contract/inventory/replenish';
import { Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../shared/Can';
import { ExportButton } from '../../../shared/components/ExportButton';
import { formatThousands } from '../../../shared/format';
import { type KitColumn, ListPage } from '../../../shared/kit/ListPage';
import { useKitList } from '../../../shared/kit/use-list-query';
import { boardFilters, numberFilter } from '../components/stock-columns';
import { DemandCell, skuShopColumns } from './advice-cells';
import { exportDull, replenishKeys } from './replenish.queries';

/** /dullBoard: FBA stock covering more than N days (default 120) or holding units older than 180 days, with the aged fee it runs up. */
export default function DullBoardPage() {
  const { t } = useTranslation();
  const list = useKitList(ep.listDull, replenishKeys.dull);
  const { query } = list;
  const n = formatThousands;
  const columns: KitColumn<DullRow>[] = [
    ...skuShopColumns<DullRow>(t, 'dull'),
    {
      key: 'onHand',
      sortable: true,
      priority: 'key',
      width: 90,
      align: 'right',
      title: t('replenish.dull.onHand'),
      render: (_, r) => n(r.onHand),
    },
    {
      key: 'dailyDemand',
      width: 90,
      align: 'right',
      title: t('replenish.column.demand'),
      render: (_, r) => <DemandCell r={r} />,
    },
    {
      key: 'daysOfCover',
      sortable: true,
      priority: 'key',
      width: 100,
      align: 'right',
      title: t('replenish.column.cover'),
      render: (_, r) =>
        r.daysOfCover === null ? (
          <Tag color="error">{t('replenish.dull.noDemand')}</Tag>
        ) : r.daysOfCover > query.coverDays ? (
          <Tag color="warning">{t('inventory.days', { n: r.daysOfCover })}</Tag>
        ) : (
          t('inventory.days', { n: r.daysOfCover })
        ),
    },
    {
      key: 'age181To270',
      priority: 'detail',
      width: 90,
      align: 'right',
      title: t('replenish.dull.a181'),
      render: (_, r) => n(r.age181To270),
    },
    {
      key: 'age271To365',
      priority: 'detail',
      width: 90,
      align: 'right',
      title: t('replenish.dull.a271'),
      render: (_, r) => n(r.age271To365),
    },
    {
      key: 'age365Plus',
      priority: 'detail',
      width: 90,
      align: 'right',
      title: t('replenish.dull.a365'),
      render: (_, r) => n(r.age365Plus),
    },
    {
      key: 'aged',
      sortable: true,
      priority: 'key',
      width: 90,
      align: 'right',
      title: t('replenish.dull.aged'),
      render: (_, r) => n(r.aged),
    },
    {
      key: 'agedFee',
      sortable: true,
      priority: 'key',
      width: 120,
      align: 'right',
      title: t('replenish.dull.fee'),
      render: (_, r) =>
        r.agedFee === null ? (
          <Tooltip title={t('replenish.dull.noDimensions')}>
            <Typography.Text type="secondary">—</Typography.Text>
          </Tooltip>
        ) : (
          <span data-testid={`dull-fee-${r.sku}-${r.shopId}`}>${r.agedFee.toFixed(2)}</span>
        ),
    },
  ];
  return (
    <ListPage
      testId="page-dull-board"
      texts="replenish.dull"
      list={list}
      filters={[
        ...boardFilters(t),
        numberFilter('coverDays', {
          label: t('replenish.dull.coverOver'),
          unit: t('inventory.mgr.coverUnit'),
          min: 1,
          max: 3650,
          width: 80,
          testId: 'dull-cover-days',
        }),
      ]}
      toolbar={
        <Can permission="scm:inventory:dull:export">
          <ExportButton label={t('replenish.export')} fetchFile={(o) => exportDull(query, o)} testId="dull-export" />
        </Can>
      }
      columns={columns}
      tableId="inventory.dull"
      rowKey={(r) => `${r.shopId}|${r.listingId}`}
      tableTestId="dull-table"
      emptyText={t('replenish.dull.empty')}
    />
  );
}
