/**
 * "Run in background" beside an export button (docs/reports.md): the export runs as a job on
 * the server (`POST files/exports/jobs`) instead of holding the request open. A dialog follows
 * it (rows done of rows estimated), Cancel stops it; once done it downloads from the download
 * centre, where the file stays 7 days. Closing the dialog leaves the export running.
 */
import { CloudDownloadOutlined } from '@ant-design/icons';
import { type FieldCode, fieldText, type Lang } from '@bo/contract';
import * as jobsEp from '@bo/contract/files/export-jobs';
import { EXPORT_JOB_MACHINE, type ExportJob, type ExportRequest } from '@bo/contract/files/export-jobs';
import * as exportsEp from '@bo/contract/files/exports';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Modal, Progress, Space, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatInteger } from '../format';
import { saveBlob } from '../http/content-disposition';
import { errorText } from '../http/error-text';
import { call, download } from '../http/http-client';
import { useLang } from '../i18n/lang';
import { StateTag } from '../kit/StateTag';

const TEXTS = {
  'zh-CN': {
    run: '后台导出',
    title: '后台导出',
    queued: '排队中：前面还有您的导出在运行',
    rows: '{done} / {total} 行',
    rowsOnly: '已写入 {done} 行',
    done: '已完成：{rows} 行，文件保留在下载中心 7 天。',
    download: '下载',
    centre: '打开下载中心',
    cancel: '取消导出',
    close: '关闭',
    closeHint: '关闭后导出会继续运行，完成后会通知您。',
    cancelled: '导出已取消',
  },
  'en-US': {
    run: 'Run in background',
    title: 'Background export',
    queued: 'Queued: another export of yours is running',
    rows: '{done} / {total} rows',
    rowsOnly: '{done} rows written',
    done: 'Done: {rows} rows; the file stays in the download centre for 7 days.',
    download: 'Download',
    centre: 'Open the download centre',
    cancel: 'Cancel export',
    close: 'Close',
    closeHint: 'Closing leaves the export running; you are told when it is done.',
    cancelled: 'The export was cancelled',
  },
} as const;

const fill = (s: string, v: Record<string, string | number>) => s.replace(/\{(\w+)\}/g, (_, k: string) => String(v[k] ?? ''));

const final = (j: ExportJob | undefined) => j !== undefined && EXPORT_JOB_MACHINE.states[j.state].final === true;

const failureText = (j: ExportJob, lang: Lang) => {
  if (!j.errorCode) return j.error ?? '';
  try {
    return fieldText(j.errorCode as FieldCode, lang, {});
  } catch {
    return j.error ?? '';
  }
};

interface Props {
  /** The export as it would run now (the screen's filters). */
  request: () => ExportRequest;
  testId: string;
  disabled?: boolean;
}

export function ExportJobButton({ request, testId, disabled }: Props) {
  const lang = useLang();
  const tx = TEXTS[lang];
  const { message } = App.useApp();
  const [jobId, setJobId] = useState<number | null>(null);
  const [starting, setStarting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const job = useQuery({
    queryKey: ['exportJob', jobId],
    queryFn: () => call(jobsEp.getExportJob, { params: { id: jobId as number } }, { silent: true }),
    enabled: jobId !== null,
    refetchInterval: (q) => (final(q.state.data) ? false : 600),
  });
  const j = job.data;

  const start = async () => {
    setStarting(true);
    setFailure(null);
    try {
      const queued = await call(jobsEp.queueExportJob, { body: request() }, { silent: true });
      setJobId(queued.id);
    } catch (err) {
      setFailure(errorText(err, lang));
      setJobId(-1);
    } finally {
      setStarting(false);
    }
  };
  const cancel = async () => {
    if (!j) return;
    try {
      await call(jobsEp.cancelExportJob, { params: { id: j.id } }, { silent: true });
      void message.info(tx.cancelled);
      await job.refetch();
    } catch (err) {
      void message.error(errorText(err, lang));
    }
  };
  const fetchFile = async () => {
    if (!j?.storedExportId) return;
    try {
      const { blob, filename } = await download(
        exportsEp.downloadStoredExport,
        { params: { id: j.storedExportId } },
        { silent: true },
      );
      saveBlob(blob, filename);
    } catch (err) {
      void message.error(errorText(err, lang));
    }
  };
  const close = () => {
    setJobId(null);
    setFailure(null);
  };

  const percent =
    j?.state === 'done'
      ? 100
      : j && j.rowsEstimated
        ? Math.min(99, Math.floor((j.rowsDone / Math.max(1, j.rowsEstimated)) * 100))
        : 0;

  return (
    <>
      <Button
        icon={<CloudDownloadOutlined />}
        loading={starting}
        disabled={disabled}
        onClick={() => void start()}
        data-testid={`${testId}-job`}
      >
        {tx.run}
      </Button>
      <Modal
        open={jobId !== null}
        title={tx.title}
        onCancel={close}
        mask={{ closable: false }}
        footer={
          <Space>
            {j && !final(j) ? (
              <Button danger onClick={() => void cancel()} data-testid={`${testId}-job-cancel`}>
                {tx.cancel}
              </Button>
            ) : null}
            {j?.state === 'done' ? (
              <Button type="primary" onClick={() => void fetchFile()} data-testid={`${testId}-job-download`}>
                {tx.download}
              </Button>
            ) : null}
            <Button onClick={close} data-testid={`${testId}-job-close`}>
              {tx.close}
            </Button>
          </Space>
        }
        data-testid={`${testId}-job-dialog`}
      >
        {failure ? (
          <Alert type="error" showIcon message={failure} data-testid={`${testId}-job-error`} />
        ) : j ? (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Space>
              <StateTag machine={EXPORT_JOB_MACHINE} state={j.state} testId={`${testId}-job-state`} />
              <Typography.Text type="secondary">{j.fileName ?? j.summary}</Typography.Text>
            </Space>
            <Progress
              percent={percent}
              status={j.state === 'failed' ? 'exception' : j.state === 'done' ? 'success' : 'active'}
              data-testid={`${testId}-job-progress`}
            />
            <Typography.Text data-testid={`${testId}-job-rows`}>
              {j.state === 'queued'
                ? tx.queued
                : j.state === 'done'
                  ? fill(tx.done, { rows: formatInteger(j.rowsDone) })
                  : j.rowsEstimated !== null
                    ? fill(tx.rows, { done: formatInteger(j.rowsDone), total: formatInteger(j.rowsEstimated) })
                    : fill(tx.rowsOnly, { done: formatInteger(j.rowsDone) })}
            </Typography.Text>
            {j.state === 'failed' ? <Alert type="error" showIcon message={failureText(j, lang)} /> : null}
            {j.state === 'done' ? <Link to="/assets/download">{tx.centre}</Link> : null}
            {!final(j) ? <Typography.Text type="secondary">{tx.closeHint}</Typography.Text> : null}
          </Space>
        ) : null}
      </Modal>
    </>
  );
}
