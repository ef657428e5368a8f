import { CheckOutlined, CloseOutlined, StepForwardOutlined } from '@ant-design/icons';
import type { Estimate } from '@bo/contract/forecasts/estimates';
import * as est from '@bo/contract/forecasts/estimates';
import { Button, Card, Descriptions, Flex, Statistic, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Can } from '../../shared/Can';
import { CHART_COLORS } from '../../shared/charts/colors';
import { LiteChart } from '../../shared/charts/lite/LiteChart';
import { ExportButton } from '../../shared/components/ExportButton';
import { Page } from '../../shared/components/PageHead';
import { EmptyState, QueryStates } from '../../shared/components/QueryStates';
import { useNotify } from '../../shared/components/use-notify';
import { formatDateTime } from '../../shared/format';
import { errorText } from '../../shared/http/error-text';
import { useTexts } from '../../shared/i18n/lang';
import { EditDrawer, type Editor } from '../../shared/kit/EditDrawer';
import { shopLabel } from '../../shared/markets/markets';
import { formatShare, formatUnits } from './components/forecast-format';
import { exportPendingReview, useAuditEstimates, useReviewCount, useReviewDays, useReviewQueue } from './forecasts.queries';

/** The estimate against the system forecast over the same days: units and share (null without a forecast). */
export function differenceOf(e: Pick<Estimate, 'totalUnits' | 'systemUnits'>) {
  if (e.systemUnits === null) return null;
  const units = Math.round((e.totalUnits - e.systemUnits) * 10) / 10;
  return { units, share: e.systemUnits === 0 ? null : units / e.systemUnits };
}

/**
 * /forecast/newAudit: the review queue, one estimate at a time. What waits for the caller in the
 * visible shops, oldest first; Approve, Reject (with its remark) or Skip, then the next. The count
 * left is the header badge's (one query), so both move with each decision.
 */
export default function ForecastQueuePage() {
  const { t, lang } = useTexts();
  const notify = useNotify();
  const queue = useReviewQueue();
  const count = useReviewCount();
  const audit = useAuditEstimates();
  const [skipped, setSkipped] = useState<readonly number[]>([]);
  const [rejecting, setRejecting] = useState<Editor<Estimate> | null>(null);

  const waiting = queue.data?.list ?? [];
  const current = waiting.find((e) => !skipped.includes(e.id)) ?? null;
  const left = count.data?.count ?? queue.data?.total ?? 0;

  const approve = async (e: Estimate) => {
    try {
      await audit.mutateAsync({ items: [{ id: e.id, version: e.version }], action: 'approve' });
      notify.success(t('forecasts.queue.approved', { sku: e.sku }));
    } catch (err) {
      notify.error(errorText(err, lang));
    }
  };

  return (
    <Page
      testId="page-forecast-queue"
      texts="forecasts.queue"
      extra={
        <Flex gap={16} align="center">
          <Statistic title={t('forecasts.queue.left')} value={left} data-testid="queue-left" />
          <Can permission="scm:forecast:review:export">
            <ExportButton
              label={t('forecasts.queue.export')}
              fetchFile={(o) => exportPendingReview({ status: 'PENDING' }, o)}
              testId="queue-export"
            />
          </Can>
        </Flex>
      }
    >
      <QueryStates pending={queue.isPending} error={queue.error} onRetry={() => void queue.refetch()} rows={10}>
        {current ? (
          <EstimateCard
            key={current.id}
            e={current}
            busy={audit.isPending}
            onApprove={() => void approve(current)}
            onReject={() => setRejecting({ mode: 'edit', record: current })}
            onSkip={() => setSkipped((s) => [...s, current.id])}
          />
        ) : (
          <Card>
            <EmptyState
              testId="queue-empty"
              text={waiting.length > 0 ? t('forecasts.queue.allSkipped') : t('forecasts.queue.empty')}
            />
            {waiting.length > 0 && (
              <Flex justify="center">
                <Button onClick={() => setSkipped([])} data-testid="queue-restart">
                  {t('forecasts.queue.restart')}
                </Button>
              </Flex>
            )}
          </Card>
        )}
      </QueryStates>
      <EditDrawer<Estimate, { remark: string }, unknown>
        editor={rejecting}
        onClose={() => setRejecting(null)}
        title={(e) => t('forecasts.queue.rejectTitle', { sku: e.record?.sku ?? '' })}
        schema={est.rejectRemarkSchema}
        fields={[{ name: 'remark', label: t('forecasts.review.remark'), input: 'textarea', testId: 'queue-remark' }]}
        initialValues={() => ({ remark: '' })}
        onSubmit={(v, e) =>
          audit.mutateAsync({
            items: [{ id: e.record?.id ?? 0, version: e.record?.version ?? 0 }],
            action: 'reject',
            remark: v.remark.trim(),
          })
        }
        savedText={(_s, e) => t('forecasts.queue.rejected', { sku: e.record?.sku ?? '' })}
        testId="queue-reject-form"
        saveTestId="queue-reject-save"
      />
    </Page>
  );
}

interface CardProps {
  e: Estimate;
  busy: boolean;
  onApprove: () => void;
  onReject: () => void;
  onSkip: () => void;
}

function EstimateCard({ e, busy, onApprove, onReject, onSkip }: CardProps) {
  const { t, lang } = useTexts();
  const diff = differenceOf(e);
  const name = lang === 'zh-CN' ? e.productName || e.productNameEn : e.productNameEn || e.productName;
  return (
    <Card
      data-testid={`queue-estimate-${e.id}`}
      title={
        <Flex gap={8} align="baseline" wrap>
          <Typography.Text strong>{e.sku}</Typography.Text>
          <Typography.Text type="secondary">{[e.asin, name].filter(Boolean).join(' · ')}</Typography.Text>
          <Tag>{shopLabel(e.shopName, e.marketId)}</Tag>
        </Flex>
      }
      extra={
        <Flex gap={8}>
          <Button icon={<StepForwardOutlined />} onClick={onSkip} data-testid="queue-skip">
            {t('forecasts.queue.skip')}
          </Button>
          <Can permission="scm:forecast:review:approve">
            <Button danger icon={<CloseOutlined />} onClick={onReject} disabled={busy} data-testid="queue-reject">
              {t('forecasts.review.reject')}
            </Button>
            <Button type="primary" icon={<CheckOutlined />} onClick={onApprove} loading={busy} data-testid="queue-approve">
              {t('forecasts.review.approve')}
            </Button>
          </Can>
        </Flex>
      }
    >
      <Descriptions size="small" column={{ xs: 1, md: 3 }}>
        <Descriptions.Item label={t('forecasts.queue.estimate')}>
          <span data-testid="queue-total">{formatUnits(e.totalUnits)}</span>
          <Typography.Text type="secondary">
            {' '}
            ({e.periods.map((u) => formatUnits(u)).join(' / ')} ·{' '}
            {t('forecasts.review.periodsFrom', { day: e.startDay, unit: t(`forecasts.review.${e.granularity}`) })})
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('forecasts.review.column.system')}>
          {e.systemUnits === null ? '—' : formatUnits(e.systemUnits)}
        </Descriptions.Item>
        <Descriptions.Item label={t('forecasts.queue.difference')}>
          <span data-testid="queue-difference">
            {diff === null
              ? '—'
              : `${diff.units > 0 ? '+' : ''}${formatUnits(diff.units)} (${diff.share === null ? '—' : `${diff.share > 0 ? '+' : ''}${formatShare(diff.share)}`})`}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('forecasts.review.column.reason')} span={3}>
          <span data-testid="queue-reason">{e.reason}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('forecasts.review.column.submitter')}>{e.submitterName}</Descriptions.Item>
        <Descriptions.Item label={t('forecasts.review.column.submittedAt')}>{formatDateTime(e.submittedAt)}</Descriptions.Item>
      </Descriptions>
      <EstimateChart id={e.id} />
    </Card>
  );
}

/** The last 90 days sold, the system forecast and the estimate per day, on one axis. */
function EstimateChart({ id }: { id: number }) {
  const { t } = useTexts();
  const days = useReviewDays(id);
  return (
    <QueryStates pending={days.isPending} error={days.error} onRetry={() => void days.refetch()} rows={6}>
      {days.data &&
        (() => {
          const d = days.data;
          const future = [...new Set([...d.forecast.map((f) => f.day), ...d.estimate.map((x) => x.day)])].sort();
          const categories = [...d.history.map((h) => h.day), ...future];
          const forecastOf = new Map(d.forecast.map((f) => [f.day, f.units]));
          const estimateOf = new Map(d.estimate.map((x) => [x.day, x.units]));
          const pad = d.history.map(() => null);
          return (
            <LiteChart
              testId="queue-chart"
              label={t('forecasts.queue.chart')}
              height={280}
              legend
              hasData={categories.length > 0}
              categories={categories.map((c) => c.slice(5))}
              series={[
                {
                  type: 'bar',
                  name: t('forecasts.detail.sold'),
                  color: '#94a3b8',
                  values: [...d.history.map((h) => h.units), ...future.map(() => 0)],
                  opacity: [...d.history.map((h) => (h.censored ? 0.3 : 1)), ...future.map(() => 1)],
                },
                {
                  type: 'line',
                  name: t('forecasts.detail.forecast'),
                  color: CHART_COLORS.revenue,
                  values: [...pad, ...future.map((day) => forecastOf.get(day) ?? null)],
                },
                {
                  type: 'line',
                  name: t('forecasts.queue.estimatePerDay'),
                  color: CHART_COLORS.profit,
                  values: [...pad, ...future.map((day) => estimateOf.get(day) ?? null)],
                },
              ]}
              formatValue={formatUnits}
              tooltip={(i) => {
                const day = categories[i];
                if (!day) return null;
                const h = i < d.history.length ? d.history[i] : undefined;
                const f = forecastOf.get(day);
                const x = estimateOf.get(day);
                return (
                  <>
                    <div>{day}</div>
                    {h && (
                      <div>
                        {t('forecasts.detail.sold')}: {formatUnits(h.units)}
                        {h.censored ? ` · ${t('forecasts.detail.censored')}` : ''}
                      </div>
                    )}
                    {f !== undefined && (
                      <div>
                        {t('forecasts.detail.forecast')}: {formatUnits(f)}
                      </div>
                    )}
                    {x !== undefined && (
                      <div>
                        {t('forecasts.queue.estimatePerDay')}: {formatUnits(x)}
                      </div>
                    )}
                  </>
                );
              }}
            />
          );
        })()}
    </QueryStates>
  );
}
