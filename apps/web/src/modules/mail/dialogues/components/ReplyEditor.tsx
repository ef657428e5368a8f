import { DeleteOutlined, PaperClipOutlined, SendOutlined } from '@ant-design/icons';
import { ERROR_CODES, mailTemplates } from '@bo/contract';
import { MAIL_FONTS, sanitizeReplyHtml } from '@bo/contract/mail/reply-html';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Flex, Select, Space, Tag, Typography, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../../shared/Can';
import { RichTextEditor } from '../../../../shared/components/RichTextEditor';
import { isBlankRichText } from '../../../../shared/components/rich-text';
import { useNotify } from '../../../../shared/components/use-notify';
import { formatTimestamp } from '../../../../shared/format';
import { isApiError } from '../../../../shared/http/api-error';
import { call } from '../../../../shared/http/http-client';
import { readItem } from '../../../../shared/session/session-storage';
import { useDeleteDraftAttachment, useDraft, useReply, useSaveDraft } from '../mail.queries';
import { fillTemplate, unfilledTags } from '../mail-view';

const AUTOSAVE_MS = 1500;

/**
 * The reply: rich text (the fonts of spec §9 kept as <font face>), a reply template to
 * start from (merge tags the dialogue knows are filled in), attachments. The text is
 * saved as the caller's draft 1.5 s after the last change (and before sending),
 * attachments go into the draft at once. Sending queues the mail and spends the draft:
 * the editor is emptied and Send stays off until there is new text (a reply that fails
 * comes back as the draft). Send is off while a send is under way, and the same text as
 * the dialogue's last reply of the past minutes is sent again only after a confirmation
 * (the server refuses it otherwise: 409, DUPLICATE_REPLY).
 */
export function ReplyEditor({ dialogueId, buyerName }: { dialogueId: number; buyerName: string }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const { modal } = App.useApp();
  const draft = useDraft(dialogueId);
  const save = useSaveDraft(dialogueId);
  const detach = useDeleteDraftAttachment(dialogueId);
  const reply = useReply();
  const templates = useQuery({
    queryKey: ['mailTemplates', 'list', 'reply-picker'],
    queryFn: ({ signal }) =>
      call(
        mailTemplates.listTemplates,
        { query: { kind: 'reply', pageSize: 200, sortField: 'name', sortOrder: 'asc' } },
        { signal },
      ),
    staleTime: 60_000,
  });
  const [html, setHtml] = useState('');
  const loadedFor = useRef<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // The last draft save under way: a send waits for it, so no older save lands after the send.
  const lastSave = useRef<Promise<unknown>>(Promise.resolve());
  // A send under way (set before any await, so a second click in the same moment does nothing).
  const busy = useRef(false);
  const [sending, setSending] = useState(false);

  // Load the stored draft once per dialogue; afterwards the editor owns the text.
  useEffect(() => {
    if (draft.data && loadedFor.current !== dialogueId) {
      loadedFor.current = dialogueId;
      setHtml(draft.data.content ? sanitizeReplyHtml(draft.data.content) : '');
    }
  }, [draft.data, dialogueId]);
  useEffect(() => () => (timer.current ? clearTimeout(timer.current) : undefined), []);

  const persist = (value: string, files?: File[]) => {
    const saving = save.mutateAsync({ content: value, files });
    lastSave.current = saving.catch(() => {});
    return saving;
  };

  const onChange = (value: string) => {
    setHtml(value);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void persist(value).catch(() => {}), AUTOSAVE_MS);
  };

  const insertTemplate = async (templateId: number) => {
    try {
      const tpl = await call(mailTemplates.templateContent, { params: { templateId } });
      const body = fillTemplate(tpl.body, { buyerName, agentName: readItem('local', 'userName') });
      onChange(isBlankRichText(html) ? body : `${html}${body}`);
      notify.success(t('mail.templates.inserted'));
    } catch (err) {
      notify.failure(err);
    }
  };

  const send = async (force = false) => {
    if (busy.current) return;
    if (isBlankRichText(html)) {
      notify.error(t('mail.reply.empty'));
      return;
    }
    const open = unfilledTags(html);
    if (open.length) {
      notify.error(t('mail.reply.unfilled', { tags: open.map((x) => `{{${x}}}`).join(' ') }));
      return;
    }
    busy.current = true;
    setSending(true);
    if (timer.current) clearTimeout(timer.current);
    try {
      await lastSave.current;
      await persist(html);
      await reply.mutateAsync({ dialogueId, content: html, ...(force ? { force: true } : {}) });
      setHtml('');
      notify.success(t('mail.reply.sent'));
    } catch (err) {
      if (isApiError(err) && err.code === ERROR_CODES.DUPLICATE_REPLY) {
        modal.confirm({
          title: t('mail.reply.duplicateTitle'),
          content: t('mail.reply.duplicateText'),
          okText: t('mail.reply.sendAgain'),
          cancelText: t('mail.reply.keepEditing'),
          onOk: () => send(true),
        });
      } else notify.failure(err);
    } finally {
      busy.current = false;
      setSending(false);
    }
  };

  const attachments = draft.data?.attachments ?? [];
  return (
    <Card
      size="small"
      title={t('mail.reply.title')}
      data-testid="mail-reply"
      extra={
        <Select<number>
          size="small"
          style={{ width: 220 }}
          value={null}
          showSearch
          optionFilterProp="label"
          placeholder={t('mail.templates.pick')}
          loading={templates.isPending}
          notFoundContent={t('mail.templates.empty')}
          options={(templates.data?.list ?? []).map((x) => ({ value: x.templateId, label: x.name }))}
          onChange={(id) => void insertTemplate(id)}
          data-testid="mail-reply-template"
        />
      }
    >
      <RichTextEditor
        value={html}
        onChange={onChange}
        fonts={MAIL_FONTS}
        clean={sanitizeReplyHtml}
        mergeTags={false}
        ariaLabel={t('mail.reply.placeholder')}
        placeholder={t('mail.reply.placeholder')}
        minHeight={140}
        testId="mail-reply-text"
      />
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginTop: 8 }}>
        <Space wrap>
          <Upload
            multiple
            showUploadList={false}
            beforeUpload={(file) => {
              persist(html, [file]).catch(notify.failure);
              return false;
            }}
          >
            <Button icon={<PaperClipOutlined />} data-testid="mail-attach">
              {t('mail.reply.attach')}
            </Button>
          </Upload>
          {attachments.map((a) => (
            <Tag
              key={a.uri}
              closable
              closeIcon={<DeleteOutlined />}
              onClose={() => detach.mutate(a.uri)}
              data-testid="mail-draft-attachment"
            >
              {a.fileName}
            </Tag>
          ))}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {save.isPending
              ? t('mail.reply.saving')
              : draft.data?.updatedAt
                ? t('mail.reply.saved', { time: formatTimestamp(draft.data.updatedAt, 'HH:mm:ss') })
                : t('mail.reply.attachLimit')}
          </Typography.Text>
        </Space>
        <Can permission="email:emails:send">
          <Button
            type="primary"
            icon={<SendOutlined />}
            loading={sending}
            disabled={!sending && isBlankRichText(html)}
            onClick={() => void send()}
            data-testid="mail-send"
          >
            {t('mail.reply.send')}
          </Button>
        </Can>
      </Flex>
    </Card>
  );
}
