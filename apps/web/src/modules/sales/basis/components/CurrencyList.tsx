import { MARKETS } from '@bo/contract';
import type { CurrencySummary } from '@bo/contract/sales/sales-basis';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FitTable } from '../../../../shared/table/FitTable';
import { formatRate, rateChange } from '../basis-view';

interface Props {
  currencies: readonly CurrencySummary[];
  selected: string;
  onSelect: (currency: string) => void;
}

const codes = (ids: readonly number[]) => ids.map((id) => MARKETS.find((m) => m.id === id)?.code ?? String(id));

/** Every marketplace currency with its current rate; a click opens its history. */
export function CurrencyList({ currencies, selected, onSelect }: Props) {
  const { t } = useTranslation();
  return (
    // Beside the rate history at 1280 px (about 346 px): the three columns are the list, all key.
    <FitTable<CurrencySummary>
      tableId="sales.basis.currencies"
      rowKey="currency"
      size="small"
      pagination={false}
      dataSource={[...currencies]}
      data-testid="currency-list"
      rowClassName={(r) => (r.currency === selected ? 'bo-basis-selected' : 'bo-basis-clickable')}
      onRow={(r) => ({ onClick: () => onSelect(r.currency), 'data-testid': `currency-${r.currency}` })}
      columns={[
        {
          key: 'currency',
          title: t('salesBasis.rates.currency'),
          dataIndex: 'currency',
          priority: 'key',
          width: 96,
          render: (c: string, r) => (
            <div>
              <strong>{c}</strong>
              <div>
                {codes(r.marketIds).map((code) => (
                  <Tag key={code} bordered={false} className="bo-basis-market-tag">
                    {code}
                  </Tag>
                ))}
              </div>
            </div>
          ),
        },
        {
          key: 'current',
          title: t('salesBasis.rates.current'),
          priority: 'key',
          width: 138,
          align: 'right',
          render: (_: unknown, r) =>
            r.current ? (
              <div className="bo-sales-num">
                <div data-testid={`currency-${r.currency}-rate`}>{formatRate(r.current.rate)}</div>
                <Typography.Text type="secondary" className="bo-basis-small">
                  {t('salesBasis.rates.since', { day: r.current.effectiveFrom })}
                </Typography.Text>
              </div>
            ) : (
              <Typography.Text type="warning">{t('salesBasis.rates.none')}</Typography.Text>
            ),
        },
        {
          key: 'change',
          title: t('salesBasis.rates.change'),
          priority: 'key',
          width: 106,
          align: 'right',
          render: (_: unknown, r) => {
            const change = rateChange(r.current?.rate, r.previous?.rate);
            if (change === null) return <Typography.Text type="secondary">—</Typography.Text>;
            return <span className="bo-sales-num">{change}</span>;
          },
        },
      ]}
    />
  );
}
