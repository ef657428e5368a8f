/**
 * A project's weeks from its start day against its target, in a drawer: all its SKUs or one
 * (a choice), the totals, units (bars) and revenue (line) with their targets (dashed), ad
 * spend and ACoS in the tooltip. GET digitize/rest/project/data.
 */
import type { ProjectData } from '@bo/contract/projects/projects';
import { Alert, Col, Drawer, Flex, Result, Row, Segmented, Skeleton, Statistic, Typography } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { CHART_COLORS } from '../../../shared/charts/colors';
import { formatAmount, formatCount, formatPercentValue } from '../../../shared/format';
import { errorText } from '../../../shared/http/error-text';
import { useTexts } from '../../../shared/i18n/lang';
import { useProject, useProjectData } from '../projects.queries';

const EChart = lazy(() => import('../../../shared/charts/EChart').then((m) => ({ default: m.EChart })));

const ALL = '';
/** Revenue and its target in orange, apart from the units' blue. */
const REVENUE = '#fa8c16';

interface Props {
  projectId: number | null;
  sku: string | null;
  onClose: () => void;
  viewPath: string;
}

export function ProjectDataChart({ projectId, sku, onClose, viewPath }: Props) {
  const { t, lang } = useTexts();
  const [, setParams] = useSearchParams();
  const project = useProject(projectId);
  const data = useProjectData(projectId, sku || null);
  const pick = (v: string) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (v === ALL) next.delete('chartSku');
      else next.set('chartSku', v);
      return next;
    });
  const name = project.data ? `${project.data.code} ${project.data.name}` : '';
  return (
    <Drawer
      open={projectId !== null}
      onClose={onClose}
      size={820}
      title={t('projectData.chart.title', { name })}
      extra={projectId !== null && <Link to={`${viewPath}?id=${projectId}`}>{t('projectData.chart.open')}</Link>}
      data-testid="project-data-chart"
    >
      {data.error ? (
        <Result status="warning" title={errorText(data.error, lang)} />
      ) : !data.data ? (
        <Skeleton active />
      ) : (
        <Flex vertical gap={16}>
          <Segmented
            value={sku ?? ALL}
            onChange={(v) => pick(String(v))}
            options={[
              { value: ALL, label: t('projectData.chart.all') },
              ...data.data.target.skus.map((s) => ({ value: s.sku, label: s.sku })),
            ]}
            data-testid="project-data-chart-sku"
          />
          <ChartBody data={data.data} />
        </Flex>
      )}
    </Drawer>
  );
}

function ChartBody({ data: d }: { data: ProjectData }) {
  const { t } = useTranslation();
  const option = useMemo(
    () =>
      weeklyOption(d, {
        units: t('projectData.chart.units'),
        targetUnits: t('projectData.chart.targetUnits'),
        revenue: t('projectData.chart.revenue'),
        targetRevenue: t('projectData.chart.targetRevenue'),
        adSpend: t('projectData.chart.adSpend'),
        acos: t('projectData.chart.acos'),
      }),
    [d, t],
  );
  const start = d.target.startDay;
  if (start === null) return <Alert type="info" showIcon title={t('projectData.chart.noStart')} />;
  if (d.weeks.length === 0) return <Alert type="info" showIcon title={t('projectData.chart.notYet', { day: start })} />;
  const target = (v: number | null, f: (n: number) => string) => (v === null ? t('projectData.chart.noTarget') : f(v));
  return (
    <>
      <Typography.Text type="secondary">
        {t(`projectData.chart.source.${d.target.startSource ?? 'open'}`)} {start} ·{' '}
        {t('projectData.chart.totals', { from: d.from, to: d.to })}
      </Typography.Text>
      <Row gutter={[16, 16]} data-testid="project-data-totals">
        <Col xs={12} md={6}>
          <Statistic title={t('projectData.chart.units')} value={formatCount(d.total.units)} />
          <Typography.Text type="secondary">{target(d.total.targetUnits, (n) => formatCount(Math.round(n)))}</Typography.Text>
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('projectData.chart.revenue')} value={formatAmount(d.total.revenue)} />
          <Typography.Text type="secondary">
            {t('projectData.chart.targetRevenue')}: {target(d.total.targetRevenue, formatAmount)}
          </Typography.Text>
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('projectData.chart.adSpend')} value={formatAmount(d.total.adSpend)} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('projectData.chart.acos')} value={d.total.acos === null ? '—' : formatPercentValue(d.total.acos)} />
        </Col>
      </Row>
      <Suspense fallback={<Skeleton active />}>
        <EChart option={option} height={320} hasData={d.total.units > 0} testId="project-data-weekly" />
      </Suspense>
    </>
  );
}

/** Units as bars, revenue as a line on its own axis, each target dashed; ad spend and ACoS in the tooltip. */
type Labels = Record<'units' | 'targetUnits' | 'revenue' | 'targetRevenue' | 'adSpend' | 'acos', string>;

function weeklyOption(d: ProjectData, labels: Labels) {
  const label = (k: keyof Labels) => labels[k];
  const weeks = d.weeks.map((w) => w.from.slice(5));
  return {
    grid: { left: 48, right: 64, top: 40, bottom: 28 },
    legend: { top: 0 },
    tooltip: {
      trigger: 'axis',
      formatter: (ps: { dataIndex: number }[]) => {
        const w = d.weeks[ps[0]?.dataIndex ?? -1];
        if (!w) return '';
        return [
          `<b>${w.from} ~ ${w.to}</b>`,
          `${label('units')}: ${formatCount(w.units)}${w.targetUnits === null ? '' : ` / ${formatCount(Math.round(w.targetUnits))}`}`,
          `${label('revenue')}: ${formatAmount(w.revenue)}${w.targetRevenue === null ? '' : ` / ${formatAmount(w.targetRevenue)}`}`,
          `${label('adSpend')}: ${formatAmount(w.adSpend)}`,
          `${label('acos')}: ${w.acos === null ? '—' : formatPercentValue(w.acos)}`,
        ].join('<br/>');
      },
    },
    xAxis: { type: 'category', data: weeks },
    yAxis: [
      { type: 'value', name: label('units'), splitLine: { lineStyle: { color: CHART_COLORS.split } } },
      { type: 'value', name: label('revenue'), splitLine: { show: false } },
    ],
    series: [
      { name: label('units'), type: 'bar', data: d.weeks.map((w) => w.units), itemStyle: { color: '#91caff' } },
      {
        name: label('targetUnits'),
        type: 'line',
        step: 'middle',
        showSymbol: false,
        data: d.weeks.map((w) => w.targetUnits),
        lineStyle: { type: 'dashed', color: '#1677ff' },
        itemStyle: { color: '#1677ff' },
      },
      {
        name: label('revenue'),
        type: 'line',
        yAxisIndex: 1,
        showSymbol: false,
        data: d.weeks.map((w) => w.revenue),
        itemStyle: { color: REVENUE },
      },
      {
        name: label('targetRevenue'),
        type: 'line',
        yAxisIndex: 1,
        showSymbol: false,
        data: d.weeks.map((w) => w.targetRevenue),
        lineStyle: { type: 'dashed', color: REVENUE },
        itemStyle: { color: REVENUE },
      },
    ],
  };
}
