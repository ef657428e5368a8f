import type { Position } from '@bo/contract/inventory/inventory';
import * as ep from '@bo/contract/inventory/inventory';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '../../shared/Can';
import { ExportButton } from '../../shared/components/ExportButton';
import { ListPage } from '../../shared/kit/ListPage';
import { useKitList } from '../../shared/kit/use-list-query';
import { StockHistoryDrawer } from './components/StockHistoryDrawer';
import { boardFilters, listingColumns, numberFilter, positionColumns } from './components/stock-columns';
import { exportMonitor, inventoryKeys } from './inventory.queries';

/** /inventoryMonitor: SKUs out of stock or under N days of cover; a row opens its last 60 days of stock against sales. */
export default function InventoryMonitorPage() {
  const { t } = useTranslation();
  const list = useKitList(ep.listMonitor, inventoryKeys.monitor);
  const { query } = list;
  const [open, setOpen] = useState<Position | null>(null);
  return (
    <>
      <ListPage
        testId="page-inventory-monitor"
        texts="inventory.monitor"
        list={list}
        filters={[
          ...boardFilters(t),
          numberFilter('coverDays', {
            label: t('inventory.mgr.coverDays'),
            unit: t('inventory.mgr.coverUnit'),
            min: 1,
            max: 365,
            testId: 'monitor-cover-days',
          }),
        ]}
        toolbar={
          <Can permission="scm:inventory:monitor:export">
            <ExportButton label={t('inventory.export')} fetchFile={(o) => exportMonitor(query, o)} testId="monitor-export" />
          </Can>
        }
        columns={[...listingColumns<Position>(t), ...positionColumns(t, query.coverDays)]}
        tableId="inventory.monitor"
        rowKey={(p) => `${p.shopId}|${p.warehouseId}|${p.sku}`}
        tableTestId="monitor-table"
        tableProps={{ onRow: (p) => ({ onClick: () => setOpen(p), style: { cursor: 'pointer' } }) }}
        emptyText={t('inventory.monitor.empty')}
      />
      <StockHistoryDrawer position={open} onClose={() => setOpen(null)} />
    </>
  );
}
