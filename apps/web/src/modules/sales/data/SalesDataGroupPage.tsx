import { InfoCircleOutlined } from '@ant-design/icons';
import { salesData as ep } from '@bo/contract';
import { GROUP_DIMENSIONS, type GroupChild, type GroupDimension, type GroupReply } from '@bo/contract/sales/sales-data';
import { MEASURES, type Measure, REPORTING_CURRENCY } from '@bo/contract/sales/sales-profit';
import { Card, Col, Flex, Row, Select, Table, type TableProps, Tooltip, Typography } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../shared/Can';
import { ExportButton } from '../../../shared/components/ExportButton';
import { EmptyState, QueryStates } from '../../../shared/components/QueryStates';
import { download } from '../../../shared/http/http-client';
import { todayLocal } from '../../../shared/period/period-presets';
import { type FitColumnType, FitTable } from '../../../shared/table/FitTable';
import { useUrlFilters } from '../../../shared/url-filters';
import { SalesFilterBar } from '../filters/SalesFilterBar';
import { narrowingCount, salesFilterPatch } from '../filters/sales-filters';
import { useMarkFirstTable } from '../shared/FigureCells';
import { formatMargin } from '../shared/sales-format';
import '../shared/sales.css';
import './sales-data.css';
import { Page } from '../../../shared/components/PageHead';
import { SearchBox } from '../../../shared/components/SearchBox';
import { MEASURE_PRIORITY, sortableBy } from '../shared/sales-columns';
import { GroupChart } from './components/GroupChart';
import { MeasureCell, useMeasureTitle } from './components/MeasureCell';
import { useLabelName } from './components/RowLabel';
import { GROUP_URL, type GroupView, groupQuery, readGroupView } from './data-view';
import { useGroups } from './sales-data.queries';

type GroupLine = GroupChild & { rowKey: string; children?: GroupLine[] };

const SHARES = ['revenueShare', 'unitsShare', 'profitShare'] as const;
type Share = (typeof SHARES)[number];

/**
 * /salesDataGroup: every measure over one or two dimensions (marketplace, shop, product
 * line, position, director, category code, lifecycle), groups expandable into their
 * second level with the group as subtotal, shares of the total, the sum row, and a chart
 * of the top groups. Everything lives in the query string.
 */
export default function SalesDataGroupPage() {
  const { t } = useTranslation();
  const today = todayLocal();
  const [url, setUrl, resetUrl] = useUrlFilters(GROUP_URL);
  const view = useMemo(() => readGroupView(url, today), [url, today]);
  const groups = useGroups(view);
  const filtered = narrowingCount(view.filters) > 0 || Boolean(view.keyword);
  const dimensionOptions = (except: GroupDimension | null) =>
    GROUP_DIMENSIONS.filter((d) => d !== except).map((d) => ({ value: d, label: t(`salesData.dimension.${d}`) }));

  return (
    <Page
      testId="page-sales-data-group"
      texts="salesData.group"
      extra={
        <Can permission="sales:dataGroup:export">
          <ExportButton
            label={t('sales.export.table')}
            testId="group-export"
            disabled={!groups.data?.total}
            fetchFile={(options) => download(ep.salesDataGroupsExcel, { query: groupQuery(view) }, options)}
          />
        </Can>
      }
    >
      <Card className="bo-sales-filters" size="small">
        <SalesFilterBar
          value={view.filters}
          today={today}
          onChange={(patch) => setUrl(salesFilterPatch(patch))}
          onReset={resetUrl}
        >
          <SearchBox
            value={view.keyword}
            onSearch={(text) => setUrl({ keyword: text })}
            placeholder={t('salesData.keyword')}
            testId="group-keyword"
          />
        </SalesFilterBar>
      </Card>

      <Card>
        <Flex wrap gap={12} align="center" className="bo-data-controls">
          <Typography.Text>{t('salesData.group.groupBy')}</Typography.Text>
          <Select<GroupDimension>
            value={view.groupBy}
            onChange={(d) => setUrl({ groupBy: d, thenBy: view.thenBy === d ? '' : (view.thenBy ?? '') })}
            options={dimensionOptions(null)}
            listHeight={320}
            style={{ width: 150 }}
            data-testid="group-by"
          />
          <Typography.Text>{t('salesData.group.thenBy')}</Typography.Text>
          <Select<GroupDimension | ''>
            value={view.thenBy ?? ''}
            onChange={(d) => setUrl({ thenBy: d })}
            options={[{ value: '', label: t('salesData.group.noSecond') }, ...dimensionOptions(view.groupBy)]}
            listHeight={320}
            style={{ width: 150 }}
            data-testid="group-then-by"
          />
          {groups.data && (
            <Typography.Text type="secondary">{t('salesData.group.groups', { count: groups.data.total })}</Typography.Text>
          )}
        </Flex>
        <QueryStates pending={groups.isPending} error={groups.error} onRetry={() => void groups.refetch()} rows={8}>
          {groups.data && (
            <Row gutter={[16, 16]}>
              <Col xs={24}>
                <GroupChart view={view} reply={groups.data} onChartChange={(chart) => setUrl({ chart })} />
              </Col>
              <Col xs={24}>
                <GroupTable
                  view={view}
                  reply={groups.data}
                  loading={groups.isFetching}
                  filtered={filtered}
                  onSort={(sortField, sortOrder) => setUrl({ sortField, sortOrder })}
                />
              </Col>
            </Row>
          )}
        </QueryStates>
      </Card>
    </Page>
  );
}

interface TableProps2 {
  view: GroupView;
  reply: GroupReply;
  loading: boolean;
  filtered: boolean;
  onSort: (sortField: string, sortOrder: 'ascend' | 'descend') => void;
}

function GroupTable({ view, reply, loading, filtered, onSort }: TableProps2) {
  const { t } = useTranslation();
  const name = useLabelName();
  const measureTitle = useMeasureTitle(reply.currency ?? REPORTING_CURRENCY);
  useMarkFirstTable(reply.list.length);
  const rows: GroupLine[] = useMemo(
    () =>
      reply.list.map((g) => ({
        ...g,
        rowKey: g.key,
        children: g.children.length ? g.children.map((c) => ({ ...c, rowKey: `${g.key}/${c.key}` })) : undefined,
      })),
    [reply.list],
  );
  const sortable = sortableBy(view);
  const share = (key: Share): FitColumnType<GroupLine> => ({
    key,
    title: t(`salesData.group.${key}`),
    priority: key === 'revenueShare' ? 'normal' : 'detail',
    align: 'right',
    width: 110,
    render: (_, r) => <span className="bo-sales-num bo-num">{formatMargin(r[key])}</span>,
  });
  const columns: FitColumnType<GroupLine>[] = [
    {
      ...sortable('name'),
      title: view.thenBy
        ? `${t(`salesData.dimension.${view.groupBy}`)} / ${t(`salesData.dimension.${view.thenBy}`)}`
        : t(`salesData.dimension.${view.groupBy}`),
      priority: 'key',
      fixed: 'left',
      width: 220,
      render: (_, r) => (
        <Typography.Text strong={!r.rowKey.includes('/')} data-testid="group-row-name">
          {name(r)}
        </Typography.Text>
      ),
    },
    ...MEASURES.map(
      (m): FitColumnType<GroupLine> => ({
        ...sortable(m),
        title: measureTitle(m),
        priority: MEASURE_PRIORITY[m],
        align: 'right',
        width: m === 'units' || m === 'orders' || m === 'margin' ? 90 : 130,
        render: (_, r) => <MeasureCell measure={m} value={r[m]} />,
      }),
    ),
    ...SHARES.map(share),
  ];
  const whole: Record<Share, number> = {
    revenueShare: reply.sum.revenue,
    unitsShare: reply.sum.units,
    profitShare: reply.sum.profit,
  };
  const onChange: TableProps<GroupLine>['onChange'] = (_p, _f, sorter, extra) => {
    if (extra.action !== 'sort') return;
    const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<GroupLine> | undefined;
    const field = s?.order ? String(s.columnKey) : 'revenue';
    onSort(field, s?.order ?? 'descend');
  };
  return (
    <FitTable<GroupLine>
      tableId="sales.data.groups"
      rowKey="rowKey"
      data-testid="group-table"
      size="middle"
      columns={columns}
      dataSource={rows}
      loading={loading}
      onChange={onChange}
      pagination={false}
      scrollY={560}
      rowClassName={(r) => (r.rowKey.includes('/') ? 'bo-data-child' : '')}
      expandable={{ indentSize: 20 }}
      locale={{
        emptyText: <EmptyState filtered={filtered} text={t('salesData.noRows')} />,
      }}
      summary={(shown) =>
        reply.total > 0 ? (
          <Table.Summary fixed="bottom">
            <Table.Summary.Row className="bo-sales-summary" data-testid="group-totals">
              <Table.Summary.Cell index={0}>
                <Tooltip title={t('salesData.totalHint', { count: reply.total })}>
                  <span>
                    {t('salesData.total')} <InfoCircleOutlined className="bo-muted" />
                  </span>
                </Tooltip>
              </Table.Summary.Cell>
              {shown.slice(1).map((c, i) => (
                <Table.Summary.Cell key={c.key} index={1 + i} align="right">
                  {c.key in whole ? (
                    <span className="bo-sales-num bo-num">{formatMargin(whole[c.key as Share] === 0 ? null : 1)}</span>
                  ) : (
                    <MeasureCell measure={c.key as Measure} value={reply.sum[c.key as Measure]} />
                  )}
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          </Table.Summary>
        ) : null
      }
    />
  );
}
