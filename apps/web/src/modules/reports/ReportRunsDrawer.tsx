import type { Report, ReportRun } from '@bo/contract/reports/reports';
import { REPORT_RUN_MACHINE } from '@bo/contract/reports/reports';
import { App, Button, Drawer, Table, Typography } from 'antd';
import { formatDateTime, formatInteger } from '../../shared/format';
import { saveBlob } from '../../shared/http/content-disposition';
import { errorText } from '../../shared/http/error-text';
import { useTexts } from '../../shared/i18n/lang';
import { StateTag } from '../../shared/kit/StateTag';
import { fetchStoredExport } from '../system/downloads/downloads.queries';
import { useReportRuns } from './reports.queries';

/** One report's runs, newest first: state, rows, the file (from the download centre while kept), who got it, why it failed. */
export function ReportRunsDrawer({ report, onClose }: { report: Report | null; onClose: () => void }) {
  const { t, lang } = useTexts();
  const { message } = App.useApp();
  const runs = useReportRuns(report?.id ?? null);
  const fetchFile = async (r: ReportRun) => {
    if (!r.storedExportId) return;
    try {
      const ctl = new AbortController();
      const { blob, filename } = await fetchStoredExport(r.storedExportId, {
        signal: ctl.signal,
        silent: true,
        onProgress: () => undefined,
      });
      saveBlob(blob, filename);
    } catch (err) {
      void message.error(errorText(err, lang));
    }
  };
  return (
    <Drawer
      open={report !== null}
      onClose={onClose}
      width={880}
      title={report ? t('reports.runsTitle', { name: report.name }) : ''}
      data-testid="report-runs-drawer"
    >
      <Table<ReportRun>
        rowKey="id"
        size="small"
        loading={runs.isLoading}
        dataSource={runs.data?.list ?? []}
        pagination={false}
        data-testid="report-runs-table"
        columns={[
          { key: 'dueAt', title: t('reports.run.dueAt'), width: 150, render: (_, r) => formatDateTime(r.dueAt) },
          { key: 'trigger', title: t('reports.run.trigger'), width: 80, render: (_, r) => t(`reports.run.${r.trigger}`) },
          {
            key: 'state',
            title: t('reports.run.state'),
            width: 90,
            render: (_, r) => <StateTag machine={REPORT_RUN_MACHINE} state={r.state} testId={`report-run-state-${r.id}`} />,
          },
          {
            key: 'rows',
            title: t('reports.run.rows'),
            width: 70,
            align: 'right',
            render: (_, r) => (r.rows === null ? '—' : formatInteger(r.rows)),
          },
          {
            key: 'file',
            title: t('reports.run.file'),
            width: 200,
            ellipsis: true,
            render: (_, r) =>
              r.storedExportId ? (
                <Button type="link" size="small" onClick={() => void fetchFile(r)} data-testid={`report-run-file-${r.id}`}>
                  {r.fileName}
                </Button>
              ) : r.fileName ? (
                <Typography.Text type="secondary">
                  {r.fileName} ({t('reports.run.expired')})
                </Typography.Text>
              ) : (
                '—'
              ),
          },
          {
            key: 'mailedTo',
            title: t('reports.run.mailedTo'),
            width: 120,
            ellipsis: true,
            render: (_, r) => r.mailedTo.join(', ') || '—',
          },
          {
            key: 'error',
            title: t('reports.run.error'),
            ellipsis: true,
            render: (_, r) => (r.error ? <Typography.Text type="danger">{r.error}</Typography.Text> : '—'),
          },
        ]}
      />
    </Drawer>
  );
}
