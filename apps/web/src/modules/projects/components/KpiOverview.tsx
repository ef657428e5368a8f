/**
 * The KPI board's head (/gtmKpi): the period (a calendar month or the N-th month after launch, in
 * the URL), the cards (projects on track, close, behind, without a target; revenue against the
 * target to date; ad spend) and the attainment per project as bars, over every project the
 * filters keep (the summary call).
 */
import type { KpiSummary } from '@bo/contract/projects/projects';
import { GOAL_MONTHS } from '@bo/contract/projects/projects';
import { Card, Col, DatePicker, Row, Segmented, Select, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { CHART_COLORS } from '../../../shared/charts/colors';
import { LiteChart } from '../../../shared/charts/lite/LiteChart';
import { QueryStates } from '../../../shared/components/QueryStates';
import { formatAmount, formatPercentValue } from '../../../shared/format';

export const LIGHT_COLORS = { green: '#389e0d', amber: '#d48806', red: '#cf1322' } as const;
export const lightColor = (attainment: number) =>
  attainment >= 100 ? LIGHT_COLORS.green : attainment >= 80 ? LIGHT_COLORS.amber : LIGHT_COLORS.red;

interface PeriodProps {
  month: string | undefined;
  launchMonth: number | undefined;
  onChange: (v: { month?: string; launchMonth?: number }) => void;
}

export function KpiPeriod({ month, launchMonth, onChange }: PeriodProps) {
  const { t } = useTranslation();
  const mode = launchMonth === undefined ? 'calendar' : 'launch';
  return (
    <Space wrap data-testid="kpi-period">
      <Segmented
        value={mode}
        options={[
          { value: 'calendar', label: t('gtmGoals.kpi.calendar') },
          { value: 'launch', label: t('gtmGoals.kpi.launch') },
        ]}
        onChange={(v) => onChange(v === 'launch' ? { launchMonth: 1, month: undefined } : { launchMonth: undefined, month })}
        data-testid="kpi-period-mode"
      />
      {mode === 'calendar' ? (
        <DatePicker
          picker="month"
          allowClear={false}
          value={dayjs(month ? `${month}-01` : undefined)}
          onChange={(d) => onChange({ month: d ? d.format('YYYY-MM') : undefined, launchMonth: undefined })}
          aria-label={t('gtmGoals.kpi.month')}
          data-testid="kpi-month"
        />
      ) : (
        <Select
          value={launchMonth}
          style={{ width: 180 }}
          options={Array.from({ length: GOAL_MONTHS }, (_, i) => ({
            value: i + 1,
            label: t('gtmGoals.kpi.launchMonth', { n: i + 1 }),
          }))}
          onChange={(v) => onChange({ launchMonth: v, month: undefined })}
          data-testid="kpi-launch-month"
        />
      )}
    </Space>
  );
}

function Figure({
  label,
  value,
  extra,
  color,
  testId,
}: {
  label: string;
  value: string;
  extra?: string;
  color?: string;
  testId: string;
}) {
  return (
    <Card size="small" style={{ height: '100%' }}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <div style={{ fontSize: 20, fontWeight: 600, color, whiteSpace: 'nowrap' }} data-testid={testId}>
        {value}
      </div>
      {extra && <Typography.Text type="secondary">{extra}</Typography.Text>}
    </Card>
  );
}

export function KpiCards({ summary }: { summary: KpiSummary }) {
  const { t } = useTranslation();
  return (
    <Row gutter={[12, 12]} data-testid="kpi-cards">
      <Col xs={24} md={12} xl={8}>
        <Card size="small" style={{ height: '100%' }}>
          <Row gutter={8}>
            {(
              [
                ['onTrack', summary.green, LIGHT_COLORS.green, 'kpi-card-green'],
                ['amber', summary.amber, LIGHT_COLORS.amber, 'kpi-card-amber'],
                ['behind', summary.red, LIGHT_COLORS.red, 'kpi-card-red'],
                ['noTarget', summary.noTarget, undefined, 'kpi-card-none'],
              ] as const
            ).map(([key, n, color, testId]) => (
              <Col span={6} key={key}>
                <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
                  {t(`gtmGoals.kpi.card.${key}`)}
                </Typography.Text>
                <div style={{ fontSize: 20, fontWeight: 600, color }} data-testid={testId}>
                  {n}
                </div>
              </Col>
            ))}
          </Row>
        </Card>
      </Col>
      <Col xs={24} md={12} xl={8}>
        <Figure
          label={t('gtmGoals.kpi.card.revenue')}
          value={`${formatAmount(summary.revenue)} / ${summary.targetRevenue === null ? '—' : formatAmount(summary.targetRevenue)}`}
          extra={summary.goalRevenue === null ? undefined : t('gtmGoals.kpi.card.goal', { v: formatAmount(summary.goalRevenue) })}
          testId="kpi-card-revenue"
        />
      </Col>
      <Col xs={12} md={6} xl={4}>
        <Figure
          label={t('gtmGoals.kpi.card.attainment')}
          value={summary.attainment === null ? '—' : formatPercentValue(summary.attainment)}
          color={summary.attainment === null ? undefined : lightColor(summary.attainment)}
          testId="kpi-card-attainment"
        />
      </Col>
      <Col xs={12} md={6} xl={4}>
        <Figure label={t('gtmGoals.kpi.card.adSpend')} value={formatAmount(summary.adSpend)} testId="kpi-card-ad" />
      </Col>
    </Row>
  );
}

export function KpiChart({ summary }: { summary: KpiSummary }) {
  const { t } = useTranslation();
  const bars = summary.chart;
  if (bars.length === 0)
    return (
      <Typography.Text type="secondary" data-testid="kpi-chart-empty">
        {t('gtmGoals.kpi.chart.empty')}
      </Typography.Text>
    );
  return (
    <LiteChart
      horizontal
      categories={bars.map((b) => `${b.code} ${b.name}`)}
      series={[
        {
          type: 'bar',
          name: t('gtmGoals.kpi.chart.attainment'),
          color: CHART_COLORS.revenue,
          values: bars.map((b) => b.attainment),
        },
      ]}
      height={Math.max(120, bars.length * 32 + 40)}
      endLabel={(i) => formatPercentValue(bars[i]?.attainment ?? null)}
      formatValue={(v) => `${Math.round(v)}%`}
      tooltip={(i) => (
        <>
          <div>
            {bars[i]?.code} {bars[i]?.name}
          </div>
          <div>
            {t('gtmGoals.kpi.chart.attainment')}: {formatPercentValue(bars[i]?.attainment ?? null)}
          </div>
        </>
      )}
      label={t('gtmGoals.kpi.chart.title')}
      hasData
      testId="kpi-chart"
    />
  );
}

export function KpiOverview({
  summary,
}: {
  summary: { data?: KpiSummary; isPending: boolean; error: unknown; refetch: () => unknown };
}) {
  const { t } = useTranslation();
  return (
    <QueryStates pending={summary.isPending} error={summary.error} onRetry={() => summary.refetch()} rows={3}>
      {summary.data && (
        <Space orientation="vertical" size={12} style={{ width: '100%', marginBottom: 12 }}>
          <KpiCards summary={summary.data} />
          <Card size="small" title={t('gtmGoals.kpi.chart.title')}>
            <KpiChart summary={summary.data} />
          </Card>
        </Space>
      )}
    </QueryStates>
  );
}
