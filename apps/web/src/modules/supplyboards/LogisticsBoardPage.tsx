import * as ep from '@bo/contract/supplyboards/boards';
import { Typography } from 'antd';
import { useTexts } from '../../shared/i18n/lang';
import { ListPage } from '../../shared/kit/ListPage';
import { useKitList } from '../../shared/kit/use-list-query';
import { LogisticsSummary } from './components/LogisticsSummary';
import { boardFilters, boardShipmentColumns } from './components/shipment-columns';
import { supplyBoardKeys } from './supplyboards.queries';

/** /logisticsBoard: the KPI cards and arrivals per week of the caller's shops, then the late shipments (server-paged). */
export default function LogisticsBoardPage() {
  const { t } = useTexts();
  const list = useKitList(ep.lateShipments, supplyBoardKeys.late);
  const { shopId, marketId } = list.query;
  return (
    <ListPage
      testId="page-logistics-board"
      texts="supplyBoards.logistics"
      list={list}
      filters={boardFilters(t, 'logistics')}
      above={
        <>
          <LogisticsSummary query={{ shopId, marketId }} />
          <Typography.Title level={5}>{t('supplyBoards.logistics.lateTable')}</Typography.Title>
        </>
      }
      columns={boardShipmentColumns(t, { progress: false })}
      tableId="supplyBoards.late"
      rowKey="planId"
      tableTestId="late-table"
      emptyText={t('supplyBoards.logistics.lateEmpty')}
    />
  );
}
