import { backMgrJobs as ep } from '@bo/contract';
import { JOB_MACHINE, type Job, type JobAction } from '@bo/contract/backmgr/jobs';
import { Button, Typography } from 'antd';
import { useState } from 'react';
import { useNotify } from '../../../shared/components/use-notify';
import { formatDateTime } from '../../../shared/format';
import { useTexts } from '../../../shared/i18n/lang';
import { DetailDrawer } from '../../../shared/kit/DetailDrawer';
import { type KitColumn, ListPage } from '../../../shared/kit/ListPage';
import { StateActions, StateTag } from '../../../shared/kit/StateTag';
import { useKitList } from '../../../shared/kit/use-list-query';
import { actionsColumn, FitTable } from '../../../shared/table/FitTable';
import { jobKeys, useJob, useJobAction, useJobKinds } from './jobs.queries';

const useKindOptions = () => {
  const kinds = useJobKinds();
  return { options: (kinds.data ?? []).map((k) => ({ value: k, label: k })), loading: kinds.isPending };
};

/** /backMgr/backendAdmin: every background job, its log, retry and cancel. */
export default function JobsPage() {
  const { t, lang } = useTexts();
  const notify = useNotify();
  const list = useKitList(ep.list, jobKeys.all);
  const [openId, setOpenId] = useState<number | null>(null);
  const job = useJob(openId);
  const action = useJobAction();

  const run = (j: Pick<Job, 'id'>, a: JobAction) =>
    notify.run(() => action.mutateAsync({ id: j.id, action: a }), t(`backMgr.jobs.${a}Done`, { id: j.id }));
  const actions = (j: Job) => (
    <StateActions
      machine={JOB_MACHINE}
      state={j.state}
      onAction={(a) => void run(j, a)}
      busy={action.isPending && action.variables?.id === j.id ? action.variables.action : null}
      testIdPrefix={`job-${j.id}`}
    />
  );

  const columns: KitColumn<Job>[] = [
    {
      key: 'id',
      priority: 'key',
      width: 80,
      title: t('backMgr.jobs.column.id'),
      render: (_, j) => (
        <Typography.Link onClick={() => setOpenId(j.id)} data-testid={`job-open-${j.id}`}>
          #{j.id}
        </Typography.Link>
      ),
    },
    { key: 'kind', priority: 'key', width: 200, ellipsis: true, title: t('backMgr.jobs.column.kind'), render: (_, j) => j.kind },
    {
      key: 'state',
      priority: 'key',
      width: 110,
      title: t('backMgr.jobs.column.state'),
      render: (_, j) => <StateTag machine={JOB_MACHINE} state={j.state} testId={`job-state-${j.id}`} />,
    },
    {
      key: 'attempts',
      priority: 'key',
      width: 90,
      title: t('backMgr.jobs.column.attempts'),
      render: (_, j) => `${j.attempts} / ${j.maxAttempts}`,
    },
    {
      key: 'lastError',
      priority: 'key',
      width: 260,
      ellipsis: true,
      title: t('backMgr.jobs.column.lastError'),
      render: (_, j) => (j.lastError ? <Typography.Text type="danger">{j.lastError}</Typography.Text> : '—'),
    },
    {
      key: 'runAt',
      width: 160,
      priority: 'detail',
      title: t('backMgr.jobs.column.runAt'),
      render: (_, j) => formatDateTime(j.runAt),
    },
    {
      key: 'createdAt',
      sortable: true,
      width: 160,
      priority: 'detail',
      title: t('backMgr.jobs.column.createdAt'),
      render: (_, j) => formatDateTime(j.createdAt),
    },
    {
      key: 'updatedAt',
      sortable: true,
      width: 160,
      title: t('backMgr.jobs.column.updatedAt'),
      render: (_, j) => formatDateTime(j.updatedAt),
    },
    actionsColumn(t, 150, (_, j) => actions(j)),
  ];

  return (
    <>
      <ListPage
        testId="page-backmgr-jobs"
        texts="backMgr.jobs"
        list={list}
        filters={[
          {
            kind: 'query-select',
            key: 'kind',
            placeholder: t('backMgr.jobs.allKinds'),
            width: 220,
            useOptions: useKindOptions,
            testId: 'jobs-kind',
          },
          {
            kind: 'select',
            key: 'state',
            placeholder: t('backMgr.jobs.allStates'),
            width: 140,
            options: ep.JOB_STATES.map((s) => ({ value: s, label: JOB_MACHINE.states[s].label[lang === 'zh-CN' ? 'zh' : 'en'] })),
            testId: 'jobs-state',
          },
          { kind: 'text', key: 'error', placeholder: t('backMgr.jobs.searchError'), maxLength: 200, testId: 'jobs-error' },
        ]}
        columns={columns}
        tableId="backmgr.jobs"
        rowKey="id"
        tableTestId="jobs-table"
        emptyText={t('backMgr.jobs.empty')}
      />
      <DetailDrawer
        open={openId !== null}
        onClose={() => setOpenId(null)}
        title={t('backMgr.jobs.detailTitle', { id: openId ?? '' })}
        query={job}
        width={820}
        testId="job-detail"
        columns={2}
        fields={[
          { key: 'kind', label: t('backMgr.jobs.column.kind'), render: (j) => j.kind },
          {
            key: 'state',
            label: t('backMgr.jobs.column.state'),
            render: (j) => <StateTag machine={JOB_MACHINE} state={j.state} />,
          },
          { key: 'attempts', label: t('backMgr.jobs.column.attempts'), render: (j) => `${j.attempts} / ${j.maxAttempts}` },
          { key: 'runAt', label: t('backMgr.jobs.column.runAt'), render: (j) => formatDateTime(j.runAt) },
          { key: 'createdAt', label: t('backMgr.jobs.column.createdAt'), render: (j) => formatDateTime(j.createdAt) },
          {
            key: 'finishedAt',
            label: t('backMgr.jobs.finishedAt'),
            render: (j) => (j.finishedAt ? formatDateTime(j.finishedAt) : '—'),
          },
          {
            key: 'repeat',
            label: t('backMgr.jobs.repeat'),
            render: (j) => t('backMgr.jobs.everySeconds', { n: (j.repeatMs ?? 0) / 1000 }),
            hidden: (j) => j.repeatMs === null,
          },
          { key: 'dedupe', label: t('backMgr.jobs.dedupeKey'), render: (j) => j.dedupeKey, hidden: (j) => j.dedupeKey === null },
          {
            key: 'lockedBy',
            label: t('backMgr.jobs.lockedBy'),
            render: (j) => `${j.lockedBy} (${j.lockedUntil ? formatDateTime(j.lockedUntil) : ''})`,
            hidden: (j) => j.lockedBy === null,
            span: 2,
          },
          {
            key: 'lastError',
            label: t('backMgr.jobs.column.lastError'),
            render: (j) => <Typography.Text type="danger">{j.lastError}</Typography.Text>,
            hidden: (j) => j.lastError === null,
            span: 2,
          },
        ]}
      >
        {(j) => (
          <>
            <div style={{ margin: '12px 0' }}>{actions(j)}</div>
            <Typography.Title level={5}>{t('backMgr.jobs.payload')}</Typography.Title>
            <pre
              data-testid="job-payload"
              style={{ maxHeight: 200, overflow: 'auto', background: 'rgba(0,0,0,0.03)', padding: 8 }}
            >
              {JSON.stringify(j.payload, null, 2)}
            </pre>
            <Typography.Title level={5}>{t('backMgr.jobs.log')}</Typography.Title>
            <FitTable
              tableId="backMgr.jobLog"
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={j.events}
              data-testid="job-log"
              columns={[
                {
                  key: 'at',
                  priority: 'key',
                  title: t('backMgr.jobs.logAt'),
                  width: 150,
                  render: (_, e) => formatDateTime(e.at),
                },
                {
                  key: 'event',
                  priority: 'key',
                  title: t('backMgr.jobs.logEvent'),
                  width: 100,
                  render: (_, e) => t(`backMgr.jobs.event.${e.event}`),
                },
                { key: 'attempt', title: t('backMgr.jobs.logAttempt'), width: 70, render: (_, e) => e.attempt },
                {
                  key: 'message',
                  priority: 'key',
                  title: t('backMgr.jobs.logMessage'),
                  width: 220,
                  render: (_, e) => <Typography.Text style={{ wordBreak: 'break-word' }}>{e.message ?? ''}</Typography.Text>,
                },
                {
                  key: 'by',
                  priority: 'detail',
                  title: t('backMgr.jobs.logBy'),
                  width: 110,
                  render: (_, e) => e.by ?? t('backMgr.jobs.worker'),
                },
              ]}
            />
            <Button onClick={() => void job.refetch()} style={{ marginTop: 8 }} data-testid="job-reload">
              {t('backMgr.jobs.reload')}
            </Button>
          </>
        )}
      </DetailDrawer>
    </>
  );
}
