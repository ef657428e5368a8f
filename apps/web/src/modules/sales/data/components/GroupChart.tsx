import type { GroupReply } from '@bo/contract/sales/sales-data';
import type { Measure } from '@bo/contract/sales/sales-profit';
import { Alert, Flex, Segmented, Typography } from 'antd';
import { PieChart } from 'echarts/charts';
import type { EChartsCoreOption } from 'echarts/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../../../shared/charts/EChart';
import { CHART_COLORS, echarts, escapeHtml } from '../../../../shared/charts/echarts-core';
import { topGroups } from '../chart-data';
import type { GroupView } from '../data-view';
import { formatMeasure, useMeasureTitle } from './MeasureCell';
import { useLabelName } from './RowLabel';

echarts.use([PieChart]);

const TOP = 10;

/** The top groups by the sorted measure (revenue when sorted by name): bars, or a pie with the rest as "others". */
export function GroupChart({
  view,
  reply,
  onChartChange,
}: {
  view: GroupView;
  reply: GroupReply;
  onChartChange: (c: string) => void;
}) {
  const { t } = useTranslation();
  const name = useLabelName();
  const measureTitle = useMeasureTitle(reply.currency);
  const measure: Measure = view.sortField === 'name' ? 'revenue' : view.sortField;
  const data = useMemo(
    () =>
      topGroups(
        reply.list.map((g) => ({ name: name(g), value: g[measure] })),
        measure,
        TOP,
        t('salesData.group.others'),
      ),
    [reply.list, measure, name, t],
  );
  const pieImpossible = measure === 'margin' || data.items.some((d) => d.value < 0);
  const chart = view.chart === 'pie' && !pieImpossible ? 'pie' : 'bar';
  const option: EChartsCoreOption = useMemo(() => {
    const fmt = (v: number) => formatMeasure(measure, v);
    if (chart === 'pie') {
      return {
        tooltip: {
          trigger: 'item',
          formatter: (p: { name: string; value: number; percent: number }) =>
            `${escapeHtml(p.name)}<br/>${fmt(p.value)} (${p.percent.toFixed(2)}%)`,
        },
        series: [
          {
            type: 'pie',
            radius: ['35%', '70%'],
            data: data.withOthers.map((d) => ({ name: d.name, value: d.value })),
            label: { formatter: '{b}: {d}%' },
          },
        ],
      };
    }
    const items = [...data.items].reverse();
    return {
      grid: { left: 8, right: 48, top: 8, bottom: 8, containLabel: true },
      tooltip: {
        trigger: 'axis',
        axisPointer: { type: 'shadow' },
        formatter: (ps: { name: string; value: number }[]) => `${escapeHtml(ps[0]?.name ?? '')}<br/>${fmt(ps[0]?.value ?? 0)}`,
      },
      xAxis: {
        type: 'value',
        axisLabel: {
          color: CHART_COLORS.axis,
          formatter: (v: number) => (measure === 'margin' ? `${Math.round(v * 100)}%` : v.toLocaleString('en-US')),
        },
        splitLine: { lineStyle: { color: CHART_COLORS.split } },
      },
      yAxis: { type: 'category', data: items.map((d) => d.name), axisLabel: { width: 160, overflow: 'truncate' } },
      series: [
        {
          type: 'bar',
          data: items.map((d) => ({
            value: d.value,
            itemStyle: {
              color: d.value < 0 ? CHART_COLORS.loss : measure === 'profit' ? CHART_COLORS.profit : CHART_COLORS.revenue,
            },
          })),
          label: { show: true, position: 'right', formatter: (p: { value: number }) => fmt(p.value) },
        },
      ],
    };
  }, [chart, data, measure]);
  if (data.items.length === 0) return null;
  return (
    <div data-testid="group-chart">
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 8 }}>
        <Typography.Text strong>
          {t('salesData.group.chartTitle', { count: data.items.length, measure: measureTitle(measure) })}
        </Typography.Text>
        <Segmented
          value={chart}
          onChange={(v) => onChartChange(String(v))}
          options={[
            { value: 'bar', label: t('salesData.group.bar') },
            { value: 'pie', label: t('salesData.group.pie'), disabled: pieImpossible },
          ]}
        />
      </Flex>
      {view.chart === 'pie' && pieImpossible && (
        <Alert type="info" showIcon message={t('salesData.group.pieNegative')} style={{ marginBottom: 8 }} />
      )}
      <EChart option={option} height={Math.max(220, data.items.length * 30 + 40)} hasData testId="group-chart-canvas" />
    </div>
  );
}
