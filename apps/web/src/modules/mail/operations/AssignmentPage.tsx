import type { DialogueRow } from '@bo/contract/mail/dialogues';
import { MAILBOX_TYPES } from '@bo/contract/mail/mailboxes';
import { Button, Card, Col, Flex, Input, List, Row, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Can } from '../../../shared/Can';
import { QueryStates } from '../../../shared/components/QueryStates';
import { useNotify } from '../../../shared/components/use-notify';
import { formatTimestamp } from '../../../shared/format';
import { isApiError } from '../../../shared/http/api-error';
import { listPagination } from '../../../shared/list-paging';
import { FitTable } from '../../../shared/table/FitTable';
import { useUrlFilters } from '../../../shared/url-filters';
import { useMailList } from '../dialogues/mail.queries';
import { useAgents, useAssign } from './operations.queries';
import { ASSIGN_URL, assignListBody, dueLeftHours } from './ops-view';

const STATUS_COLOR: Record<number, string> = { 0: 'volcano', 1: 'green', 2: 'default' };

/**
 * /mail/assignment: open dialogues, filtered assigned (1) / unassigned (0) or by agent,
 * assigned to an agent one by one or in bulk. Each dialogue is sent with the version read:
 * if someone changed one meanwhile, nothing is assigned (409) and the list reloads.
 */
export default function AssignmentPage() {
  const { t } = useTranslation();
  const notify = useNotify();
  const [url, setUrl] = useUrlFilters(ASSIGN_URL);
  const body = assignListBody(url);
  const list = useMailList(body);
  const agents = useAgents(body.type);
  const assign = useAssign();
  const [selected, setSelected] = useState<DialogueRow[]>([]);
  const [target, setTarget] = useState<number | null>(null);
  const [search, setSearch] = useState(url.q);

  const run = async (assigneeId: number | null, rows: DialogueRow[]) => {
    try {
      const r = await assign.mutateAsync({
        items: rows.map((d) => ({ dialogueId: d.dialogueId, version: d.version })),
        assigneeId,
      });
      notify.success(t(assigneeId === null ? 'mail.assignment.undone' : 'mail.assignment.done', { count: r.updated }));
      setSelected([]);
    } catch (err) {
      if (isApiError(err) && err.status === 409) {
        notify.error(t('mail.assignment.stale'));
        setSelected([]);
      } else notify.failure(err);
    }
  };

  const agentItems = [
    {
      key: 'unassigned',
      userId: 0,
      userName: t('mail.assignment.unassigned'),
      ...(agents.data?.unassigned ?? { open: 0, awaiting: 0, breached: 0 }),
    },
    ...(agents.data?.agents ?? []).map((a) => ({ key: String(a.userId), ...a })),
  ];
  const activeKey = body.assigneeId ? String(body.assigneeId) : body.assigned === 0 ? 'unassigned' : '';

  return (
    <div className="bo-page" data-testid="page-mail-assignment">
      <div className="bo-page-head">
        <Typography.Title level={3}>{t('mail.assignment.title')}</Typography.Title>
      </div>
      <Row gutter={12}>
        <Col xs={24} lg={7}>
          <Card size="small" title={t('mail.assignment.agents')}>
            <QueryStates pending={agents.isPending} error={agents.error} onRetry={() => void agents.refetch()}>
              <List
                data-testid="assignment-agents"
                dataSource={agentItems}
                renderItem={(a) => (
                  <List.Item
                    key={a.key}
                    style={{ cursor: 'pointer', paddingInline: 8, background: activeKey === a.key ? '#e6f4ff' : undefined }}
                    onClick={() =>
                      setUrl(
                        a.key === 'unassigned'
                          ? { asg: '0', agent: '', pageNum: '1' }
                          : { asg: '', agent: String(a.userId), pageNum: '1' },
                      )
                    }
                    data-testid="assignment-agent"
                  >
                    <Typography.Text strong={activeKey === a.key}>{a.userName}</Typography.Text>
                    <Space size={4}>
                      <Tag>{`${t('mail.assignment.open')} ${a.open}`}</Tag>
                      <Tag color="volcano">{`${t('mail.assignment.awaiting')} ${a.awaiting}`}</Tag>
                      {a.breached > 0 && <Tag color="red">{`${t('mail.assignment.breached')} ${a.breached}`}</Tag>}
                    </Space>
                  </List.Item>
                )}
              />
            </QueryStates>
          </Card>
        </Col>
        <Col xs={24} lg={17}>
          <Flex wrap gap={8} align="center" style={{ marginBottom: 8 }}>
            <Select
              style={{ width: 160 }}
              value={body.type}
              onChange={(v) => setUrl({ tab: String(v), pageNum: '1' })}
              options={[
                { value: 0, label: t('mail.assignment.allBoxTypes') },
                ...MAILBOX_TYPES.map((m) => ({ value: m.id, label: t(`mail.tabs.t${m.id}` as 'mail.tabs.t1') })),
              ]}
              data-testid="assignment-type"
            />
            <Select
              style={{ width: 170 }}
              value={body.assigneeId ? 'agent' : url.asg}
              onChange={(v) => setUrl({ asg: v === 'agent' ? '' : v, agent: '', pageNum: '1' })}
              options={[
                { value: '', label: t('mail.assignedFilter.all') },
                { value: '1', label: t('mail.assignedFilter.yes') },
                { value: '0', label: t('mail.assignedFilter.no') },
                ...(body.assigneeId ? [{ value: 'agent', label: t('mail.assignment.assignee') }] : []),
              ]}
              data-testid="assignment-filter"
            />
            <Select
              style={{ width: 140 }}
              value={body.status}
              onChange={(v) => setUrl({ status: String(v), pageNum: '1' })}
              options={[
                { value: -1, label: t('mail.pick.allStatuses') },
                ...[0, 1, 2].map((s) => ({ value: s, label: t(`mail.status.s${s}` as 'mail.status.s0') })),
              ]}
            />
            <Input.Search
              allowClear
              style={{ width: 240 }}
              value={search}
              placeholder={t('mail.pick.search')}
              onChange={(e) => setSearch(e.target.value)}
              onSearch={(v) => setUrl({ q: v.trim(), pageNum: '1' })}
            />
          </Flex>
          <Can permission="email:assignment:edit">
            <Flex wrap gap={8} align="center" style={{ marginBottom: 8 }}>
              <Typography.Text type="secondary">{t('mail.assignment.selected', { count: selected.length })}</Typography.Text>
              <Select<number>
                style={{ width: 200 }}
                value={target}
                placeholder={t('mail.assignment.pickAgent')}
                onChange={setTarget}
                options={(agents.data?.agents ?? []).map((a) => ({ value: a.userId, label: a.userName }))}
                data-testid="assignment-target"
              />
              <Button
                type="primary"
                disabled={!selected.length || target === null}
                loading={assign.isPending}
                onClick={() => void run(target, selected)}
                data-testid="assignment-assign"
              >
                {t('mail.assignment.assign')}
              </Button>
              <Button
                disabled={!selected.some((s) => s.assigneeId !== null)}
                loading={assign.isPending}
                onClick={() => void run(null, selected)}
                data-testid="assignment-unassign"
              >
                {t('mail.assignment.unassign')}
              </Button>
            </Flex>
          </Can>
          <QueryStates pending={list.isPending} error={list.error} onRetry={() => void list.refetch()}>
            {/* Beside the agents at 1280 px: the buyer, subject, status, assignee and last mail; the mailbox when
                room allows. */}
            <FitTable<DialogueRow>
              tableId="mail.assignment"
              size="small"
              rowKey="dialogueId"
              data-testid="assignment-list"
              dataSource={list.data?.list ?? []}
              rowSelection={{
                selectedRowKeys: selected.map((s) => s.dialogueId),
                onChange: (_keys, rows) => setSelected(rows),
              }}
              pagination={listPagination(body, list.data?.total ?? 0, t)}
              onChange={(p) => setUrl({ pageNum: String(p.current ?? 1), pageSize: String(p.pageSize ?? 20) })}
              columns={[
                {
                  title: t('mail.assignment.buyer'),
                  key: 'buyer',
                  priority: 'key',
                  width: 130,
                  ellipsis: true,
                  render: (_, d) => (
                    <Link to={`/mail/mail?box=${d.mailBoxId}&d=${d.dialogueId}`}>{d.buyerName || d.buyerEmail}</Link>
                  ),
                },
                {
                  title: t('mail.assignment.subject'),
                  key: 'subject',
                  priority: 'key',
                  width: 180,
                  dataIndex: 'subject',
                  ellipsis: true,
                },
                { title: t('mail.assignment.mailbox'), key: 'mailbox', width: 160, dataIndex: 'mailBoxEmail', ellipsis: true },
                {
                  title: t('mail.assignment.status'),
                  key: 'status',
                  priority: 'key',
                  width: 130,
                  render: (_, d) => {
                    const overdue = d.status === 0 && d.awaitingSince !== null && dueLeftHours(d.awaitingSince) <= 0;
                    return (
                      <Space size={4} wrap>
                        <Tag color={STATUS_COLOR[d.status]}>{t(`mail.status.s${d.status}` as 'mail.status.s0')}</Tag>
                        {overdue && <Tag color="red">{t('mail.board.breached')}</Tag>}
                      </Space>
                    );
                  },
                },
                {
                  title: t('mail.assignment.assignee'),
                  key: 'assignee',
                  priority: 'key',
                  width: 110,
                  ellipsis: true,
                  render: (_, d) =>
                    d.assigneeName ?? <Typography.Text type="secondary">{t('mail.assignee.none')}</Typography.Text>,
                },
                {
                  title: t('mail.assignment.last'),
                  key: 'last',
                  priority: 'key',
                  width: 100,
                  dataIndex: 'lastMessageAt',
                  render: (v: string) => formatTimestamp(v, 'MM-DD HH:mm'),
                },
              ]}
            />
          </QueryStates>
        </Col>
      </Row>
    </div>
  );
}
