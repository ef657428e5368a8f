import { MARKETS } from '@bo/contract';
import { CARD_VALIDITY, createRateCard, listRateCards as ep, type RateCard } from '@bo/contract/logistics/carriers';
import { useQuery } from '@tanstack/react-query';
import { Button, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Can } from '../../../shared/Can';
import { useNotify } from '../../../shared/components/use-notify';
import { useTexts } from '../../../shared/i18n/lang';
import { AddButton } from '../../../shared/kit/AddButton';
import { EditDrawer, type Editor } from '../../../shared/kit/EditDrawer';
import { HistoryDrawer } from '../../../shared/kit/HistoryDrawer';
import { type KitColumn, ListPage } from '../../../shared/kit/ListPage';
import { RowActions } from '../../../shared/kit/RowActions';
import { useKitList } from '../../../shared/kit/use-list-query';
import { MarketTag } from '../../../shared/markets/MarketTag';
import { actionsColumn } from '../../../shared/table/FitTable';
import { carrierChoicesQuery, logisticsKeys, useDeleteCard, useSaveCard } from '../logistics.queries';
import type { CarrierTab } from './CarrierManagePage';
import { useCarrierTabs } from './carrier-tabs';
import { ModeTag, useModeOptions } from './mode-tags';

type Values = Omit<RateCard, 'id' | 'carrierCode' | 'carrierName' | 'validity' | 'version' | 'updatedAt'>;

const VALIDITY_COLORS = { current: 'green', future: 'blue', expired: 'default' } as const;
const money = (v: number) => v.toLocaleString('en-US', { maximumFractionDigits: 4 });

/** The rate cards tab of /carrierManage: list by carrier, lane and validity; add, copy, edit, history, delete. */
export function RateCardsList({ onTab }: { onTab: (tab: CarrierTab) => void }) {
  const { t, lang } = useTexts();
  const notify = useNotify();
  const list = useKitList(ep, logisticsKeys.cards);
  const tabs = useCarrierTabs('cards', onTab);
  const save = useSaveCard();
  const del = useDeleteCard();
  const modeOptions = useModeOptions();
  const carriers = useQuery(carrierChoicesQuery());
  const carrierOptions = (carriers.data?.list ?? []).map((c) => ({ value: c.id, label: `${c.code} · ${c.name}` }));
  const [editor, setEditor] = useState<Editor<RateCard> | null>(null);
  const [historyOf, setHistoryOf] = useState<RateCard | null>(null);
  const marketOptions = MARKETS.map((m) => ({ value: m.id, label: `${m.code} · ${lang === 'zh-CN' ? m.zh : m.en}` }));

  const columns: KitColumn<RateCard>[] = [
    {
      key: 'carrier',
      sortable: true,
      priority: 'key',
      width: 170,
      ellipsis: true,
      title: t('logistics.cards.column.carrier'),
      render: (_, r) => (
        <>
          <Typography.Text strong>{r.carrierCode}</Typography.Text>
          <div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {r.carrierName}
            </Typography.Text>
          </div>
        </>
      ),
    },
    {
      key: 'mode',
      sortable: true,
      priority: 'key',
      width: 90,
      title: t('logistics.cards.column.mode'),
      render: (_, r) => <ModeTag mode={r.mode} />,
    },
    {
      key: 'marketId',
      sortable: true,
      priority: 'key',
      width: 190,
      title: t('logistics.cards.column.lane'),
      render: (_, r) => (
        <Space size={4}>
          <span>{r.origin} →</span>
          <MarketTag marketId={r.marketId} />
          <Typography.Text type="secondary">{r.destination || t('logistics.cards.anyWarehouse')}</Typography.Text>
        </Space>
      ),
    },
    {
      key: 'prices',
      priority: 'key',
      width: 170,
      title: t('logistics.cards.column.prices'),
      render: (_, r) => (
        <Space orientation="vertical" size={0}>
          {r.pricePerKg !== null && <span>{t('logistics.cards.perKg', { price: money(r.pricePerKg) })}</span>}
          {r.pricePerCbm !== null && <span>{t('logistics.cards.perCbm', { price: money(r.pricePerCbm) })}</span>}
        </Space>
      ),
    },
    {
      key: 'minCharge',
      priority: 'detail',
      width: 100,
      align: 'right',
      title: t('logistics.cards.column.minCharge'),
      render: (_, r) => money(r.minCharge),
    },
    {
      key: 'fuel',
      priority: 'detail',
      width: 80,
      align: 'right',
      title: t('logistics.cards.column.fuel'),
      render: (_, r) => `${r.fuelSurchargePct}%`,
    },
    {
      key: 'transitDays',
      sortable: true,
      priority: 'key',
      width: 110,
      align: 'right',
      title: t('logistics.cards.column.transitDays'),
      render: (_, r) => r.transitDays,
    },
    {
      key: 'validFrom',
      sortable: true,
      priority: 'key',
      width: 210,
      title: t('logistics.cards.column.validity'),
      render: (_, r) => (
        <Space size={4}>
          <Tag color={VALIDITY_COLORS[r.validity]} data-testid={`card-validity-${r.id}`}>
            {t(`logistics.validity.${r.validity}`)}
          </Tag>
          <span>
            {r.validFrom} ~ {r.validTo ?? t('logistics.cards.open')}
          </span>
        </Space>
      ),
    },
    actionsColumn(t, 190, (_, r) => (
      <RowActions
        prefix="card"
        id={r.id}
        edit={{ permission: 'sales:logistics:carrierManage:edit', onClick: () => setEditor({ mode: 'edit', record: r }) }}
        extra={
          <Can permission="sales:logistics:carrierManage:create">
            <Button
              size="small"
              type="link"
              onClick={() => setEditor({ mode: 'copy', record: r })}
              data-testid={`card-copy-${r.id}`}
            >
              {t('logistics.cards.copy')}
            </Button>
          </Can>
        }
        onHistory={() => setHistoryOf(r)}
        remove={{
          permission: 'sales:logistics:carrierManage:delete',
          title: t('logistics.cards.confirmDelete'),
          onConfirm: () => void notify.run(() => del.mutateAsync(r.id), t('logistics.cards.deleted')),
        }}
      />
    )),
  ];

  const f = (name: keyof Values) => t(`logistics.cards.field.${name}`);
  return (
    <>
      <ListPage
        testId="page-rate-cards"
        texts="logistics.carriers"
        list={list}
        tabs={tabs}
        filters={[
          {
            kind: 'query-select',
            key: 'carrierId',
            placeholder: t('logistics.cards.allCarriers'),
            width: 200,
            useOptions: () => ({ options: carrierOptions, loading: carriers.isLoading }),
            testId: 'card-carrier-filter',
          },
          { kind: 'select', key: 'mode', placeholder: t('logistics.carriers.allModes'), width: 130, options: modeOptions },
          { kind: 'market', key: 'marketId', placeholder: t('logistics.cards.allMarkets'), width: 140 },
          {
            kind: 'select',
            key: 'validity',
            placeholder: t('logistics.cards.allValidity'),
            width: 130,
            options: CARD_VALIDITY.map((v) => ({ value: v, label: t(`logistics.validity.${v}`) })),
            testId: 'card-validity-filter',
          },
        ]}
        toolbar={
          <AddButton
            permission="sales:logistics:carrierManage:create"
            onClick={() => setEditor({ mode: 'create' })}
            testId="card-create"
          >
            {t('logistics.cards.create')}
          </AddButton>
        }
        columns={columns}
        tableId="logistics.cards"
        rowKey="id"
        tableTestId="cards-table"
        emptyText={t('logistics.cards.empty')}
      />
      <EditDrawer<RateCard, Values, RateCard>
        editor={editor}
        onClose={() => setEditor(null)}
        title={(e) => (e.mode === 'edit' ? t('logistics.cards.editTitle') : t('logistics.cards.createTitle'))}
        schema={createRateCard.body}
        fields={[
          { name: 'carrierId', input: 'select', label: f('carrierId'), options: carrierOptions, testId: 'card-carrier' },
          { name: 'mode', input: 'select', label: f('mode'), options: modeOptions, span: 12, testId: 'card-mode' },
          { name: 'origin', label: f('origin'), span: 12 },
          { name: 'marketId', input: 'select', label: f('marketId'), options: marketOptions, span: 12, testId: 'card-market' },
          { name: 'destination', label: f('destination'), extra: t('logistics.cards.destinationHint'), span: 12 },
          { name: 'pricePerKg', input: 'number', label: f('pricePerKg'), span: 12, precision: 4, testId: 'card-per-kg' },
          { name: 'pricePerCbm', input: 'number', label: f('pricePerCbm'), span: 12, precision: 4, testId: 'card-per-cbm' },
          { name: 'minCharge', input: 'number', label: f('minCharge'), span: 12, precision: 2, testId: 'card-min' },
          {
            name: 'fuelSurchargePct',
            input: 'number',
            label: f('fuelSurchargePct'),
            span: 12,
            precision: 2,
            testId: 'card-fuel',
          },
          { name: 'transitDays', input: 'number', label: f('transitDays'), span: 12, precision: 0, testId: 'card-days' },
          { name: 'validFrom', input: 'date', label: f('validFrom'), span: 12, testId: 'card-from' },
          { name: 'validTo', input: 'date', label: f('validTo'), span: 12, testId: 'card-to' },
          { name: 'remark', input: 'textarea', label: f('remark') },
        ]}
        initialValues={(e) =>
          e.record
            ? { ...e.record, ...(e.mode === 'copy' ? { validFrom: '', validTo: null } : {}) }
            : {
                carrierId: list.query.carrierId,
                origin: 'CN',
                marketId: 0,
                destination: '',
                minCharge: 0,
                fuelSurchargePct: 0,
                pricePerKg: null,
                pricePerCbm: null,
                validTo: null,
              }
        }
        onSubmit={(v, e) =>
          save.mutateAsync({
            id: e.mode === 'edit' ? e.record.id : null,
            version: e.mode === 'edit' ? e.record.version : undefined,
            body: {
              carrierId: v.carrierId,
              mode: v.mode,
              origin: v.origin || 'CN',
              marketId: v.marketId,
              destination: v.destination ?? '',
              pricePerKg: v.pricePerKg ?? null,
              pricePerCbm: v.pricePerCbm ?? null,
              minCharge: v.minCharge ?? 0,
              fuelSurchargePct: v.fuelSurchargePct ?? 0,
              transitDays: v.transitDays,
              validFrom: v.validFrom,
              validTo: v.validTo ?? null,
              remark: v.remark ?? '',
            },
          })
        }
        savedText={() => t('logistics.cards.saved')}
        conflict={() => ({ field: 'validFrom', text: t('logistics.cards.overlap') })}
        testId="card-form"
        saveTestId="card-save"
      />
      <HistoryDrawer
        entity="logistics_rate_card"
        entityId={historyOf?.id ?? null}
        name={historyOf ? `${historyOf.carrierCode} · ${historyOf.mode} · ${historyOf.validFrom}` : ''}
        onClose={() => setHistoryOf(null)}
        fieldLabels={Object.fromEntries(
          (
            [
              'carrierId',
              'mode',
              'origin',
              'marketId',
              'destination',
              'pricePerKg',
              'pricePerCbm',
              'minCharge',
              'fuelSurchargePct',
              'transitDays',
              'validFrom',
              'validTo',
              'remark',
            ] as const
          ).map((k) => [k, f(k)]),
        )}
      />
    </>
  );
}
