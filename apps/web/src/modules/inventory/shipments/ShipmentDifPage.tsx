import type { ShipmentLineRow } from '@bo/contract/inventory/shipments';
import * as ep from '@bo/contract/inventory/shipments';
import { Button, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Can } from '../../../shared/Can';
import { useNotify } from '../../../shared/components/use-notify';
import { type KitColumn, ListPage } from '../../../shared/kit/ListPage';
import { useKitList } from '../../../shared/kit/use-list-query';
import { lineColumns } from './components/line-columns';
import { searchAndShop } from './components/list-filters';
import { shipmentKeys, useRaiseClaim } from './shipments.queries';

/** /shipmentDif: received lines that arrived short; each difference becomes an FBA claim. */
export default function ShipmentDifPage() {
  const { t } = useTranslation();
  const notify = useNotify();
  const list = useKitList(ep.listDifferences, shipmentKeys.differences);
  const raise = useRaiseClaim();
  const columns: KitColumn<ShipmentLineRow>[] = [
    ...lineColumns(t),
    {
      key: 'difference',
      priority: 'key',
      width: 80,
      align: 'right',
      title: t('shipments.column.difference'),
      render: (_, r) => (
        <Tag color="error" data-testid={`dif-${r.lineId}`}>
          {r.difference}
        </Tag>
      ),
    },
    {
      key: 'claim',
      priority: 'key',
      fixed: 'right',
      width: 120,
      title: t('shipments.column.claim'),
      render: (_, r) =>
        r.claimId !== null ? (
          <Link to={`/fbaClaim/detail?id=${r.claimId}`} data-testid={`dif-claim-${r.lineId}`}>
            {t('shipments.dif.openClaim', { id: r.claimId })}
          </Link>
        ) : (
          <Can permission="scm:shipment:difference:edit">
            <Button
              size="small"
              loading={raise.isPending && raise.variables === r.lineId}
              onClick={() =>
                void raise
                  .mutateAsync(r.lineId)
                  .then(() => notify.success(t('shipments.dif.raised', { sku: r.sku })))
                  .catch(notify.failure)
              }
              data-testid={`dif-raise-${r.lineId}`}
            >
              {t('shipments.dif.raise')}
            </Button>
          </Can>
        ),
    },
  ];
  return (
    <ListPage
      testId="page-shipment-dif"
      texts="shipments.dif"
      list={list}
      filters={[
        ...searchAndShop(t, { placeholder: t('shipments.search'), width: 260, testId: 'dif-search' }),
        {
          kind: 'segmented',
          key: 'claim',
          options: [
            { value: '', label: t('shipments.dif.claimAll') },
            { value: 'without', label: t('shipments.dif.claimWithout') },
            { value: 'with', label: t('shipments.dif.claimWith') },
          ],
          testId: 'dif-claim-filter',
        },
      ]}
      columns={columns}
      tableId="shipments.differences"
      rowKey="lineId"
      tableTestId="dif-table"
      emptyText={t('shipments.dif.empty')}
    />
  );
}
