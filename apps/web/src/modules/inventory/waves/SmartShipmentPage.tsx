import { DownOutlined, RightOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { MARKETS } from '@bo/contract';
import type { AdviceRow } from '@bo/contract/inventory/replenish';
import type { WaveSummary } from '@bo/contract/inventory/waves';
import { Button, Card, Empty, Input, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Can, useCan } from '../../../shared/Can';
import { FilterCard, Page } from '../../../shared/components/PageHead';
import { QueryStates } from '../../../shared/components/QueryStates';
import { useNotify } from '../../../shared/components/use-notify';
import { formatThousands } from '../../../shared/format';
import { useTexts } from '../../../shared/i18n/lang';
import { marketShortLabel, shopLabel } from '../../../shared/markets/markets';
import { FitTable } from '../../../shared/table/FitTable';
import { useLatestSearchParams } from '../../../shared/url-state';
import { AdviceTag, DecideModal, WaveActions } from './WaveParts';
import { useCreateSmartWave, useProposals, useWaiting } from './waves.queries';

type Decision = Parameters<typeof DecideModal>[0]['decision'];
const keyOf = (r: AdviceRow) => `${r.shopId}|${r.listingId}`;

/**
 * /smartShipment: next week's proposals (every red or amber advice row of the visible shops, never
 * EOL) grouped by marketplace, in the advised mode and whole cartons; ticked rows become a draft
 * wave (source smart) that opens on /shipmentPlanNext. Holders of the approve button also see the
 * waves waiting for them, with approve and reject in place.
 */
export default function SmartShipmentPage() {
  const { t, lang } = useTexts();
  const can = useCan();
  const notify = useNotify();
  const navigate = useNavigate();
  const [params, setParams] = useLatestSearchParams();
  const marketId = params.get('marketId') ? Number(params.get('marketId')) : undefined;
  const keyword = params.get('keyword') ?? '';
  const setParam = (k: string, v: string | undefined) =>
    setParams(
      (p) => {
        if (v === undefined || v === '') p.delete(k);
        else p.set(k, v);
        return p;
      },
      { replace: true },
    );
  const proposals = useProposals({ ...(marketId !== undefined ? { marketId } : {}), ...(keyword ? { keyword } : {}) });
  const approver = can('scm:shipment:smart:approve');
  const waiting = useWaiting(approver);
  const create = useCreateSmartWave();
  const [chosen, setChosen] = useState<string[]>([]);
  const [decision, setDecision] = useState<Decision>(null);
  /** Groups the user opened or closed; untouched, only the first marketplace is open. */
  const [folds, setFolds] = useState<Record<number, boolean>>({});
  const rows = proposals.data?.rows ?? [];
  const groups = [...new Set(rows.map((r) => r.marketId))].map((m) => ({
    marketId: m,
    rows: rows.filter((r) => r.marketId === m),
  }));
  const name = (r: AdviceRow) => (lang === 'zh-CN' ? r.productName : (r.productNameEn ?? r.productName)) ?? r.model ?? '';
  const isOpen = (marketId: number) => folds[marketId] ?? marketId === groups[0]?.marketId;
  const toggle = (marketId: number) => setFolds((f) => ({ ...f, [marketId]: !isOpen(marketId) }));

  const makeWave = async () => {
    const items = rows.filter((r) => chosen.includes(keyOf(r))).map((r) => ({ shopId: r.shopId, listingId: r.listingId }));
    const w = await notify.run(
      () => create.mutateAsync({ items, ...(proposals.data ? { shipWeek: proposals.data.shipWeek } : {}) }),
      (made) => t('waves.smartPage.created', { code: made.code }),
    );
    if (w) {
      setChosen([]);
      navigate(`/shipmentPlanNext?wave=${w.id}`);
    }
  };

  return (
    <Page
      testId="page-smart-shipment"
      texts="waves.smartPage"
      extra={
        <Can permission="scm:shipment:smart:create">
          <Button
            type="primary"
            icon={<ThunderboltOutlined />}
            disabled={chosen.length === 0}
            loading={create.isPending}
            onClick={() => void makeWave()}
            data-testid="smart-create-wave"
          >
            {t('waves.smartPage.createWave', { count: chosen.length })}
          </Button>
        </Can>
      }
    >
      {approver && (
        <Card title={t('waves.smartPage.waiting')} size="small" style={{ marginBottom: 16 }} data-testid="smart-waiting">
          <QueryStates pending={waiting.isPending} error={waiting.error} onRetry={() => void waiting.refetch()}>
            {(waiting.data ?? []).length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('waves.smartPage.noWaiting')} />
            ) : (
              <FitTable<WaveSummary>
                tableId="waves.smart.waiting"
                rowKey="id"
                size="small"
                pagination={false}
                dataSource={waiting.data ?? []}
                columns={[
                  {
                    key: 'code',
                    priority: 'key',
                    width: 110,
                    title: t('waves.column.code'),
                    render: (_, w) => (
                      <Link to={`/shipmentPlanNext?wave=${w.id}`} data-testid={`smart-waiting-${w.id}`}>
                        {w.code}
                      </Link>
                    ),
                  },
                  { key: 'kind', width: 90, title: t('waves.column.kind'), render: (_, w) => t(`waves.kind.${w.kind}`) },
                  { key: 'shipWeek', width: 110, title: t('waves.column.shipWeek'), render: (_, w) => w.shipWeek },
                  {
                    key: 'markets',
                    width: 120,
                    title: t('waves.column.markets'),
                    render: (_, w) => w.marketIds.map((m) => marketShortLabel(m)).join(' '),
                  },
                  { key: 'lines', width: 70, align: 'right', title: t('waves.column.lines'), render: (_, w) => w.lines },
                  {
                    key: 'units',
                    width: 100,
                    align: 'right',
                    title: t('waves.column.units'),
                    render: (_, w) => formatThousands(w.units),
                  },
                  { key: 'owner', width: 120, title: t('waves.column.owner'), render: (_, w) => w.ownerName },
                  {
                    key: 'actions',
                    priority: 'key',
                    width: 160,
                    title: '',
                    render: (_, w) => <WaveActions wave={w} onDecide={setDecision} smart />,
                  },
                ]}
              />
            )}
          </QueryStates>
        </Card>
      )}
      <FilterCard>
        <Space wrap>
          <Select
            allowClear
            style={{ width: 160 }}
            placeholder={t('waves.column.market')}
            value={marketId}
            onChange={(v) => setParam('marketId', v === undefined ? undefined : String(v))}
            options={MARKETS.map((m) => ({ value: m.id, label: marketShortLabel(m.id) }))}
            data-testid="smart-market"
          />
          <Input.Search
            allowClear
            defaultValue={keyword}
            style={{ width: 240 }}
            placeholder={t('waves.search')}
            onSearch={(v) => setParam('keyword', v.trim() || undefined)}
            data-testid="smart-keyword"
          />
          {proposals.data && (
            <Typography.Text type="secondary">{t('waves.smartPage.shipWeek', { week: proposals.data.shipWeek })}</Typography.Text>
          )}
        </Space>
      </FilterCard>
      <QueryStates pending={proposals.isPending} error={proposals.error} onRetry={() => void proposals.refetch()}>
        {groups.length === 0 ? (
          <Card>
            <Empty description={t('waves.smartPage.empty')} />
          </Card>
        ) : (
          <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
            {groups.map((g) => (
              <Card
                key={g.marketId}
                size="small"
                data-testid={`smart-market-${g.marketId}`}
                title={
                  // A group folds: the first marketplace is open, the others open on a click (a wall of every
                  // marketplace's rows at once was thousands of pixels tall).
                  <Button
                    type="text"
                    size="small"
                    icon={isOpen(g.marketId) ? <DownOutlined /> : <RightOutlined />}
                    onClick={() => toggle(g.marketId)}
                    aria-expanded={isOpen(g.marketId)}
                    data-testid={`smart-market-toggle-${g.marketId}`}
                    style={{ fontWeight: 600 }}
                  >
                    {marketShortLabel(g.marketId)}
                  </Button>
                }
                styles={isOpen(g.marketId) ? undefined : { body: { display: 'none' } }}
                extra={
                  <Typography.Text type="secondary">
                    {t('waves.smartPage.groupTotal', {
                      lines: g.rows.length,
                      units: formatThousands(g.rows.reduce((a, r) => a + r.adviceUnits, 0)),
                      cartons: formatThousands(g.rows.reduce((a, r) => a + r.cartons, 0)),
                    })}
                  </Typography.Text>
                }
              >
                <FitTable<AdviceRow>
                  tableId="waves.smart.proposals"
                  rowKey={keyOf}
                  size="small"
                  pagination={g.rows.length > 20 ? { pageSize: 20, size: 'small', showSizeChanger: false } : false}
                  dataSource={g.rows}
                  rowSelection={
                    can('scm:shipment:smart:create')
                      ? {
                          selectedRowKeys: chosen.filter((k) => g.rows.some((r) => keyOf(r) === k)),
                          onChange: (keys) =>
                            setChosen((all) => [...all.filter((k) => !g.rows.some((r) => keyOf(r) === k)), ...keys.map(String)]),
                        }
                      : undefined
                  }
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
                      width: 220,
                      title: t('waves.column.sku'),
                      render: (_, r) => (
                        <Space orientation="vertical" size={0}>
                          <Typography.Text>{r.sku}</Typography.Text>
                          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                            {name(r)}
                          </Typography.Text>
                        </Space>
                      ),
                    },
                    {
                      key: 'cover',
                      width: 90,
                      align: 'right',
                      title: t('waves.column.daysOfCover'),
                      render: (_, r) => r.daysOfCover ?? '-',
                    },
                    { key: 'stockOut', width: 110, title: t('waves.column.stockOut'), render: (_, r) => r.stockOutDate ?? '-' },
                    {
                      key: 'mode',
                      priority: 'key',
                      width: 80,
                      title: t('waves.column.mode'),
                      render: (_, r) => t(`shipments.mode.${r.mode}`),
                    },
                    {
                      key: 'shipBy',
                      priority: 'key',
                      width: 110,
                      title: t('waves.column.shipBy'),
                      render: (_, r) => <span data-testid={`smart-shipby-${keyOf(r)}`}>{r.shipBy ?? '-'}</span>,
                    },
                    {
                      key: 'units',
                      priority: 'key',
                      width: 130,
                      align: 'right',
                      title: `${t('waves.column.units')} · ${t('waves.column.cartons')}`,
                      render: (_, r) => `${formatThousands(r.adviceUnits)} · ${r.cartons} × ${r.unitsPerCarton}`,
                    },
                  ]}
                />
              </Card>
            ))}
          </Space>
        )}
      </QueryStates>
      <DecideModal decision={decision} onClose={() => setDecision(null)} smart />
    </Page>
  );
}
