/**
 * "Share" on a project: makes a read-only link that opens /teambition/project without signing
 * in (platform/share), shows it once to copy, and lists the project's links with their state
 * and uses, each revocable (the next read of a revoked link answers 404).
 */
import { ShareAltOutlined } from '@ant-design/icons';
import type { ShareLink } from '@bo/contract/share/share';
import { Alert, Button, Flex, Modal, Popconfirm, Segmented, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format';
import { errorText } from '../../../shared/http/error-text';
import { useLang } from '../../../shared/i18n/lang';
import { useShareLinks, useShareWrites } from '../projects.queries';

const LIFETIMES = [24, 7 * 24, 30 * 24] as const;
const STATE_COLOR = { active: 'green', expired: 'default', revoked: 'red' } as const;

export function ShareButton({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<ShareAltOutlined />} onClick={() => setOpen(true)} data-testid="project-share">
        {t('projects.share.button')}
      </Button>
      {open && <ShareDialog projectId={projectId} onClose={() => setOpen(false)} />}
    </>
  );
}

function ShareDialog({ projectId, onClose }: { projectId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [hours, setHours] = useState<number>(7 * 24);
  const [made, setMade] = useState<string | null>(null);
  const links = useShareLinks(projectId, true);
  const { create, revoke } = useShareWrites(projectId);
  const failure = create.error ?? revoke.error ?? links.error;

  return (
    <Modal open title={t('projects.share.title')} onCancel={onClose} footer={null} width={760} destroyOnHidden>
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('projects.share.intro')}</Typography.Text>
        <Flex gap={12} align="center" wrap>
          <Typography.Text>{t('projects.share.lifetime')}</Typography.Text>
          <Segmented
            value={hours}
            onChange={(v) => setHours(Number(v))}
            options={LIFETIMES.map((h) => ({ value: h, label: t('projects.share.days', { count: h / 24 }) }))}
          />
          <Button
            type="primary"
            loading={create.isPending}
            onClick={() => create.mutate(hours, { onSuccess: (r) => setMade(`${window.location.origin}${r.url}`) })}
            data-testid="project-share-create"
          >
            {t('projects.share.create')}
          </Button>
        </Flex>
        {made && (
          <Alert
            type="success"
            showIcon
            message={t('projects.share.made')}
            description={
              <Typography.Paragraph
                copyable={{ text: made }}
                style={{ margin: 0, wordBreak: 'break-all' }}
                data-testid="project-share-url"
              >
                {made}
              </Typography.Paragraph>
            }
          />
        )}
        {failure && <Alert type="error" showIcon message={errorText(failure, lang)} />}
        <Table<ShareLink>
          size="small"
          rowKey="id"
          loading={links.isPending}
          dataSource={links.data?.list ?? []}
          pagination={false}
          locale={{ emptyText: t('projects.share.none') }}
          columns={[
            {
              key: 'state',
              title: t('projects.share.state'),
              width: 90,
              render: (_, l) => <Tag color={STATE_COLOR[l.state]}>{t(`projects.share.states.${l.state}`)}</Tag>,
            },
            { key: 'by', title: t('projects.share.by'), render: (_, l) => l.createdBy.name },
            { key: 'expires', title: t('projects.share.expires'), width: 160, render: (_, l) => formatDateTime(l.expiresAt) },
            { key: 'uses', title: t('projects.share.uses'), width: 70, align: 'right', render: (_, l) => l.useCount },
            {
              key: 'revoke',
              title: '',
              width: 90,
              render: (_, l) =>
                l.state === 'active' && (
                  <Popconfirm
                    title={t('projects.share.confirmRevoke')}
                    okText={t('projects.share.revoke')}
                    okButtonProps={{ danger: true, 'data-testid': 'project-share-revoke-ok' } as never}
                    onConfirm={() => revoke.mutateAsync(l.id)}
                  >
                    <Button size="small" danger type="link" data-testid={`project-share-revoke-${l.id}`}>
                      {t('projects.share.revoke')}
                    </Button>
                  </Popconfirm>
                ),
            },
          ]}
        />
      </Flex>
    </Modal>
  );
}
