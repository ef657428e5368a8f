import { backMgrNotices as ep } from '@bo/contract';
import type { MyNotice } from '@bo/contract/backmgr/notices';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Modal, Typography } from 'antd';
import { useNotify } from '../../shared/components/use-notify';
import { formatDateTime } from '../../shared/format';
import { call } from '../../shared/http/http-client';
import { useTexts } from '../../shared/i18n/lang';

const KEY = ['notices', 'unacknowledged'] as const;
const ALERT: Record<MyNotice['level'], 'info' | 'warning' | 'error'> = { info: 'info', warning: 'warning', important: 'error' };

/**
 * After sign-in: the system notices (/backMgr/notice) shown to this user, one at a time in a
 * modal, until they press "Got it". Read once per page load; nothing under god view (the
 * server answers none there).
 */
export function NoticeGate() {
  const { t, lang } = useTexts();
  const notify = useNotify();
  const client = useQueryClient();
  const { data } = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => call(ep.mine, {}, { signal, silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    retry: false,
  });
  const ack = useMutation({
    mutationFn: (id: number) => call(ep.acknowledge, { params: { id } }, { silent: true }),
    onSuccess: (_, id) => client.setQueryData<MyNotice[]>(KEY, (old) => (old ?? []).filter((n) => n.id !== id)),
    onError: notify.failure,
  });
  const notice = data?.[0];
  if (!notice) return null;
  const pick = (zh: string, en: string) => (lang === 'zh-CN' ? zh || en : en || zh);
  return (
    <Modal
      open
      closable={false}
      maskClosable={false}
      keyboard={false}
      title={pick(notice.titleZh, notice.titleEn)}
      data-testid="notice-modal"
      footer={
        <Button type="primary" loading={ack.isPending} onClick={() => ack.mutate(notice.id)} data-testid="notice-acknowledge">
          {t('layout.notice.acknowledge')}
        </Button>
      }
    >
      <Alert
        type={ALERT[notice.level]}
        showIcon
        title={t(`layout.notice.level.${notice.level}`)}
        description={formatDateTime(notice.publishFrom)}
        style={{ marginBottom: 12 }}
      />
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }} data-testid="notice-body">
        {pick(notice.bodyZh, notice.bodyEn)}
      </Typography.Paragraph>
      {data.length > 1 && (
        <Typography.Text type="secondary">{t('layout.notice.more', { count: data.length - 1 })}</Typography.Text>
      )}
    </Modal>
  );
}
