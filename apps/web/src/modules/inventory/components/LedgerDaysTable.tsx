/** One SKU's days on /inventory/detail: the snapshot, the ledger's movements, the running balance and the difference. */
import type { DetailDay, LedgerMovement } from '@bo/contract/inventory/ledger';
import { Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type FitColumnType, FitTable } from '../../../shared/table/FitTable';
import { CountCell } from '../../../shared/table/NumberCells';

const NONE = <Typography.Text type="secondary">—</Typography.Text>;

/** The movements a planner reads first are `normal`; the rare ones show when there is room. */
const MOVEMENTS: { key: LedgerMovement; priority: 'normal' | 'detail' }[] = [
  { key: 'receipts', priority: 'normal' },
  { key: 'customerShipments', priority: 'normal' },
  { key: 'customerReturns', priority: 'normal' },
  { key: 'transfers', priority: 'detail' },
  { key: 'vendorReturns', priority: 'detail' },
  { key: 'found', priority: 'normal' },
  { key: 'lost', priority: 'normal' },
  { key: 'damaged', priority: 'normal' },
  { key: 'disposed', priority: 'detail' },
  { key: 'otherEvents', priority: 'detail' },
  { key: 'unknownEvents', priority: 'detail' },
];

export function LedgerDaysTable({ days }: { days: readonly DetailDay[] }) {
  const { t } = useTranslation();
  const count = (v: number | null | undefined) => (v === null || v === undefined ? NONE : <CountCell value={v} />);
  const columns: FitColumnType<DetailDay>[] = [
    { key: 'day', priority: 'key', width: 100, title: t('ledger.column.day'), render: (_, d) => d.day },
    {
      key: 'onHand',
      priority: 'key',
      width: 90,
      align: 'right',
      title: t('ledger.column.onHand'),
      render: (_, d) =>
        d.onHand === null ? (
          NONE
        ) : (
          <Tooltip title={`${t('ledger.column.fulfillable')} ${d.fulfillable} + ${t('ledger.column.reserved')} ${d.reserved}`}>
            <span>
              <CountCell value={d.onHand} />
            </span>
          </Tooltip>
        ),
    },
    ...MOVEMENTS.map(
      ({ key, priority }): FitColumnType<DetailDay> => ({
        key,
        priority,
        width: 80,
        align: 'right',
        title: t(`ledger.column.${key}`),
        render: (_, d) => (d.ledger ? count(d.ledger[key]) : NONE),
      }),
    ),
    {
      key: 'net',
      priority: 'normal',
      width: 80,
      align: 'right',
      title: t('ledger.column.net'),
      render: (_, d) =>
        d.ledger ? count(d.ledger.net) : <Typography.Text type="secondary">{t('ledger.detail.noLedger')}</Typography.Text>,
    },
    {
      key: 'ending',
      priority: 'key',
      width: 100,
      align: 'right',
      title: t('ledger.column.ending'),
      render: (_, d) =>
        d.ledger?.view === 'detailed' ? (
          <Tooltip title={t('ledger.detail.detailed')}>{NONE}</Tooltip>
        ) : (
          count(d.ledger?.endingBalance)
        ),
    },
    {
      key: 'running',
      priority: 'key',
      width: 90,
      align: 'right',
      title: t('ledger.column.running'),
      render: (_, d) => count(d.runningBalance),
    },
    {
      key: 'difference',
      priority: 'key',
      width: 90,
      align: 'right',
      title: t('ledger.column.difference'),
      render: (_, d) =>
        d.difference === null ? (
          NONE
        ) : d.difference === 0 ? (
          <Typography.Text type="secondary">0</Typography.Text>
        ) : (
          <Tag color={d.difference < 0 ? 'error' : 'warning'} data-testid={`detail-difference-${d.day}`}>
            {d.difference > 0 ? `+${d.difference}` : d.difference}
          </Tag>
        ),
    },
  ];
  return (
    <FitTable<DetailDay>
      tableId="inventory.ledger.days"
      size="small"
      rowKey="day"
      columns={columns}
      dataSource={[...days].reverse()}
      pagination={{ pageSize: 31, hideOnSinglePage: true, showSizeChanger: false }}
      data-testid="detail-days"
    />
  );
}
