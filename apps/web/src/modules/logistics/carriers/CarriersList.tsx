import { SHIPMENT_MODES } from '@bo/contract/inventory/shipments';
import { type Carrier, createCarrier, listCarriers as ep } from '@bo/contract/logistics/carriers';
import { Button, Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../shared/components/use-notify';
import { formatDateTime } from '../../../shared/format';
import { AddButton } from '../../../shared/kit/AddButton';
import { EditDrawer, type Editor } from '../../../shared/kit/EditDrawer';
import { HistoryDrawer } from '../../../shared/kit/HistoryDrawer';
import { type KitColumn, ListPage } from '../../../shared/kit/ListPage';
import { RowActions } from '../../../shared/kit/RowActions';
import { useKitList } from '../../../shared/kit/use-list-query';
import { actionsColumn } from '../../../shared/table/FitTable';
import { logisticsKeys, useDeleteCarrier, useSaveCarrier } from '../logistics.queries';
import type { CarrierTab } from './CarrierManagePage';
import { useCarrierTabs } from './carrier-tabs';
import { ModeTags, useModeOptions } from './mode-tags';

interface Values {
  code: string;
  name: string;
  modes: Carrier['modes'];
  active: boolean;
  remark: string;
}

/** The carriers tab of /carrierManage: list, add/edit drawer, history, delete (refused while it has cards). */
export function CarriersList({ onTab }: { onTab: (tab: CarrierTab, extra?: Record<string, string>) => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const list = useKitList(ep, logisticsKeys.carriers);
  const tabs = useCarrierTabs('carriers', onTab);
  const save = useSaveCarrier();
  const del = useDeleteCarrier();
  const modeOptions = useModeOptions();
  const [editor, setEditor] = useState<Editor<Carrier> | null>(null);
  const [historyOf, setHistoryOf] = useState<Carrier | null>(null);

  const columns: KitColumn<Carrier>[] = [
    {
      key: 'code',
      sortable: true,
      priority: 'key',
      width: 130,
      title: t('logistics.carriers.column.code'),
      render: (_, c) => <Typography.Text strong>{c.code}</Typography.Text>,
    },
    {
      key: 'name',
      sortable: true,
      priority: 'key',
      width: 200,
      ellipsis: true,
      title: t('logistics.carriers.column.name'),
      render: (_, c) => c.name,
    },
    {
      key: 'modes',
      priority: 'key',
      width: 200,
      title: t('logistics.carriers.column.modes'),
      render: (_, c) => <ModeTags modes={c.modes} />,
    },
    {
      key: 'cards',
      priority: 'key',
      width: 140,
      title: t('logistics.carriers.column.cards'),
      render: (_, c) => (
        <Button
          type="link"
          size="small"
          onClick={() => onTab('cards', { carrierId: String(c.id) })}
          data-testid={`carrier-cards-${c.id}`}
        >
          {c.currentCards} / {c.cards}
        </Button>
      ),
    },
    {
      key: 'active',
      priority: 'key',
      width: 90,
      title: t('logistics.carriers.column.active'),
      render: (_, c) => (
        <Tag color={c.active ? 'green' : 'default'}>
          {c.active ? t('logistics.carriers.active') : t('logistics.carriers.inactive')}
        </Tag>
      ),
    },
    {
      key: 'remark',
      priority: 'detail',
      width: 200,
      ellipsis: true,
      title: t('logistics.carriers.column.remark'),
      render: (_, c) => c.remark || '—',
    },
    {
      key: 'updatedAt',
      sortable: true,
      priority: 'detail',
      width: 160,
      title: t('logistics.carriers.column.updatedAt'),
      render: (_, c) => formatDateTime(c.updatedAt),
    },
    actionsColumn(t, 180, (_, c) => (
      <RowActions
        prefix="carrier"
        id={c.id}
        edit={{ permission: 'sales:logistics:carrierManage:edit', onClick: () => setEditor({ mode: 'edit', record: c }) }}
        onHistory={() => setHistoryOf(c)}
        remove={{
          permission: 'sales:logistics:carrierManage:delete',
          title: t('logistics.carriers.confirmDelete', { code: c.code }),
          onConfirm: () => void notify.run(() => del.mutateAsync(c.id), t('logistics.carriers.deleted', { code: c.code })),
        }}
      />
    )),
  ];

  return (
    <>
      <ListPage
        testId="page-carriers"
        texts="logistics.carriers"
        list={list}
        tabs={tabs}
        filters={[
          { kind: 'text', key: 'keyword', placeholder: t('logistics.carriers.search'), maxLength: 100, testId: 'carrier-search' },
          { kind: 'select', key: 'mode', placeholder: t('logistics.carriers.allModes'), width: 150, options: modeOptions },
          {
            kind: 'select',
            key: 'active',
            placeholder: t('logistics.carriers.allStates'),
            width: 130,
            options: [
              { value: 'true', label: t('logistics.carriers.active') },
              { value: 'false', label: t('logistics.carriers.inactive') },
            ],
          },
        ]}
        toolbar={
          <AddButton
            permission="sales:logistics:carrierManage:create"
            onClick={() => setEditor({ mode: 'create' })}
            testId="carrier-create"
          >
            {t('logistics.carriers.create')}
          </AddButton>
        }
        columns={columns}
        tableId="logistics.carriers"
        rowKey="id"
        tableTestId="carriers-table"
        emptyText={t('logistics.carriers.empty')}
      />
      <EditDrawer<Carrier, Values, Carrier>
        editor={editor}
        onClose={() => setEditor(null)}
        title={(e) => (e.mode === 'edit' ? t('logistics.carriers.editTitle') : t('logistics.carriers.createTitle'))}
        schema={createCarrier.body}
        fields={[
          {
            name: 'code',
            label: t('logistics.carriers.column.code'),
            extra: t('logistics.carriers.codeHint'),
            testId: 'carrier-code',
          },
          { name: 'name', label: t('logistics.carriers.column.name'), testId: 'carrier-name' },
          {
            name: 'modes',
            label: t('logistics.carriers.column.modes'),
            input: <Select mode="multiple" options={modeOptions} data-testid="carrier-modes" />,
          },
          { name: 'active', input: 'switch', label: t('logistics.carriers.column.active'), testId: 'carrier-active' },
          { name: 'remark', input: 'textarea', label: t('logistics.carriers.column.remark') },
        ]}
        initialValues={(e) =>
          e.record ? { ...e.record } : { code: '', name: '', modes: [...SHIPMENT_MODES.slice(0, 1)], active: true, remark: '' }
        }
        onSubmit={(v, e) =>
          save.mutateAsync({
            id: e.mode === 'edit' ? e.record.id : null,
            version: e.mode === 'edit' ? e.record.version : undefined,
            body: { code: v.code, name: v.name, modes: v.modes, active: v.active ?? true, remark: v.remark ?? '' },
          })
        }
        savedText={(c) => t('logistics.carriers.saved', { code: c.code })}
        conflict={() => ({ field: 'code', text: t('logistics.carriers.taken') })}
        testId="carrier-form"
        saveTestId="carrier-save"
      />
      <HistoryDrawer
        entity="logistics_carrier"
        entityId={historyOf?.id ?? null}
        name={historyOf?.code ?? ''}
        onClose={() => setHistoryOf(null)}
        fieldLabels={{
          code: t('logistics.carriers.column.code'),
          name: t('logistics.carriers.column.name'),
          modes: t('logistics.carriers.column.modes'),
          active: t('logistics.carriers.column.active'),
          remark: t('logistics.carriers.column.remark'),
        }}
      />
    </>
  );
}
