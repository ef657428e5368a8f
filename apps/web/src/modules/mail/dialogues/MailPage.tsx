import { MARKETS } from '@bo/contract';
import { MAILBOX_TYPES } from '@bo/contract/mail/mailboxes';
import { Alert, Badge, Button, Card, Col, Empty, Flex, Input, List, Row, Select, Switch, Tabs, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryStates } from '../../../shared/components/QueryStates';
import { formatTimestamp } from '../../../shared/format';
import { useTexts } from '../../../shared/i18n/lang';
import { MarketTag } from '../../../shared/markets/MarketTag';
import { marketName } from '../../../shared/markets/markets';
import { useUrlFilters } from '../../../shared/url-filters';
import { usePermissionItems } from '../../access/session/session.queries';
import { DialogueThread } from './components/DialogueThread';
import { useDialogueTypes, useMailboxes, useMailList, useStatuses } from './mail.queries';
import { MAIL_URL, type MailPreset, mailListBody, PAGE_SIZE, PRESETS, RESET_PATCH, readMailView } from './mail-view';

const STATUS_COLOR: Record<number, string> = { 0: 'volcano', 1: 'green', 2: 'default' };

/** The first-run hint: no mailbox at all, and where to add one. */
function NoMailbox() {
  const { t } = useTranslation();
  const { data: items } = usePermissionItems();
  const canConfigure = (items ?? []).some((i) => i.authPattern === 'userCenter:cs:configuration');
  return (
    <Alert
      type="info"
      showIcon
      data-testid="mail-no-mailbox"
      message={t('mail.noMailbox.title')}
      description={
        <>
          {t('mail.noMailbox.text')}{' '}
          {canConfigure ? <Link to="/mail/mailboxes">{t('mail.noMailbox.link')}</Link> : t('mail.noMailbox.ask')}
        </>
      }
    />
  );
}

/**
 * The customer-service mail client, one implementation for every mail view of spec §2.9
 * (`preset`, see mail-view.ts): /mail/index and its tab routes show the top tabs of the
 * mailbox types; /mail/order and /mail/support fix the dialogue types; /mail/mail shows a
 * mailbox's mail of every type. Mailbox, marketplace, status, dialogue type, assignment,
 * archive and search pick the dialogues (all in the query string); the open dialogue shows
 * its thread and the reply editor.
 */
export default function MailPage({ preset = 'index' }: { preset?: MailPreset }) {
  const { t, lang } = useTexts();
  const [url, setUrl] = useUrlFilters(MAIL_URL);
  const rule = PRESETS[preset];
  const view = readMailView(url, preset);
  const body = mailListBody(view, preset);
  const boxes = useMailboxes(view.type);
  const allBoxes = useMailboxes(0);
  const statuses = useStatuses(view.type, view.mailBoxId, rule.dialogueTypes);
  const types = useDialogueTypes();
  const list = useMailList(body);
  const typeOptions = (types.data ?? []).filter((x) => !rule.dialogueTypes || rule.dialogueTypes.includes(x.id));
  const [search, setSearch] = useState(view.search);
  useEffect(() => setSearch(view.search), [view.search]);
  const page = list.data;

  return (
    <Flex vertical gap={12} data-testid={`mail-view-${preset}`}>
      {rule.tab !== null ? (
        <Tabs
          activeKey={String(view.type)}
          onChange={(tab) => setUrl({ ...RESET_PATCH, tab, box: '' })}
          items={MAILBOX_TYPES.map((m) => ({ key: String(m.id), label: t(`mail.tabs.t${m.id}` as 'mail.tabs.t1') }))}
          data-testid="mail-tabs"
        />
      ) : (
        <Typography.Text type="secondary">{t(`mail.views.${preset as 'order'}`)}</Typography.Text>
      )}
      {allBoxes.data && allBoxes.data.length === 0 && <NoMailbox />}
      {allBoxes.data?.some((b) => b.demo) && (
        <Alert type="info" showIcon message={t('mail.mailboxes.demoNote')} data-testid="mail-demo-note" />
      )}
      <Flex wrap gap={8} align="center">
        <Select
          style={{ width: 240 }}
          value={view.mailBoxId ?? 0}
          loading={boxes.isPending}
          data-testid="mail-pick-box"
          onChange={(v) => setUrl({ ...RESET_PATCH, box: v ? String(v) : '' })}
          options={[
            { value: 0, label: t('mail.pick.allMailboxes') },
            ...(boxes.data ?? []).map((b) => ({
              value: b.id,
              label: `${b.name || b.email}${b.unreplied ? ` (${b.unreplied})` : ''}`,
            })),
          ]}
        />
        <Select
          style={{ width: 160 }}
          value={view.marketId}
          data-testid="mail-pick-market"
          onChange={(v) => setUrl({ market: String(v), page: '1', d: '' })}
          options={[
            { value: -1, label: t('mail.pick.allMarkets') },
            ...MARKETS.map((m) => ({ value: m.id, label: `${m.code} ${marketName(m, lang)}` })),
          ]}
        />
        <Select
          style={{ width: 160 }}
          value={view.status}
          data-testid="mail-pick-status"
          onChange={(v) => setUrl({ status: String(v), page: '1', d: '' })}
          options={(statuses.data ?? [{ id: -1, name: '', nameEn: '', count: 0 }]).map((s) => ({
            value: s.id,
            label: `${s.id === -1 ? t('mail.pick.allStatuses') : lang === 'zh-CN' ? s.name : s.nameEn} (${s.count})`,
          }))}
        />
        <Select
          style={{ width: 160 }}
          value={view.dialogueType}
          data-testid="mail-pick-type"
          onChange={(v) => setUrl({ dtype: String(v), page: '1', d: '' })}
          options={[
            { value: 0, label: t('mail.pick.allTypes') },
            ...typeOptions.map((x) => ({ value: x.id, label: lang === 'zh-CN' ? x.name : x.nameEn })),
          ]}
        />
        <Select
          style={{ width: 170 }}
          value={view.assigned}
          data-testid="mail-pick-assigned"
          onChange={(v) => setUrl({ asg: v, page: '1', d: '' })}
          options={[
            { value: '', label: t('mail.assignedFilter.all') },
            { value: 'me', label: t('mail.assignedFilter.me') },
            { value: '1', label: t('mail.assignedFilter.yes') },
            { value: '0', label: t('mail.assignedFilter.no') },
          ]}
        />
        <span>
          <Switch
            checked={view.archived}
            onChange={(on) => setUrl({ archived: on ? '1' : '0', page: '1', d: '' })}
            data-testid="mail-archived"
          />{' '}
          {t('mail.pick.archived')}
        </span>
        <Input.Search
          allowClear
          style={{ width: 280 }}
          value={search}
          placeholder={t('mail.pick.search')}
          onChange={(e) => setSearch(e.target.value)}
          onSearch={(q) => setUrl({ q: q.trim(), page: '1', d: '' })}
          data-testid="mail-search"
        />
        <Button onClick={() => setUrl({ ...RESET_PATCH, q: '', archived: '0', asg: '' })}>{t('mail.pick.reset')}</Button>
      </Flex>
      <Row gutter={12}>
        <Col xs={24} lg={9}>
          <Card size="small" styles={{ body: { padding: 0 } }}>
            <QueryStates pending={list.isPending} error={list.error} onRetry={() => void list.refetch()}>
              <List
                data-testid="mail-list"
                locale={{ emptyText: <Empty description={t('mail.list.empty')} /> }}
                dataSource={page?.list ?? []}
                pagination={{
                  current: view.pageNum,
                  pageSize: PAGE_SIZE,
                  total: page?.total ?? 0,
                  size: 'small',
                  showSizeChanger: false,
                  onChange: (p) => setUrl({ page: String(p), d: '' }),
                  style: { padding: '0 12px 12px' },
                }}
                renderItem={(d) => (
                  <List.Item
                    key={d.dialogueId}
                    onClick={() => setUrl({ d: String(d.dialogueId) })}
                    style={{
                      cursor: 'pointer',
                      padding: '8px 12px',
                      background: view.dialogueId === d.dialogueId ? '#e6f4ff' : undefined,
                    }}
                    data-testid="mail-list-item"
                  >
                    <Flex vertical style={{ width: '100%', minWidth: 0 }} gap={2}>
                      <Flex justify="space-between" gap={8}>
                        <Typography.Text strong={d.unread} ellipsis>
                          {d.unread && <Badge status="processing" />} {d.buyerName || d.buyerEmail}
                        </Typography.Text>
                        <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
                          {formatTimestamp(d.lastMessageAt, 'MM-DD HH:mm')}
                        </Typography.Text>
                      </Flex>
                      <Typography.Text ellipsis>{d.subject || '—'}</Typography.Text>
                      <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
                        {d.snippet}
                      </Typography.Text>
                      <Flex gap={4}>
                        {d.marketId !== null && <MarketTag marketId={d.marketId} />}
                        <Tag color={STATUS_COLOR[d.status]}>{t(`mail.status.s${d.status}` as 'mail.status.s0')}</Tag>
                        <Tag>{t('mail.list.messages', { count: d.messageCount })}</Tag>
                        {d.assigneeName && <Tag color="blue">{d.assigneeName}</Tag>}
                      </Flex>
                    </Flex>
                  </List.Item>
                )}
              />
            </QueryStates>
          </Card>
        </Col>
        <Col xs={24} lg={15}>
          {view.dialogueId ? (
            <DialogueThread key={view.dialogueId} dialogueId={view.dialogueId} />
          ) : (
            <Card>
              <Empty description={t('mail.thread.pick')} />
            </Card>
          )}
        </Col>
      </Row>
    </Flex>
  );
}
