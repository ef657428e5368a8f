import type { SkuWarning } from '@bo/contract/forecasts/forecast-settings';
import * as settings from '@bo/contract/forecasts/forecast-settings';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../shared/components/use-notify';
import { formatDateTime } from '../../../shared/format';
import { EditDrawer, type Editor } from '../../../shared/kit/EditDrawer';
import { type KitColumn, ListPage } from '../../../shared/kit/ListPage';
import { useKitList } from '../../../shared/kit/use-list-query';
import { settingsKeys, useRemoveSkuWarnings, useSetSkuWarning } from '../forecasts.queries';
import {
  AddListingsButton,
  keywordFilter,
  listingActionsColumn,
  listingColumns,
  listingsField,
  removeSelectedAction,
  shopFilter,
  type Thresholds,
  thresholdFields,
} from './list-parts';

interface Values extends Thresholds {
  listingIds: number[];
}

/** The per-listing thresholds (a tab of /forecast/advanceConfig): a bare list with its add and edit drawer. */
export function SkuWarningsPanel() {
  const { t } = useTranslation();
  const notify = useNotify();
  const list = useKitList(settings.listSkuWarnings, settingsKeys.skuWarnings);
  const set = useSetSkuWarning();
  const remove = useRemoveSkuWarnings();
  const [editor, setEditor] = useState<Editor<SkuWarning> | null>(null);

  const removeRows = (rows: readonly SkuWarning[]) =>
    notify.run(
      () => remove.mutateAsync(rows.map((r) => r.listingId)),
      t('forecasts.settings.overridesRemoved', { count: rows.length }),
    );
  const removal = {
    prefix: 'override',
    confirm: (count: number) => t('forecasts.settings.confirmRemoveOverride', { count }),
    remove: removeRows,
  };
  const daysColumn = (key: keyof Thresholds, width: number, short: 'stockout' | 'overstock' | 'lead'): KitColumn<SkuWarning> => ({
    key,
    width,
    align: 'right',
    title: t(`forecasts.settings.short.${short}`),
    render: (_, r) => t('forecasts.settings.days', { n: r[key] }),
  });
  const columns: KitColumn<SkuWarning>[] = [
    ...listingColumns<SkuWarning>(t, 'override'),
    daysColumn('stockoutDays', 150, 'stockout'),
    daysColumn('overstockDays', 150, 'overstock'),
    daysColumn('leadTimeDays', 130, 'lead'),
    {
      key: 'updatedAt',
      width: 220,
      priority: 'detail',
      title: t('forecasts.settings.updated'),
      render: (_, r) => `${r.updatedBy ?? '—'} · ${formatDateTime(r.updatedAt)}`,
    },
    listingActionsColumn<SkuWarning>(t, { ...removal, onEdit: (r) => setEditor({ mode: 'edit', record: r }) }),
  ];

  return (
    <>
      <ListPage
        bare
        testId="forecast-overrides"
        title={t('forecasts.settings.tabOverrides')}
        list={list}
        filters={[keywordFilter(t('forecasts.settings.searchSku'), 'override-search'), shopFilter(t, 'override')]}
        toolbar={
          <AddListingsButton onClick={() => setEditor({ mode: 'create' })} testId="override-create">
            {t('forecasts.settings.addOverride')}
          </AddListingsButton>
        }
        bulkActions={[removeSelectedAction(t, removal)]}
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
            ...listingsField(t, 'override-listings', t('forecasts.settings.overrideListingsHint')),
            rules: [{ required: true, type: 'array', min: 1, message: t('forecasts.settings.pickListings') }],
          },
          ...thresholdFields(t, 'override'),
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
