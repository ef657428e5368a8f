import { PaperClipOutlined } from '@ant-design/icons';
import { mailSending } from '@bo/contract';
import type { MailMessage } from '@bo/contract/mail/dialogues';
import { REPAIR_ORDER_STATUSES } from '@bo/contract/mail/dialogues';
import { sanitizeReplyHtml } from '@bo/contract/mail/reply-html';
import { Alert, Button, Card, Empty, Flex, Select, Space, Tag, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { QueryStates } from '../../../../shared/components/QueryStates';
import '../../../../shared/components/rich-text-editor.css';
import { useNotify } from '../../../../shared/components/use-notify';
import { formatTimestamp } from '../../../../shared/format';
import { saveBlob } from '../../../../shared/http/content-disposition';
import { errorText } from '../../../../shared/http/error-text';
import { download } from '../../../../shared/http/http-client';
import { useTexts } from '../../../../shared/i18n/lang';
import { MarketTag } from '../../../../shared/markets/MarketTag';
import { RelatedProblems } from '../../operations/RelatedProblems';
import { useArchive, useDialogue, useRepairStatus, useRepliesSettled } from '../mail.queries';
import { BuyerOrders } from './BuyerOrders';
import { ReplyEditor } from './ReplyEditor';

const STATE_COLOR: Record<string, string> = { queued: 'blue', sending: 'blue', sent: 'green', failed: 'red', unknown: 'orange' };

/**
 * Our own reply, written in the reply editor: formatting tags and the §9 fonts only (the
 * editor's allow-list, applied again here), shown in the page so the bubble takes the
 * width of its text.
 */
function OwnReplyBody({ html }: { html: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.innerHTML = sanitizeReplyHtml(html);
  }, [html]);
  return <div ref={ref} className="bo-rte-preview" data-testid="mail-own-html" />;
}

/** Sanitised on the server, and still rendered in a sandbox without scripts or same-origin access. */
function MailBody({ m }: { m: MailMessage }) {
  if (m.direction === 'out' && m.html) return <OwnReplyBody html={m.html} />;
  if (!m.html) return <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{m.text}</Typography.Paragraph>;
  return (
    <iframe
      title={m.messageId}
      sandbox=""
      referrerPolicy="no-referrer"
      srcDoc={`<!doctype html><meta charset="utf-8"><base target="_blank"><body style="font-family:sans-serif;font-size:14px;margin:0">${m.html}</body>`}
      style={{ width: '100%', minHeight: 160, border: 0 }}
      data-testid="mail-html"
    />
  );
}

export function DialogueThread({ dialogueId }: { dialogueId: number }) {
  const { t, lang } = useTexts();
  const notify = useNotify();
  const q = useDialogue(dialogueId);
  const archive = useArchive();
  const repair = useRepairStatus();
  const d = q.data;
  useRepliesSettled(d);

  const save = async (uri: string) => {
    try {
      const { blob, filename } = await download(mailSending.downloadAttachment, { query: { uri } });
      saveBlob(blob, filename);
    } catch (err) {
      notify.failure(err);
    }
  };

  return (
    <QueryStates pending={q.isPending} error={q.error} onRetry={() => void q.refetch()}>
      {d ? (
        <Flex vertical gap={12} data-testid="mail-thread">
          <Flex justify="space-between" align="center" wrap gap={8}>
            <Space direction="vertical" size={0}>
              <Typography.Title level={5} style={{ margin: 0 }}>
                {d.subject || '—'}
              </Typography.Title>
              <Typography.Text type="secondary">
                {d.marketId !== null && <MarketTag marketId={d.marketId} />}{' '}
                {d.buyerName ? `${d.buyerName} <${d.buyerEmail}>` : d.buyerEmail}
              </Typography.Text>
              <Typography.Text type="secondary" data-testid="mail-assignee">
                {t('mail.assignee.label')}: {d.assigneeName ?? t('mail.assignee.none')}
              </Typography.Text>
            </Space>
            <Space>
              <Typography.Text type="secondary">{t('mail.thread.repair')}</Typography.Text>
              <Select
                size="small"
                style={{ width: 120 }}
                value={d.repairOrderStatus}
                loading={repair.isPending}
                data-testid="mail-repair-status"
                options={REPAIR_ORDER_STATUSES.map((s) => ({
                  value: s.id,
                  label: t(`mail.repair.r${s.id}` as 'mail.repair.r0'),
                }))}
                onChange={(status) =>
                  repair.mutate(
                    { dialogueId, status, version: d.version },
                    {
                      onSuccess: () => notify.success(t('mail.thread.repairSaved')),
                      onError: (e) => notify.error(errorText(e, lang)),
                    },
                  )
                }
              />
              <Button
                data-testid="mail-archive"
                loading={archive.isPending}
                onClick={() =>
                  archive.mutate(
                    { dialogueIds: [dialogueId], archived: !d.archived },
                    {
                      onSuccess: () => notify.success(d.archived ? t('mail.thread.restored') : t('mail.thread.archived')),
                      onError: (e) => notify.error(errorText(e, lang)),
                    },
                  )
                }
              >
                {d.archived ? t('mail.thread.unarchive') : t('mail.thread.archive')}
              </Button>
            </Space>
          </Flex>
          {d.mailBoxDemo && <Alert type="info" showIcon message={t('mail.thread.demoMailbox')} data-testid="mail-demo-mailbox" />}
          <RelatedProblems dialogueId={dialogueId} />
          <BuyerOrders dialogueId={dialogueId} />
          {d.messages.length === 0 && <Empty />}
          {d.messages.map((m) => (
            <Card
              key={m.id}
              size="small"
              style={
                m.direction === 'out'
                  ? // A reply is a bubble on the right as wide as its text, not a full-width block.
                    {
                      marginInlineStart: 'auto',
                      width: 'fit-content',
                      minWidth: 240,
                      maxWidth: 'calc(100% - 48px)',
                      background: '#f6ffed',
                    }
                  : undefined
              }
              title={
                <Space wrap>
                  <Typography.Text strong>
                    {m.direction === 'out' ? t('mail.thread.you') : m.fromName || m.fromEmail}
                  </Typography.Text>
                  <Typography.Text type="secondary">{formatTimestamp(m.sentAt, 'YYYY-MM-DD HH:mm')}</Typography.Text>
                  {m.state && (
                    <Tag color={STATE_COLOR[m.state]} data-testid="mail-send-state">
                      {t(`mail.thread.state.${m.state}`)}
                    </Tag>
                  )}
                </Space>
              }
              data-testid="mail-message"
            >
              {m.error && (
                <Alert
                  // A sent mail with a note: a reply in a demo mailbox, recorded and never sent.
                  type={m.state === 'sent' ? 'info' : m.state === 'unknown' ? 'warning' : 'error'}
                  showIcon
                  message={m.error}
                  style={{ marginBottom: 8 }}
                />
              )}
              <MailBody m={m} />
              {m.attachments.length > 0 && (
                <Space wrap style={{ marginTop: 8 }}>
                  {m.attachments.map((a) =>
                    a.blocked ? (
                      <Tag key={a.uri} icon={<PaperClipOutlined />} color="default">
                        {a.fileName} — {t('mail.thread.blocked', { reason: a.blocked })}
                      </Tag>
                    ) : (
                      <Button key={a.uri} size="small" icon={<PaperClipOutlined />} onClick={() => void save(a.uri)}>
                        {a.fileName} ({Math.max(1, Math.round(a.size / 1024))} KB)
                      </Button>
                    ),
                  )}
                </Space>
              )}
            </Card>
          ))}
          <ReplyEditor dialogueId={dialogueId} buyerName={d.buyerName} />
        </Flex>
      ) : null}
    </QueryStates>
  );
}
