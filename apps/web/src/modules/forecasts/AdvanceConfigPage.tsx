import { EditOutlined } from '@ant-design/icons';
import type { Exclusion, WarningConfig } from '@bo/contract/forecasts/forecast-settings';
import * as settings from '@bo/contract/forecasts/forecast-settings';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { QueryStates } from '../../shared/components/QueryStates';
import { useNotify } from '../../shared/components/use-notify';
import { formatDateTime } from '../../shared/format';
import { EditDrawer, type Editor } from '../../shared/kit/EditDrawer';
import { type KitColumn, ListPage } from '../../shared/kit/ListPage';
import { useKitList } from '../../shared/kit/use-list-query';
import { userShopsQuery } from '../../shared/session/session-queries';
import { useUrlFilters } from '../../shared/url-filters';
import {
  AddListingsButton,
  keywordFilter,
  listingActionsColumn,
  listingColumns,
  listingsField,
  removeSelectedAction,
  shopMarketFilters,
  type Thresholds,
  thresholdFields,
} from './components/list-parts';
import { SkuWarningsPanel } from './components/SkuWarningsPanel';
import {
  settingsKeys,
  useAddExclusions,
  usePutWarningConfig,
  useRemoveExclusions,
  useUpdateExclusion,
  useWarningConfig,
} from './forecasts.queries';

interface ExclusionValues {
  listingIds: number[];
  reason: string;
  fromDay: string | null;
  toDay: string | null;
}

/** The global thresholds, or a shop's (its own or inherited), and their edit form. */
function ThresholdsPanel() {
  const { t } = useTranslation();
  const shops = useQuery(userShopsQuery());
  const [shopId, setShopId] = useState<number | undefined>(undefined);
  const config = useWarningConfig(shopId);
  const put = usePutWarningConfig();
  const [editor, setEditor] = useState<Editor<WarningConfig> | null>(null);
  const c = config.data;
  return (
    <div data-testid="forecast-thresholds">
      <Space style={{ marginBottom: 16 }} wrap>
        <Select<number | undefined>
          style={{ width: 240 }}
          value={shopId}
          onChange={setShopId}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('forecasts.settings.global')}
          options={(shops.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
          data-testid="forecast-thresholds-shop"
        />
        <Button
          icon={<EditOutlined />}
          disabled={!c}
          onClick={() => c && setEditor({ mode: 'edit', record: c })}
          data-testid="forecast-thresholds-edit"
        >
          {t('forecasts.settings.editThresholds')}
        </Button>
      </Space>
      <QueryStates pending={config.isPending} error={config.error} onRetry={() => void config.refetch()} rows={3}>
        {c && (
          <Descriptions bordered column={1} size="small" style={{ maxWidth: 640 }}>
            <Descriptions.Item label={t('forecasts.settings.scope')}>
              {c.shopId === null
                ? t('forecasts.settings.global')
                : (shops.data?.find((s) => s.id === c.shopId)?.name ?? c.shopId)}{' '}
              {c.inherited && <Tag data-testid="forecast-thresholds-inherited">{t('forecasts.settings.inherited')}</Tag>}
            </Descriptions.Item>
            <Descriptions.Item label={t('forecasts.settings.field.stockoutDays')}>
              <span data-testid="forecast-thresholds-stockout">{t('forecasts.settings.days', { n: c.stockoutDays })}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('forecasts.settings.field.overstockDays')}>
              {t('forecasts.settings.days', { n: c.overstockDays })}
            </Descriptions.Item>
            <Descriptions.Item label={t('forecasts.settings.field.leadTimeDays')}>
              {t('forecasts.settings.days', { n: c.leadTimeDays })}
            </Descriptions.Item>
            <Descriptions.Item label={t('forecasts.settings.updated')}>
              {c.updatedAt ? `${c.updatedBy ?? '—'} · ${formatDateTime(c.updatedAt)}` : '—'}
            </Descriptions.Item>
          </Descriptions>
        )}
      </QueryStates>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
        {t('forecasts.settings.thresholdsHint')}
      </Typography.Paragraph>
      <EditDrawer<WarningConfig, Thresholds, WarningConfig>
        editor={editor}
        onClose={() => setEditor(null)}
        title={() => t('forecasts.settings.editThresholds')}
        schema={settings.putWarningConfig.body}
        fields={thresholdFields(t, 'threshold')}
        initialValues={(e) => ({
          stockoutDays: e.record?.stockoutDays,
          overstockDays: e.record?.overstockDays,
          leadTimeDays: e.record?.leadTimeDays,
        })}
        onSubmit={(v) => put.mutateAsync({ shopId: shopId ?? null, ...v })}
        savedText={() => t('forecasts.settings.thresholdsSaved')}
        testId="threshold-form"
        saveTestId="threshold-save"
      />
    </div>
  );
}

/** /forecast/advanceConfig: listings excluded from the forecast, and the stock warning thresholds. */
export default function AdvanceConfigPage() {
  const { t } = useTranslation();
  const notify = useNotify();
  const [{ tab }] = useUrlFilters({ tab: 'exclusions' });
  const [, setParams] = useSearchParams();
  const list = useKitList(settings.listExclusions, settingsKeys.exclusions);
  const add = useAddExclusions();
  const update = useUpdateExclusion();
  const remove = useRemoveExclusions();
  const [editor, setEditor] = useState<Editor<Exclusion> | null>(null);

  const removeRows = (rows: readonly Exclusion[]) =>
    notify.run(() => remove.mutateAsync(rows.map((r) => r.listingId)), t('forecasts.settings.removed', { count: rows.length }));

  const removal = {
    prefix: 'exclusion',
    confirm: (count: number) => t('forecasts.settings.confirmRemove', { count }),
    remove: removeRows,
  };
  const columns: KitColumn<Exclusion>[] = [
    ...listingColumns<Exclusion>(t, 'exclusion'),
    { key: 'reason', width: 240, ellipsis: true, title: t('forecasts.settings.field.reason'), render: (_, r) => r.reason },
    {
      key: 'period',
      width: 200,
      title: t('forecasts.settings.period'),
      render: (_, r) => (r.fromDay || r.toDay ? `${r.fromDay ?? '…'} ~ ${r.toDay ?? '…'}` : t('forecasts.settings.always')),
    },
    {
      key: 'createdBy',
      width: 140,
      priority: 'detail',
      title: t('forecasts.settings.createdBy'),
      render: (_, r) => r.createdBy ?? '—',
    },
    { key: 'createdAt', width: 170, title: t('forecasts.settings.createdAt'), render: (_, r) => formatDateTime(r.createdAt) },
    listingActionsColumn<Exclusion>(t, { ...removal, onEdit: (r) => setEditor({ mode: 'edit', record: r }) }),
  ];

  return (
    <>
      <ListPage
        testId="page-forecast-settings"
        texts="forecasts.settings"
        list={list}
        tabs={{
          activeKey: tab,
          // The tabs' lists read the same filter keys: a tab starts without the other's filters.
          onChange: (next) => setParams({ tab: next }, { replace: true }),
          listKey: 'exclusions',
          items: [
            { key: 'exclusions', label: <span data-testid="tab-exclusions">{t('forecasts.settings.tabExclusions')}</span> },
            {
              key: 'overrides',
              label: <span data-testid="tab-overrides">{t('forecasts.settings.tabOverrides')}</span>,
              children: <SkuWarningsPanel />,
            },
            {
              key: 'thresholds',
              label: <span data-testid="tab-thresholds">{t('forecasts.settings.tabThresholds')}</span>,
              children: <ThresholdsPanel />,
            },
          ],
        }}
        filters={[keywordFilter(t('forecasts.settings.search'), 'exclusion-search', 240), ...shopMarketFilters(t, 'exclusion')]}
        toolbar={
          <AddListingsButton onClick={() => setEditor({ mode: 'create' })} testId="exclusion-create">
            {t('forecasts.settings.add')}
          </AddListingsButton>
        }
        bulkActions={[removeSelectedAction(t, removal)]}
        columns={columns}
        tableId="forecasts.exclusions"
        rowKey="listingId"
        tableTestId="exclusion-table"
        emptyText={t('forecasts.settings.empty')}
      />
      <EditDrawer<Exclusion, ExclusionValues, unknown>
        editor={editor}
        onClose={() => setEditor(null)}
        title={(e) =>
          e.mode === 'edit' ? t('forecasts.settings.editTitle', { sku: e.record.sku }) : t('forecasts.settings.add')
        }
        schema={settings.addExclusions.body}
        updateSchema={settings.updateExclusion.body}
        fields={[
          listingsField(t, 'exclusion-listings', t('forecasts.settings.listingsHint')),
          { name: 'reason', label: t('forecasts.settings.field.reason'), input: 'textarea', testId: 'exclusion-reason' },
          {
            name: 'fromDay',
            label: t('forecasts.settings.field.fromDay'),
            span: 12,
            input: 'date',
            testId: 'exclusion-from',
          },
          {
            name: 'toDay',
            label: t('forecasts.settings.field.toDay'),
            span: 12,
            input: 'date',
            testId: 'exclusion-to',
          },
        ]}
        initialValues={(e) =>
          e.mode === 'edit'
            ? { reason: e.record.reason, fromDay: e.record.fromDay, toDay: e.record.toDay }
            : { listingIds: [], reason: '', fromDay: null, toDay: null }
        }
        onSubmit={(v, e) =>
          e.mode === 'edit'
            ? update.mutateAsync({
                listingId: e.record.listingId,
                reason: v.reason.trim(),
                fromDay: v.fromDay ?? null,
                toDay: v.toDay ?? null,
              })
            : add.mutateAsync({
                listingIds: v.listingIds,
                reason: v.reason.trim(),
                fromDay: v.fromDay ?? null,
                toDay: v.toDay ?? null,
              })
        }
        savedText={(_, e) => (e.mode === 'edit' ? t('forecasts.settings.saved') : t('forecasts.settings.added'))}
        conflict={() => ({ field: 'listingIds', text: t('forecasts.settings.taken') })}
        testId="exclusion-form"
        saveTestId="exclusion-save"
      />
    </>
  );
}
