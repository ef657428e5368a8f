import { DownloadOutlined } from '@ant-design/icons';
import { LIMITS } from '@bo/contract';
import { App, Button, Modal, Space, Spin, Typography } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../../shared/http/content-disposition';

/** A file from a binary endpoint (the http client's `download`). */
export type FileFetcher = (signal: AbortSignal) => Promise<{ blob: Blob; filename: string }>;

interface Props {
  label: ReactNode;
  fetchFile: FileFetcher;
  testId: string;
  icon?: ReactNode;
  disabled?: boolean;
}

/** A quick export never shows the dialog; a slow one does after this long. */
const DIALOG_DELAY_MS = 400;

const isAbort = (err: unknown) => err instanceof DOMException && err.name === 'AbortError';

/**
 * Runs an export and saves the file under the server's name. The http client reads the
 * body whole and reports no progress, so a slow export shows a dialog with a spinner,
 * the seconds elapsed and Cancel. Failures are reported by the client's central message.
 */
export function ExportButton({ label, fetchFile, testId, icon = <DownloadOutlined />, disabled }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [running, setRunning] = useState(false);
  const [dialog, setDialog] = useState(false);
  const [elapsed, setElapsed] = useState(0);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => {
    if (!running) return;
    const started = Date.now();
    const delay = setTimeout(() => setDialog(true), DIALOG_DELAY_MS);
    const tick = setInterval(() => setElapsed(Math.floor((Date.now() - started) / 1000)), 1000);
    return () => {
      clearTimeout(delay);
      clearInterval(tick);
    };
  }, [running]);

  // Leaving the screen cancels an export still running.
  useEffect(() => () => controller.current?.abort(), []);

  const start = async () => {
    const abort = new AbortController();
    controller.current = abort;
    setElapsed(0);
    setRunning(true);
    try {
      const { blob, filename } = await fetchFile(abort.signal);
      saveBlob(blob, filename);
      void message.success(t('sales.export.saved', { name: filename }), LIMITS.MESSAGE_SECONDS * 2);
    } catch (err) {
      if (isAbort(err) || abort.signal.aborted) void message.info(t('sales.export.cancelled'), LIMITS.MESSAGE_SECONDS);
    } finally {
      controller.current = null;
      setRunning(false);
      setDialog(false);
    }
  };

  return (
    <>
      <Button icon={icon} loading={running} disabled={disabled} onClick={() => void start()} data-testid={testId}>
        {label}
      </Button>
      <Modal
        open={dialog}
        title={t('sales.export.title')}
        closable={false}
        mask={{ closable: false }}
        keyboard={false}
        footer={
          <Button onClick={() => controller.current?.abort()} data-testid={`${testId}-cancel`}>
            {t('common.cancel')}
          </Button>
        }
        data-testid={`${testId}-progress`}
      >
        <Space size={16} align="center" style={{ padding: '12px 0' }}>
          <Spin />
          <div>
            <div>{t('sales.export.preparing')}</div>
            <Typography.Text type="secondary">{t('sales.export.elapsed', { count: elapsed })}</Typography.Text>
          </div>
        </Space>
      </Modal>
    </>
  );
}
