/** What /replenish, its drawer and /dullBoard share: the SKU and shop columns, the demand, the state and the advice. */
import type { AdviceRow, DullRow } from '@bo/contract/inventory/replenish';
import { Tag, Tooltip, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { SkuCell } from '../../../shared/components/SkuCell';
import { formatThousands } from '../../../shared/format';
import type { KitColumn } from '../../../shared/kit/ListPage';
import { shopLabel } from '../../../shared/markets/markets';

/** The SKU (with ASIN, model, product) and the shop, both sortable. */
export function skuShopColumns<R extends AdviceRow | DullRow>(t: TFunction, testPrefix: string): KitColumn<R>[] {
  return [
    {
      key: 'sku',
      sortable: true,
      priority: 'key',
      width: 220,
      title: 'SKU',
      render: (_, r) => <SkuCell r={r} testId={`${testPrefix}-sku-${r.sku}-${r.shopId}`} />,
    },
    {
      key: 'shopName',
      sortable: true,
      priority: 'key',
      width: 140,
      title: t('inventory.column.shop'),
      render: (_, r) => shopLabel(r.shopName, r.marketId),
    },
  ];
}

/** Daily demand; `~` when it is the 30-day sales average for want of a forecast. */
export function DemandCell({ r }: { r: AdviceRow | DullRow }) {
  const { t } = useTranslation();
  if (r.demandSource === 'forecast') return <>{r.dailyDemand}</>;
  return (
    <Tooltip title={t('replenish.averageFlag')}>
      <span>
        {r.dailyDemand} <Tag>~</Tag>
      </span>
    </Tooltip>
  );
}

const COLORS = { red: 'error', amber: 'warning', green: 'success' } as const;

export function StateTag({ r }: { r: AdviceRow }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t(`replenish.stateHint.${r.state}`)}>
      <Tag color={COLORS[r.state]} data-testid={`rgl-state-${r.sku}-${r.shopId}`}>
        {t(`replenish.state.${r.state}`)}
      </Tag>
    </Tooltip>
  );
}

export function AdviceCell({ r }: { r: AdviceRow }) {
  const { t } = useTranslation();
  if (r.eol)
    return (
      <Tooltip title={t('replenish.eolHint')}>
        <Tag>{t('replenish.eol')}</Tag>
      </Tooltip>
    );
  if (r.adviceUnits === 0 && !r.capped) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <span data-testid={`rgl-advice-${r.sku}-${r.shopId}`}>
      <Typography.Text strong>{formatThousands(r.adviceUnits)}</Typography.Text>{' '}
      <Tag color={r.mode === 'air' ? 'magenta' : 'blue'}>{t(`replenish.mode.${r.mode}`)}</Tag>
      {r.capped && (
        <Tooltip
          title={t('replenish.cappedHint', {
            limit: formatThousands(r.capacityLimit ?? 0),
            uncapped: formatThousands(r.uncappedUnits),
          })}
        >
          <Tag color="orange" data-testid={`rgl-capped-${r.sku}-${r.shopId}`}>
            {t('replenish.capped', { limit: formatThousands(r.capacityLimit ?? 0) })}
          </Tag>
        </Tooltip>
      )}
      <div>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('replenish.cartons', { cartons: r.cartons, per: r.unitsPerCarton })}
        </Typography.Text>
      </div>
    </span>
  );
}
