import { Form, InputNumber, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The three alert thresholds of a watch; an empty field switches that alert off. */
export function ThresholdsFields() {
  const { t } = useTranslation();
  return (
    <>
      <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
        {t('listings.monitor.thresholds.off')}
      </Typography.Text>
      <Form.Item name="unitsDropPct" label={t('listings.monitor.thresholds.unitsDropPct')}>
        <InputNumber min={1} max={100} precision={0} style={{ width: 160 }} data-testid="threshold-units" />
      </Form.Item>
      <Form.Item name="noSalesDays" label={t('listings.monitor.thresholds.noSalesDays')}>
        <InputNumber min={1} max={90} precision={0} style={{ width: 160 }} data-testid="threshold-days" />
      </Form.Item>
      <Form.Item name="minMarginPct" label={t('listings.monitor.thresholds.minMarginPct')}>
        <InputNumber min={-100} max={100} precision={2} style={{ width: 160 }} data-testid="threshold-margin" />
      </Form.Item>
    </>
  );
}

export const THRESHOLD_FIELDS = ['unitsDropPct', 'noSalesDays', 'minMarginPct'] as const;
export interface ThresholdValues {
  unitsDropPct?: number | null;
  noSalesDays?: number | null;
  minMarginPct?: number | null;
}
export const toThresholds = (v: ThresholdValues) => ({
  unitsDropPct: v.unitsDropPct ?? null,
  noSalesDays: v.noSalesDays ?? null,
  minMarginPct: v.minMarginPct ?? null,
});
