import { DownloadOutlined } from '@ant-design/icons';
import { mailAutomation as ep } from '@bo/contract';
import { SEND_STATES } from '@bo/contract/mail/automation';
import { Button, Card, DatePicker, Descriptions, Empty, Select, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import type { EChartsCoreOption } from 'echarts/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useCan } from '../../../shared/Can';
import { EChart } from '../../../shared/charts/EChart';
import { CHART_COLORS } from '../../../shared/charts/echarts-core';
import { QueryStates } from '../../../shared/components/QueryStates';
import { useNotify } from '../../../shared/components/use-notify';
import { formatDateTime } from '../../../shared/format';
import { saveBlob } from '../../../shared/http/content-disposition';
import { download } from '../../../shared/http/http-client';
import { listPagination, toUrlPatch } from '../../../shared/list-paging';
import { FitTable } from '../../../shared/table/FitTable';
import { useUrlFilters } from '../../../shared/url-filters';
import { useSenders, useTask, useTaskLog, useTaskStats } from './automation.queries';
import { TestMailCard } from './components/TestMailCard';

type SendState = (typeof SEND_STATES)[number];
const iso = (d: dayjs.Dayjs) => d.format('YYYY-MM-DD');
const STATE_COLOR: Record<SendState, string> = {
  queued: 'blue',
  sending: 'blue',
  sent: 'green',
  failed: 'red',
  unknown: 'volcano',
  skipped: 'default',
};

/** /smartMail/taskInfo?id=: one task, its sends per day (chart) and its send log. */
export default function SmartMailTaskInfoPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const raw = Number(params.get('id'));
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  const task = useTask(id);
  if (id === null) return <Empty description={t('mailAuto.task.notFound')} />;
  return (
    <QueryStates pending={task.isPending} error={task.error} onRetry={() => void task.refetch()}>
      {task.data && <TaskInfo task={task.data} />}
    </QueryStates>
  );
}

function TaskInfo({ task }: { task: NonNullable<ReturnType<typeof useTask>['data']> }) {
  const { t } = useTranslation();
  const can = useCan();
  const notify = useNotify();
  const today = dayjs();
  const [filters, setFilters] = useUrlFilters({
    id: String(task.autoMailId),
    start: iso(today.subtract(29, 'day')),
    end: iso(today),
    state: '',
    pageNum: '1',
    pageSize: '20',
  });
  const range = { startDate: filters.start, endDate: filters.end };
  const stats = useTaskStats(task.autoMailId, range);
  const state = (SEND_STATES as readonly string[]).includes(filters.state) ? (filters.state as SendState) : undefined;
  const logQuery = {
    state,
    pageNum: Math.max(1, Number(filters.pageNum) || 1),
    pageSize: Math.min(500, Math.max(1, Number(filters.pageSize) || 20)),
  };
  const log = useTaskLog(task.autoMailId, logQuery);
  const senders = useSenders(task.shopId);

  const option: EChartsCoreOption | null = useMemo(() => {
    const days = stats.data?.days ?? [];
    if (!days.length) return null;
    const series = (['sent', 'skipped', 'failed', 'unknown', 'queued'] as const).map((k) => ({
      name: t(`mailAuto.sendState.${k}`),
      type: 'bar',
      stack: 'sends',
      data: days.map((d) => d[k]),
      ...(k === 'sent' ? { itemStyle: { color: CHART_COLORS.revenue } } : {}),
    }));
    return {
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 40, right: 16, top: 36, bottom: 28 },
      xAxis: { type: 'category', data: days.map((d) => d.day), axisLabel: { color: CHART_COLORS.axis } },
      yAxis: { type: 'value', minInterval: 1, splitLine: { lineStyle: { color: CHART_COLORS.split } } },
      series,
    };
  }, [stats.data, t]);

  const exportLog = async () => {
    try {
      const { blob, filename } = await download(ep.autoMailFiles, { query: { autoMailId: task.autoMailId, ...range } });
      saveBlob(blob, filename);
    } catch (err) {
      notify.failure(err);
    }
  };

  return (
    <div className="bo-page" data-testid="page-smart-mail-info">
      <div className="bo-page-head">
        <Space>
          <Link to="/smartMail/task">{t('mailAuto.tasks.title')}</Link>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {task.autoMailName}
          </Typography.Title>
          <Tag color={task.state === 1 ? 'green' : task.state === 2 ? 'orange' : undefined}>
            {t(`mailAuto.state.s${task.state as 0 | 1 | 2}`)}
          </Tag>
        </Space>
      </div>
      <Card>
        <Descriptions size="small" column={{ xs: 1, md: 3 }}>
          <Descriptions.Item label={t('mailAuto.task.shop')}>{task.shopName}</Descriptions.Item>
          <Descriptions.Item label={t('mailAuto.task.mailbox')}>{task.mailboxEmail}</Descriptions.Item>
          <Descriptions.Item label={t('mailAuto.task.kind')}>{t(`mailAuto.kind.${task.kind}`)}</Descriptions.Item>
          <Descriptions.Item label={t('mailAuto.task.days')}>{task.daysAfterDelivery}</Descriptions.Item>
          <Descriptions.Item label={t('mailAuto.tasks.column.window')}>
            {task.sendHourFrom}:00–{task.sendHourTo}:00
          </Descriptions.Item>
          <Descriptions.Item label={t('mailAuto.task.dedupe')}>{task.buyerDedupeDays}</Descriptions.Item>
          <Descriptions.Item label={t('mailAuto.task.asins')} span={3}>
            {task.asins.length ? task.asins.map((a) => <Tag key={a}>{a}</Tag>) : '-'}
          </Descriptions.Item>
          <Descriptions.Item label={t('mailAuto.subject')} span={3}>
            {task.subject}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card
        title={t('mailAuto.task.stats')}
        style={{ marginTop: 16 }}
        extra={
          <DatePicker.RangePicker
            allowClear={false}
            value={[dayjs(filters.start), dayjs(filters.end)]}
            disabledDate={(d) => d.isAfter(today, 'day')}
            onChange={(v) => v?.[0] && v[1] && setFilters({ start: iso(v[0]), end: iso(v[1]) })}
            data-testid="task-range"
          />
        }
      >
        <QueryStates pending={stats.isPending} error={stats.error} onRetry={() => void stats.refetch()}>
          {option ? <EChart option={option} height={280} hasData testId="task-chart" /> : <Empty />}
          {stats.data && (
            <Space wrap style={{ marginTop: 8 }} data-testid="task-totals">
              {(['sent', 'skipped', 'failed', 'unknown', 'queued'] as const).map((k) => (
                <Tag key={k} color={STATE_COLOR[k]}>
                  {t(`mailAuto.sendState.${k}`)}: {stats.data.totals[k]}
                </Tag>
              ))}
            </Space>
          )}
        </QueryStates>
      </Card>
      <Card
        title={t('mailAuto.task.log')}
        style={{ marginTop: 16 }}
        extra={
          <Space>
            <Select
              allowClear
              placeholder={t('mailAuto.task.column.state')}
              value={state}
              onChange={(v?: string) => setFilters(toUrlPatch({ state: v, pageNum: 1 }))}
              options={SEND_STATES.map((s) => ({ value: s, label: t(`mailAuto.sendState.${s}`) }))}
              style={{ width: 130 }}
              data-testid="task-log-state"
            />
            <Button icon={<DownloadOutlined />} onClick={() => void exportLog()} data-testid="task-export">
              {t('mailAuto.task.export')}
            </Button>
          </Space>
        }
      >
        <QueryStates pending={log.isPending} error={log.error} onRetry={() => void log.refetch()}>
          {/* At 1280 px: the order, the send's state and why, when it was queued and sent; the buyer when room
              allows, the ASIN in the column chooser. */}
          <FitTable
            tableId="mail.smartMail.log"
            rowKey="id"
            size="small"
            dataSource={log.data?.list ?? []}
            loading={log.isFetching}
            locale={{ emptyText: <Empty description={t('mailAuto.task.logEmpty')} /> }}
            pagination={listPagination(logQuery, log.data?.total ?? 0, t)}
            onChange={(p) => setFilters(toUrlPatch({ pageNum: p.current ?? 1, pageSize: p.pageSize ?? logQuery.pageSize }))}
            columns={[
              {
                key: 'orderId',
                title: t('mailAuto.task.column.orderId'),
                priority: 'key',
                width: 170,
                ellipsis: true,
                dataIndex: 'orderId',
              },
              { key: 'asin', title: t('mailAuto.task.column.asin'), priority: 'detail', width: 120, dataIndex: 'asin' },
              { key: 'buyer', title: t('mailAuto.task.column.buyer'), width: 190, ellipsis: true, dataIndex: 'buyerEmail' },
              {
                key: 'state',
                title: t('mailAuto.task.column.state'),
                priority: 'key',
                width: 100,
                render: (_, r) => <Tag color={STATE_COLOR[r.state]}>{t(`mailAuto.sendState.${r.state}`)}</Tag>,
              },
              {
                key: 'reason',
                title: t('mailAuto.task.column.reason'),
                priority: 'key',
                width: 180,
                ellipsis: { showTitle: true },
                render: (_, r) => r.reason ?? '',
              },
              {
                key: 'createdAt',
                title: t('mailAuto.task.column.createdAt'),
                priority: 'key',
                width: 150,
                render: (_, r) => formatDateTime(r.createdAt),
              },
              {
                key: 'sentAt',
                title: t('mailAuto.task.column.sentAt'),
                priority: 'key',
                width: 150,
                render: (_, r) => (r.sentAt ? formatDateTime(r.sentAt) : '-'),
              },
            ]}
            data-testid="task-log"
          />
        </QueryStates>
      </Card>
      {can('email:smartMail:send') && (
        <TestMailCard kind="task" subject={task.subject} body={task.body} mailboxes={senders.data ?? []} />
      )}
    </div>
  );
}
