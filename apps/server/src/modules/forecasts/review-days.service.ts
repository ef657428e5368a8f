/**
 * The chart of one estimate in review (/forecast/newAudit, `GET sales/rest/v2/forecasts/review-days`):
 * the listing's last 90 days of units and the stored forecast (daySalesOf, the chart of
 * /forecast/index), the forecast running to the estimate's last day (inside the horizon), and the
 * estimate per day: each period's units spread evenly over its days, so weeks and months sit on
 * the same axis as the daily forecast.
 */
import type { EndpointQuery } from '@bo/contract';
import type { reviewDays } from '@bo/contract/forecasts/estimates';
import { FORECAST_HORIZON } from '@bo/contract/forecasts/forecasts';
import type { RequestActor } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';
import type { ShopScope } from '../shops/shops/shop-scope';
import { estimateInScope, periodSpans } from './estimates.service';
import { daySalesOf } from './forecasts.service';
import { dayNum, isoOf } from './method/calendar';

export const REVIEW_HISTORY_DAYS = 90;

export async function reviewDaysOf(ctx: AppContext, actor: RequestActor, scope: ShopScope, q: EndpointQuery<typeof reviewDays>) {
  const e = await estimateInScope(ctx, actor, scope, q.estimateId);
  const spans = periodSpans(e.startDay, e.granularity, e.periods.length);
  const lastDay = spans.length > 0 ? (spans[spans.length - 1] as [number, number])[1] : dayNum(e.startDay);
  const days = await daySalesOf(ctx, scope, {
    listingId: e.listingId,
    historyDays: REVIEW_HISTORY_DAYS,
    forecastDays: FORECAST_HORIZON,
  });
  // The forecast as far as the estimate goes (at least a week), inside the horizon.
  const until = isoOf(Math.max(lastDay, (days.origin ? dayNum(days.origin) : lastDay) + 7));
  const forecast = days.forecast.filter((d) => d.day < until);
  const events = days.events.filter((d) => d.day < until);
  const estimate = spans.flatMap(([from, to], k) => {
    const perDay = Math.round(((e.periods[k] ?? 0) / (to - from)) * 10) / 10;
    return Array.from({ length: to - from }, (_, i) => ({ day: isoOf(from + i), units: perDay }));
  });
  return { ...days, forecast, events, estimate };
}
