import * as ep from '@bo/contract/inventory/shipments';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../shared/kit/ListPage';
import { useKitList } from '../../../shared/kit/use-list-query';
import { lineColumns } from './components/line-columns';
import { searchAndShop } from './components/list-filters';
import { shipmentKeys } from './shipments.queries';

/** /shipmentSearch: shipment lines found by shipment id, tracking, carrier, plan or SKU. */
export default function ShipmentSearchPage() {
  const { t } = useTranslation();
  const list = useKitList(ep.searchShipments, shipmentKeys.lines);
  return (
    <ListPage
      testId="page-shipment-search"
      texts="shipments.lookup"
      list={list}
      filters={[
        ...searchAndShop(t, { placeholder: t('shipments.search'), width: 300, testId: 'lookup-search' }),
        { kind: 'market', key: 'marketId', placeholder: t('shipments.allMarkets'), width: 140 },
      ]}
      columns={lineColumns(t)}
      tableId="shipments.lookup"
      rowKey="lineId"
      tableTestId="lookup-table"
      emptyText={t('shipments.lookup.empty')}
    />
  );
}
