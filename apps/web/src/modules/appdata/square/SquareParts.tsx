/** The data square's sections: the figures, the two charts over days, the top actions and the splits. */
import type { Square } from '@bo/contract/appdata/square';
import { Card, Col, Row, Statistic, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { LiteChart } from '../../../shared/charts/lite/LiteChart';
import { EmptyState } from '../../../shared/components/QueryStates';
import { useTexts } from '../../../shared/i18n/lang';
import { FitTable } from '../../../shared/table/FitTable';

/** One colour per drawn action (the seventh, grey, is "other"). */
const LINE_COLORS = ['#2459d6', '#f59e0b', '#13a8a8', '#cf1322', '#722ed1', '#52c41a', '#8c8c8c'];

export function Figures({ s }: { s: Square }) {
  const { t } = useTexts();
  const items = [
    ['events', s.totals.events.toLocaleString()],
    ['devices', s.totals.devices.toLocaleString()],
    ['dailyDevices', s.totals.dailyDevices.toLocaleString()],
    ['rejected', s.totals.rejected.toLocaleString()],
  ] as const;
  return (
    <Row gutter={16} style={{ marginTop: 16 }}>
      {items.map(([k, v]) => (
        <Col xs={12} lg={6} key={k}>
          <Card size="small">
            <Statistic title={t(`appData.square.${k}`)} value={v} data-testid={`square-${k}`} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

export function actionLabel(a: { key: string; nameZh: string; nameEn: string }, lang: string) {
  const name = lang === 'zh-CN' ? a.nameZh || a.nameEn : a.nameEn || a.nameZh;
  return name ? `${name} (${a.key})` : a.key;
}

export function DayCharts({ s }: { s: Square }) {
  const { t, lang } = useTexts();
  const days = s.days.map((d) => d.slice(5));
  return (
    <Row gutter={16}>
      <Col xs={24} xl={14}>
        <Card size="small" title={t('appData.square.eventsChart')} style={{ marginTop: 16 }}>
          <LiteChart
            testId="square-events-chart"
            label={t('appData.square.eventsChart')}
            height={240}
            legend
            categories={days}
            series={s.series.map((x, i) => ({
              type: 'line' as const,
              name: x.actionId === null ? t('appData.square.other') : x.key,
              color: x.actionId === null ? '#8c8c8c' : (LINE_COLORS[i % LINE_COLORS.length] ?? '#2459d6'),
              values: x.events,
            }))}
            tooltip={(i) =>
              `${s.days[i]} · ${s.series
                .map((x) => `${x.actionId === null ? t('appData.square.other') : actionLabel(x, lang)} ${x.events[i] ?? 0}`)
                .join(' · ')}`
            }
            hasData={s.totals.events > 0}
          />
        </Card>
      </Col>
      <Col xs={24} xl={10}>
        <Card size="small" title={t('appData.square.devicesChart')} style={{ marginTop: 16 }}>
          <LiteChart
            testId="square-devices-chart"
            label={t('appData.square.devicesChart')}
            height={240}
            categories={days}
            series={[
              { type: 'bar', name: t('appData.square.column.devices'), color: '#13a8a8', values: s.daily.map((d) => d.devices) },
            ]}
            tooltip={(i) => `${s.daily[i]?.day} · ${t('appData.square.column.devices')} ${s.daily[i]?.devices ?? 0}`}
            hasData={s.totals.devices > 0}
          />
        </Card>
      </Col>
    </Row>
  );
}

export function TopActions({ s }: { s: Square }) {
  const { t, lang } = useTexts();
  return (
    <Card size="small" title={t('appData.square.topActions')} style={{ marginTop: 16 }}>
      <LiteChart
        testId="square-top-actions"
        label={t('appData.square.topActions')}
        horizontal
        height={Math.max(80, s.topActions.length * 28)}
        categories={s.topActions.map((a) => actionLabel(a, lang))}
        series={[{ type: 'bar', name: t('appData.square.events'), color: '#1677ff', values: s.topActions.map((a) => a.events) }]}
        endLabel={(i) => (s.topActions[i]?.events ?? 0).toLocaleString()}
        tooltip={(i) => `${s.topActions[i]?.key} · ${(s.topActions[i]?.events ?? 0).toLocaleString()}`}
        hasData={s.topActions.length > 0}
      />
    </Card>
  );
}

type ShareRow = Square['byCountry'][number] & { name?: string; inCatalogue?: boolean };

export function SplitTable({
  title,
  rows,
  total,
  testId,
  label,
}: {
  title: string;
  rows: readonly ShareRow[];
  total: number;
  testId: string;
  label?: (r: ShareRow) => ReactNode;
}) {
  const { t } = useTexts();
  return (
    <Card size="small" title={title} style={{ marginTop: 16 }}>
      <FitTable<ShareRow>
        tableId={`appdata.square.${testId}`}
        rowKey="value"
        size="small"
        pagination={false}
        dataSource={[...rows]}
        data-testid={`square-${testId}`}
        scrollY={260}
        locale={{ emptyText: <EmptyState text={t('appData.square.empty')} /> }}
        columns={[
          {
            key: 'value',
            priority: 'key',
            width: 160,
            title: t('appData.square.column.value'),
            render: (_, r) =>
              label ? label(r) : r.value || <Typography.Text type="secondary">{t('appData.square.unknown')}</Typography.Text>,
          },
          {
            key: 'events',
            priority: 'key',
            width: 100,
            align: 'right',
            title: t('appData.square.column.events'),
            render: (_, r) => r.events.toLocaleString(),
          },
          {
            key: 'share',
            priority: 'normal',
            width: 70,
            align: 'right',
            title: t('appData.square.column.share'),
            render: (_, r) => (total > 0 ? `${((r.events / total) * 100).toFixed(1)} %` : '—'),
          },
          {
            key: 'devices',
            priority: 'key',
            width: 100,
            align: 'right',
            title: t('appData.square.column.devices'),
            render: (_, r) => r.devices.toLocaleString(),
          },
        ]}
      />
    </Card>
  );
}

export function ModelLabel({ r }: { r: ShareRow }) {
  const { t } = useTexts();
  if (!r.value) return <Typography.Text type="secondary">{t('appData.square.unknown')}</Typography.Text>;
  return (
    <span>
      {r.value} {r.name && <Typography.Text type="secondary">{r.name}</Typography.Text>}{' '}
      {r.inCatalogue === false && <Tag>{t('appData.square.notInCatalogue')}</Tag>}
    </span>
  );
}
