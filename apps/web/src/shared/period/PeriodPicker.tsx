import { MAX_PERIOD_DAYS } from '@bo/contract/sales/sales-profit';
import { DatePicker, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DAY_FORMAT, matchPreset, type Period, type PeriodPreset, periodPresets, type Quarter } from './period-presets';

interface Props {
  value: Period;
  today: string;
  /** The server's quarter list (sales:profit), or null: this and last quarter are then computed here. */
  quarters: readonly Quarter[] | null;
  onChange: (period: Period) => void;
}

const CUSTOM = 'custom';

/** A quick period (last 7/30/90 days, months, quarters) beside a free date range; future days cannot be picked. */
export function PeriodPicker({ value, today, quarters, onChange }: Props) {
  const { t } = useTranslation();
  const presets = useMemo(() => periodPresets(today, quarters), [today, quarters]);
  const current = matchPreset(value, presets);
  const label = (p: PeriodPreset) =>
    p.kind === 'quarter' ? t('sales.period.quarter', { quarter: p.quarter }) : t(`sales.period.${p.kind}`);
  const end = dayjs(today);

  const disabledDate = (day: Dayjs, info?: { from?: Dayjs }) =>
    day.isAfter(end, 'day') || (info?.from ? Math.abs(day.diff(info.from, 'day')) >= MAX_PERIOD_DAYS : false);

  return (
    <Space.Compact>
      <Select
        value={current?.key ?? CUSTOM}
        onChange={(key: string) => {
          const preset = presets.find((p) => p.key === key);
          if (preset) onChange({ startDate: preset.startDate, endDate: preset.endDate });
        }}
        options={[
          ...presets.map((p) => ({ value: p.key, label: label(p) })),
          { value: CUSTOM, label: t('sales.period.custom'), disabled: true },
        ]}
        popupMatchSelectWidth={false}
        style={{ width: 136 }}
        aria-label={t('sales.filter.period')}
        data-testid="sales-period-preset"
      />
      <DatePicker.RangePicker
        value={[dayjs(value.startDate), dayjs(value.endDate)]}
        allowClear={false}
        format={DAY_FORMAT}
        disabledDate={disabledDate}
        onChange={(range) => {
          const [from, to] = range ?? [];
          if (from && to) onChange({ startDate: from.format(DAY_FORMAT), endDate: to.format(DAY_FORMAT) });
        }}
        style={{ width: 216 }}
        data-testid="sales-period-range"
      />
    </Space.Compact>
  );
}
