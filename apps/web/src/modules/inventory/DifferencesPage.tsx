import type { Difference } from '@bo/contract/inventory/ledger';
import * as ep from '@bo/contract/inventory/ledger';
import { Tag, Tooltip, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Can } from '../../shared/Can';
import { ExportButton } from '../../shared/components/ExportButton';
import { type KitColumn, ListPage } from '../../shared/kit/ListPage';
import { useKitList } from '../../shared/kit/use-list-query';
import { CountCell, MoneyCell } from '../../shared/table/NumberCells';
import { currencySymbol } from '../sales/shared/sales-format';
import { boardFilters, listingColumns } from './components/stock-columns';
import { exportDifferences, ledgerKeys } from './ledger.queries';

/** The link that opens one row's SKU on /inventory/detail, ending on its day. */
export const detailLink = (r: Pick<Difference, 'shopId' | 'warehouseId' | 'sku' | 'day'>) =>
  `/inventory/detail?${new URLSearchParams({ shopId: String(r.shopId), warehouseId: String(r.warehouseId), sku: r.sku, to: r.day })}`;

/** A signed difference: red when the snapshot lacks units, amber when it holds more than the ledger. */
function DifferenceCell({ r, t }: { r: Difference; t: TFunction }) {
  if (r.difference === null)
    return (
      <Tooltip title={t('ledger.dif.noBalance')}>
        <Typography.Text type="secondary">—</Typography.Text>
      </Tooltip>
    );
  const hint = t('ledger.dif.differenceHint', {
    onHand: r.onHand,
    fulfillable: r.fulfillable,
    reserved: r.reserved,
    ending: r.ledgerEnding,
  });
  return (
    <Tooltip title={hint}>
      <Tag
        color={r.difference < 0 ? 'error' : r.difference > 0 ? 'warning' : 'default'}
        data-testid={`dif-balance-${r.sku}-${r.day}`}
      >
        {r.difference > 0 ? `+${r.difference}` : r.difference}
      </Tag>
    </Tooltip>
  );
}

function differenceColumns(t: TFunction): KitColumn<Difference>[] {
  const count = (key: 'lost' | 'damaged', sortable = true): KitColumn<Difference> => ({
    key,
    sortable,
    width: 80,
    align: 'right',
    title: t(`ledger.column.${key}`),
    render: (_, r) => (r[key] > 0 ? <CountCell value={r[key]} /> : <Typography.Text type="secondary">0</Typography.Text>),
  });
  return [
    { key: 'day', sortable: true, priority: 'key', width: 100, title: t('ledger.column.day'), render: (_, r) => r.day },
    ...listingColumns<Difference>(t).filter((c) => c.key !== 'day'),
    {
      key: 'ledgerEnding',
      priority: 'detail',
      width: 100,
      align: 'right',
      title: t('ledger.column.ledgerEnding'),
      render: (_, r) => <CountCell value={r.ledgerEnding} />,
    },
    {
      key: 'onHand',
      priority: 'detail',
      width: 90,
      align: 'right',
      title: t('ledger.column.onHand'),
      render: (_, r) => <CountCell value={r.onHand} />,
    },
    {
      key: 'difference',
      sortable: true,
      priority: 'key',
      width: 90,
      align: 'right',
      title: t('ledger.column.difference'),
      render: (_, r) => <DifferenceCell r={r} t={t} />,
    },
    count('lost'),
    { ...count('damaged'), priority: 'detail' },
    {
      key: 'unitsAtStake',
      sortable: true,
      priority: 'key',
      width: 100,
      align: 'right',
      title: t('ledger.column.unitsAtStake'),
      render: (_, r) => <span data-testid={`dif-stake-${r.sku}-${r.day}`}>{r.unitsAtStake}</span>,
    },
    {
      key: 'amount',
      sortable: true,
      priority: 'key',
      width: 100,
      align: 'right',
      title: t('ledger.column.amount'),
      render: (_, r) => (
        <MoneyCell
          value={r.amount === null ? null : Number(r.amount)}
          symbol={r.currency ? currencySymbol(r.currency) : undefined}
        />
      ),
    },
    {
      key: 'open',
      priority: 'key',
      fixed: 'right',
      width: 70,
      title: t('ledger.column.open'),
      render: (_, r) => (
        <Link to={detailLink(r)} data-testid={`dif-open-${r.sku}-${r.day}`}>
          {t('ledger.column.open')}
        </Link>
      ),
    },
  ];
}

/** /inventory/difference: where the Inventory Ledger and the stock snapshot disagree, or units were lost or damaged. */
export default function DifferencesPage() {
  const { t } = useTranslation();
  const list = useKitList(ep.listDifferences, ledgerKeys.differences);
  return (
    <ListPage
      testId="page-inventory-difference"
      texts="ledger.dif"
      list={list}
      filters={[
        ...boardFilters(t),
        { kind: 'date-range', key: 'from', to: 'to', testId: 'dif-days' },
        {
          kind: 'segmented',
          key: 'type',
          testId: 'dif-type',
          options: [
            { value: '', label: t('ledger.dif.typeAll') },
            { value: 'balance', label: t('ledger.dif.typeBalance') },
            { value: 'lost', label: t('ledger.dif.typeLost') },
            { value: 'damaged', label: t('ledger.dif.typeDamaged') },
          ],
        },
      ]}
      toolbar={
        <Can permission="scm:inventory:difference:export">
          <ExportButton label={t('inventory.export')} fetchFile={(o) => exportDifferences(list.query, o)} testId="dif-export" />
        </Can>
      }
      columns={differenceColumns(t)}
      tableId="inventory.differences"
      rowKey={(r) => `${r.shopId}|${r.warehouseId}|${r.sku}|${r.day}`}
      tableTestId="dif-table"
      emptyText={t('ledger.dif.empty')}
    />
  );
}
