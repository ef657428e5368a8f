import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { SkuWarning } from '@bo/contract/forecasts/forecast-settings';
import * as settings from '@bo/contract/forecasts/forecast-settings';
import { Button, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteAction } from '../../../shared/components/DeleteAction';
import { useNotify } from '../../../shared/components/use-notify';
import { formatDateTime } from '../../../shared/format';
import { EditDrawer, type Editor } from '../../../shared/kit/EditDrawer';
import { type KitColumn, ListPage } from '../../../shared/kit/ListPage';
import { useListQuery } from '../../../shared/kit/use-list-query';
import { shopLabel } from '../../../shared/markets/markets';
import { settingsKeys, useRemoveSkuWarnings, useSetSkuWarning } from '../forecasts.queries';
import { ListingPicker } from './ListingPicker';

interface Values {
  listingIds: number[];
  stockoutDays: number;
  overstockDays: number;
  leadTimeDays: number;
}

/** The per-listing thresholds (a tab of /forecast/advanceConfig): a bare list with its add and edit drawer. */
export function SkuWarningsPanel() {
  const { t } = useTranslation();
  const notify = useNotify();
  const list = useListQuery(settings.listSkuWarnings.query);
  const set = useSetSkuWarning();
  const remove = useRemoveSkuWarnings();
  const [editor, setEditor] = useState<Editor<SkuWarning> | null>(null);

  const removeRows = (rows: readonly SkuWarning[]) =>
    notify.run(
      () => remove.mutateAsync(rows.map((r) => r.listingId)),
      t('forecasts.settings.overridesRemoved', { count: rows.length }),
    );
  const days = (n: number) => t('forecasts.settings.days', { n });
  const columns: KitColumn<SkuWarning>[] = [
    {
      key: 'sku',
      priority: 'key',
      width: 200,
      title: t('forecasts.column.sku'),
      render: (_, r) => (
        <>
          <Typography.Text strong data-testid={`override-sku-${r.listingId}`}>
            {r.sku}
          </Typography.Text>
          <div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {r.asin}
            </Typography.Text>
          </div>
        </>
      ),
    },
    {
      key: 'shopName',
      priority: 'key',
      width: 150,
      title: t('forecasts.column.shop'),
      render: (_, r) => shopLabel(r.shopName, r.marketId),
    },
    {
      key: 'stockoutDays',
      width: 150,
      align: 'right',
      title: t('forecasts.settings.short.stockout'),
      render: (_, r) => days(r.stockoutDays),
    },
    {
      key: 'overstockDays',
      width: 150,
      align: 'right',
      title: t('forecasts.settings.short.overstock'),
      render: (_, r) => days(r.overstockDays),
    },
    {
      key: 'leadTimeDays',
      width: 130,
      align: 'right',
      title: t('forecasts.settings.short.lead'),
      render: (_, r) => days(r.leadTimeDays),
    },
    {
      key: 'updatedAt',
      width: 220,
      priority: 'detail',
      title: t('forecasts.settings.updated'),
      render: (_, r) => `${r.updatedBy ?? '—'} · ${formatDateTime(r.updatedAt)}`,
    },
    {
      key: 'actions',
      priority: 'key',
      fixed: 'right',
      width: 120,
      title: t('common.actions'),
      render: (_, r) => (
        <Space>
          <Button
            type="link"
            size="small"
            icon={<EditOutlined />}
            onClick={() => setEditor({ mode: 'edit', record: r })}
            data-testid={`override-edit-${r.listingId}`}
          />
          <DeleteAction
            title={t('forecasts.settings.confirmRemoveOverride', { count: 1 })}
            onConfirm={() => void removeRows([r])}
            testId={`override-delete-${r.listingId}`}
            confirmTestId="override-delete-confirm"
          />
        </Space>
      ),
    },
  ];

  return (
    <>
      <ListPage
        bare
        testId="forecast-overrides"
        title={t('forecasts.settings.tabOverrides')}
        endpoint={settings.listSkuWarnings}
        state={list}
        keyPrefix={settingsKeys.skuWarnings}
        filters={[
          {
            kind: 'text',
            key: 'keyword',
            placeholder: t('forecasts.settings.searchSku'),
            maxLength: 64,
            width: 220,
            testId: 'override-search',
          },
          { kind: 'shop', key: 'shopId', placeholder: t('forecasts.allShops'), width: 170, testId: 'override-shop' },
        ]}
        toolbar={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditor({ mode: 'create' })}
            data-testid="override-create"
          >
            {t('forecasts.settings.addOverride')}
          </Button>
        }
        bulkActions={[
          {
            key: 'remove',
            label: t('forecasts.settings.removeSelected'),
            danger: true,
            confirm: (rows) => t('forecasts.settings.confirmRemoveOverride', { count: rows.length }),
            run: (rows) => removeRows(rows),
            testId: 'override-bulk-remove',
          },
        ]}
        columns={columns}
        tableId="forecasts.overrides"
        rowKey="listingId"
        tableTestId="override-table"
        emptyText={t('forecasts.settings.overridesEmpty')}
      />
      <EditDrawer<SkuWarning, Values, unknown>
        editor={editor}
        onClose={() => setEditor(null)}
        title={(e) =>
          e.mode === 'edit' ? t('forecasts.settings.editOverride', { sku: e.record.sku }) : t('forecasts.settings.addOverride')
        }
        schema={settings.addOrUpdateSkuWarning.body}
        fields={[
          {
            name: 'listingIds',
            label: t('forecasts.settings.listings'),
            input: <ListingPicker testId="override-listings" />,
            extra: t('forecasts.settings.overrideListingsHint'),
            hiddenIn: ['edit'],
            rules: [{ required: true, type: 'array', min: 1, message: t('forecasts.settings.pickListings') }],
          },
          {
            name: 'stockoutDays',
            label: t('forecasts.settings.field.stockoutDays'),
            input: 'number',
            testId: 'override-stockout',
          },
          {
            name: 'overstockDays',
            label: t('forecasts.settings.field.overstockDays'),
            input: 'number',
            testId: 'override-overstock',
          },
          { name: 'leadTimeDays', label: t('forecasts.settings.field.leadTimeDays'), input: 'number', testId: 'override-lead' },
        ]}
        initialValues={(e) =>
          e.mode === 'edit'
            ? { stockoutDays: e.record.stockoutDays, overstockDays: e.record.overstockDays, leadTimeDays: e.record.leadTimeDays }
            : { listingIds: [] }
        }
        onSubmit={async (v, e) => {
          const ids = e.mode === 'edit' ? [e.record.listingId] : v.listingIds;
          const { listingIds: _ids, ...thresholds } = v;
          // One call per listing: the spec's call sets one listing's thresholds.
          for (const listingId of ids) await set.mutateAsync({ listingId, ...thresholds });
          return ids.length;
        }}
        savedText={() => t('forecasts.settings.overrideSaved')}
        testId="override-form"
        saveTestId="override-save"
      />
    </>
  );
}
