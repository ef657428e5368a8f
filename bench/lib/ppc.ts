/**
 * The advertising area's part of the benchmark (issue #7): every PPC list and board call
 * alone (one connection, the latency one user sees) over the 30 days before the last day
 * with ad data, target p95 < 200 ms on the large data (≈1M performance rows), the /ppcMgr
 * lists of SP campaigns, ad groups, ads, keywords and targets among them.
 */
import pg from 'pg';
import type { SalesCall } from './sales';

export const PPC_TARGET_MS = 200;

export interface PpcData {
  lastDay: string;
  /** An advertised listing with the most ad spend in the window (the SKU analysis reads it). */
  listingId: number | null;
}

/** The last day of the campaign rollup and the busiest advertised listing of the 30 days before it; null without ad data. */
export async function ppcData(dbUrl: string): Promise<PpcData | null> {
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  try {
    const last = await c.query<{ d: string | null }>(`SELECT to_char(max(day), 'YYYY-MM-DD') AS d FROM ppc_campaign_day`);
    const lastDay = last.rows[0]?.d ?? null;
    if (!lastDay) return null;
    const l = await c.query<{ id: number }>(
      `SELECT listing_id AS id FROM ppc_sku_day WHERE day BETWEEN $1::date - 29 AND $1::date
        GROUP BY listing_id ORDER BY sum(spend_cents) DESC, listing_id LIMIT 1`,
      [lastDay],
    );
    return { lastDay, listingId: l.rows[0]?.id ?? null };
  } finally {
    await c.end();
  }
}

const iso = (d: Date) => d.toISOString().slice(0, 10);

/** Every PPC list and board call over the 30 days ending `lastDay`. */
export function ppcCalls(data: PpcData): SalesCall[] {
  const end = new Date(`${data.lastDay}T00:00:00Z`);
  const start = iso(new Date(end.getTime() - 29 * 86_400_000));
  const page = 'pageNum=1&pageSize=50';
  const paths: Array<[string, string]> = [
    ['skuPerform', `ppc/rest/v4/index/skuPerform?${page}&sortField=spend&sortOrder=desc`],
    ['skuPerformChart', 'ppc/rest/v1/index/skuPerformChart'],
    ['adGroupCost', `ppc/rest/v1/index/adGroupCost?${page}&sortField=spend&sortOrder=desc`],
    ['monitoring', `ppc/rest/v1/index/monitoring?${page}`],
    ['dashboard', 'ppc/rest/v1/index/dashboard'],
    ...(data.listingId
      ? [['skuAdvAnalysis', `ppc/rest/v1/index/skuAdvAnalysis?listingId=${data.listingId}`] as [string, string]]
      : []),
    ['report.campaign', `ppc/rest/v1/index/reportAnalysis?groupBy=campaign&compare=true&${page}`],
    ['report.adGroup', `ppc/rest/v1/index/reportAnalysis?groupBy=adGroup&${page}`],
    ['report.keyword', `ppc/rest/v1/index/reportAnalysis?groupBy=keyword&compare=true&${page}`],
    ['report.target', `ppc/rest/v1/index/reportAnalysis?groupBy=target&${page}`],
    ['report.searchTerm', `ppc/rest/v1/index/reportAnalysis?groupBy=searchTerm&${page}`],
    ['report.week', `ppc/rest/v1/index/reportAnalysis?groupBy=week&${page}`],
    ['outBudget', `ppc/rest/v1/index/outBudget?${page}`],
    ['suggestions.bid', `ppc/rest/v1/index/suggestions?kind=bid&${page}`],
    // The /ppcMgr lists of SP, unfiltered (every visible shop), sorted by spend.
    ...(['campaigns', 'adGroups', 'ads', 'keywords', 'targets'] as const).map(
      (l) => [`mgr.${l}`, `ppc/rest/v1/manager/sp/${l}?${page}&sortField=spend&sortOrder=desc`] as [string, string],
    ),
  ];
  return paths.map(([key, p]) => ({
    key: `ppc.${key}`,
    label: `${key} (30 days)`,
    path: `${p}${p.includes('?') ? '&' : '?'}startDate=${start}&endDate=${data.lastDay}`,
    window: '30 days' as const,
    targetMs: PPC_TARGET_MS,
  }));
}
