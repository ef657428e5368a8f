import * as ep from '@bo/contract/supplyboards/boards';
import { Typography } from 'antd';
import { useTexts } from '../../shared/i18n/lang';
import { ListPage } from '../../shared/kit/ListPage';
import { useKitList } from '../../shared/kit/use-list-query';
import { DeliverySummary } from './components/DeliverySummary';
import { boardFilters, boardShipmentColumns } from './components/shipment-columns';
import { supplyBoardKeys } from './supplyboards.queries';

/** /deliveryDashboard: planned, shipped and received per marketplace and week, then each open shipment's receipt progress. */
export default function DeliveryDashboardPage() {
  const { t } = useTexts();
  const list = useKitList(ep.receiptProgress, supplyBoardKeys.progress);
  const { shopId, marketId } = list.query;
  return (
    <ListPage
      testId="page-delivery-dashboard"
      texts="supplyBoards.delivery"
      list={list}
      filters={boardFilters(t, 'delivery')}
      above={
        <>
          <DeliverySummary query={{ shopId, marketId }} />
          <Typography.Title level={5}>{t('supplyBoards.delivery.progressTitle')}</Typography.Title>
        </>
      }
      columns={boardShipmentColumns(t, { progress: true })}
      tableId="supplyBoards.progress"
      rowKey="planId"
      tableTestId="progress-table"
      emptyText={t('supplyBoards.delivery.progressEmpty')}
    />
  );
}
