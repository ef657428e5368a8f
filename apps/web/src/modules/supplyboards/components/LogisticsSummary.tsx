import { SHIPMENT_MODES } from '@bo/contract/inventory/shipments';
import type { LogisticsBoard } from '@bo/contract/supplyboards/boards';
import { Card, Col, Row, Statistic, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { EChart } from '../../../shared/charts/EChart';
import { CHART_COLORS } from '../../../shared/charts/echarts-core';
import { QueryStates } from '../../../shared/components/QueryStates';
import { formatPercent, formatThousands } from '../../../shared/format';
import { useTexts } from '../../../shared/i18n/lang';
import { useLogisticsBoard } from '../supplyboards.queries';

const MODE_COLORS = { sea: '#2459d6', air: '#f59e0b', express: '#13a8a8', rail: '#8c8c8c' } as const;

function arrivalsOption(t: TFunction, b: LogisticsBoard) {
  return {
    color: SHIPMENT_MODES.map((m) => MODE_COLORS[m]),
    grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
    legend: { top: 0, left: 0 },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    xAxis: { type: 'category', data: b.arrivals.map((w) => w.week.slice(5)) },
    yAxis: { type: 'value', minInterval: 1, splitLine: { lineStyle: { color: CHART_COLORS.split } } },
    series: SHIPMENT_MODES.map((m) => ({
      name: t(`shipments.mode.${m}`),
      type: 'bar',
      stack: 'units',
      data: b.arrivals.map((w) => w[m]),
    })),
  };
}

function Kpi({ testId, title, value, note }: { testId: string; title: string; value: string; note: string }) {
  return (
    <Col xs={12} md={8} xl={4}>
      <Card size="small" data-testid={testId} style={{ height: '100%' }}>
        <Statistic title={title} value={value} styles={{ content: { fontSize: 20, whiteSpace: 'nowrap' } }} />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {note}
        </Typography.Text>
      </Card>
    </Col>
  );
}

/** Above /logisticsBoard's late table: the KPI cards and the arrivals per week and mode. */
export function LogisticsSummary({ query }: { query: Parameters<typeof useLogisticsBoard>[0] }) {
  const board = useLogisticsBoard(query);
  return (
    <QueryStates pending={board.isPending} error={board.error} onRetry={() => void board.refetch()}>
      {board.data && <Figures b={board.data} />}
    </QueryStates>
  );
}

function Figures({ b }: { b: LogisticsBoard }) {
  const { t } = useTexts();
  const option = useMemo(() => arrivalsOption(t, b), [t, b]);
  const count = (c: { shipments: number; units: number }) =>
    t('supplyBoards.count', { shipments: formatThousands(c.shipments), units: formatThousands(c.units) });
  const grace = b.onTime.graceDays;
  const hasArrivals = b.arrivals.some((w) => w.sea + w.air + w.express + w.rail > 0);
  return (
    <>
      <Row gutter={[12, 12]} style={{ marginBottom: 12 }}>
        <Kpi
          testId="kpi-in-transit"
          title={t('supplyBoards.logistics.inTransit')}
          value={count(b.inTransit)}
          note={t('supplyBoards.logistics.inTransitNote')}
        />
        <Kpi
          testId="kpi-arriving-7"
          title={t('supplyBoards.logistics.arriving7')}
          value={count(b.arriving7)}
          note={t('supplyBoards.logistics.arrivingNote', { days: 7 })}
        />
        <Kpi
          testId="kpi-arriving-14"
          title={t('supplyBoards.logistics.arriving14')}
          value={count(b.arriving14)}
          note={t('supplyBoards.logistics.arrivingNote', { days: 14 })}
        />
        <Kpi
          testId="kpi-late"
          title={t('supplyBoards.logistics.late')}
          value={count(b.late)}
          note={t('supplyBoards.logistics.lateNote', { grace })}
        />
        <Kpi
          testId="kpi-short"
          title={t('supplyBoards.logistics.short')}
          value={count(b.short)}
          note={t('supplyBoards.logistics.shortNote')}
        />
        <Kpi
          testId="kpi-on-time"
          title={t('supplyBoards.logistics.onTime')}
          value={b.onTime.rate === null ? '-' : formatPercent(b.onTime.rate)}
          note={
            b.onTime.judged
              ? t('supplyBoards.logistics.onTimeRule', { grace, judged: b.onTime.judged, onTime: b.onTime.onTime })
              : t('supplyBoards.logistics.noVerdict')
          }
        />
      </Row>
      <Card size="small" title={t('supplyBoards.logistics.chart')} style={{ marginBottom: 12 }}>
        <EChart option={option} height={260} hasData={hasArrivals} testId="logistics-arrivals" />
      </Card>
    </>
  );
}
