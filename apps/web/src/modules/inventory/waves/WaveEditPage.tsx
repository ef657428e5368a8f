import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { AdviceRow } from '@bo/contract/inventory/replenish';
import { SHIPMENT_MODES } from '@bo/contract/inventory/shipments';
import * as ep from '@bo/contract/inventory/waves';
import { SAMPLE_PURPOSES, type ShipmentWave, type WaveKind, waveLineQuantity, weekStartOf } from '@bo/contract/inventory/waves';
import { Alert, Button, Input, InputNumber, Modal, Select, Space, Typography } from 'antd';
import { createContext, useContext, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { formatThousands } from '../../../shared/format';
import { useTexts } from '../../../shared/i18n/lang';
import { EditPage } from '../../../shared/kit/EditPage';
import { FormLines, LineField, useFormValue } from '../../../shared/kit/FormLines';
import { shopLabel } from '../../../shared/markets/markets';
import { FitTable } from '../../../shared/table/FitTable';
import { AdviceTag } from './WaveParts';
import { useListingSearch, useSaveWave, useWave, useWaveAdvice, useWaveWarehouses, type WaveBodyInput } from './waves.queries';

type LineValues = WaveBodyInput['lines'][number];
interface Values {
  shipWeek: string;
  remark: string;
  lines: LineValues[];
}
/** What a line shows beside its inputs: the listing and, for an advice line, the advice seen when it was added. */
interface LineLabel {
  sku: string;
  shopName: string;
  marketId: number;
  product: string | null;
  adviceState: ShipmentWave['items'][number]['adviceState'];
  stockOutDate: string | null;
}
const labelKey = (shopId: number, listingId: number) => `${shopId}|${listingId}`;
const Labels = createContext<{ kind: WaveKind; labels: Map<string, LineLabel>; add: (k: string, l: LineLabel) => void }>({
  kind: 'replenish',
  labels: new Map(),
  add: () => undefined,
});

function AdvicePicker({ open, onClose, onPick }: { open: boolean; onClose: () => void; onPick: (rows: AdviceRow[]) => void }) {
  const { t, lang } = useTexts();
  const advice = useWaveAdvice(open, {});
  const [chosen, setChosen] = useState<string[]>([]);
  const key = (r: AdviceRow) => labelKey(r.shopId, r.listingId);
  const rows = advice.data?.list ?? [];
  return (
    <Modal
      open={open}
      width={1000}
      title={t('waves.form.adviceTitle')}
      onCancel={onClose}
      okText={t('waves.form.adviceAdd', { count: chosen.length })}
      okButtonProps={{ disabled: chosen.length === 0, 'data-testid': 'wave-advice-add' } as never}
      onOk={() => {
        onPick(rows.filter((r) => chosen.includes(key(r))));
        setChosen([]);
        onClose();
      }}
      destroyOnHidden
    >
      <FitTable<AdviceRow>
        tableId="waves.form.advice"
        rowKey={key}
        size="small"
        loading={advice.isPending}
        dataSource={rows}
        pagination={{ pageSize: 50 }}
        rowSelection={{ selectedRowKeys: chosen, onChange: (keys) => setChosen(keys.map(String)) }}
        data-testid="wave-advice-table"
        columns={[
          {
            key: 'state',
            priority: 'key',
            width: 70,
            title: t('waves.column.adviceState'),
            render: (_, r) => <AdviceTag state={r.state} />,
          },
          {
            key: 'shop',
            priority: 'key',
            width: 130,
            title: t('waves.column.shop'),
            render: (_, r) => shopLabel(r.shopName, r.marketId),
          },
          {
            key: 'sku',
            priority: 'key',
            width: 200,
            title: t('waves.column.sku'),
            render: (_, r) => `${r.sku} · ${(lang === 'zh-CN' ? r.productName : (r.productNameEn ?? r.productName)) ?? ''}`,
          },
          {
            key: 'cover',
            width: 90,
            align: 'right',
            title: t('waves.column.daysOfCover'),
            render: (_, r) => r.daysOfCover ?? '-',
          },
          { key: 'stockOut', width: 110, title: t('waves.column.stockOut'), render: (_, r) => r.stockOutDate ?? '-' },
          { key: 'mode', width: 80, title: t('waves.column.mode'), render: (_, r) => t(`shipments.mode.${r.mode}`) },
          {
            key: 'units',
            priority: 'key',
            width: 120,
            align: 'right',
            title: t('waves.column.units'),
            render: (_, r) => `${formatThousands(r.adviceUnits)} (${r.cartons})`,
          },
          { key: 'shipBy', width: 110, title: t('waves.column.shipBy'), render: (_, r) => r.shipBy ?? '-' },
        ]}
      />
    </Modal>
  );
}

function SkuSearch({ onPick }: { onPick: (l: NonNullable<ReturnType<typeof useListingSearch>['data']>[number]) => void }) {
  const { t } = useTexts();
  const [keyword, setKeyword] = useState('');
  const found = useListingSearch(keyword);
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      value={null}
      placeholder={t('waves.form.skuSearch')}
      style={{ width: 320 }}
      loading={found.isFetching}
      notFoundContent={null}
      onChange={(v) => {
        const l = found.data?.find((x) => labelKey(x.shopId, x.listingId) === v);
        if (l) onPick(l);
        setKeyword('');
      }}
      options={(found.data ?? []).map((l) => ({
        value: labelKey(l.shopId, l.listingId),
        label: `${l.sku} · ${shopLabel(l.shopName, l.marketId)}${l.model ? ` · ${l.model}` : ''}`,
      }))}
      data-testid="wave-sku-search"
    />
  );
}

function LinesInput() {
  const { t, lang } = useTexts();
  const { kind, labels, add: addLabel } = useContext(Labels);
  const lines: LineValues[] = useFormValue<LineValues[]>('lines') ?? [];
  const has = (shopId: number, listingId: number) => lines.some((l) => l?.shopId === shopId && l?.listingId === listingId);
  const warehouses = useWaveWarehouses();
  const [picking, setPicking] = useState(false);
  const sample = kind === 'sample';
  const whOptions = (marketId: number | undefined) =>
    (warehouses.data ?? [])
      .filter(
        (w) =>
          sample ||
          (w.kind === 'fba' && w.marketId === marketId) ||
          (w.kind === '3pl' && (w.marketId === null || w.marketId === marketId)),
      )
      .map((w) => ({ value: w.id, label: `${w.code} · ${lang === 'zh-CN' ? w.name : w.nameEn}` }));
  return (
    <FormLines<LineValues>
      name="lines"
      label={t('waves.form.lines')}
      required
      empty={t('waves.form.noLines')}
      head={(add) => (
        <Space wrap>
          {!sample && (
            <Button icon={<PlusOutlined />} onClick={() => setPicking(true)} data-testid="wave-add-advice">
              {t('waves.form.addAdvice')}
            </Button>
          )}
          <SkuSearch
            onPick={(l) => {
              addLabel(labelKey(l.shopId, l.listingId), {
                sku: l.sku,
                shopName: l.shopName,
                marketId: l.marketId,
                product: (lang === 'zh-CN' ? l.productName : (l.productNameEn ?? l.productName)) ?? l.model,
                adviceState: null,
                stockOutDate: null,
              });
              add(
                sample
                  ? {
                      shopId: l.shopId,
                      listingId: l.listingId,
                      mode: 'express',
                      units: 1,
                      source: 'manual',
                      purpose: 'other',
                      remark: '',
                    }
                  : {
                      shopId: l.shopId,
                      listingId: l.listingId,
                      mode: 'sea',
                      units: l.unitsPerCarton,
                      unitsPerCarton: l.unitsPerCarton,
                      source: 'manual',
                      remark: '',
                    },
              );
            }}
          />
        </Space>
      )}
      line={({ key, index: i, field, remove }) => {
        const l = lines[i];
        const label = l ? labels.get(labelKey(l.shopId, l.listingId)) : undefined;
        const q = l?.units && (sample || l.unitsPerCarton) ? waveLineQuantity(kind, l.units, l.unitsPerCarton ?? 1) : null;
        return (
          <div key={key} data-testid={`wave-line-${i}`} style={{ borderBottom: '1px solid rgba(0,0,0,0.06)', paddingTop: 8 }}>
            <Space size={6} wrap style={{ marginBottom: 4 }}>
              <Typography.Text strong>{label?.sku ?? `#${l?.listingId}`}</Typography.Text>
              <Typography.Text type="secondary">
                {label ? `${shopLabel(label.shopName, label.marketId)} · ${label.product ?? ''}` : ''}
              </Typography.Text>
              {l && l.source !== 'manual' && (
                <>
                  <Typography.Text type="secondary">{t(`waves.source.${l.source ?? 'manual'}`)}</Typography.Text>
                  <AdviceTag state={label?.adviceState ?? null} />
                  {label?.stockOutDate && <Typography.Text type="secondary">{label.stockOutDate}</Typography.Text>}
                </>
              )}
            </Space>
            <Space align="start" wrap>
              <LineField name={field('warehouseId')}>
                <Select
                  allowClear
                  placeholder={t('waves.form.defaultFba')}
                  options={whOptions(label?.marketId)}
                  style={{ width: 220 }}
                  data-testid={`wave-line-warehouse-${i}`}
                />
              </LineField>
              <LineField name={field('mode')} rules={[{ required: true }]}>
                <Select
                  style={{ width: 100 }}
                  options={SHIPMENT_MODES.map((m) => ({ value: m, label: t(`shipments.mode.${m}`) }))}
                  data-testid={`wave-line-mode-${i}`}
                />
              </LineField>
              <LineField name={field('units')} rules={[{ required: true, type: 'integer', min: 1, max: 1_000_000 }]}>
                <InputNumber
                  min={1}
                  max={1_000_000}
                  precision={0}
                  placeholder={t('waves.column.units')}
                  style={{ width: 120 }}
                  data-testid={`wave-line-units-${i}`}
                />
              </LineField>
              {!sample && (
                <LineField name={field('unitsPerCarton')} rules={[{ type: 'integer', min: 1, max: 10_000 }]}>
                  <InputNumber
                    min={1}
                    max={10_000}
                    precision={0}
                    placeholder={t('waves.column.unitsPerCarton')}
                    style={{ width: 120 }}
                    data-testid={`wave-line-upc-${i}`}
                  />
                </LineField>
              )}
              {sample && (
                <LineField name={field('purpose')} rules={[{ required: true }]}>
                  <Select
                    style={{ width: 120 }}
                    options={SAMPLE_PURPOSES.map((p) => ({ value: p, label: t(`waves.purpose.${p}`) }))}
                    data-testid={`wave-line-purpose-${i}`}
                  />
                </LineField>
              )}
              <LineField name={field('remark')}>
                <Input maxLength={200} placeholder={t('waves.column.remark')} style={{ width: 180 }} />
              </LineField>
              <LineField name={field('source')} hidden>
                <Input />
              </LineField>
              <LineField name={field('shopId')} hidden>
                <Input />
              </LineField>
              <LineField name={field('listingId')} hidden>
                <Input />
              </LineField>
              <Button type="text" icon={<DeleteOutlined />} onClick={remove} data-testid={`wave-line-remove-${i}`} />
            </Space>
            {!sample && q && (
              <Typography.Text type="secondary" style={{ display: 'block', marginTop: -16, marginBottom: 8, fontSize: 12 }}>
                {t('waves.form.rounded', { cartons: q.cartons, units: q.units })}
              </Typography.Text>
            )}
          </div>
        );
      }}
      after={(add) => (
        <AdvicePicker
          open={picking}
          onClose={() => setPicking(false)}
          onPick={(rows) => {
            for (const r of rows) {
              if (has(r.shopId, r.listingId)) continue;
              addLabel(labelKey(r.shopId, r.listingId), {
                sku: r.sku,
                shopName: r.shopName,
                marketId: r.marketId,
                product: (lang === 'zh-CN' ? r.productName : (r.productNameEn ?? r.productName)) ?? r.model,
                adviceState: r.state,
                stockOutDate: r.stockOutDate,
              });
              add({
                shopId: r.shopId,
                listingId: r.listingId,
                mode: r.mode,
                units: r.adviceUnits,
                unitsPerCarton: r.unitsPerCarton,
                source: 'advice',
                remark: '',
              });
            }
          }}
        />
      )}
    />
  );
}

/** /newShipmentPlan (and `?id=`: a draft or rejected wave again); with `kind="sample"`, /newSampleShipmentPlan. */
export function WaveEditScreen({ kind: routeKind }: { kind: WaveKind }) {
  const { t } = useTexts();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const wave = useWave(id);
  const save = useSaveWave();
  const [labels, setLabels] = useState(() => new Map<string, LineLabel>());
  const addLabel = (k: string, l: LineLabel) => setLabels((m) => new Map(m).set(k, l));
  const record = wave.data;
  // A wave opened by id edits as its own kind, whichever of the two routes opened it.
  const kind = record?.kind ?? routeKind;
  if (record && labels.size === 0 && record.items.length > 0)
    setLabels(
      new Map(
        record.items.map((l) => [
          labelKey(l.shopId, l.listingId),
          {
            sku: l.sku,
            shopName: l.shopName,
            marketId: l.marketId,
            product: l.productName ?? l.model,
            adviceState: l.adviceState,
            stockOutDate: l.stockOutDate,
          },
        ]),
      ),
    );
  const back = () => navigate(id ? `/shipmentPlanNext?wave=${id}` : '/shipmentPlanNext');
  const today = new Date().toISOString().slice(0, 10);
  return (
    <Labels.Provider value={{ kind, labels, add: addLabel }}>
      <EditPage<ShipmentWave, Values, ShipmentWave>
        key={record ? `${record.id}-${record.version}` : 'new'}
        editor={record ? { mode: 'edit', record } : { mode: 'create' }}
        needs={id ? { pending: wave.isPending, error: wave.error, retry: () => void wave.refetch() } : undefined}
        back={back}
        title={(e) =>
          e.mode === 'edit'
            ? t('waves.form.editTitle', { code: e.record.code })
            : t(kind === 'sample' ? 'waves.form.createSampleTitle' : 'waves.form.createTitle')
        }
        intro={(e) =>
          kind === 'sample' || (e.mode === 'edit' && e.record.state === 'rejected') ? (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              message={
                e.mode === 'edit' && e.record.state === 'rejected' ? t('waves.form.rejectedHint') : t('waves.form.sampleHint')
              }
            />
          ) : null
        }
        schema={ep.waveBody}
        initialValues={(e) =>
          e.mode === 'edit'
            ? {
                shipWeek: e.record.shipWeek,
                remark: e.record.remark,
                lines: e.record.items.map((l) => ({
                  shopId: l.shopId,
                  listingId: l.listingId,
                  warehouseId: l.warehouseId,
                  mode: l.mode,
                  units: l.units,
                  ...(kind === 'sample' ? { purpose: l.purpose ?? 'other' } : { unitsPerCarton: l.unitsPerCarton }),
                  source: l.source,
                  remark: l.remark,
                })),
              }
            : { shipWeek: weekStartOf(today), remark: '', lines: [] }
        }
        fields={[
          { name: 'shipWeek', input: 'date', label: t('waves.form.shipWeek'), span: 8, testId: 'wave-ship-week' },
          { name: 'remark', input: 'text', label: t('waves.form.remark'), span: 16, testId: 'wave-remark' },
          { name: 'lines', label: t('waves.form.lines'), bare: true, input: <LinesInput /> },
        ]}
        onSubmit={(v, e) =>
          save.mutateAsync({
            id: e.mode === 'edit' ? e.record.id : null,
            version: e.mode === 'edit' ? e.record.version : undefined,
            body: { ...v, kind, remark: v.remark ?? '', lines: v.lines ?? [] },
          })
        }
        savedText={(w) => t('waves.form.saved', { code: w.code })}
        onSaved={(w) => navigate(`/shipmentPlanNext?wave=${w.id}`)}
        testId="wave-form"
        saveTestId="wave-save"
        pageTestId={kind === 'sample' ? 'page-new-sample-wave' : 'page-new-wave'}
      />
    </Labels.Provider>
  );
}

export default function WaveEditPage() {
  return <WaveEditScreen kind="replenish" />;
}
