import type { Marketplace } from '@bo/contract/sales/sales-basis';
import { useQuery } from '@tanstack/react-query';
import { Empty, Tag, Tooltip, Typography } from 'antd';
import { QueryStates } from '../../../../shared/components/QueryStates';
import { useTexts } from '../../../../shared/i18n/lang';
import { FitTable } from '../../../../shared/table/FitTable';
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
  const { t, lang } = useTexts();
  const markets = useQuery(marketplacesQuery());
  return (
    <>
      <Typography.Paragraph type="secondary">{t('salesBasis.markets.hint')}</Typography.Paragraph>
      <QueryStates pending={markets.isPending} error={markets.error} onRetry={() => void markets.refetch()}>
        {/* At 1280 px: the marketplace, its currency and its shops; the time zone and the ID when room allows. */}
        <FitTable<Marketplace>
          tableId="sales.basis.markets"
          rowKey="id"
          size="middle"
          pagination={false}
          dataSource={markets.data ?? []}
          data-testid="markets-table"
          columns={[
            { key: 'id', title: t('salesBasis.markets.id'), dataIndex: 'id', priority: 'detail', width: 60, align: 'right' },
            {
              key: 'code',
              title: t('salesBasis.markets.market'),
              dataIndex: 'code',
              priority: 'key',
              width: 200,
              ellipsis: true,
              render: (code: string, m) => (
                <span>
                  <strong>{code}</strong> {lang === 'zh-CN' ? m.nameZh : m.nameEn}
                </span>
              ),
            },
            { key: 'currency', title: t('salesBasis.markets.currency'), dataIndex: 'currency', priority: 'key', width: 90 },
            {
              key: 'timeZone',
              title: t('salesBasis.markets.timeZone'),
              dataIndex: 'timeZone',
              width: 240,
              ellipsis: true,
              render: (tz: string) => (
                <span>
                  {tz} <Typography.Text type="secondary">({utcOffset(tz)})</Typography.Text>
                </span>
              ),
            },
            {
              key: 'shops',
              title: t('salesBasis.markets.shops'),
              dataIndex: 'shops',
              priority: 'key',
              width: 380,
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
