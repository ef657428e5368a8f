import type { Position } from '@bo/contract/inventory/inventory';
import * as ep from '@bo/contract/inventory/inventory';
import { InputNumber, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Can } from '../../shared/Can';
import { ExportButton } from '../../shared/components/ExportButton';
import { ListPage } from '../../shared/kit/ListPage';
import { useKitList } from '../../shared/kit/use-list-query';
import { boardFilters, listingColumns, positionColumns } from './components/stock-columns';
import { exportPositions, inventoryKeys } from './inventory.queries';

/** /inventoryMgr: the current position per seller SKU × warehouse, with days of cover; filters in the URL; export. */
export default function InventoryMgrPage() {
  const { t } = useTranslation();
  const list = useKitList(ep.listPositions, inventoryKeys.positions);
  const { query } = list;
  return (
    <ListPage
      testId="page-inventory-mgr"
      texts="inventory.mgr"
      list={list}
      filters={[
        ...boardFilters(t),
        {
          kind: 'segmented',
          key: 'stock',
          testId: 'stock-state',
          options: [
            { value: '', label: t('inventory.mgr.stockAll') },
            { value: 'out', label: t('inventory.mgr.stockOut') },
            { value: 'low', label: t('inventory.mgr.stockLow') },
          ],
        },
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
                data-testid="stock-cover-days"
              />
              <Typography.Text type="secondary">{t('inventory.mgr.coverUnit')}</Typography.Text>
            </Space>
          ),
        },
      ]}
      toolbar={
        <Can permission="scm:inventory:manage:export">
          <ExportButton label={t('inventory.export')} fetchFile={(o) => exportPositions(query, o)} testId="stock-export" />
        </Can>
      }
      columns={[...listingColumns<Position>(t), ...positionColumns(t, query.coverDays)]}
      tableId="inventory.positions"
      rowKey={(p) => `${p.shopId}|${p.warehouseId}|${p.sku}`}
      tableTestId="stock-table"
      emptyText={t('inventory.mgr.empty')}
    />
  );
}
