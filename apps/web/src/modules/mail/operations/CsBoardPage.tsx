import { MARKETS } from '@bo/contract';
import type { DueRow } from '@bo/contract/mail/operations';
import { Alert, Card, Col, DatePicker, Flex, Row, Select, Space, Statistic, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EChart } from '../../../shared/charts/EChart';
import { CHART_COLORS } from '../../../shared/charts/echarts-core';
import { ScreenHead } from '../../../shared/components/PageHead';
import { QueryStates } from '../../../shared/components/QueryStates';
import { formatTimestamp } from '../../../shared/format';
import { useTexts } from '../../../shared/i18n/lang';
import { marketName } from '../../../shared/markets/markets';
import { type FitColumnType, FitTable } from '../../../shared/table/FitTable';
import { useUrlFilters } from '../../../shared/url-filters';
import { useMayOpen } from '../../sales/shared/sales-reference.queries';
import { useMailboxes } from '../dialogues/mail.queries';
import { useBoard } from './operations.queries';
import { BOARD_URL, dueLeftHours, formatHours, readBoardPeriod } from './ops-view';

type Board = NonNullable<ReturnType<typeof useBoard>['data']>;
type AgentRow = Board['perAgent'][number];
type MarketRow = Board['perMarket'][number];

const marketLabel = (id: number | null, lang: 'zh-CN' | 'en-US', none: string) => {
  const m = MARKETS.find((x) => x.id === id);
  return m ? `${m.code} ${marketName(m, lang)}` : none;
};

/** Backlog bars stacked: awaiting (not yet due soon), due within 4 h, overdue. */
function stackedOption(t: TFunction, labels: string[], rows: readonly { awaiting: number; dueSoon: number; breached: number }[]) {
  return {
    color: ['#2459d6', '#faad14', CHART_COLORS.loss],
    grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
    legend: { top: 0, left: 0 },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    xAxis: { type: 'value', minInterval: 1, splitLine: { lineStyle: { color: CHART_COLORS.split } } },
    yAxis: { type: 'category', data: labels, inverse: true },
    series: [
      // Awaiting without the due-soon and overdue parts, so the stack sums to the backlog.
      {
        name: t('mail.board.awaiting'),
        type: 'bar',
        stack: 'b',
        data: rows.map((r) => Math.max(0, r.awaiting - r.dueSoon - r.breached)),
      },
      { name: t('mail.board.dueSoon'), type: 'bar', stack: 'b', data: rows.map((r) => r.dueSoon) },
      { name: t('mail.board.breached'), type: 'bar', stack: 'b', data: rows.map((r) => r.breached) },
    ],
  };
}

interface BacklogCardProps<R> {
  title: string;
  rows: R[];
  /** The row's name, on the chart's axis and in the table's first column. */
  label: (row: R) => string;
  chartTestId: string;
  tableId: string;
  rowKey: (row: R) => string;
  tableTestId: string;
  nameColumn: { title: string; key: string; width: number };
  /** The count after the backlog, shown when room allows (the replies sent, the mail received). */
  countColumn: FitColumnType<R>;
}

/** The backlog per agent or per marketplace: the stacked bars of those with mail waiting, then every row's counts. */
function BacklogCard<R extends AgentRow | MarketRow>(p: BacklogCardProps<R>) {
  const { t } = useTranslation();
  const { rows, label } = p;
  const waiting = useMemo(() => rows.filter((r) => r.awaiting > 0), [rows]);
  const option = useMemo(() => stackedOption(t, waiting.map(label), waiting), [waiting, label, t]);
  // Half the page at 1280 px: the name and the backlog; the last count when room allows.
  const columns: FitColumnType<R>[] = [
    { ...p.nameColumn, priority: 'key', ellipsis: true, render: (_, r) => label(r) },
    {
      title: t('mail.board.awaiting'),
      key: 'awaiting',
      priority: 'key',
      width: 110,
      align: 'right',
      render: (_, r) => r.awaiting,
    },
    { title: t('mail.board.dueSoon'), key: 'dueSoon', priority: 'key', width: 110, align: 'right', render: (_, r) => r.dueSoon },
    {
      title: t('mail.board.breached'),
      key: 'breached',
      priority: 'key',
      width: 80,
      align: 'right',
      render: (_, r) => r.breached,
    },
    p.countColumn,
  ];
  return (
    <Card size="small" title={p.title}>
      <EChart
        option={option}
        height={Math.max(160, 40 + waiting.length * 32)}
        hasData={waiting.length > 0}
        testId={p.chartTestId}
      />
      <FitTable<R>
        tableId={p.tableId}
        size="small"
        rowKey={p.rowKey}
        pagination={false}
        dataSource={rows}
        data-testid={p.tableTestId}
        columns={columns}
      />
    </Card>
  );
}

/**
 * /mail/csBoard (also /newMailCsBoard): mail per day, first-response and resolution times,
 * backlog per agent and marketplace, and the 24-hour reply timer (weekends included) with
 * what is about to breach and what breached. Period, mailbox and marketplace in the URL.
 */
export default function CsBoardPage() {
  const { t, lang } = useTexts();
  const [url, setUrl] = useUrlFilters(BOARD_URL);
  const q = readBoardPeriod(url);
  const board = useBoard(q);
  // The board is email:csBoard; the mailbox filter needs the mailboxes (email:emails). A
  // manager who sees the board without reading mail gets the board over all mailboxes.
  const mayPickMailbox = useMayOpen('email:emails');
  const boxes = useMailboxes(0, mayPickMailbox);
  const b = board.data;

  const dayOption = useMemo(
    () => ({
      color: [CHART_COLORS.revenue, CHART_COLORS.profit, '#52c41a'],
      grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
      legend: { top: 0, left: 0 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: (b?.days ?? []).map((d) => d.date.slice(5)) },
      yAxis: { type: 'value', minInterval: 1, splitLine: { lineStyle: { color: CHART_COLORS.split } } },
      series: [
        { name: t('mail.board.received'), type: 'bar', barMaxWidth: 20, data: (b?.days ?? []).map((d) => d.received) },
        { name: t('mail.board.sent'), type: 'bar', barMaxWidth: 20, data: (b?.days ?? []).map((d) => d.sent) },
        { name: t('mail.board.newDialogues'), type: 'line', data: (b?.days ?? []).map((d) => d.newDialogues) },
      ],
    }),
    [b, t],
  );
  const agentLabel = useCallback((a: AgentRow) => a.userName ?? t('mail.board.unassigned'), [t]);
  const marketRowLabel = useCallback((m: MarketRow) => marketLabel(m.marketId, lang, t('mail.board.noMarket')), [lang, t]);

  const now = b ? new Date(b.now) : new Date();
  // Half the page at 1280 px: every column is a key one, narrow enough for the four to fit.
  const dueColumns: FitColumnType<DueRow>[] = [
    {
      title: t('mail.assignment.buyer'),
      key: 'buyer',
      priority: 'key',
      width: 100,
      ellipsis: true,
      render: (_: unknown, r: DueRow) =>
        mayPickMailbox ? (
          <Link to={`/mail/mail?box=${r.mailBoxId}&d=${r.dialogueId}`}>{r.buyerName || r.buyerEmail}</Link>
        ) : (
          r.buyerName || r.buyerEmail
        ),
    },
    { title: t('mail.assignment.subject'), key: 'subject', priority: 'key', width: 105, dataIndex: 'subject', ellipsis: true },
    {
      title: t('mail.assignment.assignee'),
      key: 'a',
      priority: 'key',
      width: 80,
      ellipsis: true,
      render: (_: unknown, r: DueRow) => r.assigneeName ?? '—',
    },
    {
      title: t('mail.board.dueAt'),
      key: 'due',
      priority: 'key',
      width: 175,
      render: (_: unknown, r: DueRow) => {
        const left = dueLeftHours(r.awaitingSince as string, now);
        return (
          <Space size={4} style={{ whiteSpace: 'nowrap' }}>
            {formatTimestamp(r.dueAt, 'MM-DD HH:mm')}
            <Tag color={left <= 0 ? 'red' : 'orange'}>{left <= 0 ? `-${formatHours(-left, lang)}` : formatHours(left, lang)}</Tag>
          </Space>
        );
      },
    },
  ];

  return (
    <div className="bo-page" data-testid="page-cs-board">
      <ScreenHead title={t('mail.board.title')} subtitle={t('mail.board.utcNote')} />
      <Flex wrap gap={8} align="center" style={{ marginBottom: 12 }}>
        <DatePicker.RangePicker
          allowClear={false}
          value={[dayjs(q.from), dayjs(q.to)]}
          onChange={(v) => {
            if (v?.[0] && v[1]) setUrl({ from: v[0].format('YYYY-MM-DD'), to: v[1].format('YYYY-MM-DD') });
          }}
          data-testid="board-period"
        />
        {mayPickMailbox && (
          <Select
            style={{ width: 240 }}
            value={q.mailBoxId ?? 0}
            onChange={(v) => setUrl({ box: v ? String(v) : '' })}
            options={[
              { value: 0, label: t('mail.pick.allMailboxes') },
              ...(boxes.data ?? []).map((x) => ({ value: x.id, label: x.name || x.email })),
            ]}
            data-testid="board-box"
          />
        )}
        <Select
          style={{ width: 180 }}
          value={q.marketId}
          onChange={(v) => setUrl({ market: String(v) })}
          options={[
            { value: -1, label: t('mail.pick.allMarkets') },
            ...MARKETS.map((m) => ({ value: m.id, label: `${m.code} ${marketName(m, lang)}` })),
          ]}
          data-testid="board-market"
        />
      </Flex>
      <QueryStates pending={board.isPending} error={board.error} onRetry={() => void board.refetch()}>
        {b && (
          <Flex vertical gap={12}>
            {b.backlog.breached > 0 && (
              <Alert type="error" showIcon message={`${t('mail.board.breached')}: ${b.backlog.breached}`} />
            )}
            <Row gutter={[12, 12]}>
              {(
                [
                  ['received', b.totals.received],
                  ['sent', b.totals.sent],
                  ['newDialogues', b.totals.newDialogues],
                  ['awaiting', b.backlog.awaiting],
                  ['dueSoon', b.backlog.dueSoon],
                  ['breached', b.backlog.breached],
                ] as const
              ).map(([k, v]) => (
                <Col key={k} xs={12} md={8} xl={4}>
                  <Card size="small" data-testid={`board-kpi-${k}`}>
                    <Statistic
                      title={t(`mail.board.${k}`)}
                      value={v}
                      valueStyle={k === 'breached' && v > 0 ? { color: CHART_COLORS.loss } : undefined}
                    />
                  </Card>
                </Col>
              ))}
              <Col xs={24} md={12}>
                <Card size="small" title={t('mail.board.firstResponse')} data-testid="board-first-response">
                  <Space size={32} wrap>
                    <Statistic title={t('mail.board.avg')} value={formatHours(b.firstResponse.avgHours, lang)} />
                    <Statistic title={t('mail.board.median')} value={formatHours(b.firstResponse.medianHours, lang)} />
                    <Statistic
                      title={t('mail.board.withinDue')}
                      value={b.firstResponse.withinDue === null ? '—' : `${Math.round(b.firstResponse.withinDue * 100)}%`}
                    />
                  </Space>
                  <div>
                    <Typography.Text type="secondary">{t('mail.board.over', { count: b.firstResponse.count })}</Typography.Text>
                  </div>
                </Card>
              </Col>
              <Col xs={24} md={12}>
                <Card size="small" title={t('mail.board.resolution')} data-testid="board-resolution">
                  <Space size={32} wrap>
                    <Statistic title={t('mail.board.avg')} value={formatHours(b.resolution.avgHours, lang)} />
                    <Statistic title={t('mail.board.median')} value={formatHours(b.resolution.medianHours, lang)} />
                  </Space>
                  <div>
                    <Typography.Text type="secondary">{t('mail.board.over', { count: b.resolution.count })}</Typography.Text>
                  </div>
                </Card>
              </Col>
            </Row>
            <Card size="small" title={t('mail.board.perDay')}>
              <EChart option={dayOption} height={280} hasData={b.days.length > 0} testId="board-chart-days" />
            </Card>
            <Row gutter={[12, 12]}>
              <Col xs={24} lg={12}>
                <BacklogCard<AgentRow>
                  title={t('mail.board.perAgent')}
                  rows={b.perAgent}
                  label={agentLabel}
                  chartTestId="board-chart-agents"
                  tableId="mail.board.agents"
                  rowKey={(r) => String(r.userId)}
                  tableTestId="board-agents"
                  nameColumn={{ title: t('mail.board.agent'), key: 'n', width: 120 }}
                  countColumn={{ title: t('mail.board.sent'), key: 'sent', width: 100, dataIndex: 'sent', align: 'right' }}
                />
              </Col>
              <Col xs={24} lg={12}>
                <BacklogCard<MarketRow>
                  title={t('mail.board.perMarket')}
                  rows={b.perMarket}
                  label={marketRowLabel}
                  chartTestId="board-chart-markets"
                  tableId="mail.board.markets"
                  rowKey={(r) => String(r.marketId)}
                  tableTestId="board-markets"
                  nameColumn={{ title: t('mail.board.market'), key: 'm', width: 140 }}
                  countColumn={{
                    title: t('mail.board.received'),
                    key: 'received',
                    width: 110,
                    dataIndex: 'received',
                    align: 'right',
                  }}
                />
              </Col>
            </Row>
            <Row gutter={[12, 12]}>
              <Col xs={24} lg={12}>
                <Card size="small" title={`${t('mail.board.dueSoonList')} (${b.backlog.dueSoon})`}>
                  <FitTable
                    tableId="mail.board.dueSoon"
                    size="small"
                    rowKey="dialogueId"
                    pagination={false}
                    dataSource={b.dueSoon}
                    columns={dueColumns}
                    data-testid="board-due-soon"
                  />
                </Card>
              </Col>
              <Col xs={24} lg={12}>
                <Card size="small" title={`${t('mail.board.breachedList')} (${b.backlog.breached})`}>
                  <FitTable
                    tableId="mail.board.breached"
                    size="small"
                    rowKey="dialogueId"
                    pagination={false}
                    dataSource={b.breached}
                    columns={dueColumns}
                    data-testid="board-breached"
                  />
                </Card>
              </Col>
            </Row>
          </Flex>
        )}
      </QueryStates>
    </div>
  );
}
