import type { DeliveryWeek } from '@bo/contract/supplyboards/boards';
import { Card, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { EChart } from '../../../shared/charts/EChart';
import { CHART_COLORS } from '../../../shared/charts/echarts-core';
import { QueryStates } from '../../../shared/components/QueryStates';
import { formatThousands } from '../../../shared/format';
import { useTexts } from '../../../shared/i18n/lang';
import { MarketTag } from '../../../shared/markets/MarketTag';
import { marketOf } from '../../../shared/markets/markets';
import { type FitColumnType, FitTable } from '../../../shared/table/FitTable';
import { useDeliveryBoard } from '../supplyboards.queries';

const MEASURES = ['planned', 'shipped', 'received'] as const;
const PALETTE = ['#2459d6', '#f59e0b', '#13a8a8', '#722ed1', '#eb2f96', '#52c41a', '#8c8c8c', '#fa541c', '#1d39c4', '#a0d911'];

/** One stack per measure, one colour per marketplace inside each stack. */
function deliveryOption(t: TFunction, weeks: readonly string[], rows: readonly DeliveryWeek[]) {
  const markets = [...new Set(rows.map((r) => r.marketId))].sort((a, b) => a - b);
  const value = (week: string, marketId: number, m: (typeof MEASURES)[number]) =>
    rows.find((r) => r.week === week && r.marketId === marketId)?.[m] ?? 0;
  return {
    grid: { left: 8, right: 16, top: 48, bottom: 8, containLabel: true },
    legend: { top: 0, left: 0, type: 'scroll' },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    xAxis: { type: 'category', data: weeks.map((w) => w.slice(5)) },
    yAxis: { type: 'value', minInterval: 1, splitLine: { lineStyle: { color: CHART_COLORS.split } } },
    series: MEASURES.flatMap((m, mi) =>
      markets.map((id, i) => ({
        name: `${t(`supplyBoards.delivery.${m}`)} · ${marketOf(id)?.code ?? id}`,
        type: 'bar',
        stack: m,
        color: PALETTE[i % PALETTE.length],
        // The three measures told apart by shade: planned full, shipped lighter, received lightest.
        itemStyle: { opacity: 1 - mi * 0.3 },
        data: weeks.map((w) => value(w, id, m)),
      })),
    ),
  };
}

/** Above /deliveryDashboard's progress table: planned, shipped and received per week and marketplace, as a chart and a table. */
export function DeliverySummary({ query }: { query: Parameters<typeof useDeliveryBoard>[0] }) {
  const board = useDeliveryBoard(query);
  return (
    <QueryStates pending={board.isPending} error={board.error} onRetry={() => void board.refetch()}>
      {board.data && <Figures weeks={board.data.weeks} rows={board.data.rows} />}
    </QueryStates>
  );
}

function Figures({ weeks, rows }: { weeks: readonly string[]; rows: DeliveryWeek[] }) {
  const { t } = useTexts();
  const option = useMemo(() => deliveryOption(t, weeks, rows), [t, weeks, rows]);
  const columns: FitColumnType<DeliveryWeek>[] = [
    { key: 'week', width: 110, title: t('supplyBoards.delivery.week'), render: (_, r) => r.week },
    {
      key: 'market',
      width: 110,
      title: t('supplyBoards.delivery.market'),
      render: (_, r) => <MarketTag marketId={r.marketId} />,
    },
    ...MEASURES.map(
      (m): FitColumnType<DeliveryWeek> => ({
        key: m,
        width: 110,
        align: 'right',
        title: t(`supplyBoards.delivery.${m}`),
        render: (_, r) => formatThousands(r[m]),
      }),
    ),
  ];
  return (
    <>
      <Card size="small" title={t('supplyBoards.delivery.chart')} style={{ marginBottom: 12 }}>
        <EChart option={option} height={300} hasData={rows.length > 0} testId="delivery-chart" />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('supplyBoards.delivery.plannedNote')}
        </Typography.Text>
      </Card>
      <Card size="small" title={t('supplyBoards.delivery.table')} style={{ marginBottom: 12 }}>
        <FitTable<DeliveryWeek>
          tableId="supplyBoards.deliveryWeeks"
          size="small"
          rowKey={(r) => `${r.week}-${r.marketId}`}
          pagination={false}
          scrollY={320}
          dataSource={[...rows].reverse()}
          columns={columns}
          locale={{ emptyText: t('supplyBoards.delivery.noWeeks') }}
          data-testid="delivery-weeks"
        />
      </Card>
    </>
  );
}
