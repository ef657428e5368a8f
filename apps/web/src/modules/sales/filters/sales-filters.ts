/**
 * The filters every sales screen shares (period, marketplaces, shops, product line,
 * product position), between the query string and the API. A link is read leniently:
 * a value the API would refuse is dropped, and a missing or invalid period becomes the
 * default one, so a pasted link always opens something sensible.
 */
import { MARKETS } from '@bo/contract';
import type { SalesFilter } from '@bo/contract/sales/sales-profit';
import { type Period, resolvePeriod } from '../../../shared/period/period-presets';

/** The query-string keys (the API's own names) and their defaults. */
export const SALES_FILTER_URL = {
  startDate: '',
  endDate: '',
  marketId: [],
  shopId: [],
  productLineId: '',
  productPositionId: '',
} as const satisfies Record<string, string | readonly string[]>;

export interface SalesFilterUrl {
  startDate: string;
  endDate: string;
  marketId: string[];
  shopId: string[];
  productLineId: string;
  productPositionId: string;
}

export interface SalesFilterState extends Period {
  marketIds: number[];
  shopIds: number[];
  productLineId: number | null;
  productPositionId: number | null;
}

const MARKET_IDS = new Set<number>(MARKETS.map((m) => m.id));

const positiveId = (text: string): number | null => {
  if (!/^\d{1,9}$/.test(text)) return null;
  const n = Number(text);
  return n > 0 ? n : null;
};

const uniqueSorted = (values: readonly (number | null)[]): number[] =>
  [...new Set(values.filter((v): v is number => v !== null))].sort((a, b) => a - b);

export function readSalesFilters(url: SalesFilterUrl, today: string): SalesFilterState {
  return {
    ...resolvePeriod({ startDate: url.startDate, endDate: url.endDate }, today),
    marketIds: uniqueSorted(url.marketId.map((v) => (/^\d{1,2}$/.test(v) && MARKET_IDS.has(Number(v)) ? Number(v) : null))),
    shopIds: uniqueSorted(url.shopId.map(positiveId)),
    productLineId: positiveId(url.productLineId),
    productPositionId: positiveId(url.productPositionId),
  };
}

/** The query-string patch for a change of filters (only the keys given). */
export function salesFilterPatch(patch: Partial<SalesFilterState>): Partial<SalesFilterUrl> {
  const out: Partial<SalesFilterUrl> = {};
  if (patch.startDate !== undefined) out.startDate = patch.startDate;
  if (patch.endDate !== undefined) out.endDate = patch.endDate;
  if (patch.marketIds !== undefined) out.marketId = uniqueSorted(patch.marketIds).map(String);
  if (patch.shopIds !== undefined) out.shopId = uniqueSorted(patch.shopIds).map(String);
  if (patch.productLineId !== undefined) out.productLineId = patch.productLineId === null ? '' : String(patch.productLineId);
  if (patch.productPositionId !== undefined)
    out.productPositionId = patch.productPositionId === null ? '' : String(patch.productPositionId);
  return out;
}

/** How many filters besides the period narrow the view. */
export const narrowingCount = (s: SalesFilterState): number =>
  (s.marketIds.length > 0 ? 1 : 0) + (s.shopIds.length > 0 ? 1 : 0) + (s.productLineId ? 1 : 0) + (s.productPositionId ? 1 : 0);

/** The API's filter query; empty filters are left out so that equal views share a cache key. */
export function toSalesQuery(s: SalesFilterState): SalesFilter {
  const q: SalesFilter = { startDate: s.startDate, endDate: s.endDate };
  if (s.marketIds.length) q.marketId = s.marketIds;
  if (s.shopIds.length) q.shopId = s.shopIds;
  if (s.productLineId) q.productLineId = s.productLineId;
  if (s.productPositionId) q.productPositionId = s.productPositionId;
  return q;
}
