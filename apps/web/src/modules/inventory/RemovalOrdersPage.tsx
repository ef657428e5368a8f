import type { RemovalLine } from '@bo/contract/inventory/removals';
import * as ep from '@bo/contract/inventory/removals';
import { REMOVAL_STATUSES, REMOVAL_TYPES } from '@bo/contract/inventory/removals';
import { Button, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Can } from '../../shared/Can';
import { ExportButton } from '../../shared/components/ExportButton';
import { SkuCell } from '../../shared/components/SkuCell';
import { type KitColumn, ListPage } from '../../shared/kit/ListPage';
import { useKitList } from '../../shared/kit/use-list-query';
import { shopLabel } from '../../shared/markets/markets';
import { CountCell, MoneyCell } from '../../shared/table/NumberCells';
import { useLatestSearchParams } from '../../shared/url-state';
import { currencySymbol } from '../sales/shared/sales-format';
import { RemovalOrderDrawer, RemovalStatusTag } from './components/RemovalOrderDrawer';
import { exportRemovals, removalKeys } from './ledger.queries';

function removalColumns(t: TFunction, open: (r: RemovalLine) => void): KitColumn<RemovalLine>[] {
  const count = (
    key: 'requested' | 'cancelled' | 'disposed' | 'shipped',
    priority: 'key' | 'normal' | 'detail',
  ): KitColumn<RemovalLine> => ({
    key,
    sortable: key === 'requested',
    priority,
    width: 80,
    align: 'right',
    title: t(`removals.column.${key}`),
    render: (_, r) => <CountCell value={r[key]} />,
  });
  return [
    {
      key: 'requestDate',
      sortable: true,
      priority: 'key',
      width: 100,
      title: t('removals.column.requestDate'),
      render: (_, r) => r.requestDate,
    },
    {
      key: 'orderId',
      priority: 'key',
      width: 150,
      title: t('removals.column.orderId'),
      render: (_, r) => (
        <Button
          type="link"
          size="small"
          style={{ padding: 0 }}
          onClick={() => open(r)}
          data-testid={`removal-open-${r.orderId}-${r.sku}`}
        >
          {r.orderId}
        </Button>
      ),
    },
    {
      key: 'sku',
      sortable: true,
      priority: 'key',
      width: 210,
      title: t('removals.column.sku'),
      render: (_, r) => (
        <SkuCell r={{ ...r, asin: r.fnsku, model: r.disposition }} testId={`removal-sku-${r.orderId}-${r.sku}`} />
      ),
    },
    {
      key: 'shop',
      priority: 'normal',
      width: 140,
      title: t('removals.column.shop'),
      render: (_, r) => shopLabel(r.shopName, r.marketId),
    },
    { key: 'type', priority: 'key', width: 90, title: t('removals.column.type'), render: (_, r) => t(`removals.type.${r.type}`) },
    {
      key: 'status',
      priority: 'key',
      width: 100,
      title: t('removals.column.status'),
      render: (_, r) => <RemovalStatusTag status={r.status} />,
    },
    count('requested', 'key'),
    count('shipped', 'normal'),
    count('disposed', 'detail'),
    count('cancelled', 'detail'),
    {
      key: 'inProcess',
      sortable: true,
      priority: 'key',
      width: 90,
      align: 'right',
      title: t('removals.column.inProcess'),
      render: (_, r) =>
        r.inProcess > 0 ? (
          <Typography.Text strong data-testid={`removal-in-process-${r.orderId}-${r.sku}`}>
            {r.inProcess}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">0</Typography.Text>
        ),
    },
    {
      key: 'removalFee',
      sortable: true,
      priority: 'normal',
      width: 100,
      align: 'right',
      title: t('removals.column.removalFee'),
      render: (_, r) => (
        <MoneyCell
          value={r.removalFee === null ? null : Number(r.removalFee)}
          symbol={r.currency ? currencySymbol(r.currency) : undefined}
        />
      ),
    },
    {
      key: 'shipments',
      priority: 'detail',
      width: 70,
      align: 'right',
      title: t('removals.column.shipments'),
      render: (_, r) => r.shipments,
    },
    {
      key: 'lastUpdated',
      sortable: true,
      priority: 'detail',
      width: 150,
      title: t('removals.column.lastUpdated'),
      render: (_, r) => r.lastUpdated?.replace('T', ' ').replace('Z', '') ?? '—',
    },
  ];
}

/** /fbaRemoveOrderMgr (`?order=&orderShop=` opens an order): removal order lines, filters in the URL, export, the order's drawer. */
export default function RemovalOrdersPage() {
  const { t } = useTranslation();
  const list = useKitList(ep.listRemovals, removalKeys.list);
  const [params, setParams] = useLatestSearchParams();
  const orderId = params.get('order');
  const orderShop = Number(params.get('orderShop'));
  const opened = orderId && orderShop > 0 ? { shopId: orderShop, orderId } : null;
  const openOrder = (o: { shopId: number; orderId: string } | null) =>
    setParams(
      (p) => {
        if (o === null) {
          p.delete('order');
          p.delete('orderShop');
        } else {
          p.set('order', o.orderId);
          p.set('orderShop', String(o.shopId));
        }
        return p;
      },
      { replace: true },
    );
  return (
    <>
      <ListPage
        testId="page-removal-orders"
        texts="removals"
        list={list}
        filters={[
          {
            kind: 'text',
            key: 'keyword',
            placeholder: t('removals.search'),
            maxLength: 64,
            width: 220,
            testId: 'removal-search',
          },
          { kind: 'shop', key: 'shopId', placeholder: t('inventory.allShops'), width: 170, testId: 'removal-shop' },
          { kind: 'market', key: 'marketId', placeholder: t('inventory.allMarkets'), width: 130, testId: 'removal-market' },
          {
            kind: 'select',
            key: 'type',
            placeholder: t('removals.allTypes'),
            width: 130,
            testId: 'removal-type',
            options: REMOVAL_TYPES.map((x) => ({ value: x, label: t(`removals.type.${x}`) })),
          },
          {
            kind: 'select',
            key: 'status',
            placeholder: t('removals.allStatuses'),
            width: 130,
            testId: 'removal-status',
            options: REMOVAL_STATUSES.map((x) => ({ value: x, label: t(`removals.status.${x}`) })),
          },
          { kind: 'date-range', key: 'from', to: 'to', testId: 'removal-days' },
        ]}
        toolbar={
          <>
            <Can permission="scm:inventory:upload:import">
              <Link to="/inventoryUpload" data-testid="removal-upload">
                {t('removals.upload')}
              </Link>
            </Can>
            <Can permission="scm:fba:removeOrder:export">
              <ExportButton
                label={t('inventory.export')}
                fetchFile={(o) => exportRemovals(list.query, o)}
                testId="removal-export"
              />
            </Can>
          </>
        }
        columns={removalColumns(t, (r) => openOrder({ shopId: r.shopId, orderId: r.orderId }))}
        tableId="inventory.removals"
        rowKey={(r) => `${r.shopId}|${r.orderId}|${r.sku}|${r.disposition}`}
        tableTestId="removal-table"
        emptyText={t('removals.empty')}
      />
      <RemovalOrderDrawer order={opened} onClose={() => openOrder(null)} />
    </>
  );
}
