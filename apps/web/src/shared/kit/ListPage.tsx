/**
 * The list screen of the kit: header, filter bar, toolbar, a server-paged and sorted
 * FitTable, row selection with bulk actions, and the designed loading, empty, error and
 * refused states. A screen declares its endpoint, filters and columns; the URL, paging,
 * sorting and the step back from an emptied page are the kit's.
 *
 *   const list = useListQuery(ep.listLinks.query);
 *   <ListPage endpoint={ep.listLinks} state={list} keyPrefix={catalogKeys.links()} … />
 *
 * A column with `sortable: true` sorts on the server by its key (which must be one of the
 * endpoint's sortField values); clicking through asc → desc → off goes back to the
 * default sort.
 */
import { STATUS } from '@bo/contract';
import type { TableProps, TabsProps } from 'antd';
import { Button, Card, Col, Popconfirm, Row, Space, Tabs, Typography } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { type Key, type ReactNode, useMemo, useState } from 'react';
import type { z } from 'zod';
import { ScreenHead } from '../components/PageHead';
import { EmptyState } from '../components/QueryStates';
import { StatusPanel } from '../components/StatusPanel';
import { isApiError } from '../http/api-error';
import { errorText } from '../http/error-text';
import { type HeadProps, useHead } from '../i18n/head-texts';
import { useTexts } from '../i18n/lang';
import { listPagination } from '../list-paging';
import { type FitColumnType, FitTable, type FitTableProps } from '../table/FitTable';
import { FilterBar, type FilterField } from './FilterBar';
import { fieldDefault, type ListPatch, sortSpec } from './list-query';
import {
  type KitList,
  type ListEndpoint,
  type ListQueryState,
  type ListRow,
  type ListSchemaOf,
  listSchemaOf,
  useListRows,
} from './use-list-query';

export interface KitColumn<Row> extends FitColumnType<Row> {
  /** Sorted on the server by this column's key. */
  sortable?: boolean;
}

export interface BulkAction<Row> {
  key: string;
  label: ReactNode;
  /** Asks before running (a destructive action): the question, given the chosen rows. */
  confirm?: (rows: readonly Row[]) => ReactNode;
  danger?: boolean;
  run: (rows: readonly Row[]) => Promise<unknown>;
  testId?: string;
}

/** The list: one `useKitList` value, or its three parts. */
type ListSource<E extends ListEndpoint> =
  | { list: KitList<E>; endpoint?: never; state?: never; keyPrefix?: never }
  | {
      list?: never;
      endpoint: E;
      state: ListQueryState<ListSchemaOf<E>>;
      /** The resource's query key: its mutations invalidate every page under it. */
      keyPrefix: readonly unknown[];
    };

export type ListPageProps<E extends ListEndpoint> = ListSource<E> & HeadProps & ListPageOptions<E>;

interface ListPageOptions<E extends ListEndpoint> {
  testId: string;
  /** Path parameters of the list endpoint, when it has any. */
  params?: Record<string, unknown>;
  filters?: readonly FilterField<Extract<keyof ListSchemaOf<E>['shape'], string>>[];
  /** Buttons right of the filters (create, import, export); each wrapped in its own `<Can>`. */
  toolbar?: ReactNode;
  /** Between the header and the list (tabs, a summary). */
  above?: ReactNode;
  columns: readonly KitColumn<ListRow<E>>[];
  tableId: string;
  rowKey: Extract<keyof ListRow<E>, string> | ((row: ListRow<E>) => Key);
  tableTestId?: string;
  /** The empty list's line when no filter is set ("No links yet"). */
  emptyText?: ReactNode;
  /** Selecting rows offers these; none: no selection column. */
  bulkActions?: readonly BulkAction<ListRow<E>>[];
  tableProps?: Omit<FitTableProps<ListRow<E>>, 'tableId' | 'columns' | 'dataSource' | 'rowKey'>;
  /** A panel beside the list on wide screens, under it on narrow ones (a sample test, a summary). */
  aside?: ReactNode;
  /**
   * Refreshes the page every so many ms while this answers a number for the rows shown (a row
   * sending or rolling out whose progress moves on the server); false stops it.
   */
  poll?: (rows: readonly ListRow<E>[]) => number | false;
  /** Only the table, without the page head and card (a list inside a tab or a drawer). */
  bare?: boolean;
  /**
   * Tabs inside the card, the list in the one named `listKey` (the other tabs bring their own
   * content). The screen keeps the active tab, e.g. in a query-string key of its own.
   */
  tabs?: { activeKey: string; onChange: (key: string) => void; listKey: string; items: NonNullable<TabsProps['items']> };
}

export function ListPage<E extends ListEndpoint>(props: ListPageProps<E>) {
  const { t, lang } = useTexts();
  const { columns, bulkActions } = props;
  const head = useHead(props as HeadProps);
  const endpoint = (props.list?.endpoint ?? props.endpoint) as E;
  const keyPrefix = (props.list?.keyPrefix ?? props.keyPrefix) as readonly unknown[];
  const state = (props.list ?? props.state) as ListQueryState<ListSchemaOf<E>>;
  const rows = useListRows(endpoint, state, keyPrefix, props.params, props.poll);
  const q = state.query as Record<string, unknown> & { pageNum: number; pageSize: number };
  const schema = listSchemaOf(endpoint);
  const sort = useMemo(() => sortSpec(schema), [schema]);
  const [selected, setSelected] = useState<Key[]>([]);
  const [running, setRunning] = useState<string | null>(null);

  const rowKeyOf = (row: ListRow<E>): Key =>
    typeof props.rowKey === 'function' ? props.rowKey(row) : (row[props.rowKey] as unknown as Key);
  const chosen = rows.rows.filter((r) => selected.includes(rowKeyOf(r)));

  const shownColumns: FitColumnType<ListRow<E>>[] = columns.map(({ sortable, ...c }) =>
    sortable && sort
      ? {
          ...c,
          sorter: true,
          sortOrder: q.sortField === c.key ? (q.sortOrder === sort.desc ? 'descend' : 'ascend') : null,
        }
      : c,
  );

  const onChange: TableProps<ListRow<E>>['onChange'] = (pagination, _f, sorter, extra) => {
    if (extra.action === 'sort' && sort) {
      const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<ListRow<E>> | undefined;
      const shape = schema.shape as Record<string, z.ZodType>;
      const field = s?.order && sort.fields.includes(String(s.columnKey)) ? String(s.columnKey) : undefined;
      state.set({
        sortField: field ?? (shape.sortField && fieldDefault(shape.sortField)),
        sortOrder: field ? (s?.order === 'descend' ? sort.desc : sort.asc) : shape.sortOrder && fieldDefault(shape.sortOrder),
      } as unknown as ListPatch<ListSchemaOf<E>>);
      return;
    }
    state.set({ pageNum: pagination.current ?? 1, pageSize: pagination.pageSize ?? q.pageSize } as unknown as ListPatch<
      ListSchemaOf<E>
    >);
  };

  const runBulk = async (action: BulkAction<ListRow<E>>) => {
    setRunning(action.key);
    try {
      await action.run(chosen);
      setSelected([]);
    } finally {
      setRunning(null);
    }
  };

  const refused = isApiError(rows.error) && rows.error.status === STATUS.FORBIDDEN;
  const body = rows.error ? (
    <StatusPanel
      status={refused ? 'warning' : 'error'}
      title={refused ? t('kit.refused') : t('list.loadFailed')}
      subTitle={errorText(rows.error, lang)}
      extra={
        refused ? undefined : (
          <Button type="primary" onClick={() => void rows.refetch()} data-testid="list-retry">
            {t('common.retry')}
          </Button>
        )
      }
    />
  ) : (
    <FitTable<ListRow<E>>
      {...props.tableProps}
      tableId={props.tableId}
      rowKey={rowKeyOf}
      size={props.tableProps?.size ?? 'middle'}
      columns={shownColumns}
      dataSource={rows.rows as ListRow<E>[]}
      loading={rows.isFetching}
      locale={{
        emptyText: rows.isPending ? ' ' : <EmptyState filtered={state.filtered} text={props.emptyText} />,
      }}
      pagination={listPagination(q, rows.total, t)}
      onChange={onChange}
      rowSelection={
        bulkActions?.length
          ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys), preserveSelectedRowKeys: false }
          : undefined
      }
      toolbar={
        bulkActions?.length && selected.length > 0 ? (
          <Space size={8} data-testid="kit-bulk-bar">
            <Typography.Text>{t('kit.selected', { count: chosen.length })}</Typography.Text>
            {bulkActions.map((a) =>
              a.confirm ? (
                <Popconfirm
                  key={a.key}
                  title={a.confirm(chosen)}
                  okText={t('common.yes')}
                  cancelText={t('common.cancel')}
                  okButtonProps={{ danger: a.danger, 'data-testid': `${a.testId ?? a.key}-confirm` } as never}
                  onConfirm={() => runBulk(a)}
                >
                  <Button size="small" danger={a.danger} loading={running === a.key} data-testid={a.testId}>
                    {a.label}
                  </Button>
                </Popconfirm>
              ) : (
                <Button
                  key={a.key}
                  size="small"
                  danger={a.danger}
                  loading={running === a.key}
                  onClick={() => void runBulk(a)}
                  data-testid={a.testId}
                >
                  {a.label}
                </Button>
              ),
            )}
            <Button size="small" type="link" onClick={() => setSelected([])}>
              {t('kit.clearSelection')}
            </Button>
          </Space>
        ) : (
          props.tableProps?.toolbar
        )
      }
      data-testid={props.tableTestId}
    />
  );

  const content = (
    <>
      {(props.filters?.length || props.toolbar) && (
        // The filters wrap inside their own box; the buttons keep the top right corner.
        <div className="bo-kit-bar">
          <div className="bo-kit-filters">
            {props.filters?.length ? <FilterBar fields={props.filters} state={state} /> : null}
          </div>
          {props.toolbar && <Space className="bo-kit-toolbar">{props.toolbar}</Space>}
        </div>
      )}
      {body}
    </>
  );

  if (props.bare) return <div data-testid={props.testId}>{content}</div>;
  const card = (
    <Card>
      {props.tabs ? (
        <Tabs
          activeKey={props.tabs.activeKey}
          onChange={props.tabs.onChange}
          items={props.tabs.items.map((item) => (item.key === props.tabs?.listKey ? { ...item, children: content } : item))}
        />
      ) : (
        content
      )}
    </Card>
  );
  return (
    <div className="bo-page" data-testid={props.testId}>
      <ScreenHead title={head.title} subtitle={head.subtitle} />
      {props.above}
      {props.aside ? (
        <Row gutter={16}>
          <Col xs={24} xl={16}>
            {card}
          </Col>
          <Col xs={24} xl={8}>
            {props.aside}
          </Col>
        </Row>
      ) : (
        card
      )}
    </div>
  );
}
