import { DownloadOutlined, FileAddOutlined } from '@ant-design/icons';
import * as ep from '@bo/contract/inventory/batches';
import { type DeliveryLine, type DeliveryList, SHIPMENT_BATCH_MACHINE } from '@bo/contract/inventory/batches';
import { Alert, Button, Card, Empty, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Can } from '../../../shared/Can';
import { ExportButton } from '../../../shared/components/ExportButton';
import { useNotify } from '../../../shared/components/use-notify';
import { formatDateTime, formatThousands } from '../../../shared/format';
import { errorText } from '../../../shared/http/error-text';
import { useTexts } from '../../../shared/i18n/lang';
import { type KitColumn, ListPage } from '../../../shared/kit/ListPage';
import { useKitList } from '../../../shared/kit/use-list-query';
import { shopLabel } from '../../../shared/markets/markets';
import { actionsColumn, type FitColumnType, FitTable } from '../../../shared/table/FitTable';
import {
  downloadDeliveryList,
  shipmentKeys,
  useCreateDeliveryList,
  useDeliveryPreview,
  useListableBatches,
} from './shipments.queries';

/** Picks batches of one shop and destination, previews their carton-numbered list, and makes it. */
function Composer() {
  const { t, lang } = useTexts();
  const notify = useNotify();
  const [params] = useSearchParams();
  const batches = useListableBatches();
  const [picked, setPicked] = useState<number[]>(() => {
    const first = Number(params.get('batch'));
    return first > 0 ? [first] : [];
  });
  const preview = useDeliveryPreview(picked);
  const create = useCreateDeliveryList();
  const first = (batches.data ?? []).find((b) => b.id === picked[0]);
  const zh = lang === 'zh-CN';

  const lineColumns: FitColumnType<DeliveryLine>[] = [
    {
      key: 'range',
      width: 90,
      title: t('batches.dl.column.cartonRange'),
      render: (_: unknown, l: DeliveryLine) => (l.cartonFrom === l.cartonTo ? l.cartonFrom : `${l.cartonFrom}–${l.cartonTo}`),
    },
    { key: 'sku', width: 150, title: 'SKU', render: (_: unknown, l: DeliveryLine) => l.sku },
    { key: 'fnsku', width: 120, title: 'FNSKU', render: (_: unknown, l: DeliveryLine) => l.fnsku ?? '-' },
    { key: 'asin', width: 120, title: 'ASIN', render: (_: unknown, l: DeliveryLine) => l.asin ?? '-' },
    {
      key: 'product',
      width: 200,
      title: t('batches.dl.column.product'),
      render: (_: unknown, l: DeliveryLine) => (zh ? l.productName : (l.productNameEn ?? l.productName)) ?? l.model ?? '-',
    },
    {
      key: 'upc',
      width: 90,
      title: t('batches.dl.column.unitsPerCarton'),
      align: 'right' as const,
      render: (_: unknown, l: DeliveryLine) => l.unitsPerCarton,
    },
    {
      key: 'cartons',
      width: 80,
      title: t('batches.dl.column.cartons'),
      align: 'right' as const,
      render: (_: unknown, l: DeliveryLine) => l.cartons,
    },
    {
      key: 'units',
      width: 90,
      title: t('batches.dl.column.units'),
      align: 'right' as const,
      render: (_: unknown, l: DeliveryLine) => formatThousands(l.units),
    },
    { key: 'dest', width: 100, title: t('batches.dl.column.warehouse'), render: (_: unknown, l: DeliveryLine) => l.destination },
    {
      key: 'batch',
      width: 190,
      title: t('batches.dl.column.batch'),
      render: (_: unknown, l: DeliveryLine) => `${l.batchCode} · ${l.planCode}`,
    },
  ];

  return (
    <Card size="small" title={t('batches.dl.pick')} style={{ marginBottom: 16 }} data-testid="dl-composer">
      <Space.Compact style={{ width: '100%', maxWidth: 900 }}>
        <Select
          mode="multiple"
          style={{ flex: 1 }}
          value={picked}
          onChange={setPicked}
          loading={batches.isPending}
          placeholder={t('batches.dl.pickPlaceholder')}
          notFoundContent={t('batches.dl.noBatches')}
          optionFilterProp="label"
          options={(batches.data ?? []).map((b) => ({
            value: b.id,
            label: `${b.code} · ${shopLabel(b.shopName, b.marketId)} → ${b.warehouseCode} · ${
              SHIPMENT_BATCH_MACHINE.states[b.state].label[zh ? 'zh' : 'en']
            } · ${b.plans} / ${formatThousands(b.units)}`,
            disabled:
              b.plans === 0 || (first !== undefined && (b.shopId !== first.shopId || b.warehouseId !== first.warehouseId)),
          }))}
          data-testid="dl-pick"
        />
        <Can permission="scm:shipment:batch:create">
          <Button
            type="primary"
            icon={<FileAddOutlined />}
            disabled={!preview.data}
            loading={create.isPending}
            onClick={() =>
              void create
                .mutateAsync(picked)
                .then((d) => {
                  setPicked([]);
                  notify.success(t('batches.dl.created', { code: d.code }));
                })
                .catch(notify.failure)
            }
            data-testid="dl-create"
          >
            {t('batches.dl.create')}
          </Button>
        </Can>
      </Space.Compact>
      <div style={{ marginTop: 12 }}>
        {picked.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('batches.dl.previewEmpty')} />
        ) : preview.isError ? (
          <Alert type="error" showIcon title={errorText(preview.error, lang)} data-testid="dl-preview-error" />
        ) : (
          <>
            {preview.data && (
              <Typography.Text strong data-testid="dl-summary">
                {t('batches.dl.summary', {
                  shop: preview.data.shopName,
                  warehouse: preview.data.warehouseCode,
                  cartons: formatThousands(preview.data.cartons),
                  units: formatThousands(preview.data.units),
                })}
              </Typography.Text>
            )}
            <FitTable<DeliveryLine>
              tableId="inventory.deliveryList.preview"
              size="small"
              style={{ marginTop: 8 }}
              loading={preview.isFetching}
              rowKey={(l) => `${l.planCode}-${l.sku}`}
              dataSource={preview.data?.lines ?? []}
              columns={lineColumns}
              pagination={false}
              scrollY={360}
              data-testid="dl-preview"
            />
          </>
        )}
      </div>
    </Card>
  );
}

/** /batchCreateDl: make a delivery list from batches, and the lists made so far with their download. */
export default function DeliveryListsPage() {
  const { t } = useTranslation();
  const list = useKitList(ep.listDeliveryLists, shipmentKeys.deliveryLists);
  const columns: KitColumn<DeliveryList>[] = [
    {
      key: 'code',
      priority: 'key',
      width: 110,
      title: t('batches.dl.column.code'),
      render: (_, d) => (
        <Typography.Text strong data-testid={`dl-code-${d.id}`}>
          {d.code}
        </Typography.Text>
      ),
    },
    {
      key: 'batches',
      priority: 'key',
      width: 180,
      title: t('batches.dl.column.batches'),
      render: (_, d) => (
        <Space size={4} wrap>
          {d.batchCodes.map((c) => (
            <Link key={c} to={`/shipmentBatch?keyword=${c}`}>
              {c}
            </Link>
          ))}
        </Space>
      ),
    },
    { key: 'shop', width: 150, title: t('batches.dl.column.shop'), render: (_, d) => shopLabel(d.shopName, d.marketId) },
    { key: 'warehouse', width: 100, title: t('batches.dl.column.warehouse'), render: (_, d) => d.warehouseCode },
    {
      key: 'cartons',
      width: 90,
      align: 'right',
      title: t('batches.dl.column.cartons'),
      render: (_, d) => formatThousands(d.cartons),
    },
    { key: 'units', width: 90, align: 'right', title: t('batches.dl.column.units'), render: (_, d) => formatThousands(d.units) },
    {
      key: 'createdAt',
      width: 200,
      title: t('batches.dl.column.createdAt'),
      render: (_, d) => `${formatDateTime(d.createdAt)}${d.createdBy ? ` · ${d.createdBy}` : ''}`,
    },
    actionsColumn(t, 120, (_, d) => (
      <Can permission="scm:shipment:batch:export">
        <ExportButton
          label={t('batches.dl.download')}
          icon={<DownloadOutlined />}
          fetchFile={(o) => downloadDeliveryList(d.id, o)}
          testId={`dl-download-${d.id}`}
        />
      </Can>
    )),
  ];
  return (
    <ListPage
      testId="page-delivery-lists"
      texts="batches.dl"
      list={list}
      above={<Composer />}
      filters={[
        { kind: 'text', key: 'keyword', maxLength: 64, placeholder: t('batches.dl.search'), width: 220, testId: 'dl-search' },
        { kind: 'shop', key: 'shopId', placeholder: t('shipments.allShops'), width: 170 },
      ]}
      columns={columns}
      tableId="shipments.deliveryLists"
      rowKey="id"
      tableTestId="dl-table"
      emptyText={t('batches.dl.keptEmpty')}
    />
  );
}
