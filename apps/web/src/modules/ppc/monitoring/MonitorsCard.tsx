import { DeleteOutlined } from '@ant-design/icons';
import { REPORTING_CURRENCY } from '@bo/contract/ppc/board';
import type { monitorSchema } from '@bo/contract/ppc/monitoring';
import { Button, Card, Popconfirm, Segmented, Space, Switch, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Can, useCan } from '../../../shared/Can';
import { useNotify } from '../../../shared/components/use-notify';
import { errorText } from '../../../shared/http/error-text';
import { useLang } from '../../../shared/i18n/lang';
import type { FitColumnType } from '../../../shared/table/FitTable';
import { QueryTable } from '../../../shared/table/QueryTable';
import { formatMetric } from './metric-format';
import { useDeleteMonitor, useMonitors, useSetMonitorsEnabled } from './monitoring.queries';

type Monitor = z.infer<typeof monitorSchema>;

/** The monitors of the visible shops with their current value and open alert; switch and delete them. */
export function MonitorsCard() {
  const { t } = useTranslation();
  const can = useCan();
  const notify = useNotify();
  const lang = useLang();
  const [pageNum, setPageNum] = useState(1);
  const [alerting, setAlerting] = useState(false);
  const list = useMonitors({ pageNum, pageSize: 10, ...(alerting ? { alerting: 'true' as const } : {}) });
  const toggle = useSetMonitorsEnabled();
  const remove = useDeleteMonitor();
  const fail = (err: unknown) => notify.error(errorText(err, lang));

  // Every column is what a monitor is, its state or its switch: all key, they fit the board's width at 1280 px.
  const columns: FitColumnType<Monitor>[] = [
    { key: 'name', title: t('ppc.monitor.name'), priority: 'key', width: 140, ellipsis: true, render: (_, m) => m.name },
    {
      key: 'target',
      title: t('ppc.monitor.target'),
      priority: 'key',
      width: 200,
      ellipsis: true,
      render: (_, m) => `${t(`ppc.monitor.scope.${m.scope}`)} · ${m.targetName} · ${m.shopName}`,
    },
    {
      key: 'condition',
      title: t('ppc.monitor.condition'),
      priority: 'key',
      width: 220,
      ellipsis: true,
      render: (_, m) =>
        t('ppc.monitor.conditionText', {
          metric: t(`ppc.metric.${m.metric}`),
          comparator: m.comparator === 'gt' ? '>' : '<',
          threshold: formatMetric(m.metric, m.threshold, REPORTING_CURRENCY),
          days: m.windowDays,
        }),
    },
    {
      key: 'value',
      title: t('ppc.monitor.value'),
      priority: 'key',
      width: 120,
      align: 'right',
      render: (_, m) => (
        <Tooltip title={m.windowStart ? `${m.windowStart} – ${m.windowEnd}` : t('ppc.monitor.noData')}>
          {formatMetric(m.metric, m.currentValue, REPORTING_CURRENCY)}
        </Tooltip>
      ),
    },
    {
      key: 'alert',
      title: t('ppc.monitor.status'),
      priority: 'key',
      width: 160,
      render: (_, m) =>
        !m.enabled ? (
          <Tag>{t('ppc.monitor.off')}</Tag>
        ) : m.alert ? (
          <Tag color="red" data-testid={`ppc-monitor-alert-${m.id}`}>
            {t('ppc.monitor.alert', { since: m.alert.raisedAt.slice(0, 10) })}
          </Tag>
        ) : (
          <Tag color="green">{t('ppc.monitor.ok')}</Tag>
        ),
    },
    {
      key: 'enabled',
      title: t('ppc.monitor.enabled'),
      priority: 'key',
      width: 72,
      render: (_, m) => (
        <Switch
          size="small"
          checked={m.enabled}
          disabled={!can('ppc:report:edit')}
          loading={toggle.isPending && toggle.variables?.ids.includes(m.id)}
          onChange={(enabled) => toggle.mutate({ ids: [m.id], enabled }, { onError: fail })}
        />
      ),
    },
    {
      key: 'actions',
      title: '',
      label: t('ppc.monitor.delete'),
      priority: 'key',
      width: 48,
      render: (_, m) => (
        <Can permission="ppc:report:delete">
          <Popconfirm title={t('ppc.monitor.deleteConfirm')} onConfirm={() => remove.mutateAsync(m.id).catch(fail)}>
            <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('ppc.monitor.delete')} />
          </Popconfirm>
        </Can>
      ),
    },
  ];

  return (
    <Card
      title={t('ppc.monitor.title')}
      size="small"
      extra={
        <Space>
          <Segmented
            size="small"
            value={alerting ? 'alerting' : 'all'}
            onChange={(v) => {
              setAlerting(v === 'alerting');
              setPageNum(1);
            }}
            options={[
              { value: 'all', label: t('ppc.monitor.all') },
              { value: 'alerting', label: t('ppc.monitor.alerting') },
            ]}
          />
        </Space>
      }
      data-testid="ppc-monitors"
    >
      <QueryTable<Monitor>
        query={list}
        skeletonRows={3}
        tableId="ppc.monitors"
        rowKey="id"
        size="small"
        columns={columns}
        locale={{ emptyText: t('ppc.monitor.empty') }}
        pagination={{
          current: pageNum,
          pageSize: 10,
          total: list.data?.total ?? 0,
          onChange: setPageNum,
          hideOnSinglePage: true,
        }}
      />
    </Card>
  );
}
