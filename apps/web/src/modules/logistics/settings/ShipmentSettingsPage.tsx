import { MARKETS } from '@bo/contract';
import type { ShipmentMode } from '@bo/contract/inventory/shipments';
import { listShipmentSettings as ep, type ShipmentSetting, saveShipmentSetting } from '@bo/contract/logistics/shipment-settings';
import { useQuery } from '@tanstack/react-query';
import { Button, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../shared/Can';
import { formatDateTime } from '../../../shared/format';
import { EditDrawer, type Editor } from '../../../shared/kit/EditDrawer';
import { HistoryDrawer } from '../../../shared/kit/HistoryDrawer';
import { type KitColumn, ListPage } from '../../../shared/kit/ListPage';
import { useKitList } from '../../../shared/kit/use-list-query';
import { MarketTag } from '../../../shared/markets/MarketTag';
import { actionsColumn } from '../../../shared/table/FitTable';
import { ModeTag, useModeOptions } from '../carriers/mode-tags';
import { logisticsKeys, settingCarriersQuery, useSaveSetting } from '../logistics.queries';

interface Values {
  defaultMode: ShipmentMode;
  defaultCarrierId: number | null;
  sea: number;
  air: number;
  express: number;
  rail: number;
  prepDays: number;
  fbaCapacityUnits: number | null;
}

const marketCodeOf = (id: number) => MARKETS.find((m) => m.id === id)?.code ?? String(id);

/** /shipmentConfiguration: per marketplace the default mode and carrier, planned transit days, prep days, FBA capacity. */
export default function ShipmentSettingsPage() {
  const { t } = useTranslation();
  const list = useKitList(ep, logisticsKeys.settings);
  const save = useSaveSetting();
  const modeOptions = useModeOptions();
  const carriers = useQuery(settingCarriersQuery());
  const [editor, setEditor] = useState<Editor<ShipmentSetting> | null>(null);
  const [historyOf, setHistoryOf] = useState<ShipmentSetting | null>(null);
  const carrierOptions = (mode: ShipmentMode | undefined) =>
    (carriers.data ?? [])
      .filter((c) => !mode || c.modes.includes(mode))
      .map((c) => ({ value: c.id, label: `${c.code} · ${c.name}` }));

  const columns: KitColumn<ShipmentSetting>[] = [
    {
      key: 'marketId',
      priority: 'key',
      width: 130,
      title: t('logistics.settings.column.market'),
      render: (_, s) => (
        <Space size={4}>
          <MarketTag marketId={s.marketId} />
          {!s.saved && <Tag data-testid={`setting-default-${s.marketId}`}>{t('logistics.settings.notSaved')}</Tag>}
        </Space>
      ),
    },
    {
      key: 'defaultMode',
      priority: 'key',
      width: 110,
      title: t('logistics.settings.column.defaultMode'),
      render: (_, s) => <ModeTag mode={s.defaultMode} />,
    },
    {
      key: 'defaultCarrier',
      priority: 'key',
      width: 190,
      ellipsis: true,
      title: t('logistics.settings.column.defaultCarrier'),
      render: (_, s) => s.defaultCarrierName ?? '—',
    },
    {
      key: 'transit',
      priority: 'key',
      width: 290,
      title: t('logistics.settings.column.transit'),
      render: (_, s) => (
        <Typography.Text data-testid={`setting-transit-${s.marketId}`}>
          {(['sea', 'rail', 'air', 'express'] as const).map((m) => `${t(`logistics.mode.${m}`)} ${s.transitDays[m]}`).join(' · ')}
        </Typography.Text>
      ),
    },
    {
      key: 'prepDays',
      priority: 'detail',
      width: 100,
      align: 'right',
      title: t('logistics.settings.column.prepDays'),
      render: (_, s) => s.prepDays,
    },
    {
      key: 'fbaCapacityUnits',
      priority: 'detail',
      width: 130,
      align: 'right',
      title: t('logistics.settings.column.capacity'),
      render: (_, s) => (s.fbaCapacityUnits === null ? t('logistics.settings.noLimit') : s.fbaCapacityUnits.toLocaleString()),
    },
    {
      key: 'updatedAt',
      priority: 'detail',
      width: 160,
      title: t('logistics.settings.column.updatedAt'),
      render: (_, s) => (s.updatedAt ? formatDateTime(s.updatedAt) : '—'),
    },
    actionsColumn(t, 130, (_, s) => (
      <Space size={4}>
        <Can permission="sales:logistics:shipmentConfig:edit">
          <Button
            size="small"
            type="link"
            onClick={() => setEditor({ mode: 'edit', record: s })}
            data-testid={`setting-edit-${s.marketId}`}
          >
            {t('common.edit')}
          </Button>
        </Can>
        {s.saved && (
          <Button size="small" type="link" onClick={() => setHistoryOf(s)} data-testid={`setting-history-${s.marketId}`}>
            {t('logistics.carriers.history')}
          </Button>
        )}
      </Space>
    )),
  ];

  const f = (name: keyof Values) => t(`logistics.settings.field.${name}`);
  return (
    <>
      <ListPage
        testId="page-shipment-settings"
        texts="logistics.settings"
        list={list}
        filters={[{ kind: 'market', key: 'marketId', placeholder: t('logistics.cards.allMarkets'), width: 160 }]}
        columns={columns}
        tableId="logistics.settings"
        rowKey="marketId"
        tableTestId="settings-table"
      />
      <EditDrawer<ShipmentSetting, Values, ShipmentSetting>
        editor={editor}
        onClose={() => setEditor(null)}
        title={(e) => t('logistics.settings.editTitle', { market: e.record ? marketCodeOf(e.record.marketId) : '' })}
        schema={saveShipmentSetting.body}
        fields={[
          {
            name: 'defaultMode',
            input: 'select',
            label: f('defaultMode'),
            options: modeOptions,
            span: 12,
            testId: 'setting-mode',
          },
          {
            name: 'defaultCarrierId',
            input: 'select',
            label: f('defaultCarrierId'),
            options: (v) => carrierOptions(v.defaultMode),
            extra: t('logistics.settings.carrierHint'),
            span: 12,
            testId: 'setting-carrier',
          },
          ...(['sea', 'rail', 'air', 'express'] as const).map((m) => ({
            name: m,
            input: 'number' as const,
            label: f(m),
            span: 6,
            precision: 0,
            // The body nests them under transitDays: the form checks the range itself.
            rules: [{ required: true, type: 'number' as const, min: 1, max: 120 }],
            testId: `setting-${m}`,
          })),
          { name: 'prepDays', input: 'number', label: f('prepDays'), span: 12, precision: 0 },
          { name: 'fbaCapacityUnits', input: 'number', label: f('fbaCapacityUnits'), span: 12, precision: 0 },
        ]}
        initialValues={(e) => {
          const s = e.record as ShipmentSetting;
          return {
            defaultMode: s.defaultMode,
            defaultCarrierId: s.defaultCarrierId,
            ...s.transitDays,
            prepDays: s.prepDays,
            fbaCapacityUnits: s.fbaCapacityUnits,
          };
        }}
        onSubmit={(v, e) => {
          const s = e.record as ShipmentSetting;
          return save.mutateAsync({
            marketId: s.marketId,
            body: {
              defaultMode: v.defaultMode,
              defaultCarrierId: v.defaultCarrierId ?? null,
              transitDays: { sea: v.sea, air: v.air, express: v.express, rail: v.rail },
              prepDays: v.prepDays,
              fbaCapacityUnits: v.fbaCapacityUnits ?? null,
              version: s.version,
            },
          });
        }}
        savedText={(s) => t('logistics.settings.saved', { market: marketCodeOf(s.marketId) })}
        testId="setting-form"
        saveTestId="setting-save"
      />
      <HistoryDrawer
        entity="logistics_shipment_setting"
        entityId={historyOf?.marketId ?? null}
        name={historyOf ? marketCodeOf(historyOf.marketId) : ''}
        onClose={() => setHistoryOf(null)}
        fieldLabels={{
          defaultMode: f('defaultMode'),
          defaultCarrierId: f('defaultCarrierId'),
          transitDays: t('logistics.settings.column.transit'),
          prepDays: f('prepDays'),
          fbaCapacityUnits: f('fbaCapacityUnits'),
        }}
      />
    </>
  );
}
