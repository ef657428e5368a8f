import type { Marketplace } from '@bo/contract/sales/sales-basis';
import { useQuery } from '@tanstack/react-query';
import { Empty, Table, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryStates } from '../../../../shared/components/QueryStates';
import { useLang } from '../../../../shared/i18n/lang';
import { marketplacesQuery } from '../sales-basis.queries';

/** The current UTC offset of a time zone, e.g. "UTC+9" (daylight saving follows the date). */
export function utcOffset(timeZone: string, at = new Date()): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'shortOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
  return part ? part.replace('GMT', 'UTC').replace(/^UTC$/, 'UTC±0') : timeZone;
}

/** The 13 marketplaces of spec §3: reference data fixed in the contract, with the company's shops in each. */
export function MarketplacesTab() {
  const { t } = useTranslation();
  const lang = useLang();
  const markets = useQuery(marketplacesQuery());
  return (
    <>
      <Typography.Paragraph type="secondary">{t('salesBasis.markets.hint')}</Typography.Paragraph>
      <QueryStates pending={markets.isPending} error={markets.error} onRetry={() => void markets.refetch()}>
        <Table<Marketplace>
          rowKey="id"
          size="middle"
          pagination={false}
          dataSource={markets.data ?? []}
          data-testid="markets-table"
          columns={[
            { title: t('salesBasis.markets.id'), dataIndex: 'id', width: 70, align: 'right' },
            {
              title: t('salesBasis.markets.market'),
              dataIndex: 'code',
              width: 200,
              render: (code: string, m) => (
                <span>
                  <strong>{code}</strong> {lang === 'zh-CN' ? m.nameZh : m.nameEn}
                </span>
              ),
            },
            { title: t('salesBasis.markets.currency'), dataIndex: 'currency', width: 90 },
            {
              title: t('salesBasis.markets.timeZone'),
              dataIndex: 'timeZone',
              width: 280,
              render: (tz: string) => (
                <span>
                  {tz} <Typography.Text type="secondary">({utcOffset(tz)})</Typography.Text>
                </span>
              ),
            },
            {
              title: t('salesBasis.markets.shops'),
              dataIndex: 'shops',
              render: (shops: Marketplace['shops']) =>
                shops.length ? (
                  shops.map((s) => (
                    <Tooltip key={s.id} title={s.sellerId ? `${t('salesBasis.markets.seller')} ${s.sellerId}` : undefined}>
                      <Tag color={s.authState === 1 ? 'blue' : undefined}>
                        {s.name}
                        {s.authState === 2
                          ? ` · ${t('salesBasis.markets.removed')}`
                          : s.authState === 0
                            ? ` · ${t('salesBasis.markets.notAuthorised')}`
                            : ''}
                      </Tag>
                    </Tooltip>
                  ))
                ) : (
                  <Empty
                    image={Empty.PRESENTED_IMAGE_SIMPLE}
                    description={t('salesBasis.markets.noShops')}
                    className="bo-basis-inline-empty"
                  />
                ),
            },
          ]}
        />
      </QueryStates>
    </>
  );
}
