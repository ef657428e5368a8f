/**
 * A project's advertising, per listing of the SKUs or models it names, in the caller's shops:
 * impressions, clicks, spend, sales, ACoS and orders, the same figures as the PPC board's SKU
 * list for the same days (GET ppc/rest/v4/project/skuPerform). From the launch day (at most a
 * year back) to yesterday, or a chosen range.
 */
import type { EndpointData } from '@bo/contract';
import type { projectSkuPerform } from '@bo/contract/projects/projects';
import { Button, Col, DatePicker, Empty, Flex, Row, Space, Statistic, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatCount, formatPercent } from '../../../shared/format';
import { MarketTag } from '../../../shared/markets/MarketTag';
import type { FitColumnType } from '../../../shared/table/FitTable';
import { QueryTable } from '../../../shared/table/QueryTable';
import { useProjectAds } from '../projects.queries';

type Ads = EndpointData<typeof projectSkuPerform>;
type AdsRow = Ads['list'][number];
const DAY = 'YYYY-MM-DD';

export function ProjectAdsPanel({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const ads = useProjectAds(projectId, range);
  const d = ads.data;
  const money = (v: number) => `$${formatAmount(v)}`;

  const columns: FitColumnType<AdsRow>[] = [
    { key: 'sku', title: t('projectData.ads.sku'), width: 170, priority: 'key', render: (_, r) => r.sku },
    {
      key: 'matchedBy',
      title: t('projectData.ads.matchedBy'),
      width: 110,
      render: (_, r) => (r.matchedBy === r.sku ? t('projectData.ads.bySku') : r.matchedBy),
    },
    { key: 'shop', title: t('projectData.ads.shop'), width: 150, render: (_, r) => r.shopName },
    { key: 'market', title: t('projectData.ads.market'), width: 70, render: (_, r) => <MarketTag marketId={r.marketId} /> },
    {
      key: 'impressions',
      title: t('projectData.ads.impressions'),
      width: 100,
      align: 'right',
      render: (_, r) => formatCount(r.impressions),
    },
    { key: 'clicks', title: t('projectData.ads.clicks'), width: 80, align: 'right', render: (_, r) => formatCount(r.clicks) },
    { key: 'ctr', title: 'CTR', width: 72, align: 'right', render: (_, r) => formatPercent(r.ctr) },
    {
      key: 'spend',
      title: t('projectData.ads.spend'),
      width: 100,
      align: 'right',
      priority: 'key',
      render: (_, r) => money(r.spend),
    },
    {
      key: 'sales',
      title: t('projectData.ads.sales'),
      width: 110,
      align: 'right',
      priority: 'key',
      render: (_, r) => money(r.sales),
    },
    { key: 'acos', title: 'ACoS', width: 76, align: 'right', priority: 'key', render: (_, r) => formatPercent(r.acos) },
    { key: 'orders', title: t('projectData.ads.orders'), width: 76, align: 'right', render: (_, r) => formatCount(r.orders) },
  ];

  return (
    <Flex vertical gap={12} data-testid="project-ads">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text type="secondary">
          {d ? t('projectData.ads.period', { from: d.startDate, to: d.endDate, currency: d.currency }) : '\u00a0'}
        </Typography.Text>
        <Space wrap>
          <DatePicker.RangePicker
            allowClear={false}
            value={range ? [dayjs(range.from), dayjs(range.to)] : d ? [dayjs(d.startDate), dayjs(d.endDate)] : null}
            disabledDate={(day) => day.isAfter(dayjs().subtract(1, 'day'), 'day')}
            onChange={(v) => {
              if (v?.[0] && v[1]) setRange({ from: v[0].format(DAY), to: v[1].format(DAY) });
            }}
            data-testid="project-ads-range"
          />
          {range && (
            <Button onClick={() => setRange(null)} data-testid="project-ads-since-launch">
              {t('projectData.ads.sinceStart')}
            </Button>
          )}
        </Space>
      </Flex>
      {d && d.skus.length === 0 ? (
        <Empty description={t('projectData.ads.noSkus')} />
      ) : (
        <>
          {d && (
            <Row gutter={[16, 8]}>
              <Col xs={12} md={4}>
                <Statistic title={t('projectData.ads.spend')} value={money(d.sum.spend)} />
              </Col>
              <Col xs={12} md={4}>
                <Statistic title={t('projectData.ads.sales')} value={money(d.sum.sales)} />
              </Col>
              <Col xs={12} md={4}>
                <Statistic title="ACoS" value={formatPercent(d.sum.acos)} />
              </Col>
              <Col xs={12} md={4}>
                <Statistic title={t('projectData.ads.clicks')} value={formatCount(d.sum.clicks)} />
              </Col>
              <Col xs={12} md={4}>
                <Statistic title={t('projectData.ads.orders')} value={formatCount(d.sum.orders)} />
              </Col>
              <Col xs={12} md={4}>
                <Statistic title="CTR" value={formatPercent(d.sum.ctr)} />
              </Col>
            </Row>
          )}
          <QueryTable<AdsRow>
            query={ads}
            tableId="projects.ads"
            rowKey="listingId"
            size="small"
            columns={columns}
            pagination={false}
            locale={{ emptyText: t('projectData.ads.empty') }}
          />
        </>
      )}
    </Flex>
  );
}
