/** What both logistics panels share: the mode colours, a bar chart over months, and the month-range filter. */
import type { ShipmentMode } from '@bo/contract/inventory/shipments';
import { DatePicker, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { CHART_COLORS } from '../../../shared/charts/colors';

export const MODE_COLORS: Record<ShipmentMode, string> = { sea: '#2459d6', rail: '#13a8a8', air: '#fa8c16', express: '#d4380d' };

/** Stacked bars over months: one series per key, the value of each month (0 when missing). */
export function stackedMonths(
  months: readonly string[],
  series: readonly { name: string; color?: string; values: ReadonlyMap<string, number> }[],
) {
  return {
    grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
    legend: { top: 0, left: 0 },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    xAxis: { type: 'category', data: months.map((m) => m) },
    yAxis: { type: 'value', splitLine: { lineStyle: { color: CHART_COLORS.split } } },
    series: series.map((s) => ({
      name: s.name,
      type: 'bar',
      stack: 'spend',
      barMaxWidth: 28,
      ...(s.color ? { itemStyle: { color: s.color } } : {}),
      data: months.map((m) => s.values.get(m) ?? 0),
    })),
  };
}

/** A month range (two `YYYY-MM` keys of the URL): the picker of the report screens. */
export function MonthRange(p: {
  label: string;
  from: string;
  to: string;
  onChange: (from: string | undefined, to: string | undefined) => void;
  testId: string;
}) {
  return (
    <Space size={4}>
      <Typography.Text type="secondary">{p.label}</Typography.Text>
      <DatePicker.RangePicker
        picker="month"
        allowClear={false}
        value={[dayjs(`${p.from}-01`), dayjs(`${p.to}-01`)]}
        onChange={(v) => p.onChange(v?.[0]?.format('YYYY-MM'), v?.[1]?.format('YYYY-MM'))}
        data-testid={p.testId}
      />
    </Space>
  );
}
