import type { AccuracySummary as Summary } from '@bo/contract/forecasts/accuracy';
import { Card, Col, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CHART_COLORS } from '../../../shared/charts/colors';
import { LiteChart } from '../../../shared/charts/lite/LiteChart';
import { QueryStates } from '../../../shared/components/QueryStates';
import { formatThousands } from '../../../shared/format';
import { useAccuracySummary } from '../forecasts.queries';
import { BiasText, GainText } from './accuracy-cells';
import { formatShare } from './forecast-format';

type Query = Parameters<typeof useAccuracySummary>[0];

/** Above /forecastAccuracy's table: the headline figures of the filtered set and its WAPE per horizon bucket. */
export function AccuracySummary({ query }: { query: Query }) {
  const { t } = useTranslation();
  const sums = useAccuracySummary(query);
  return (
    <QueryStates pending={sums.isPending} error={sums.error} onRetry={() => void sums.refetch()}>
      {sums.data && <Figures d={sums.data} />}
    </QueryStates>
  );

  function Figures({ d }: { d: Summary }) {
    return (
      <>
        <Row gutter={12} style={{ marginBottom: 12 }}>
          <Col xs={24} md={8}>
            <Card size="small" data-testid="accuracy-wape">
              <Statistic title={t('forecastAccuracy.headline.wape')} value={formatShare(d.total.wape)} />
              <Typography.Text type="secondary">
                {t('forecastAccuracy.headline.naive', { naive: formatShare(d.total.naiveWape) })}
              </Typography.Text>
            </Card>
          </Col>
          <Col xs={12} md={8}>
            <Card size="small" data-testid="accuracy-gain">
              <Statistic
                title={t('forecastAccuracy.headline.gain')}
                valueRender={() => (
                  <span style={{ fontSize: 24 }}>
                    <GainText value={d.total.gain} />
                  </span>
                )}
              />
              <Typography.Text type="secondary">
                {t('forecastAccuracy.headline.gainNote', { n: d.total.listings, units: formatThousands(d.total.actual) })}
              </Typography.Text>
            </Card>
          </Col>
          <Col xs={12} md={8}>
            <Card size="small" data-testid="accuracy-bias">
              <Statistic
                title={t('forecastAccuracy.headline.bias')}
                valueRender={() => (
                  <span style={{ fontSize: 24 }}>
                    <BiasText value={d.total.bias} />
                  </span>
                )}
              />
              <Typography.Text type="secondary">
                {t('forecastAccuracy.headline.origin', { origin: d.origin ?? '—' })}
              </Typography.Text>
            </Card>
          </Col>
        </Row>
        <Card size="small" title={t('forecastAccuracy.chart')} style={{ marginBottom: 12 }}>
          <LiteChart
            testId="accuracy-buckets"
            label={t('forecastAccuracy.chart')}
            height={200}
            legend
            hasData={d.buckets.some((b) => b.days > 0)}
            categories={d.buckets.map((b) => t(`forecastAccuracy.horizon.${b.bucket}`))}
            series={[
              {
                type: 'bar',
                name: t('forecastAccuracy.method'),
                color: CHART_COLORS.revenue,
                values: d.buckets.map((b) => (b.wape ?? 0) * 100),
              },
              {
                type: 'bar',
                name: t('forecastAccuracy.naive'),
                color: '#94a3b8',
                values: d.buckets.map((b) => (b.naiveWape ?? 0) * 100),
              },
            ]}
            formatValue={(v) => `${Math.round(v)} %`}
            tooltip={(i) => {
              const b = d.buckets[i];
              if (!b) return null;
              return (
                <>
                  <div>{t(`forecastAccuracy.horizon.${b.bucket}`)}</div>
                  <div>
                    {t('forecastAccuracy.method')}: {formatShare(b.wape)}
                  </div>
                  <div>
                    {t('forecastAccuracy.naive')}: {formatShare(b.naiveWape)}
                  </div>
                  <div>
                    {t('forecastAccuracy.column.bias')}: {formatShare(b.bias)}
                  </div>
                  <div>
                    {t('forecastAccuracy.column.days')}: {formatThousands(b.days)}
                  </div>
                </>
              );
            }}
          />
        </Card>
      </>
    );
  }
}
