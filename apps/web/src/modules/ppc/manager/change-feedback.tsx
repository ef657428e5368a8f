/**
 * What a user sees around a change to ads (docs/decisions.md "PPC change guardrails"): a
 * confirmation before a change over the step or the maximum bid, and after a change a toast
 * that says what changed with an Undo of its batch. The toast stays 8 seconds, long enough
 * to reach its Undo.
 */
import { App, Button, Space, Typography } from 'antd';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/http/error-text';
import { currentLang } from '../../../shared/i18n/lang';
import { useUndo } from './manager.queries';

const TOAST_SECONDS = 8;
let toastSeq = 0;

export function useChangeFeedback() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const undo = useUndo();
  const undoBatch = undo.mutateAsync;

  /** "Bid 4.38 → 5.00 saved · Undo"; no toast when nothing was written (batchId null). */
  const toast = useCallback(
    (text: string, batchId: number | null) => {
      if (batchId === null) {
        void message.info(t('ppc.mgr.nothingChanged'), 2);
        return;
      }
      const key = `ppc-change-${++toastSeq}`;
      void message.open({
        key,
        type: 'success',
        duration: TOAST_SECONDS,
        content: (
          <Space size={8} data-testid="ppc-change-toast" data-batch={batchId}>
            <span>{text}</span>
            <Button
              size="small"
              type="link"
              data-testid="ppc-change-undo"
              onClick={async () => {
                message.destroy(key);
                try {
                  const r = await undoBatch({ batchId });
                  void message.success(t('ppc.mgr.undone', { count: r.applied.length }), 2);
                } catch (err) {
                  modal.error({ title: t('ppc.mgr.undoRefused'), content: errorText(err, currentLang()) });
                }
              }}
            >
              {t('ppc.mgr.undo')}
            </Button>
          </Space>
        ),
      });
    },
    [message, modal, t, undoBatch],
  );

  /** Asks before changes over the guardrails; resolves true when the user confirms. */
  const confirm = useCallback(
    (lines: readonly string[], more = 0) =>
      new Promise<boolean>((resolve) => {
        // Opened after the event that asked (a cell's Enter or blur) is done with the focus.
        setTimeout(
          () =>
            modal.confirm({
              title: t('ppc.mgr.confirmTitle'),
              content: (
                <div data-testid="ppc-confirm-step">
                  <Typography.Paragraph>{t('ppc.mgr.confirmBody')}</Typography.Paragraph>
                  <ul style={{ paddingLeft: 18, margin: 0 }}>
                    {lines.map((l) => (
                      <li key={l}>{l}</li>
                    ))}
                  </ul>
                  {more > 0 && <Typography.Text type="secondary">{t('ppc.mgr.confirmMore', { count: more })}</Typography.Text>}
                </div>
              ),
              // No button takes the focus: the Enter that saved a cell must not answer the question too.
              autoFocusButton: null,
              okText: t('ppc.mgr.confirmOk'),
              cancelText: t('ppc.mgr.confirmCancel'),
              okButtonProps: { danger: true, 'data-testid': 'ppc-confirm-ok' } as never,
              onOk: () => resolve(true),
              onCancel: () => resolve(false),
            }),
          50,
        );
      }),
    [modal, t],
  );
  return useMemo(() => ({ toast, confirm }), [toast, confirm]);
}

/** "+12 %", "−60 %": a step in words for the screens; a no-break space keeps the sign from wrapping apart. */
export const stepText = (pct: number | null) =>
  pct === null ? '' : `${pct > 0 ? '+' : pct < 0 ? '−' : ''}${Math.abs(Math.round(pct)).toLocaleString()}\u00a0%`;
