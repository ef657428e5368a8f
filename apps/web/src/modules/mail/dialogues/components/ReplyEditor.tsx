import { DeleteOutlined, PaperClipOutlined, SendOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Input, Space, Tag, Typography, Upload } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../../shared/Can';
import { useNotify } from '../../../../shared/components/use-notify';
import { errorText } from '../../../../shared/http/error-text';
import { useLang } from '../../../../shared/i18n/lang';
import { useDeleteDraftAttachment, useDraft, useReply, useSaveDraft } from '../mail.queries';
import { htmlToEditable, textToHtml } from '../mail-view';

const AUTOSAVE_MS = 1500;

/**
 * The reply: typed text is saved as the caller's draft 1.5 s after the last key (and
 * before sending), attachments go into the draft at once. Sending queues the mail; the
 * draft stays until the mail is sent, so a failure loses nothing.
 */
export function ReplyEditor({ dialogueId }: { dialogueId: number }) {
  const { t } = useTranslation();
  const lang = useLang();
  const notify = useNotify();
  const draft = useDraft(dialogueId);
  const save = useSaveDraft(dialogueId);
  const detach = useDeleteDraftAttachment(dialogueId);
  const reply = useReply();
  const [text, setText] = useState('');
  const loadedFor = useRef<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // Load the stored draft once per dialogue; afterwards the editor owns the text.
  useEffect(() => {
    if (draft.data && loadedFor.current !== dialogueId) {
      loadedFor.current = dialogueId;
      setText(draft.data.content ? htmlToEditable(draft.data.content) : '');
    }
  }, [draft.data, dialogueId]);
  useEffect(() => () => (timer.current ? clearTimeout(timer.current) : undefined), []);

  const persist = (value: string, files?: File[]) => save.mutateAsync({ content: textToHtml(value), files });

  const onChange = (value: string) => {
    setText(value);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void persist(value).catch(() => {}), AUTOSAVE_MS);
  };

  const send = async () => {
    if (!text.trim()) {
      notify.error(t('mail.reply.empty'));
      return;
    }
    if (timer.current) clearTimeout(timer.current);
    try {
      await persist(text);
      await reply.mutateAsync({ dialogueId, content: textToHtml(text) });
      notify.success(t('mail.reply.sent'));
    } catch (err) {
      notify.error(errorText(err, lang));
    }
  };

  const attachments = draft.data?.attachments ?? [];
  return (
    <Card size="small" title={t('mail.reply.title')} data-testid="mail-reply">
      <Input.TextArea
        value={text}
        onChange={(e) => onChange(e.target.value)}
        autoSize={{ minRows: 5, maxRows: 16 }}
        placeholder={t('mail.reply.placeholder')}
        maxLength={100_000}
        data-testid="mail-reply-text"
      />
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginTop: 8 }}>
        <Space wrap>
          <Upload
            multiple
            showUploadList={false}
            beforeUpload={(file) => {
              persist(text, [file]).catch((err) => notify.error(errorText(err, lang)));
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
                ? t('mail.reply.saved', { time: dayjs(draft.data.updatedAt).format('HH:mm:ss') })
                : t('mail.reply.attachLimit')}
          </Typography.Text>
        </Space>
        <Can permission="email:emails:send">
          <Button
            type="primary"
            icon={<SendOutlined />}
            loading={reply.isPending}
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
