/**
 * The parts the wave screens share: the detail drawer (lines, totals per marketplace and mode, the
 * approval timeline, the plans of the split, the owner's moves and the approver's decision), the
 * decision dialog (a rejection says why), and the small cells (advice state, marketplaces).
 */
import { HistoryOutlined } from '@ant-design/icons';
import { SHIPMENT_PLAN_MACHINE } from '@bo/contract/inventory/shipments';
import {
  SHIPMENT_WAVE_FLOW,
  SHIPMENT_WAVE_MACHINE,
  type ShipmentWave,
  type WaveAction,
  type WaveLine,
  type WaveSummary,
} from '@bo/contract/inventory/waves';
import { Alert, Button, Form, Input, Modal, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { Can, useCan } from '../../../shared/Can';
import { useNotify } from '../../../shared/components/use-notify';
import { formatAmount, formatDateTime, formatThousands } from '../../../shared/format';
import { useTexts } from '../../../shared/i18n/lang';
import { ApprovalTimeline } from '../../../shared/kit/ApprovalTimeline';
import { DetailDrawer } from '../../../shared/kit/DetailDrawer';
import { StateActions, StateTag } from '../../../shared/kit/StateTag';
import { marketShortLabel, shopLabel } from '../../../shared/markets/markets';
import { FitTable } from '../../../shared/table/FitTable';
import { useCurrentUser } from '../../access/session/session.queries';
import { useDecideWave, useMoveWave, useWave } from './waves.queries';

const ADVICE_COLOR = { red: 'red', amber: 'orange', green: 'green' } as const;

export function AdviceTag({ state }: { state: WaveLine['adviceState'] }) {
  const { t } = useTexts();
  return state ? <Tag color={ADVICE_COLOR[state]}>{t(`waves.advice.${state}`)}</Tag> : <>-</>;
}

export const marketsText = (ids: readonly number[]) => ids.map((id) => marketShortLabel(id)).join(' ');

type Decision = { wave: Pick<WaveSummary, 'id' | 'code' | 'version'>; action: 'approve' | 'reject' };

/** Approve (remark optional) or reject (remark required); `smart`: through /smartShipment's call. */
export function DecideModal({ decision, onClose, smart }: { decision: Decision | null; onClose: () => void; smart?: boolean }) {
  const { t } = useTexts();
  const notify = useNotify();
  const decide = useDecideWave();
  const [remark, setRemark] = useState('');
  const [missing, setMissing] = useState(false);
  const close = () => {
    setRemark('');
    setMissing(false);
    onClose();
  };
  const ok = async () => {
    if (!decision) return;
    if (decision.action === 'reject' && !remark.trim()) return setMissing(true);
    const done = await notify.run(
      () =>
        decide.mutateAsync({
          id: decision.wave.id,
          body: { action: decision.action, version: decision.wave.version, remark: remark.trim() },
          ...(smart ? { smart } : {}),
        }),
      () => t('waves.moved', { code: decision.wave.code, action: t(`waves.${decision.action}`) }),
    );
    if (done) close();
  };
  return (
    <Modal
      open={decision !== null}
      title={decision ? `${t(`waves.${decision.action}`)} · ${decision.wave.code}` : ''}
      onCancel={close}
      onOk={() => void ok()}
      okText={decision ? t(`waves.${decision.action}`) : ''}
      okButtonProps={
        { danger: decision?.action === 'reject', loading: decide.isPending, 'data-testid': 'wave-decide-ok' } as never
      }
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item
          label={decision?.action === 'reject' ? t('waves.rejectRemark') : t('waves.approveRemark')}
          required={decision?.action === 'reject'}
          validateStatus={missing ? 'error' : undefined}
          help={missing ? t('waves.remarkRequired') : undefined}
        >
          <Input.TextArea
            rows={3}
            maxLength={500}
            value={remark}
            onChange={(e) => {
              setRemark(e.target.value);
              setMissing(false);
            }}
            data-testid="wave-decide-remark"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The owner's moves (submit, withdraw, split, cancel) and the approver's decision, for one wave. */
export function WaveActions({ wave, onDecide, smart }: { wave: WaveSummary; onDecide: (d: Decision) => void; smart?: boolean }) {
  const { t, lang } = useTexts();
  const can = useCan();
  const notify = useNotify();
  const me = useCurrentUser().data?.id;
  const move = useMoveWave();
  const approve = smart ? 'scm:shipment:smart:approve' : 'scm:shipment:planNext:approve';
  const run = (action: WaveAction) => {
    if (action === 'approve' || action === 'reject') return onDecide({ wave, action });
    const label = SHIPMENT_WAVE_MACHINE.transitions.find((x) => x.action === action)?.label;
    void notify.run(
      () => move.mutateAsync({ id: wave.id, body: { action: action as 'submit', version: wave.version } }),
      () => t('waves.moved', { code: wave.code, action: label?.[lang === 'zh-CN' ? 'zh' : 'en'] ?? action }),
    );
  };
  return (
    <StateActions
      machine={SHIPMENT_WAVE_MACHINE}
      state={wave.state}
      allow={(a) =>
        a === 'approve' || a === 'reject'
          ? wave.canDecide && can(approve as never)
          : !smart && wave.ownerId === me && can('scm:shipment:planNext:edit')
      }
      onAction={run}
      busy={move.isPending && move.variables?.id === wave.id ? (move.variables.body.action as WaveAction) : null}
      testIdPrefix={`wave-${wave.id}`}
    />
  );
}

export function WaveDetailDrawer({
  id,
  onClose,
  onHistory,
}: {
  id: number | null;
  onClose: () => void;
  onHistory: (w: ShipmentWave) => void;
}) {
  const { t, lang } = useTexts();
  const wave = useWave(id);
  const [decision, setDecision] = useState<Decision | null>(null);
  const name = (l: WaveLine) => (lang === 'zh-CN' ? l.productName : (l.productNameEn ?? l.productName)) ?? l.model ?? '';
  return (
    <>
      <DetailDrawer<ShipmentWave>
        open={id !== null}
        onClose={onClose}
        title={wave.data ? t('waves.detail.title', { code: wave.data.code }) : ''}
        query={wave}
        width={1000}
        testId="wave-detail"
        extra={
          wave.data && (
            <Button
              icon={<HistoryOutlined />}
              onClick={() => wave.data && onHistory(wave.data)}
              data-testid="wave-detail-history"
            >
              {t('waves.history')}
            </Button>
          )
        }
        fields={[
          {
            key: 'state',
            label: t('waves.column.state'),
            render: (w) => <StateTag machine={SHIPMENT_WAVE_MACHINE} state={w.state} testId="wave-detail-state" />,
          },
          { key: 'kind', label: t('waves.column.kind'), render: (w) => t(`waves.kind.${w.kind}`) },
          { key: 'shipWeek', label: t('waves.column.shipWeek'), render: (w) => w.shipWeek },
          { key: 'owner', label: t('waves.column.owner'), render: (w) => `${w.ownerName} · ${formatDateTime(w.createdAt)}` },
          {
            key: 'units',
            label: `${t('waves.column.units')} · ${t('waves.column.cartons')}`,
            render: (w) => `${formatThousands(w.units)} · ${w.kind === 'sample' ? '-' : formatThousands(w.cartons)}`,
            testId: 'wave-detail-units',
          },
          { key: 'markets', label: t('waves.column.markets'), render: (w) => marketsText(w.marketIds) },
          { key: 'remark', label: t('waves.column.remark'), span: 3, render: (w) => w.remark || '-' },
        ]}
      >
        {(w) => (
          <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
            <WaveActions wave={w} onDecide={setDecision} />
            <Typography.Title level={5} style={{ margin: 0 }}>
              {t('waves.detail.lines')}
            </Typography.Title>
            <FitTable<WaveLine>
              tableId="waves.detail.lines"
              rowKey="id"
              size="small"
              pagination={false}
              dataSource={w.items}
              data-testid="wave-lines"
              columns={[
                {
                  key: 'shop',
                  priority: 'key',
                  width: 130,
                  title: t('waves.column.shop'),
                  render: (_, l) => shopLabel(l.shopName, l.marketId),
                },
                {
                  key: 'sku',
                  priority: 'key',
                  width: 200,
                  title: t('waves.column.sku'),
                  render: (_, l) => (
                    <Space orientation="vertical" size={0}>
                      <Typography.Text>{l.sku}</Typography.Text>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {name(l)}
                      </Typography.Text>
                    </Space>
                  ),
                },
                {
                  key: 'warehouse',
                  width: 140,
                  title: t('waves.column.warehouse'),
                  render: (_, l) => `${l.warehouseCode} · ${t(`shipments.mode.${l.mode}`)}`,
                },
                {
                  key: 'units',
                  priority: 'key',
                  width: 130,
                  align: 'right',
                  title: t('waves.column.units'),
                  render: (_, l) =>
                    l.cartons === null
                      ? formatThousands(l.units)
                      : `${formatThousands(l.units)} (${l.cartons} × ${l.unitsPerCarton})`,
                },
                {
                  key: 'source',
                  width: 150,
                  title: t('waves.column.source'),
                  render: (_, l) =>
                    l.purpose ? (
                      t(`waves.purpose.${l.purpose}`)
                    ) : (
                      <Space size={4}>
                        {t(`waves.source.${l.source}`)}
                        <AdviceTag state={l.adviceState} />
                      </Space>
                    ),
                },
                { key: 'stockOut', width: 130, title: t('waves.column.stockOut'), render: (_, l) => l.stockOutDate ?? '-' },
                {
                  key: 'remark',
                  width: 160,
                  priority: 'detail',
                  title: t('waves.column.remark'),
                  render: (_, l) => l.remark || '-',
                },
              ]}
            />
            <Typography.Title level={5} style={{ margin: 0 }}>
              {t('waves.detail.totals')}
            </Typography.Title>
            <FitTable
              tableId="waves.detail.totals"
              rowKey={(r) => `${r.marketId}-${r.mode}`}
              size="small"
              pagination={false}
              dataSource={w.totals}
              data-testid="wave-totals"
              columns={[
                {
                  key: 'market',
                  priority: 'key',
                  width: 120,
                  title: t('waves.column.market'),
                  render: (_, r) => marketShortLabel(r.marketId),
                },
                {
                  key: 'mode',
                  priority: 'key',
                  width: 100,
                  title: t('waves.column.mode'),
                  render: (_, r) => t(`shipments.mode.${r.mode}`),
                },
                { key: 'lines', width: 80, align: 'right', title: t('waves.column.lines'), render: (_, r) => r.lines },
                {
                  key: 'units',
                  width: 100,
                  align: 'right',
                  title: t('waves.column.units'),
                  render: (_, r) => formatThousands(r.units),
                },
                {
                  key: 'cartons',
                  width: 100,
                  align: 'right',
                  title: t('waves.column.cartons'),
                  render: (_, r) => (w.kind === 'sample' ? '-' : formatThousands(r.cartons)),
                },
                {
                  key: 'freight',
                  width: 120,
                  align: 'right',
                  title: t('waves.column.freight'),
                  render: (_, r) => (r.freightUsd === null ? '-' : formatAmount(r.freightUsd)),
                },
                {
                  key: 'unpriced',
                  width: 120,
                  align: 'right',
                  priority: 'detail',
                  title: t('waves.column.unpriced'),
                  render: (_, r) => (r.unpricedUnits > 0 ? formatThousands(r.unpricedUnits) : '-'),
                },
              ]}
            />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('waves.detail.freightNote')}
            </Typography.Text>
            <Typography.Title level={5} style={{ margin: 0 }}>
              {t('waves.detail.timeline')}
            </Typography.Title>
            <ApprovalTimeline
              flow={SHIPMENT_WAVE_FLOW}
              entries={w.timeline}
              nameOf={(uid) => w.timeline.find((e) => e.userId === uid)?.userName}
              testId="wave-timeline"
            />
            <Typography.Title level={5} style={{ margin: 0 }}>
              {t('waves.detail.plans')}
            </Typography.Title>
            {w.plans.length === 0 ? (
              <Alert type="info" showIcon message={t('waves.detail.noPlans')} />
            ) : (
              <FitTable
                tableId="waves.detail.plans"
                rowKey="id"
                size="small"
                pagination={false}
                dataSource={w.plans}
                data-testid="wave-plans"
                columns={[
                  {
                    key: 'code',
                    priority: 'key',
                    width: 110,
                    title: t('waves.column.plan'),
                    render: (_, p) => (
                      <Link to={`/editShipmentPlan?id=${p.id}`} data-testid={`wave-plan-${p.id}`}>
                        {p.code}
                      </Link>
                    ),
                  },
                  {
                    key: 'state',
                    width: 100,
                    title: t('waves.column.planState'),
                    render: (_, p) => <StateTag machine={SHIPMENT_PLAN_MACHINE} state={p.state} />,
                  },
                  { key: 'shop', width: 140, title: t('waves.column.shop'), render: (_, p) => p.shopName },
                  {
                    key: 'warehouse',
                    width: 140,
                    title: t('waves.column.warehouse'),
                    render: (_, p) => `${p.warehouseCode} · ${t(`shipments.mode.${p.mode}`)}`,
                  },
                  { key: 'skus', width: 80, align: 'right', title: t('waves.column.skus'), render: (_, p) => p.skus },
                  {
                    key: 'units',
                    width: 100,
                    align: 'right',
                    title: t('waves.column.units'),
                    render: (_, p) => formatThousands(p.units),
                  },
                ]}
              />
            )}
            <Can permission="scm:shipment:planNext:edit">
              {(w.state === 'draft' || w.state === 'rejected') && (
                <Link
                  to={`${w.kind === 'sample' ? '/newSampleShipmentPlan' : '/newShipmentPlan'}?id=${w.id}`}
                  data-testid="wave-detail-edit"
                >
                  {t('waves.edit')}
                </Link>
              )}
            </Can>
          </Space>
        )}
      </DetailDrawer>
      <DecideModal decision={decision} onClose={() => setDecision(null)} />
    </>
  );
}
