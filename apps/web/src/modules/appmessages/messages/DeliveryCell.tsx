import type { AppMessage } from '@bo/contract/appmessages/messages';
import { Progress, Space, Tooltip, Typography } from 'antd';
import { useTexts } from '../../../shared/i18n/lang';

/**
 * A message's delivery counts: delivered of the audience and read, the devices held by quiet
 * hours; while it sends, a bar of how far it got (delivered and waiting over the audience).
 */
export function DeliveryCell({ m }: { m: AppMessage }) {
  const { t } = useTexts();
  const c = m.counts;
  if (m.state === 'draft' || (m.state === 'scheduled' && c.targeted === 0))
    return (
      <Typography.Text type="secondary" data-testid={`app-message-counts-${m.id}`}>
        —
      </Typography.Text>
    );
  const reached = c.delivered + c.waiting;
  const percent = c.targeted > 0 ? Math.min(100, Math.round((reached / c.targeted) * 100)) : 100;
  return (
    <Space orientation="vertical" size={0} style={{ width: '100%' }} data-testid={`app-message-counts-${m.id}`}>
      {m.state === 'sending' && (
        <Progress percent={percent} size="small" status="active" data-testid={`app-message-progress-${m.id}`} />
      )}
      <Tooltip
        title={
          <>
            {t('appMessages.counts.targeted')}: {c.targeted}
            <br />
            {t('appMessages.counts.delivered')}: {c.delivered}
            <br />
            {t('appMessages.counts.deferred')}: {c.deferred}
            <br />
            {t('appMessages.counts.waiting')}: {c.waiting}
            <br />
            {t('appMessages.counts.read')}: {c.read}
          </>
        }
      >
        <span>{t('appMessages.counts.summary', { delivered: c.delivered, targeted: c.targeted, read: c.read })}</span>
      </Tooltip>
      {c.deferred > 0 && (
        <Typography.Text type="secondary">
          {t('appMessages.counts.deferredLine', { deferred: c.deferred, waiting: c.waiting })}
        </Typography.Text>
      )}
    </Space>
  );
}
