/**
 * Share a record by link (platform/share): one or more things to share (a project, its data
 * view, ...), a lifetime, "Make link" that shows the link once (and copies it when asked: a
 * chat task is pasted straight into a chat), and the chosen thing's links with their state and
 * uses, each revocable (the next read of a revoked link answers 404).
 */
import { ShareAltOutlined } from '@ant-design/icons';
import type { ShareLink } from '@bo/contract/share/share';
import { Alert, Button, Flex, Modal, Popconfirm, Segmented, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../format';
import { errorText } from '../http/error-text';
import { useTexts } from '../i18n/lang';
import { type ShareTarget, useShareLinks, useShareWrites } from './share-links';

/** A thing the dialog offers to share, with what its link opens in words. */
export interface ShareChoice extends ShareTarget {
  label: string;
  intro: string;
}

const LIFETIMES = [24, 7 * 24, 30 * 24] as const;
const STATE_COLOR = { active: 'green', expired: 'default', revoked: 'red' } as const;

interface Props {
  choices: readonly ShareChoice[];
  /** Copy a link to the clipboard as soon as it is made. */
  copyOnCreate?: boolean;
  title?: string;
  onClose: () => void;
}

/** The button that opens the dialog. */
export function ShareButton({ choices, testId = 'share-open' }: { choices: readonly ShareChoice[]; testId?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<ShareAltOutlined />} onClick={() => setOpen(true)} data-testid={testId}>
        {t('shareLinks.button')}
      </Button>
      {open && <ShareDialog choices={choices} onClose={() => setOpen(false)} />}
    </>
  );
}

export function ShareDialog({ choices, copyOnCreate = false, title, onClose }: Props) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState(0);
  const choice = choices[chosen] ?? choices[0];
  return (
    <Modal open title={title ?? t('shareLinks.title')} onCancel={onClose} footer={null} width={760} destroyOnHidden>
      <Flex vertical gap={12}>
        {choices.length > 1 && (
          <Flex gap={12} align="center" wrap>
            <Typography.Text>{t('shareLinks.what')}</Typography.Text>
            <Segmented
              value={chosen}
              onChange={(v) => setChosen(Number(v))}
              options={choices.map((c, i) => ({
                value: i,
                label: <span data-testid={`share-choice-${c.kind}`}>{c.label}</span>,
              }))}
            />
          </Flex>
        )}
        {choice && <ShareTargetPanel key={`${choice.kind}:${choice.entityId}`} choice={choice} copyOnCreate={copyOnCreate} />}
      </Flex>
    </Modal>
  );
}

/** One thing's lifetime choice, "Make link", the link just made and the thing's links. */
function ShareTargetPanel({ choice, copyOnCreate }: { choice: ShareChoice; copyOnCreate: boolean }) {
  const { t, lang } = useTexts();
  const [hours, setHours] = useState<number>(7 * 24);
  const [made, setMade] = useState<{ url: string; copied: boolean } | null>(null);
  const links = useShareLinks(choice);
  const { create, revoke } = useShareWrites(choice);
  const failure = create.error ?? revoke.error ?? links.error;

  const make = () =>
    create.mutate(hours, {
      onSuccess: async (r) => {
        const url = `${window.location.origin}${r.url}`;
        let copied = false;
        if (copyOnCreate) {
          try {
            await navigator.clipboard.writeText(url);
            copied = true;
          } catch {
            // No clipboard (an insecure page, a refusal): the link is shown to copy by hand.
          }
        }
        setMade({ url, copied });
      },
    });

  return (
    <Flex vertical gap={12}>
      <Typography.Text type="secondary">{choice.intro}</Typography.Text>
      <Flex gap={12} align="center" wrap>
        <Typography.Text>{t('shareLinks.lifetime')}</Typography.Text>
        <Segmented
          value={hours}
          onChange={(v) => setHours(Number(v))}
          options={LIFETIMES.map((h) => ({ value: h, label: t('shareLinks.days', { count: h / 24 }) }))}
        />
        <Button type="primary" loading={create.isPending} onClick={make} data-testid="share-create">
          {t('shareLinks.create')}
        </Button>
      </Flex>
      {made && (
        <Alert
          type="success"
          showIcon
          title={made.copied ? t('shareLinks.copied') : t('shareLinks.made')}
          description={
            <Typography.Paragraph
              copyable={{ text: made.url }}
              style={{ margin: 0, wordBreak: 'break-all' }}
              data-testid="share-url"
            >
              {made.url}
            </Typography.Paragraph>
          }
        />
      )}
      {failure && <Alert type="error" showIcon title={errorText(failure, lang)} />}
      <Table<ShareLink>
        size="small"
        rowKey="id"
        loading={links.isPending}
        dataSource={links.data?.list ?? []}
        pagination={false}
        locale={{ emptyText: t('shareLinks.none') }}
        columns={[
          {
            key: 'state',
            title: t('shareLinks.state'),
            width: 90,
            render: (_, l) => (
              <Tag color={STATE_COLOR[l.state]} data-testid={`share-state-${l.id}`}>
                {t(`shareLinks.states.${l.state}`)}
              </Tag>
            ),
          },
          { key: 'by', title: t('shareLinks.by'), render: (_, l) => l.createdBy.name },
          { key: 'expires', title: t('shareLinks.expires'), width: 160, render: (_, l) => formatDateTime(l.expiresAt) },
          { key: 'uses', title: t('shareLinks.uses'), width: 70, align: 'right', render: (_, l) => l.useCount },
          {
            key: 'revoke',
            title: '',
            width: 90,
            render: (_, l) =>
              l.state === 'active' && (
                <Popconfirm
                  title={t('shareLinks.confirmRevoke')}
                  okText={t('shareLinks.revoke')}
                  okButtonProps={{ danger: true, 'data-testid': 'share-revoke-ok' } as never}
                  onConfirm={() => revoke.mutateAsync(l.id)}
                >
                  <Button size="small" danger type="link" data-testid={`share-revoke-${l.id}`}>
                    {t('shareLinks.revoke')}
                  </Button>
                </Popconfirm>
              ),
          },
        ]}
      />
    </Flex>
  );
}
