/**
 * /teambition/dataView?share=<token>: a project's data view for people outside the back office,
 * without signing in (the `data-view` share kind): its headline, its SKUs' units and sales of
 * the last 30 and 90 days (per day as a chart, per SKU as a table) and its progress. Read-only.
 */
import { DATA_VIEW_SHARE_KIND, type DataViewShareView } from '@bo/contract/projects/project-share';
import { DATE_TYPES } from '@bo/contract/projects/projects';
import { Card, Col, Descriptions, Flex, Progress, Row, Skeleton, Statistic, Tag, Typography } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CHART_COLORS } from '../../shared/charts/colors';
import { formatAmount, formatCount, formatDateTime } from '../../shared/format';
import { SharedPageFrame } from '../../shared/kit/SharedPageFrame';
import { FitTable } from '../../shared/table/FitTable';
import { RunTag, SharedHeadline } from './components/project-tags';

const EChart = lazy(() => import('../../shared/charts/EChart').then((m) => ({ default: m.EChart })));

type Sales = DataViewShareView['sales'];

export default function SharedDataViewPage() {
  return (
    <SharedPageFrame<DataViewShareView> testId="page-shared-data-view" kind={DATA_VIEW_SHARE_KIND} maxWidth={1180}>
      {(view) => <ProjectDataView view={view} />}
    </SharedPageFrame>
  );
}

function ProjectDataView({ view: p }: { view: DataViewShareView }) {
  const { t } = useTranslation();
  const none = t('projects.none');
  return (
    <Flex vertical gap={16}>
      <Card>
        <Flex vertical gap={8}>
          <SharedHeadline code={p.code} name={p.name} type={p.type}>
            <RunTag status={p.runStatus} />
            <Typography.Text>{p.stage}</Typography.Text>
          </SharedHeadline>
          <Descriptions column={{ xs: 1, md: 3 }} size="small">
            <Descriptions.Item label={t('projects.field.owner')}>{p.ownerName || none}</Descriptions.Item>
            {DATE_TYPES.map((d) => (
              <Descriptions.Item key={d} label={t(`projects.field.${d}`)}>
                {p.dates[d] ?? none}
              </Descriptions.Item>
            ))}
            <Descriptions.Item label={t('projects.field.skus')}>{p.skus.length ? p.skus.join(', ') : none}</Descriptions.Item>
          </Descriptions>
        </Flex>
      </Card>
      <SalesCard sales={p.sales} hasSkus={p.skus.length > 0} />
      <ProgressCard progress={p.progress} />
      <Typography.Text type="secondary">{t('projects.shared.updated', { at: formatDateTime(p.updatedAt) })}</Typography.Text>
    </Flex>
  );
}

function SalesCard({ sales, hasSkus }: { sales: Sales; hasSkus: boolean }) {
  const { t } = useTranslation();
  const option = useMemo(() => dailyOption(sales, t('projects.dataView.units'), t('projects.dataView.amount')), [sales, t]);
  const title = t('projects.dataView.sales', { from: sales.from, to: sales.to, currency: sales.currency });
  if (!hasSkus)
    return (
      <Card title={title}>
        <Typography.Text type="secondary">{t('projects.dataView.noSkus')}</Typography.Text>
      </Card>
    );
  const figures = [
    {
      key: 'u30',
      title: `${t('projects.dataView.last30')} · ${t('projects.dataView.units')}`,
      value: formatCount(sales.last30.units),
    },
    {
      key: 'a30',
      title: `${t('projects.dataView.last30')} · ${t('projects.dataView.amount')}`,
      value: formatAmount(sales.last30.amount),
    },
    {
      key: 'u90',
      title: `${t('projects.dataView.last90')} · ${t('projects.dataView.units')}`,
      value: formatCount(sales.last90.units),
    },
    {
      key: 'a90',
      title: `${t('projects.dataView.last90')} · ${t('projects.dataView.amount')}`,
      value: formatAmount(sales.last90.amount),
    },
  ];
  return (
    <Card title={title}>
      <Flex vertical gap={16}>
        <Row gutter={[16, 16]}>
          {figures.map((f) => (
            <Col key={f.key} xs={12} md={6} data-testid={`data-view-${f.key}`}>
              <Statistic title={f.title} value={f.value} />
            </Col>
          ))}
        </Row>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('projects.dataView.daily')}
        </Typography.Title>
        <Suspense fallback={<Skeleton active />}>
          <EChart option={option} height={260} hasData={sales.last90.units > 0} testId="data-view-daily" />
        </Suspense>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('projects.dataView.bySku')}
        </Typography.Title>
        <FitTable<Sales['bySku'][number]>
          tableId="projects.dataView.bySku"
          size="small"
          rowKey="sku"
          pagination={false}
          dataSource={sales.bySku}
          locale={{ emptyText: t('projects.none') }}
          columns={[
            { key: 'sku', width: 160, priority: 'key', title: t('projects.dataView.sku'), render: (_, r) => r.sku },
            ...(['last30', 'last90'] as const).flatMap((w) => [
              {
                key: `${w}-units`,
                width: 150,
                priority: 'key' as const,
                title: `${t(`projects.dataView.${w}`)} · ${t('projects.dataView.units')}`,
                align: 'right' as const,
                render: (_: unknown, r: Sales['bySku'][number]) => formatCount(r[w].units),
              },
              {
                key: `${w}-amount`,
                width: 170,
                priority: 'key' as const,
                title: `${t(`projects.dataView.${w}`)} · ${t('projects.dataView.amount')}`,
                align: 'right' as const,
                render: (_: unknown, r: Sales['bySku'][number]) => formatAmount(r[w].amount),
              },
            ]),
          ]}
        />
      </Flex>
    </Card>
  );
}

/** Units as bars and the sales amount as a line on its own axis, per day. */
function dailyOption(sales: Sales, units: string, amount: string) {
  return {
    grid: { left: 48, right: 64, top: 32, bottom: 28 },
    legend: { top: 0 },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: sales.daily.map((d) => d.day.slice(5)) },
    yAxis: [
      { type: 'value', name: units, splitLine: { lineStyle: { color: CHART_COLORS.split } } },
      { type: 'value', name: amount, splitLine: { show: false } },
    ],
    series: [
      { name: units, type: 'bar', data: sales.daily.map((d) => d.units), itemStyle: { color: '#91caff' } },
      {
        name: amount,
        type: 'line',
        yAxisIndex: 1,
        showSymbol: false,
        data: sales.daily.map((d) => d.amount),
        itemStyle: { color: CHART_COLORS.revenue },
      },
    ],
  };
}

function ProgressCard({ progress: g }: { progress: DataViewShareView['progress'] }) {
  const { t } = useTranslation();
  const percent = g.todosTotal === 0 ? 0 : Math.round((g.todosDone / g.todosTotal) * 100);
  return (
    <Card title={t('projects.dataView.progress')}>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={8} data-testid="data-view-todos">
          <Statistic title={t('projects.dataView.todos')} value={`${g.todosDone} / ${g.todosTotal}`} />
          <Progress percent={percent} size="small" />
        </Col>
        <Col xs={24} md={4}>
          <Statistic
            title={t('projects.dataView.overdue')}
            value={g.overdue}
            valueStyle={g.overdue > 0 ? { color: CHART_COLORS.loss } : undefined}
          />
        </Col>
        <Col xs={24} md={12}>
          <Typography.Text type="secondary">{t('projects.dataView.nodes')}</Typography.Text>
          <Flex gap={8} wrap style={{ marginTop: 8 }}>
            {g.nodes.length === 0 && <Typography.Text>{t('projects.none')}</Typography.Text>}
            {g.nodes.map((n) => (
              <Tag
                key={n.node}
                color={n.reachedDate ? 'green' : n.overdue ? 'red' : 'default'}
                data-testid={`data-view-node-${n.node}`}
              >
                {n.node}{' '}
                {n.reachedDate
                  ? t('projects.dataView.reached', { day: n.reachedDate })
                  : n.planDate
                    ? t('projects.dataView.plan', { day: n.planDate })
                    : ''}
                {n.overdue && !n.reachedDate ? ` · ${t('projects.dataView.nodeOverdue')}` : ''}
              </Tag>
            ))}
          </Flex>
        </Col>
      </Row>
    </Card>
  );
}
