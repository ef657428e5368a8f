import { EyeOutlined } from '@ant-design/icons';
import { ppcRules as ep } from '@bo/contract';
import type { RulePreview, ruleRunSchema } from '@bo/contract/ppc/rules';
import { Alert, Button, Card, Descriptions, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { QueryStates } from '../../../shared/components/QueryStates';
import { formatDateTime } from '../../../shared/format';
import { errorText } from '../../../shared/http/error-text';
import { call } from '../../../shared/http/http-client';
import { useTexts } from '../../../shared/i18n/lang';
import { FitTable } from '../../../shared/table/FitTable';
import { CountCell } from '../../../shared/table/NumberCells';
import { PreviewResult } from './RuleDrawer';
import { actionText, conditionsText, scheduleText } from './rule-text';
import { useRule, useRuleRuns } from './rules.queries';

type RuleRun = z.infer<typeof ruleRunSchema>;

/** /robotPpc/ruler/detail and /robotPpc/high/detail?id=: one rule, a preview of it now, and its runs. */
export function RuleDetailPage({ list }: { list: string }) {
  const { t, lang } = useTexts();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const rule = useRule(id);
  const [page, setPage] = useState(1);
  const runs = useRuleRuns({ ruleId: id ?? 0, pageNum: page, pageSize: 10 }, id !== null);
  const [preview, setPreview] = useState<RulePreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const runPreview = async () => {
    if (!id) return;
    setLoading(true);
    setError(null);
    try {
      setPreview(await call(ep.previewRule, { params: { id } }));
    } catch (err) {
      setError(errorText(err, lang));
    } finally {
      setLoading(false);
    }
  };
  const r = rule.data;
  return (
    <div className="bo-page" data-testid="page-rule-detail">
      <div className="bo-page-head">
        <Typography.Title level={3}>{r?.name ?? t('ppc.rules.robot.detail')}</Typography.Title>
        <Link to={list}>{t('ppc.rules.detail.back')}</Link>
      </div>
      {id === null ? (
        <Alert type="warning" showIcon title={t('ppc.rules.detail.notFound')} />
      ) : (
        <QueryStates pending={rule.isPending} error={rule.error} onRetry={() => void rule.refetch()}>
          {r && (
            <Space direction="vertical" size={16} style={{ width: '100%' }}>
              <Card
                extra={
                  <Space>
                    <Link to={`/ppcAuto/history?ruleId=${r.id}`}>{t('ppc.rules.history')}</Link>
                    <Button icon={<EyeOutlined />} loading={loading} onClick={() => void runPreview()}>
                      {t('ppc.rules.preview')}
                    </Button>
                  </Space>
                }
              >
                <Descriptions column={2} size="small">
                  <Descriptions.Item label={t('ppc.rules.level')}>{t(`ppc.rules.levels.${r.level}`)}</Descriptions.Item>
                  <Descriptions.Item label={t('ppc.rules.shops')}>{r.shopNames.join(', ')}</Descriptions.Item>
                  <Descriptions.Item label={t('ppc.rules.conditions')} span={2}>
                    {`${t('ppc.rules.days', { count: r.windowDays })}: ${conditionsText(r.conditions, t)}`}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('ppc.rules.action')}>{actionText(r.action, t)}</Descriptions.Item>
                  <Descriptions.Item label={t('ppc.rules.schedule_')}>{scheduleText(r, t)}</Descriptions.Item>
                  <Descriptions.Item label={t('ppc.rules.enabled')}>
                    {r.enabled ? <Tag color="green">{t('ppc.rules.on')}</Tag> : <Tag>{t('ppc.rules.off')}</Tag>}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('ppc.rules.cooldown')}>{r.cooldownDays}</Descriptions.Item>
                  <Descriptions.Item label={t('ppc.rules.maxChanges')}>{r.maxChanges}</Descriptions.Item>
                  <Descriptions.Item label={t('ppc.rules.maxDelta')}>{r.maxDelta ?? '-'}</Descriptions.Item>
                </Descriptions>
                {r.conflicts.length > 0 && (
                  <Alert
                    type="warning"
                    showIcon
                    title={t('ppc.rules.conflictTitle')}
                    description={r.conflicts.map((c) => `${c.name}: ${c.reason}`).join('; ')}
                  />
                )}
              </Card>
              {error && <Alert type="error" showIcon title={error} />}
              {preview && <PreviewResult preview={preview} />}
              <Card title={t('ppc.rules.runs')}>
                {/* At 1280 px: every column; when narrower the trigger and the skipped count give way first. */}
                <FitTable<RuleRun>
                  tableId="ppc.rules.detailRuns"
                  data-testid="rule-detail-runs"
                  rowKey="id"
                  size="small"
                  loading={runs.isFetching}
                  dataSource={runs.data?.list ?? []}
                  pagination={{
                    current: page,
                    pageSize: 10,
                    total: runs.data?.total ?? 0,
                    onChange: setPage,
                    showSizeChanger: false,
                  }}
                  columns={[
                    {
                      key: 'started',
                      title: t('ppc.rules.started'),
                      priority: 'key',
                      width: 170,
                      render: (_, x) => formatDateTime(x.startedAt),
                    },
                    {
                      key: 'trigger',
                      title: t('ppc.rules.schedule_'),
                      width: 130,
                      ellipsis: true,
                      render: (_, x) => t(`ppc.rules.trigger.${x.trigger}`),
                    },
                    {
                      key: 'status',
                      title: t('ppc.rules.status'),
                      priority: 'key',
                      width: 130,
                      render: (_, x) => t(`ppc.rules.runStatus.${x.status}`),
                    },
                    {
                      key: 'matched',
                      title: t('ppc.rules.matched'),
                      priority: 'key',
                      width: 100,
                      align: 'right',
                      render: (_, x) => <CountCell value={x.matched} />,
                    },
                    {
                      key: 'changed',
                      title: t('ppc.rules.changed'),
                      priority: 'key',
                      width: 100,
                      align: 'right',
                      render: (_, x) => <CountCell value={x.changed} />,
                    },
                    {
                      key: 'skipped',
                      title: t('ppc.rules.skipped'),
                      width: 100,
                      align: 'right',
                      render: (_, x) => <CountCell value={x.skipped} />,
                    },
                    {
                      key: 'history',
                      title: '',
                      label: t('ppc.rules.history'),
                      priority: 'key',
                      width: 110,
                      render: (_, x) => <Link to={`/ppcAuto/history?runId=${x.id}`}>{t('ppc.rules.history')}</Link>,
                    },
                  ]}
                />
              </Card>
            </Space>
          )}
        </QueryStates>
      )}
    </div>
  );
}
