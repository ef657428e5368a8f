import { DownloadOutlined } from '@ant-design/icons';
import { LIMITS } from '@bo/contract';
import type { ExportRequest } from '@bo/contract/files/export-jobs';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Modal, Progress, Space, Spin, Typography } from 'antd';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { formatBytes } from '../format';
import { saveBlob } from '../http/content-disposition';
import { errorText } from '../http/error-text';
import type { DownloadOptions } from '../http/http-client';
import { useTexts } from '../i18n/lang';
import { permissionsQuery } from '../session/session-queries';
import { ExportJobButton } from './ExportJobButton';

/** What an export button hands to its fetcher: pass it on as the http client's `download` options. */
export type FileFetchOptions = Required<Pick<DownloadOptions, 'signal' | 'onProgress'>> & { silent: true };

/** A file from a binary endpoint: `(options) => download(ep.x, { query }, options)`. */
export type FileFetcher = (options: FileFetchOptions) => Promise<{ blob: Blob; filename: string }>;

interface Props {
  label: ReactNode;
  fetchFile: FileFetcher;
  testId: string;
  icon?: ReactNode;
  disabled?: boolean;
  /**
   * The export as an exportable endpoint with the screen's filters: offers "Run in background"
   * beside the button to users of the download centre (ExportJobButton).
   */
  job?: () => ExportRequest;
}

/** Whether the user holds a page (type-2) permission, e.g. the download centre's. */
function useHasPage(pattern: string): boolean {
  const { data: items } = useQuery(permissionsQuery());
  return useMemo(() => (items ?? []).some((i) => i.type === 2 && i.authPattern === pattern), [items, pattern]);
}

/** A quick export never shows the dialog; a slow one does after this long. */
const DIALOG_DELAY_MS = 400;

const isAbort = (err: unknown) => err instanceof DOMException && err.name === 'AbortError';

type Phase =
  | { kind: 'idle' }
  /** Asked; the server has not answered yet (it builds the file). */
  | { kind: 'preparing' }
  /** The file is arriving. */
  | { kind: 'receiving'; received: number; total: number | null }
  | { kind: 'failed'; reason: string };

/**
 * The export button of every screen: runs the export, follows the file's arrival and saves
 * it under the server's name. A slow export shows a dialog: "Preparing…" until the first
 * byte, then the size received (a bar when the size is announced), the seconds elapsed and
 * Cancel. "Downloaded" is said only once the whole file is in; a failure stays in the
 * dialog with its reason until closed.
 */
export function ExportButton({ label, fetchFile, testId, icon = <DownloadOutlined />, disabled, job }: Props) {
  const { t, lang } = useTexts();
  const { message } = App.useApp();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [dialog, setDialog] = useState(false);
  const [elapsed, setElapsed] = useState(0);
  const controller = useRef<AbortController | null>(null);
  const running = phase.kind === 'preparing' || phase.kind === 'receiving';
  const canDownload = useHasPage('tools:download');

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
    setPhase({ kind: 'preparing' });
    try {
      const { blob, filename } = await fetchFile({
        signal: abort.signal,
        silent: true,
        onProgress: (received, total) => setPhase({ kind: 'receiving', received, total }),
      });
      saveBlob(blob, filename);
      setPhase({ kind: 'idle' });
      setDialog(false);
      void message.success(
        <span data-testid={`${testId}-done`}>
          {t('sales.export.saved', { name: `${filename} (${formatBytes(blob.size)})` })}
        </span>,
        LIMITS.MESSAGE_SECONDS * 2,
      );
    } catch (err) {
      if (isAbort(err) || abort.signal.aborted) {
        setPhase({ kind: 'idle' });
        setDialog(false);
        void message.info(t('sales.export.cancelled'), LIMITS.MESSAGE_SECONDS);
      } else {
        setPhase({ kind: 'failed', reason: errorText(err, lang) });
        setDialog(true);
      }
    } finally {
      controller.current = null;
    }
  };

  const close = () => {
    setDialog(false);
    setPhase({ kind: 'idle' });
  };

  return (
    <>
      <Button icon={icon} loading={running} disabled={disabled} onClick={() => void start()} data-testid={testId}>
        {label}
      </Button>
      {job && canDownload ? <ExportJobButton request={job} testId={testId} disabled={disabled} /> : null}
      <Modal
        open={dialog && phase.kind !== 'idle'}
        title={phase.kind === 'failed' ? t('sales.export.failedTitle') : t('sales.export.title')}
        closable={false}
        mask={{ closable: false }}
        keyboard={false}
        footer={
          phase.kind === 'failed' ? (
            <Button type="primary" onClick={close} data-testid={`${testId}-close`}>
              {t('sales.export.close')}
            </Button>
          ) : (
            <Button onClick={() => controller.current?.abort()} data-testid={`${testId}-cancel`}>
              {t('common.cancel')}
            </Button>
          )
        }
        data-testid={`${testId}-progress`}
      >
        {phase.kind === 'failed' ? (
          <Alert type="error" showIcon message={phase.reason} data-testid={`${testId}-error`} />
        ) : (
          <Space size={16} align="center" style={{ padding: '12px 0', width: '100%' }}>
            <Spin />
            <div style={{ minWidth: 280 }}>
              <div data-testid={`${testId}-phase`}>
                {phase.kind === 'receiving'
                  ? phase.total
                    ? t('sales.export.receivedOf', { received: formatBytes(phase.received), total: formatBytes(phase.total) })
                    : t('sales.export.received', { received: formatBytes(phase.received) })
                  : t('sales.export.preparing')}
              </div>
              {phase.kind === 'receiving' && phase.total ? (
                <Progress percent={Math.min(100, Math.floor((phase.received / phase.total) * 100))} size="small" />
              ) : null}
              <Typography.Text type="secondary">{t('sales.export.elapsed', { count: elapsed })}</Typography.Text>
            </div>
          </Space>
        )}
      </Modal>
    </>
  );
}
