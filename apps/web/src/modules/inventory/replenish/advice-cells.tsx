/** The cells of an advice row the list and the drawer share: its state, and the advice with its mode and cartons. */
import type { AdviceRow } from '@bo/contract/inventory/replenish';
import { Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatThousands } from '../../../shared/format';

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
  if (r.adviceUnits === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <span data-testid={`rgl-advice-${r.sku}-${r.shopId}`}>
      <Typography.Text strong>{formatThousands(r.adviceUnits)}</Typography.Text>{' '}
      <Tag color={r.mode === 'air' ? 'magenta' : 'blue'}>{t(`replenish.mode.${r.mode}`)}</Tag>
      <div>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('replenish.cartons', { cartons: r.cartons, per: r.unitsPerCarton })}
        </Typography.Text>
      </div>
    </span>
  );
}
