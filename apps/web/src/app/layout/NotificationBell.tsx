/**
 * The header's bell: the signed-in user's unread count (read every minute and when the tab
 * comes back), and on click their latest notifications; opening one marks it read and goes
 * to its link. Server: platform/notify (GET/POST user/rest/v1/notifications...).
 */
import { BellOutlined } from '@ant-design/icons';
import { notifications as ep } from '@bo/contract';
import type { Notification } from '@bo/contract/notify/notifications';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Badge, Button, Empty, Flex, Popover, Segmented, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../../shared/format';
import { call } from '../../shared/http/http-client';
import { useTexts } from '../../shared/i18n/lang';

const PAGE = 8;
/** The badge is read this often while the app is open (and on focus). */
const POLL_MS = 60_000;

export const notificationKeys = {
  all: ['notifications'] as const,
  unread: () => [...notificationKeys.all, 'unread'] as const,
  list: (unreadOnly: boolean, size: number, lang: string) => [...notificationKeys.all, 'list', unreadOnly, size, lang] as const,
};

function Item({ n, onOpen }: { n: Notification; onOpen: (n: Notification) => void }) {
  const unread = n.readAt === null;
  return (
    <li>
      <button
        type="button"
        className={`bo-notification${unread ? ' bo-notification-unread' : ''}`}
        data-testid={`notification-${n.id}`}
        onClick={() => onOpen(n)}
      >
        <Flex vertical gap={2} style={{ width: '100%' }}>
          <Flex justify="space-between" gap={8}>
            <Typography.Text strong={unread} ellipsis={{ tooltip: n.title }}>
              {unread && <Badge status="processing" style={{ marginRight: 6 }} />}
              {n.title}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap', fontSize: 12 }}>
              {formatDateTime(n.createdAt)}
            </Typography.Text>
          </Flex>
          {n.body && (
            <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: 0, fontSize: 12 }}>
              {n.body}
            </Typography.Paragraph>
          )}
        </Flex>
      </button>
    </li>
  );
}

function Panel({ onClose }: { onClose: () => void }) {
  const { t, lang } = useTexts();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [size, setSize] = useState(PAGE);
  const list = useQuery({
    queryKey: notificationKeys.list(unreadOnly, size, lang),
    queryFn: () => call(ep.listNotifications, { query: { unread: unreadOnly ? 'true' : 'false', pageSize: size } }),
    placeholderData: keepPreviousData,
  });
  const settle = (unread: number) => {
    qc.setQueryData(notificationKeys.unread(), { unread });
    void qc.invalidateQueries({ queryKey: [...notificationKeys.all, 'list'] });
  };
  const read = useMutation({
    mutationFn: (id: number) => call(ep.readNotification, { params: { id } }),
    onSuccess: (d) => settle(d.unread),
  });
  const readAll = useMutation({ mutationFn: () => call(ep.readAllNotifications), onSuccess: (d) => settle(d.unread) });
  const open = (n: Notification) => {
    if (n.readAt === null) read.mutate(n.id);
    if (n.link) {
      onClose();
      void navigate(n.link);
    }
  };
  const data = list.data;
  return (
    <div className="bo-notifications" data-testid="notifications-panel">
      <Flex justify="space-between" align="center" gap={8} style={{ marginBottom: 8 }}>
        <Segmented
          size="small"
          value={unreadOnly ? 'unread' : 'all'}
          onChange={(v) => {
            setUnreadOnly(v === 'unread');
            setSize(PAGE);
          }}
          options={[
            { value: 'all', label: t('layout.notifications.title') },
            { value: 'unread', label: t('layout.notifications.unreadOnly') },
          ]}
        />
        <Button
          size="small"
          type="link"
          disabled={!data || data.unread === 0}
          loading={readAll.isPending}
          onClick={() => readAll.mutate()}
          data-testid="notifications-read-all"
        >
          {t('layout.notifications.markAllRead')}
        </Button>
      </Flex>
      {list.isError ? (
        <Alert
          type="error"
          showIcon
          message={t('layout.notifications.loadFailed')}
          action={
            <Button size="small" onClick={() => void list.refetch()}>
              {t('layout.notifications.retry')}
            </Button>
          }
        />
      ) : !data ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : data.list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('layout.notifications.empty')} />
      ) : (
        <>
          <ul className="bo-notification-list">
            {data.list.map((n) => (
              <Item key={n.id} n={n} onOpen={open} />
            ))}
          </ul>
          {data.total > data.list.length && (
            <Button block type="text" size="small" loading={list.isFetching} onClick={() => setSize((s) => s + PAGE)}>
              {t('layout.notifications.more')}
            </Button>
          )}
        </>
      )}
    </div>
  );
}

export function NotificationBell() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const unread = useQuery({
    queryKey: notificationKeys.unread(),
    // Quiet: a failed count must not toast every minute; the badge keeps its last value.
    queryFn: () => call(ep.unreadNotifications, {}, { silent: true }),
    refetchInterval: POLL_MS,
    refetchOnWindowFocus: true,
  });
  const count = unread.data?.unread ?? 0;
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
      destroyOnHidden
      content={<Panel onClose={() => setOpen(false)} />}
    >
      <Badge count={count} size="small" overflowCount={99} data-testid="notifications-badge">
        <Button
          type="text"
          icon={<BellOutlined />}
          aria-label={t('layout.notifications.open')}
          data-testid="notifications-open"
        />
      </Badge>
    </Popover>
  );
}
