import { MARKETS } from '@bo/contract';
import type { CurrencySummary } from '@bo/contract/sales/sales-basis';
import { Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
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
    <Table<CurrencySummary>
      rowKey="currency"
      size="small"
      pagination={false}
      dataSource={[...currencies]}
      data-testid="currency-list"
      rowClassName={(r) => (r.currency === selected ? 'bo-basis-selected' : 'bo-basis-clickable')}
      onRow={(r) => ({ onClick: () => onSelect(r.currency), 'data-testid': `currency-${r.currency}` })}
      columns={[
        {
          title: t('salesBasis.rates.currency'),
          dataIndex: 'currency',
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
          title: t('salesBasis.rates.current'),
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
          title: t('salesBasis.rates.change'),
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
