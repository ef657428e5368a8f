import type { AnalysisReply } from '@bo/contract/sales/sales-data';
import { Typography } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../../../shared/charts/EChart';
import { CHART_COLORS, escapeHtml } from '../../../../shared/charts/echarts-core';
import { type AnalysisView, waterfall, waterfallAxisMin } from '../data-view';
import { formatMeasure, useMeasureTitle } from './MeasureCell';
import { useLabelName } from './RowLabel';

const UP = '#389e0d';

/**
 * The rows that moved the total most. Money and counts: a waterfall from the comparison
 * total through each driver and the others to the period total. The margin, whose row
 * changes do not add up: the drivers' changes as bars.
 */
export function ChangeChart({ view, reply }: { view: AnalysisView; reply: AnalysisReply }) {
  const { t } = useTranslation();
  const name = useLabelName();
  const measureTitle = useMeasureTitle(reply.currency);
  const m = view.measure;
  const listing = view.dimension === 'listing';
  const option: EChartsCoreOption | null = useMemo(() => {
    const driverName = (r: AnalysisReply['drivers'][number]) => (listing ? (r.sku ?? r.name) : name(r));
    if (reply.drivers.length === 0) return null;
    const fmt = (v: number) => formatMeasure(m, v);
    if (m === 'margin') {
      const items = reply.drivers.map((d) => ({ name: driverName(d), value: d.change ?? 0 }));
      return {
        grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
        tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
        xAxis: {
          type: 'category',
          data: items.map((i) => i.name),
          axisLabel: { interval: 0, rotate: 30, width: 120, overflow: 'truncate' },
        },
        yAxis: { type: 'value', axisLabel: { formatter: (v: number) => `${(v * 100).toFixed(0)} pp` } },
        series: [
          {
            type: 'bar',
            data: items.map((i) => ({ value: i.value, itemStyle: { color: i.value < 0 ? CHART_COLORS.loss : UP } })),
          },
        ],
      };
    }
    const steps = waterfall(
      reply.base[m] ?? 0,
      reply.drivers.map((d) => ({ label: driverName(d), change: d.change ?? 0 })),
      reply.othersChange ?? 0,
      { base: t('salesData.analysis.base'), current: t('salesData.analysis.current'), others: t('salesData.analysis.others') },
    );
    // Stacked bars: an invisible base up to where each step starts, then the step itself.
    const low = steps.map((s) => (s.kind === 'total' ? 0 : Math.min(s.from, s.from + s.delta)));
    const bar = steps.map((s) => Math.abs(s.delta));
    const axisMin = waterfallAxisMin(steps);
    return {
      grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
      tooltip: {
        trigger: 'axis',
        axisPointer: { type: 'shadow' },
        formatter: (ps: { dataIndex: number }[]) => {
          const s = steps[ps[0]?.dataIndex ?? 0];
          if (!s) return '';
          const value = s.kind === 'total' ? fmt(s.delta) : `${s.delta >= 0 ? '+' : '-'}${fmt(Math.abs(s.delta))}`;
          return `${escapeHtml(s.label)}<br/>${value}`;
        },
      },
      xAxis: {
        type: 'category',
        data: steps.map((s) => s.label),
        axisLabel: { interval: 0, rotate: steps.length > 6 ? 30 : 0, width: 120, overflow: 'truncate' },
      },
      yAxis: {
        type: 'value',
        min: axisMin,
        axisLabel: { color: CHART_COLORS.axis },
        splitLine: { lineStyle: { color: CHART_COLORS.split } },
      },
      series: [
        { type: 'bar', stack: 'w', data: low, itemStyle: { color: 'transparent' }, emphasis: { disabled: true }, silent: true },
        {
          type: 'bar',
          stack: 'w',
          data: steps.map((s, i) => ({
            value: bar[i],
            itemStyle: { color: s.kind === 'total' ? CHART_COLORS.revenue : s.kind === 'up' ? UP : CHART_COLORS.loss },
          })),
        },
      ],
    };
  }, [reply, m, t, name, listing]);
  if (!option) {
    return reply.total > 0 ? (
      <Typography.Paragraph type="secondary">{t('salesData.analysis.noChange')}</Typography.Paragraph>
    ) : null;
  }
  return (
    <div data-testid="analysis-chart" style={{ marginBottom: 16 }}>
      <Typography.Text strong>{t('salesData.analysis.chartTitle', { measure: measureTitle(m) })}</Typography.Text>
      {m === 'margin' && (
        <Typography.Paragraph type="secondary" style={{ margin: 0, fontSize: 12 }}>
          {t('salesData.analysis.marginNoWaterfall')}
        </Typography.Paragraph>
      )}
      <EChart option={option} height={300} hasData testId="analysis-chart-canvas" />
    </div>
  );
}
