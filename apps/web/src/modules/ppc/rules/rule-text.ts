/**
 * How rules read on screen: ratio metrics are entered and shown in percent (the API holds
 * fractions), and a rule's conditions, action and schedule as one line each.
 */
import type { PpcMetric } from '@bo/contract/ppc/board';
import type { Rule, RuleActionSpec, RuleCondition } from '@bo/contract/ppc/rules';
import type { TFunction } from 'i18next';

export const PERCENT_METRICS: readonly PpcMetric[] = ['acos', 'ctr', 'cvr'];
export const isPercent = (m: PpcMetric) => PERCENT_METRICS.includes(m);

/** A condition value as entered (percent for ratios) to the API's (fraction), and back. */
export const toApiValue = (m: PpcMetric, v: number) => (isPercent(m) ? Math.round(v * 100) / 10000 : v);
export const toFormValue = (m: PpcMetric, v: number) => (isPercent(m) ? Math.round(v * 1000000) / 10000 : v);

const OP_SIGN = { gte: '≥', lte: '≤', gt: '>', lt: '<', eq: '=' } as const;

export const conditionText = (c: RuleCondition, t: TFunction) =>
  `${t(`ppc.metric.${c.metric}`)} ${OP_SIGN[c.op]} ${isPercent(c.metric) ? `${toFormValue(c.metric, c.value)}%` : c.value}`;

export const conditionsText = (groups: readonly RuleCondition[][], t: TFunction) =>
  groups
    .map((g) => g.map((c) => conditionText(c, t)).join(` ${t('ppc.rules.and')} `))
    .map((s) => (groups.length > 1 ? `(${s})` : s))
    .join(` ${t('ppc.rules.or')} `);

export const actionText = (a: RuleActionSpec, t: TFunction) => {
  if (a.type === 'add_negative')
    return t('ppc.rules.actionText.add_negative', {
      matchType: t(`ppc.rules.negativeMatchTypes.${a.negativeMatchType ?? 'negative_exact'}`),
      where: t(`ppc.rules.negativeLevels.${a.negativeLevel ?? 'ad_group'}`),
    });
  if (a.type === 'harvest')
    return `${t('ppc.rules.actionText.harvest', {
      matchType: t(`ppc.rules.harvestMatchTypes.${a.matchType ?? 'exact'}`),
      bid: t(`ppc.rules.harvestBidText.${a.bidMode ?? 'fixed'}`, { value: a.value ?? 0 }),
    })}${a.negateSource ? t('ppc.rules.negateSourceText') : ''}`;
  const limits = [
    a.floor != null ? t('ppc.rules.floorText', { value: a.floor }) : null,
    a.ceiling != null ? t('ppc.rules.ceilingText', { value: a.ceiling }) : null,
  ]
    .filter(Boolean)
    .join(', ');
  const main = t(`ppc.rules.actionText.${a.type}`, {
    value: Math.abs(a.value ?? 0),
    sign: (a.value ?? 0) < 0 ? '−' : '+',
    target: a.target === undefined ? '' : Math.round(a.target * 10000) / 100,
  });
  const text = limits ? `${main} (${limits})` : main;
  if (!a.stock) return text;
  return `${t(`ppc.rules.stock.short.${a.stock.when}`, { days: a.stock.days ?? 0 })}: ${text}${t('ppc.rules.stock.restoreSuffix')}`;
};

export const scheduleText = (r: Pick<Rule, 'scheduleHour'>, t: TFunction) =>
  r.scheduleHour === null ? t('ppc.rules.manualOnly') : t('ppc.rules.dailyAt', { hour: String(r.scheduleHour).padStart(2, '0') });

/** A change's value on screen (money with 2 decimals; states translated). */
export const valueText = (v: number | string | null, t: TFunction) =>
  v === null ? '-' : typeof v === 'number' ? v.toFixed(2) : t(`ppc.rules.state.${v}`, { defaultValue: v });
