/**
 * /gtm/details?id=: one GTM objective — its state and score, its key results with their
 * figures and check-ins (the check-in drawer lists them), and its linked project with the
 * quarter's figures of the project's SKUs.
 */
import * as ep from '@bo/contract/okr/okr';
import { Button, Card, Col, Descriptions, Empty, Row, Space, Statistic, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHead } from '../../shared/components/PageHead';
import { QueryStates } from '../../shared/components/QueryStates';
import { formatAmount, formatCount, formatDateTime, formatPercentValue } from '../../shared/format';
import { StateTag } from '../../shared/kit/StateTag';
import { FitTable } from '../../shared/table/FitTable';
import { useObjective } from './okr.queries';
import { CheckinDrawer, type CheckinTarget, KrActual, ScoreBar, useKrKindText } from './okr-parts';

export default function GtmDetailsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id') ?? 0);
  const q = useObjective(Number.isInteger(id) && id > 0 ? id : 0);
  const [checkin, setCheckin] = useState<CheckinTarget | null>(null);
  const kindText = useKrKindText();
  const o = q.data;
  const figure = o?.keyResults.find((k) => k.figure)?.figure ?? null;

  return (
    <div data-testid="page-gtm-details">
      <PageHead
        title={o ? o.title : t('okr.gtm.title')}
        subtitle={o ? `${o.quarter} · ${o.owner.name}${o.dept ? ` · ${o.dept.name}` : ''}` : undefined}
        extra={
          <Link to="/okrMgr/gtm">
            <Button>{t('okr.gtm.back')}</Button>
          </Link>
        }
      />
      {!(id > 0) ? (
        <Empty description={t('okr.gtm.missing')} />
      ) : (
        <QueryStates pending={q.isPending} error={q.error} onRetry={() => void q.refetch()} rows={8}>
          {o && (
            <>
              <Card size="small">
                <Descriptions column={3} size="small">
                  <Descriptions.Item label={t('okr.column.state')}>
                    <StateTag machine={ep.OBJECTIVE_MACHINE} state={o.state} testId="gtm-details-state" />
                  </Descriptions.Item>
                  <Descriptions.Item label={t('okr.column.score')}>
                    <ScoreBar score={o.score} testId="gtm-details-score" />
                  </Descriptions.Item>
                  <Descriptions.Item label={t('okr.column.updatedAt')}>{formatDateTime(o.updatedAt)}</Descriptions.Item>
                  {o.description ? (
                    <Descriptions.Item label={t('okr.field.description')} span={3}>
                      {o.description}
                    </Descriptions.Item>
                  ) : null}
                </Descriptions>
              </Card>
              <Card size="small" title={t('okr.column.keyResults')} style={{ marginTop: 16 }}>
                <FitTable<ep.KeyResult>
                  tableId="okr.gtm.keyResults"
                  rowKey="id"
                  size="small"
                  pagination={false}
                  dataSource={o.keyResults}
                  data-testid="gtm-details-krs"
                  columns={[
                    {
                      key: 'title',
                      priority: 'key',
                      width: 240,
                      ellipsis: true,
                      title: t('okr.column.kr'),
                      render: (_, k) => k.title,
                    },
                    { key: 'kind', width: 150, title: t('okr.column.kind'), render: (_, k) => kindText(k) },
                    { key: 'weight', width: 70, title: t('okr.column.weight'), render: (_, k) => k.weight },
                    {
                      key: 'actual',
                      priority: 'key',
                      width: 200,
                      title: `${t('okr.column.actual')} / ${t('okr.column.target')}`,
                      render: (_, k) => <KrActual kr={k} hasSkus={(o.project?.skus.length ?? 0) > 0} />,
                    },
                    {
                      key: 'score',
                      priority: 'key',
                      width: 150,
                      title: t('okr.column.score'),
                      render: (_, k) => <ScoreBar score={k.score} />,
                    },
                    {
                      key: 'checkins',
                      width: 120,
                      title: t('okr.column.checkins'),
                      render: (_, k) => (
                        <Typography.Link onClick={() => setCheckin(k)} data-testid={`gtm-details-checkins-${k.id}`}>
                          {o.editable && o.state === 'published' ? t('okr.kr.checkIn') : t('okr.kr.historyTitle')} ({k.checkins})
                        </Typography.Link>
                      ),
                    },
                  ]}
                />
              </Card>
              <Card size="small" title={t('okr.gtm.project')} style={{ marginTop: 16 }}>
                {o.project ? (
                  <>
                    <Space wrap style={{ marginBottom: 12 }}>
                      <Link to={`/viewGtmProject?id=${o.project.id}`}>{`${o.project.code} ${o.project.name}`}</Link>
                      <span>{t('okr.gtm.skus')}:</span>
                      {o.project.skus.map((s) => (
                        <Tag key={s}>{s}</Tag>
                      ))}
                    </Space>
                    {figure ? (
                      <>
                        <Typography.Text type="secondary">
                          {t('okr.gtm.figures')} · {t('okr.figurePeriod', { from: figure.from, to: figure.to })}
                        </Typography.Text>
                        <Row gutter={16} style={{ marginTop: 8 }}>
                          <Col span={6}>
                            <Statistic title={t('okr.gtm.units')} value={formatCount(figure.units)} />
                          </Col>
                          <Col span={6}>
                            <Statistic title={t('okr.gtm.sales')} value={`${formatAmount(figure.sales)} USD`} />
                          </Col>
                          <Col span={6}>
                            <Statistic title={t('okr.gtm.adSpend')} value={`${formatAmount(figure.adSpend)} USD`} />
                          </Col>
                          <Col span={6}>
                            <Statistic
                              title={t('okr.gtm.acos')}
                              value={figure.acos === null ? '—' : formatPercentValue(figure.acos)}
                            />
                          </Col>
                        </Row>
                      </>
                    ) : (
                      <Typography.Text type="secondary">
                        {o.project.skus.length ? t('okr.noFigure') : t('okr.noSkus')}
                      </Typography.Text>
                    )}
                  </>
                ) : (
                  <Empty description={t('okr.gtm.noProject')} />
                )}
              </Card>
            </>
          )}
        </QueryStates>
      )}
      <CheckinDrawer kr={checkin} onClose={() => setCheckin(null)} readOnly={!(o?.editable && o.state === 'published')} />
    </div>
  );
}
