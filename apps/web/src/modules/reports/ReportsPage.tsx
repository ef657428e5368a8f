import { HistoryOutlined, PlayCircleOutlined } from '@ant-design/icons';
import type { Report } from '@bo/contract/reports/reports';
import * as ep from '@bo/contract/reports/reports';
import { Select, Space, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../shared/components/use-notify';
import { formatDateTime } from '../../shared/format';
import { useTexts } from '../../shared/i18n/lang';
import { AddButton } from '../../shared/kit/AddButton';
import { EditDrawer, type Editor } from '../../shared/kit/EditDrawer';
import { type KitColumn, ListPage } from '../../shared/kit/ListPage';
import { ActionLinks } from '../../shared/kit/RowActions';
import { StateTag } from '../../shared/kit/StateTag';
import { useKitList } from '../../shared/kit/use-list-query';
import { actionsColumn } from '../../shared/table/FitTable';
import { exportTitle } from '../system/downloads/DownloadsPage';
import { ReportRunsDrawer } from './ReportRunsDrawer';
import { bodyOf, formOf, type ReportForm, reportFormSchema } from './report-form';
import {
  reportsKeys,
  useCreateReport,
  useDeleteReport,
  useExportables,
  useRecipients,
  useRunReport,
  useUpdateReport,
} from './reports.queries';

type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** The account's users who hold the chosen export's permission. */
function RecipientSelect(props: { endpoint?: string; value?: number[]; onChange?: (v: number[]) => void }) {
  const { t } = useTranslation();
  const { data, isLoading } = useRecipients(props.endpoint);
  return (
    <Select
      mode="multiple"
      value={props.value}
      onChange={props.onChange}
      loading={isLoading}
      optionFilterProp="label"
      options={(data ?? []).map((u) => ({
        value: u.id,
        label: `${u.userName} (${u.loginName})${u.hasEmail ? '' : ` ${t('reports.noRecipientEmail')}`}`,
      }))}
      data-testid="report-recipients"
    />
  );
}

/** /report: saved reports with their schedule, recipients, run now and the run history. */
export default function ReportsPage() {
  const { t, lang } = useTexts();
  const notify = useNotify();
  const list = useKitList(ep.listReports, reportsKeys.all);
  const exportables = useExportables();
  const create = useCreateReport();
  const update = useUpdateReport();
  const remove = useDeleteReport();
  const run = useRunReport();
  const [editor, setEditor] = useState<Editor<Report> | null>(null);
  const [runsOf, setRunsOf] = useState<Report | null>(null);

  // The screen the export belongs to (as the download centre names it), else the endpoint's summary.
  const summaryOf = (endpoint: string, fallback: string) => {
    const x = exportables.data?.find((e) => e.endpoint === endpoint);
    return x ? exportTitle({ permission: x.permission, summary: x.summary }, lang) : fallback;
  };
  const scheduleText = (r: Report) => {
    const s = r.schedule;
    const day = s.kind === 'weekly' ? t(`reports.day.d${(s.weekday ?? 1) as Weekday}`) : String(s.monthDay ?? '');
    return `${t(`reports.scheduleText.${s.kind}`, { time: s.time, day })} (${s.timeZone})`;
  };
  const act = async (fn: () => Promise<unknown>, ok: string) => {
    await notify.run(() => fn(), ok);
  };

  const columns: KitColumn<Report>[] = [
    {
      key: 'name',
      priority: 'key',
      width: 200,
      title: t('reports.column.name'),
      render: (_, r) => <Typography.Text strong>{r.name}</Typography.Text>,
    },
    {
      key: 'what',
      width: 170,
      ellipsis: true,
      title: t('reports.column.what'),
      render: (_, r) => (
        <Space size={4}>
          {r.format ? <Tag>{r.format}</Tag> : null}
          <span>{summaryOf(r.export.endpoint, r.summary)}</span>
        </Space>
      ),
    },
    { key: 'schedule', priority: 'key', width: 200, title: t('reports.column.schedule'), render: (_, r) => scheduleText(r) },
    {
      key: 'recipients',
      width: 140,
      priority: 'detail',
      ellipsis: true,
      title: t('reports.column.recipients'),
      render: (_, r) => (r.recipients.length ? r.recipients.map((p) => p.userName).join(', ') : '—'),
    },
    {
      key: 'next',
      priority: 'key',
      width: 140,
      title: t('reports.column.next'),
      render: (_, r) => (r.enabled && r.nextDueAt ? formatDateTime(r.nextDueAt) : <Tag>{t('reports.disabled')}</Tag>),
    },
    {
      key: 'last',
      width: 100,
      priority: 'key',
      title: t('reports.column.last'),
      render: (_, r) =>
        r.lastRun ? (
          <StateTag machine={ep.REPORT_RUN_MACHINE} state={r.lastRun.state} testId={`report-last-${r.id}`} />
        ) : (
          <Typography.Text type="secondary">{t('reports.never')}</Typography.Text>
        ),
    },
    actionsColumn(t, 210, (_, r) => (
      <ActionLinks
        wrap
        actions={[
          { testId: `report-runs-${r.id}`, label: t('reports.runs'), icon: <HistoryOutlined />, onClick: () => setRunsOf(r) },
          {
            testId: `report-run-${r.id}`,
            permission: 'tools:report:export',
            label: t('reports.runNow'),
            icon: <PlayCircleOutlined />,
            onClick: () =>
              act(
                async () => {
                  await run.mutateAsync(r.id);
                  setRunsOf(r);
                },
                t('reports.runQueued', { name: r.name }),
              ),
          },
          {
            testId: `report-edit-${r.id}`,
            permission: 'tools:report:export',
            label: t('common.edit'),
            onClick: () => setEditor({ mode: 'edit', record: r }),
          },
          {
            testId: `report-delete-${r.id}`,
            permission: 'tools:report:export',
            remove: {
              title: t('reports.confirmDelete', { name: r.name }),
              onConfirm: () => void act(() => remove.mutateAsync(r.id), t('reports.deleted', { name: r.name })),
              confirmTestId: 'report-delete-confirm',
            },
          },
        ]}
      />
    )),
  ];

  const paramOf = (endpoint: string | undefined) => exportables.data?.find((e) => e.endpoint === endpoint)?.params[0];
  const paramName = (endpoint: string) => paramOf(endpoint)?.name;
  const paramValues = (endpoint: string | undefined) => paramOf(endpoint)?.values ?? [];

  return (
    <>
      <ListPage
        testId="page-reports"
        texts="reports"
        list={list}
        filters={[{ kind: 'text', key: 'keyword', placeholder: t('reports.search'), maxLength: 100, testId: 'reports-search' }]}
        toolbar={
          <AddButton permission="tools:report:export" onClick={() => setEditor({ mode: 'create' })} testId="report-create">
            {t('reports.create')}
          </AddButton>
        }
        columns={columns}
        tableId="reports.list"
        rowKey="id"
        tableTestId="reports-table"
        emptyText={t('reports.empty')}
      />
      <EditDrawer<Report, ReportForm, Report>
        editor={editor}
        onClose={() => setEditor(null)}
        title={(e) => (e.mode === 'edit' ? t('reports.editTitle', { name: e.record.name }) : t('reports.createTitle'))}
        schema={reportFormSchema}
        fields={[
          { name: 'name', label: t('reports.field.name'), testId: 'report-name' },
          {
            name: 'endpoint',
            label: t('reports.field.endpoint'),
            input: 'select',
            options: (exportables.data ?? []).map((x) => ({ value: x.endpoint, label: `${x.summary} (${x.format})` })),
            testId: 'report-endpoint',
          },
          {
            name: 'param',
            label: t('reports.field.param'),
            input: 'select',
            // The breakdown values of the chosen export (e.g. sales by shop / SKU); none for an export without one.
            options: (v) => paramValues(v.endpoint).map((x) => ({ value: x, label: x })),
            disabled: (_mode, v) => paramValues(v.endpoint).length === 0,
            testId: 'report-param',
          },
          {
            name: 'filters',
            label: t('reports.field.filters'),
            input: 'textarea',
            extra: t('reports.field.filtersHint'),
            testId: 'report-filters',
          },
          {
            name: 'kind',
            label: t('reports.field.kind'),
            input: 'radio',
            options: ep.SCHEDULE_KINDS.map((k) => ({ value: k, label: t(`reports.kind.${k}`) })),
            span: 12,
            testId: 'report-kind',
          },
          { name: 'time', label: t('reports.field.time'), extra: t('reports.field.timeHint'), span: 12, testId: 'report-time' },
          {
            name: 'weekday',
            label: t('reports.field.weekday'),
            input: 'select',
            options: ([1, 2, 3, 4, 5, 6, 7] as const).map((d) => ({ value: d, label: t(`reports.day.d${d}`) })),
            span: 12,
            visible: (v) => v.kind === 'weekly',
          },
          {
            name: 'monthDay',
            label: t('reports.field.monthDay'),
            input: 'number',
            extra: t('reports.field.monthDayHint'),
            span: 12,
            visible: (v) => v.kind === 'monthly',
          },
          { name: 'timeZone', label: t('reports.field.timeZone'), span: 12, testId: 'report-timezone' },
          { name: 'enabled', label: t('reports.field.enabled'), input: <Switch data-testid="report-enabled" />, span: 12 },
          {
            name: 'recipients',
            label: t('reports.field.recipients'),
            input: (v) => <RecipientSelect endpoint={v.endpoint} />,
            extra: t('reports.field.recipientsHint'),
          },
        ]}
        initialValues={(e) => formOf(e.mode === 'edit' ? e.record : undefined)}
        onSubmit={(v, e) =>
          e.mode === 'edit'
            ? update.mutateAsync({ id: e.record.id, body: { ...bodyOf(v, paramName(v.endpoint)), version: e.record.version } })
            : create.mutateAsync(bodyOf(v, paramName(v.endpoint)))
        }
        savedText={(r) => t('reports.saved', { name: r.name })}
        testId="report-form"
        saveTestId="report-save"
        width={720}
      />
      <ReportRunsDrawer report={runsOf} onClose={() => setRunsOf(null)} />
    </>
  );
}
