import type { figuresSchema } from '@bo/contract/ppc/board';
import { Row } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { currencySymbol, formatCount, formatMargin, formatMoney, NONE } from '../../../sales/shared/sales-format';
import { KpiCard } from '../../components/KpiCard';

type Figures = z.infer<typeof figuresSchema>;

/** The period's totals: money in the reporting currency, ratios as percent, ROAS as a multiple. */
export function PpcKpiCards({ sum, currency }: { sum: Figures; currency: string }) {
  const { t } = useTranslation();
  const symbol = currencySymbol(currency);
  const cards: { key: keyof Figures; value: string }[] = [
    { key: 'spend', value: `${symbol} ${formatMoney(sum.spend)}` },
    { key: 'sales', value: `${symbol} ${formatMoney(sum.sales)}` },
    { key: 'acos', value: formatMargin(sum.acos) },
    { key: 'roas', value: sum.roas === null ? NONE : sum.roas.toFixed(2) },
    { key: 'impressions', value: formatCount(sum.impressions) },
    { key: 'clicks', value: formatCount(sum.clicks) },
    { key: 'ctr', value: formatMargin(sum.ctr) },
    { key: 'cpc', value: sum.cpc === null ? NONE : `${symbol} ${formatMoney(sum.cpc)}` },
    { key: 'orders', value: formatCount(sum.orders) },
    { key: 'cvr', value: formatMargin(sum.cvr) },
  ];
  return (
    <Row gutter={[12, 12]} data-testid="ppc-kpis">
      {cards.map((c) => (
        <KpiCard key={c.key} title={t(`ppc.metric.${c.key}`)} value={c.value} testId={`ppc-kpi-${c.key}`} />
      ))}
    </Row>
  );
}
