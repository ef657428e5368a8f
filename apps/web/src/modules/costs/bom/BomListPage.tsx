import type { BomRow } from '@bo/contract/costs/boms';
import * as ep from '@bo/contract/costs/boms';
import { DatePicker, Space, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Can } from '../../../shared/Can';
import { ExportButton } from '../../../shared/components/ExportButton';
import { download } from '../../../shared/http/http-client';
import { useTexts } from '../../../shared/i18n/lang';
import { type KitColumn, ListPage } from '../../../shared/kit/ListPage';
import { useKitList } from '../../../shared/kit/use-list-query';
import { costKeys } from '../costs.keys';
import { CostImportButton } from '../imports/CostImportButton';
import { openColumn } from '../shared/cost-columns';
import { formatCost, formatSignedCost } from '../shared/costs-format';
import { ModelCell } from '../shared/ModelCell';
import { BomDetailDrawer } from './components/BomDetailDrawer';

/** /bomcost: per SKU the BOM cost on a day against the recorded unit cost; detail, apply, import, export. */
export default function BomListPage() {
  const { t, lang } = useTexts();
  const list = useKitList(ep.listBoms, costKeys.boms());
  const day = list.query.day ?? dayjs().format('YYYY-MM-DD');
  const [open, setOpen] = useState<BomRow | null>(null);
  const { pageNum: _p, pageSize: _s, differs, ...filtered } = list.query;
  const exportQuery = { ...filtered, differs: differs ? ('true' as const) : undefined };

  // The decision figures (BOM cost, recorded unit cost, their difference) never fold away; docs/decisions.md.
  const columns: KitColumn<BomRow>[] = [
    { key: 'sku', sortable: true, title: t('costs.column.sku'), width: 150, priority: 'key', render: (_, r) => r.sku },
    {
      key: 'model',
      sortable: true,
      width: 220,
      title: t('costs.column.model'),
      render: (_, r) => <ModelCell model={r.model} name={lang === 'zh-CN' ? r.productName : r.productNameEn} />,
    },
    {
      key: 'items',
      sortable: true,
      title: t('costs.bomcost.items'),
      width: 100,
      priority: 'detail',
      align: 'right',
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
      sortable: true,
      title: t('costs.bomcost.bomCost'),
      width: 150,
      priority: 'key',
      align: 'right',
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
      sortable: true,
      title: t('costs.bomcost.unitCost'),
      width: 170,
      priority: 'key',
      align: 'right',
      render: (_, r) => <span className="bo-num">{formatCost(r.unitCost)}</span>,
    },
    {
      key: 'difference',
      sortable: true,
      title: t('costs.bomcost.difference'),
      width: 120,
      priority: 'key',
      align: 'right',
      render: (_, r) => (
        <Typography.Text className="bo-num" type={r.difference ? (r.difference > 0 ? 'danger' : 'success') : undefined}>
          {formatSignedCost(r.difference)}
        </Typography.Text>
      ),
    },
    openColumn<BomRow>(t, t('costs.details'), setOpen, (r) => `bom-open-${r.sku}`),
  ];

  return (
    <>
      <ListPage
        testId="page-bomcost"
        texts="costs.bomcost"
        list={list}
        filters={[
          {
            kind: 'text',
            key: 'keyword',
            placeholder: t('costs.filter.keyword'),
            maxLength: 64,
            width: 220,
            testId: 'bom-filter-keyword',
          },
          {
            kind: 'productLine',
            key: 'productLineId',
            placeholder: t('costs.filter.productLine'),
            width: 170,
            testId: 'costs-filter-line',
          },
          {
            // The costs are always taken on a day: today until the user picks another.
            kind: 'custom',
            key: 'day',
            render: (value, onChange) => (
              <Space size={4}>
                <Typography.Text type="secondary">{t('costs.bomcost.day')}</Typography.Text>
                <DatePicker
                  value={dayjs(typeof value === 'string' ? value : day)}
                  allowClear={false}
                  onChange={(d) => onChange(d ? d.format('YYYY-MM-DD') : undefined)}
                  data-testid="bom-filter-day"
                />
              </Space>
            ),
          },
          { kind: 'checkbox', key: 'differs', label: t('costs.bomcost.differs') },
        ]}
        toolbar={
          <>
            <CostImportButton kind="bom" template={ep.bomTemplate} invalidates={[costKeys.boms()]} />
            <Can permission="product:bomCost:export">
              <ExportButton
                label={t('sales.export.table')}
                testId="bom-export"
                fetchFile={(options) => download(ep.exportBoms, { query: exportQuery }, options)}
              />
            </Can>
          </>
        }
        columns={columns}
        tableId="costs.bom"
        rowKey="skuId"
        tableTestId="bom-table"
        emptyText={t('costs.bomcost.noBom')}
      />
      <BomDetailDrawer row={open} day={day} onClose={() => setOpen(null)} />
    </>
  );
}
