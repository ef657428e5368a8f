import type { Position } from '@bo/contract/inventory/inventory';
import * as ep from '@bo/contract/inventory/inventory';
import { InputNumber, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '../../shared/Can';
import { ExportButton } from '../../shared/components/ExportButton';
import { ListPage } from '../../shared/kit/ListPage';
import { useListQuery } from '../../shared/kit/use-list-query';
import { StockHistoryDrawer } from './components/StockHistoryDrawer';
import { boardFilters, listingColumns, positionColumns } from './components/stock-columns';
import { exportMonitor, inventoryKeys } from './inventory.queries';

/** /inventoryMonitor: SKUs out of stock or under N days of cover; a row opens its last 60 days of stock against sales. */
export default function InventoryMonitorPage() {
  const { t } = useTranslation();
  const list = useListQuery(ep.listMonitor.query);
  const { query } = list;
  const [open, setOpen] = useState<Position | null>(null);
  return (
    <>
      <ListPage
        testId="page-inventory-monitor"
        title={t('inventory.monitor.title')}
        subtitle={t('inventory.monitor.subtitle')}
        endpoint={ep.listMonitor}
        state={list}
        keyPrefix={inventoryKeys.monitor}
        filters={[
          ...boardFilters(t),
          {
            kind: 'custom',
            key: 'coverDays',
            render: (value, onChange) => (
              <Space size={4}>
                <Typography.Text type="secondary">{t('inventory.mgr.coverDays')}</Typography.Text>
                <InputNumber
                  min={1}
                  max={365}
                  value={value as number}
                  onChange={(v) => onChange(v ?? undefined)}
                  style={{ width: 72 }}
                  data-testid="monitor-cover-days"
                />
                <Typography.Text type="secondary">{t('inventory.mgr.coverUnit')}</Typography.Text>
              </Space>
            ),
          },
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
