import type { BomRow } from '@bo/contract/costs/boms';
import * as ep from '@bo/contract/costs/boms';
import { Button, Card, Checkbox, DatePicker, Input, Space, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../shared/Can';
import { ExportButton } from '../../../shared/components/ExportButton';
import { EmptyState, QueryStates } from '../../../shared/components/QueryStates';
import { download } from '../../../shared/http/http-client';
import { useLang } from '../../../shared/i18n/lang';
import { antdOrder, inContractOrder, tableChangeHandler, toUrlPatch, useStepBackToLastPage } from '../../../shared/list-paging';
import { ProductLineSelect } from '../../../shared/product-lines/ProductLineSelect';
import { type FitColumnType, FitTable } from '../../../shared/table/FitTable';
import { useUrlFilters } from '../../../shared/url-filters';
import { costKeys } from '../costs.keys';
import { CostImportButton } from '../imports/CostImportButton';
import { formatCost, formatSignedCost } from '../shared/costs-format';
import { ModelCell } from '../shared/ModelCell';
import { BOM_SORT_FIELDS, type BomListQuery, bomListUrlSchema, useBomList } from './bom.queries';
import { BomDetailDrawer } from './components/BomDetailDrawer';

const URL_DEFAULTS = {
  keyword: '',
  productLineId: '',
  day: '',
  differs: '',
  sortField: 'sku',
  sortOrder: 'asc',
  pageNum: '1',
  pageSize: '20',
} as const;

/** /bomcost: per SKU the BOM cost on a day against the recorded unit cost; detail, apply, import, export. */
export default function BomListPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const [filters, setFilters] = useUrlFilters(URL_DEFAULTS);
  const query = bomListUrlSchema.parse(
    Object.fromEntries(Object.entries(filters).map(([k, v]) => [k, v === '' ? undefined : v])),
  );
  const day = query.day ?? dayjs().format('YYYY-MM-DD');
  const list = useBomList(query);
  const [open, setOpen] = useState<BomRow | null>(null);
  const change = (patch: Partial<BomListQuery>) => setFilters(toUrlPatch(patch));
  const total = list.data?.total ?? 0;
  useStepBackToLastPage(Boolean(list.data), total, query, setFilters);
  const { pageNum: _p, pageSize: _s, ...exportQuery } = query;
  const sortOrder = (key: BomListQuery['sortField']) => (query.sortField === key ? antdOrder(query.sortOrder) : null);

  // The decision figures (BOM cost, recorded unit cost, their difference) never fold away; docs/decisions.md.
  const columns: FitColumnType<BomRow>[] = [
    {
      key: 'sku',
      title: t('costs.column.sku'),
      width: 150,
      priority: 'key',
      sorter: true,
      sortOrder: sortOrder('sku'),
      render: (_, r) => r.sku,
    },
    {
      key: 'model',
      width: 220,
      title: t('costs.column.model'),
      sorter: true,
      sortOrder: sortOrder('model'),
      render: (_, r) => <ModelCell model={r.model} name={lang === 'zh-CN' ? r.productName : r.productNameEn} />,
    },
    {
      key: 'items',
      title: t('costs.bomcost.items'),
      width: 100,
      priority: 'detail',
      align: 'right',
      sorter: true,
      sortOrder: sortOrder('items'),
      render: (_, r) => r.items,
    },
    {
      key: 'labour',
      title: t('costs.bomcost.labour'),
      width: 120,
      align: 'right',
      render: (_, r) => <span className="bo-num">{formatCost(r.labour)}</span>,
    },
    {
      key: 'overhead',
      title: t('costs.bomcost.overhead'),
      width: 140,
      align: 'right',
      render: (_, r) => <span className="bo-num">{formatCost(r.overhead)}</span>,
    },
    {
      key: 'bomCost',
      title: t('costs.bomcost.bomCost'),
      width: 150,
      priority: 'key',
      align: 'right',
      sorter: true,
      sortOrder: sortOrder('bomCost'),
      render: (_, r) =>
        r.bomCost === null ? (
          <Tooltip title={t('costs.bomcost.incomplete', { list: r.missing.join(', ') })}>
            <Typography.Text type="warning">—</Typography.Text>
          </Tooltip>
        ) : (
          <span className="bo-num">{formatCost(r.bomCost)}</span>
        ),
    },
    {
      key: 'unitCost',
      title: t('costs.bomcost.unitCost'),
      width: 170,
      priority: 'key',
      align: 'right',
      sorter: true,
      sortOrder: sortOrder('unitCost'),
      render: (_, r) => <span className="bo-num">{formatCost(r.unitCost)}</span>,
    },
    {
      key: 'difference',
      title: t('costs.bomcost.difference'),
      width: 120,
      priority: 'key',
      align: 'right',
      sorter: true,
      sortOrder: sortOrder('difference'),
      render: (_, r) => (
        <Typography.Text className="bo-num" type={r.difference ? (r.difference > 0 ? 'danger' : 'success') : undefined}>
          {formatSignedCost(r.difference)}
        </Typography.Text>
      ),
    },
    {
      key: 'actions',
      title: t('costs.column.actions'),
      width: 100,
      priority: 'key',
      fixed: 'right',
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => setOpen(r)} data-testid={`bom-open-${r.sku}`}>
          {t('costs.details')}
        </Button>
      ),
    },
  ];

  return (
    <div className="bo-page" data-testid="page-bomcost">
      <div className="bo-page-head">
        <Typography.Title level={3}>{t('costs.bomcost.title')}</Typography.Title>
        <Typography.Text type="secondary">{t('costs.bomcost.subtitle')}</Typography.Text>
      </div>
      <Card>
        <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap align="start">
          <Space wrap>
            <Input.Search
              allowClear
              defaultValue={query.keyword}
              key={query.keyword ?? ''}
              placeholder={t('costs.filter.keyword')}
              onSearch={(keyword) => change({ keyword: keyword.trim() || undefined, pageNum: 1 })}
              style={{ width: 220 }}
              data-testid="bom-filter-keyword"
            />
            <ProductLineSelect
              value={query.productLineId}
              onChange={(productLineId) => change({ productLineId, pageNum: 1 })}
              placeholder={t('costs.filter.productLine')}
              style={{ width: 170 }}
              testId="costs-filter-line"
            />
            <Space size={4}>
              <Typography.Text type="secondary">{t('costs.bomcost.day')}</Typography.Text>
              <DatePicker
                value={dayjs(day)}
                allowClear={false}
                onChange={(d) => change({ day: d ? d.format('YYYY-MM-DD') : undefined, pageNum: 1 })}
                data-testid="bom-filter-day"
              />
            </Space>
            <Checkbox
              checked={query.differs === 'true'}
              onChange={(e) => change({ differs: e.target.checked ? 'true' : undefined, pageNum: 1 })}
            >
              {t('costs.bomcost.differs')}
            </Checkbox>
          </Space>
          <Space wrap>
            <CostImportButton
              kind="bom"
              permission="product:bomCost:import"
              template={ep.bomTemplate}
              invalidates={[costKeys.boms()]}
            />
            <Can permission="product:bomCost:export">
              <ExportButton
                label={t('sales.export.table')}
                testId="bom-export"
                fetchFile={(options) => download(ep.exportBoms, { query: exportQuery }, options)}
              />
            </Can>
          </Space>
        </Space>
        <QueryStates pending={list.isPending} error={list.error} onRetry={() => void list.refetch()}>
          <FitTable<BomRow>
            tableId="costs.bom"
            rowKey="skuId"
            data-testid="bom-table"
            columns={columns}
            dataSource={list.data?.list ?? []}
            loading={list.isFetching}
            onChange={tableChangeHandler<BomRow, BomListQuery['sortField']>(
              BOM_SORT_FIELDS,
              'sku',
              query.pageSize,
              inContractOrder(change),
            )}
            locale={{
              emptyText: (
                <EmptyState
                  filtered={Boolean(query.keyword || query.productLineId || query.differs)}
                  text={t('costs.bomcost.noBom')}
                />
              ),
            }}
            pagination={{
              current: query.pageNum,
              pageSize: query.pageSize,
              total,
              showSizeChanger: true,
              pageSizeOptions: [10, 20, 50, 100],
              showTotal: (n) => t('list.total', { count: n }),
            }}
          />
        </QueryStates>
      </Card>
      <BomDetailDrawer row={open} day={day} onClose={() => setOpen(null)} />
    </div>
  );
}
