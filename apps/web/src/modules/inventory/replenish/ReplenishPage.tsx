import type { AdviceRow, ServiceLevel } from '@bo/contract/inventory/replenish';
import * as ep from '@bo/contract/inventory/replenish';
import { Alert, Select, Space, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Can, useCan } from '../../../shared/Can';
import { ExportButton } from '../../../shared/components/ExportButton';
import { useNotify } from '../../../shared/components/use-notify';
import { formatThousands } from '../../../shared/format';
import { type KitColumn, ListPage } from '../../../shared/kit/ListPage';
import { useKitList, useListRows } from '../../../shared/kit/use-list-query';
import { boardFilters, numberFilter } from '../components/stock-columns';
import { AdviceCell, DemandCell, StateTag, skuShopColumns } from './advice-cells';
import { RedGreenDrawer } from './RedGreenDrawer';
import { exportAdvice, replenishKeys, usePlansFromAdvice } from './replenish.queries';

type Made = { id: number; code: string; shopName: string; mode: string; skus: number }[];

function columns(t: TFunction): KitColumn<AdviceRow>[] {
  const n = formatThousands;
  return [
    ...skuShopColumns<AdviceRow>(t, 'rgl'),
    {
      key: 'state',
      sortable: true,
      priority: 'key',
      width: 70,
      title: t('replenish.column.state'),
      render: (_, r) => <StateTag r={r} />,
    },
    {
      key: 'stock',
      width: 110,
      align: 'right',
      title: t('replenish.column.stock'),
      render: (_, r) => `${n(r.fulfillable + r.reserved)} / ${n(r.inbound)}`,
    },
    {
      key: 'dailyDemand',
      sortable: true,
      width: 90,
      align: 'right',
      title: t('replenish.column.demand'),
      render: (_, r) => <DemandCell r={r} />,
    },
    {
      key: 'daysOfCover',
      sortable: true,
      priority: 'key',
      width: 90,
      align: 'right',
      title: t('replenish.column.cover'),
      render: (_, r) => (r.daysOfCover === null ? t('replenish.noCover') : t('inventory.days', { n: r.daysOfCover })),
    },
    {
      key: 'stockOutDate',
      sortable: true,
      priority: 'detail',
      width: 100,
      title: t('replenish.column.stockOut'),
      render: (_, r) => r.stockOutDate ?? '—',
    },
    {
      key: 'rop',
      priority: 'detail',
      width: 120,
      align: 'right',
      title: t('replenish.column.rop'),
      render: (_, r) => `${n(r.reorderPoint)} / ${n(r.safetyStock)}`,
    },
    {
      key: 'adviceUnits',
      sortable: true,
      priority: 'key',
      width: 140,
      title: t('replenish.column.advice'),
      render: (_, r) => <AdviceCell r={r} />,
    },
    {
      key: 'orderBy',
      sortable: true,
      width: 110,
      title: t('replenish.column.orderBy'),
      render: (_, r) =>
        r.orderBy === null || r.adviceUnits === 0 ? (
          '—'
        ) : (
          <>
            <Typography.Text type={r.orderBy < r.day ? 'danger' : undefined}>{r.orderBy}</Typography.Text>
            <div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {r.shipBy}
              </Typography.Text>
            </div>
          </>
        ),
    },
  ];
}

/** /replenish: the red-green line per SKU × marketplace, its advice, the chart of one SKU, plans from advice. */
export default function ReplenishPage() {
  const { t } = useTranslation();
  const can = useCan();
  const notify = useNotify();
  const navigate = useNavigate();
  const list = useKitList(ep.getAdviceList, replenishKeys.list);
  const { query } = list;
  const counts = (useListRows(ep.getAdviceList, list, replenishKeys.list).data as { counts?: Record<string, number> } | undefined)
    ?.counts;
  const [open, setOpen] = useState<AdviceRow | null>(null);
  const [made, setMade] = useState<Made | null>(null);
  const create = usePlansFromAdvice();
  const settings = { serviceLevel: query.serviceLevel, moq: query.moq, unitsPerCarton: query.unitsPerCarton };

  const makePlans = async (rows: readonly AdviceRow[]) => {
    const advised = rows.filter((r) => !r.eol && r.adviceUnits > 0);
    if (advised.length === 0) return notify.warning(t('replenish.nothingToPlan'));
    const res = await notify.run(
      () => create.mutateAsync({ items: advised.map((r) => ({ shopId: r.shopId, listingId: r.listingId })), ...settings }),
      (r) =>
        r.plans.length === 1
          ? t('replenish.createdOne', { code: r.plans[0]?.code })
          : t('replenish.created', { count: r.plans.length }),
    );
    if (!res) return;
    if (res.plans.length === 1 && res.plans[0]) navigate(`/editShipmentPlan?id=${res.plans[0].id}`);
    else setMade(res.plans);
  };

  const stateLabel = (s: (typeof ep.RGL_STATES)[number]) =>
    counts ? `${t(`replenish.state.${s}`)} (${counts[s] ?? 0})` : t(`replenish.state.${s}`);

  return (
    <>
      <ListPage
        testId="page-replenish"
        texts="replenish"
        list={list}
        filters={[
          ...boardFilters(t),
          {
            kind: 'select',
            key: 'state',
            placeholder: t('replenish.allStates'),
            width: 130,
            testId: 'rgl-state',
            options: ep.RGL_STATES.map((s) => ({ value: s, label: stateLabel(s) })),
          },
          {
            kind: 'custom',
            key: 'serviceLevel',
            render: (value, onChange) => (
              <Space size={4}>
                <Typography.Text type="secondary">{t('replenish.serviceLevel')}</Typography.Text>
                <Select
                  value={value as ServiceLevel}
                  onChange={onChange}
                  style={{ width: 84 }}
                  data-testid="rgl-service-level"
                  options={ep.SERVICE_LEVELS.map((s) => ({ value: s, label: `${Number(s) * 100}%` }))}
                />
              </Space>
            ),
          },
          numberFilter('moq', { label: t('replenish.moq'), min: 0, max: 100_000, width: 80, testId: 'rgl-moq' }),
          numberFilter('unitsPerCarton', {
            label: t('replenish.carton'),
            min: 1,
            max: 10_000,
            width: 80,
            testId: 'rgl-unitsPerCarton',
          }),
        ]}
        above={
          made ? (
            <Alert
              type="success"
              showIcon
              closable
              onClose={() => setMade(null)}
              data-testid="rgl-made"
              message={t('replenish.created', { count: made.length })}
              description={
                <Space wrap>
                  {made.map((p) => (
                    <Link key={p.id} to={`/editShipmentPlan?id=${p.id}`}>
                      {t('replenish.open', { code: p.code })} · {p.shopName} · {t(`replenish.mode.${p.mode as 'sea'}`)}
                    </Link>
                  ))}
                </Space>
              }
            />
          ) : undefined
        }
        toolbar={
          <Can permission="scm:replenish:export">
            <ExportButton label={t('replenish.export')} fetchFile={(o) => exportAdvice(query, o)} testId="rgl-export" />
          </Can>
        }
        bulkActions={
          can('scm:replenish:create')
            ? [{ key: 'plan', label: t('replenish.create'), run: makePlans, testId: 'rgl-create-plan' }]
            : undefined
        }
        columns={columns(t)}
        tableId="inventory.replenish"
        rowKey={(r) => `${r.shopId}|${r.listingId}`}
        tableTestId="rgl-table"
        tableProps={{
          onRow: (r) => ({
            // The selection box chooses the row for a plan; anywhere else opens its red-green line.
            onClick: (e) => {
              if (!(e.target as HTMLElement).closest('.ant-table-selection-column')) setOpen(r);
            },
            style: { cursor: 'pointer' },
          }),
        }}
        emptyText={t('replenish.empty')}
      />
      <RedGreenDrawer row={open} settings={settings} onClose={() => setOpen(null)} />
    </>
  );
}
