/**
 * /okr/dashboard: one quarter's published and closed objectives — the quarter's score, the
 * scores by department (a chart) and by list type, and each objective's score — with the
 * score rule (OKR_SCORE_RULE in the contract) written under it.
 */
import * as ep from '@bo/contract/okr/okr';
import { Card, Col, Empty, Row, Select, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LiteChart } from '../../shared/charts/lite/LiteChart';
import { FilterCard, PageHead } from '../../shared/components/PageHead';
import { QueryStates } from '../../shared/components/QueryStates';
import { StateTag } from '../../shared/kit/StateTag';
import { FitTable } from '../../shared/table/FitTable';
import { currentQuarter, quarterChoices, useOkrDashboard, useOkrOptions } from './okr.queries';
import { LIST_KEY, ScoreBar } from './okr-parts';

const pct = (s: number | null) => (s === null ? '—' : `${Math.round(s * 100)}%`);

export default function OkrDashboardPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const asked = params.get('quarter') ?? '';
  const quarter = ep.quarterSchema.safeParse(asked).success ? asked : currentQuarter();
  const options = useOkrOptions();
  const q = useOkrDashboard(quarter);
  const quarters = quarterChoices(options.data?.quarters, quarter);
  const d = q.data;
  const typeName = (key: string) => t(`okr.type.${LIST_KEY[Number(key) as ep.OkrListType]}`);

  return (
    <div data-testid="page-okr-dashboard">
      <PageHead title={t('okr.dashboard.title')} subtitle={t('okr.dashboard.subtitle')} />
      <FilterCard>
        <span>{t('okr.dashboard.quarter')}</span>
        <Select
          value={quarter}
          style={{ width: 130 }}
          options={quarters.map((x) => ({ value: x, label: x }))}
          onChange={(v) => setParams({ quarter: v })}
          data-testid="okr-dashboard-quarter"
        />
      </FilterCard>
      <QueryStates pending={q.isPending} error={q.error} onRetry={() => void q.refetch()} rows={8}>
        {d && d.objectives === 0 ? (
          <Empty style={{ marginTop: 48 }} description={t('okr.dashboard.empty')} data-testid="okr-dashboard-empty" />
        ) : d ? (
          <>
            <Row gutter={16} style={{ marginTop: 16 }}>
              <Col span={6}>
                <Card size="small">
                  <Statistic title={t('okr.dashboard.overall')} value={pct(d.score)} data-testid="okr-dashboard-score" />
                </Card>
              </Col>
              <Col span={6}>
                <Card size="small">
                  <Statistic title={t('okr.dashboard.objectives')} value={d.objectives} />
                </Card>
              </Col>
              {d.byType
                .filter((g) => g.objectives > 0)
                .slice(0, 2)
                .map((g) => (
                  <Col span={6} key={g.key}>
                    <Card size="small">
                      <Statistic title={`${t('okr.dashboard.byType')} · ${typeName(g.key)}`} value={pct(g.score)} />
                    </Card>
                  </Col>
                ))}
            </Row>
            <Row gutter={16} style={{ marginTop: 16 }}>
              <Col span={12}>
                <Card size="small" title={t('okr.dashboard.byDept')}>
                  <LiteChart
                    testId="okr-dashboard-chart"
                    label={t('okr.dashboard.byDept')}
                    horizontal
                    height={Math.max(120, d.byDept.length * 36 + 20)}
                    categories={d.byDept.map((g) => g.name || t('okr.dashboard.noDept'))}
                    series={[
                      {
                        type: 'bar',
                        name: t('okr.dashboard.chart'),
                        color: '#1677ff',
                        values: d.byDept.map((g) => Math.round((g.score ?? 0) * 100)),
                      },
                    ]}
                    endLabel={(i) => pct(d.byDept[i]?.score ?? null)}
                    tooltip={(i) =>
                      `${d.byDept[i]?.name || t('okr.dashboard.noDept')}: ${pct(d.byDept[i]?.score ?? null)} (${d.byDept[i]?.objectives ?? 0})`
                    }
                    hasData={d.byDept.length > 0}
                  />
                </Card>
              </Col>
              <Col span={12}>
                <Card size="small" title={t('okr.dashboard.byType')}>
                  <FitTable
                    tableId="okr.dashboard.types"
                    rowKey="key"
                    size="small"
                    pagination={false}
                    dataSource={d.byType}
                    columns={[
                      { key: 'name', width: 140, title: t('okr.column.kind'), render: (_, g) => typeName(g.key) },
                      { key: 'objectives', width: 100, title: t('okr.dashboard.objectives'), render: (_, g) => g.objectives },
                      { key: 'score', width: 160, title: t('okr.column.score'), render: (_, g) => <ScoreBar score={g.score} /> },
                    ]}
                  />
                </Card>
              </Col>
            </Row>
            <Card size="small" style={{ marginTop: 16 }}>
              <FitTable
                tableId="okr.dashboard.objectives"
                rowKey="id"
                size="small"
                pagination={false}
                dataSource={d.rows}
                data-testid="okr-dashboard-rows"
                columns={[
                  {
                    key: 'title',
                    priority: 'key',
                    width: 260,
                    ellipsis: true,
                    title: t('okr.column.title'),
                    render: (_, r) => r.title,
                  },
                  { key: 'type', width: 110, title: t('okr.column.kind'), render: (_, r) => typeName(String(r.listType)) },
                  { key: 'owner', width: 110, title: t('okr.column.owner'), render: (_, r) => r.owner },
                  { key: 'dept', width: 130, title: t('okr.column.dept'), render: (_, r) => r.dept ?? '—' },
                  { key: 'keyResults', width: 90, title: t('okr.column.keyResults'), render: (_, r) => r.keyResults },
                  {
                    key: 'state',
                    width: 90,
                    title: t('okr.column.state'),
                    render: (_, r) => <StateTag machine={ep.OBJECTIVE_MACHINE} state={r.state} />,
                  },
                  {
                    key: 'score',
                    priority: 'key',
                    width: 160,
                    title: t('okr.column.score'),
                    render: (_, r) => <ScoreBar score={r.score} testId={`okr-dashboard-score-${r.id}`} />,
                  },
                ]}
              />
            </Card>
            <Typography.Paragraph type="secondary" style={{ marginTop: 12 }} data-testid="okr-dashboard-rule">
              {t('okr.dashboard.rule')}
            </Typography.Paragraph>
          </>
        ) : null}
      </QueryStates>
    </div>
  );
}
