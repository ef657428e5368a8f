import { ReloadOutlined } from '@ant-design/icons';
import type { FetchFailure, Mailbox } from '@bo/contract/mail/mailboxes';
import { MAX_FETCH_ATTEMPTS } from '@bo/contract/mail/mailboxes';
import { Alert, Button, Drawer, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../shared/Can';
import { QueryStates } from '../../../shared/components/QueryStates';
import { useNotify } from '../../../shared/components/use-notify';
import { formatDateTime } from '../../../shared/format';
import { FitTable } from '../../../shared/table/FitTable';
import { useFetchFailures, useRetryFetchFailure } from './mailboxes.queries';

/**
 * The mail of one mailbox that the fetch could not store: each is tried again at the next
 * fetches and set aside after MAX_FETCH_ATTEMPTS failures; the rest of the mailbox goes on.
 * A user with the edit permission retries one now.
 */
export function FetchFailuresDrawer({ box, onClose }: { box: Mailbox; onClose: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const list = useFetchFailures(box.id);
  const retry = useRetryFetchFailure();
  return (
    <Drawer open width={860} title={t('mail.mailboxes.failures.title', { email: box.email })} onClose={onClose} destroyOnHidden>
      <Typography.Paragraph type="secondary">
        {t('mail.mailboxes.failures.note', { attempts: MAX_FETCH_ATTEMPTS })}
      </Typography.Paragraph>
      {box.fetchError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          message={t('mail.mailboxes.fetchError', { error: box.fetchError })}
          data-testid="fetch-failures-last-error"
        />
      )}
      <QueryStates pending={list.isPending} error={list.error} onRetry={() => void list.refetch()}>
        {/* In the 860 px drawer: the mail, why it failed, how often, its state, when and Retry; the UID in the
            column chooser. */}
        <FitTable<FetchFailure>
          tableId="mail.fetchFailures"
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={list.data ?? []}
          locale={{ emptyText: t('mail.mailboxes.failures.empty') }}
          data-testid="fetch-failures"
          columns={[
            { title: 'UID', key: 'uid', priority: 'detail', width: 70, dataIndex: 'uid' },
            {
              title: t('mail.mailboxes.failures.subject'),
              key: 'subject',
              priority: 'key',
              width: 170,
              render: (_, f) => (
                <Typography.Text ellipsis={{ tooltip: f.subject ?? undefined }} style={{ maxWidth: '100%' }}>
                  {f.subject ?? t('mail.mailboxes.failures.unknown')}
                </Typography.Text>
              ),
            },
            {
              title: t('mail.mailboxes.failures.error'),
              key: 'error',
              priority: 'key',
              width: 190,
              render: (_, f) => (
                <Typography.Text type="danger" ellipsis={{ tooltip: f.error }} style={{ maxWidth: '100%' }}>
                  {f.error}
                </Typography.Text>
              ),
            },
            {
              title: t('mail.mailboxes.failures.attempts'),
              key: 'attempts',
              priority: 'key',
              width: 80,
              align: 'right',
              dataIndex: 'attempts',
            },
            {
              title: t('mail.mailboxes.failures.state'),
              key: 'state',
              priority: 'key',
              width: 110,
              render: (_, f) =>
                f.state === 'set_aside' ? (
                  <Tag color="error">{t('mail.mailboxes.failures.setAside')}</Tag>
                ) : (
                  <Tag color="processing">{t('mail.mailboxes.failures.retrying')}</Tag>
                ),
            },
            {
              title: t('mail.mailboxes.failures.lastFailed'),
              key: 'lastFailedAt',
              priority: 'key',
              width: 150,
              render: (_, f) => formatDateTime(f.lastFailedAt),
            },
            {
              title: t('mail.mailboxes.actions'),
              key: 'actions',
              priority: 'key',
              width: 90,
              render: (_, f) => (
                <Can permission="userCenter:cs:configuration:edit">
                  <Button
                    type="link"
                    size="small"
                    icon={<ReloadOutlined />}
                    loading={retry.isPending && retry.variables === f.id}
                    onClick={() =>
                      retry.mutate(f.id, {
                        onSuccess: () => notify.success(t('mail.mailboxes.failures.retried', { uid: f.uid })),
                        onError: notify.failure,
                      })
                    }
                    data-testid="fetch-failure-retry"
                  >
                    {t('mail.mailboxes.failures.retry')}
                  </Button>
                </Can>
              ),
            },
          ]}
        />
      </QueryStates>
    </Drawer>
  );
}
