/**
 * The columns of the Sponsored Products reports (search term, targeting, campaign) and
 * the Sponsored Brands / Display campaign reports as the
 * ad console writes them: the old console's Title Case headers (some with a trailing
 * space, e.g. `Total Advertising Cost of Sales (ACOS) `, or `(ACoS)`), the newer
 * sentence-case exports, and both 7- and 14-day attribution columns. A header is
 * trimmed, lower-cased and its spaces collapsed before it is matched, so one pattern
 * reads every spelling.
 */
export type ReportField =
  | 'day'
  | 'startDate'
  | 'endDate'
  | 'currency'
  | 'country'
  | 'portfolio'
  | 'campaign'
  | 'adGroup'
  | 'targeting'
  | 'matchType'
  | 'searchTerm'
  | 'impressions'
  | 'clicks'
  | 'spend'
  | 'sales7'
  | 'sales14'
  | 'orders7'
  | 'orders14'
  | 'units7'
  | 'units14'
  | 'budget'
  | 'campaignStatus'
  | 'salesPlain'
  | 'ordersPlain'
  | 'unitsPlain';

const FIELDS: readonly [ReportField, RegExp][] = [
  ['day', /^(date|day)$/],
  ['startDate', /^start date$/],
  ['endDate', /^end date$/],
  ['currency', /^currency$/],
  ['country', /^(country|marketplace)$/],
  ['portfolio', /^portfolio name$/],
  ['campaign', /^campaign name$/],
  ['adGroup', /^ad group name$/],
  ['targeting', /^(targeting|keyword|keyword text)$/],
  ['matchType', /^match type$/],
  ['searchTerm', /^customer search term$/],
  ['impressions', /^impressions$/],
  ['clicks', /^clicks$/],
  ['spend', /^(spend|cost)$/],
  ['sales7', /^7 day total sales(?:| \([a-z]{3}\))$/],
  ['sales14', /^14 day total sales(?:| \([a-z]{3}\))$/],
  ['orders7', /^7 day total orders \(#\)$/],
  ['orders14', /^14 day total orders \(#\)$/],
  ['units7', /^7 day total units \(#\)$/],
  ['units14', /^14 day total units \(#\)$/],
  ['budget', /^(budget|daily budget)$/],
  ['campaignStatus', /^(campaign status|status)$/],
  // The newer Sponsored Brands / Display exports: 14-day figures without the window in the name.
  ['salesPlain', /^(sales|total sales)(?:| \([a-z]{3}\))$/],
  ['ordersPlain', /^(purchases|orders)(?:| \(#\))$/],
  ['unitsPlain', /^units sold(?:| \(#\))$/],
];

/** Each field's column as the ad console writes it: what a header diff names when the column is missing. */
export const REPORT_COLUMN_NAME: Readonly<Record<ReportField, string>> = {
  day: 'Date',
  startDate: 'Start Date',
  endDate: 'End Date',
  currency: 'Currency',
  country: 'Country',
  portfolio: 'Portfolio name',
  campaign: 'Campaign Name',
  adGroup: 'Ad Group Name',
  targeting: 'Targeting',
  matchType: 'Match Type',
  searchTerm: 'Customer Search Term',
  impressions: 'Impressions',
  clicks: 'Clicks',
  spend: 'Spend',
  sales7: '7 Day Total Sales',
  sales14: '14 Day Total Sales',
  orders7: '7 Day Total Orders (#)',
  orders14: '14 Day Total Orders (#)',
  units7: '7 Day Total Units (#)',
  units14: '14 Day Total Units (#)',
  budget: 'Budget',
  campaignStatus: 'Campaign Status',
  salesPlain: 'Sales',
  ordersPlain: 'Purchases',
  unitsPlain: 'Units sold',
};

/** Columns we know and derive ourselves or do not need (never "unexpected"). */
const KNOWN_OTHER = [
  /^click-thru rate \(ctr\)$/,
  /^click-through rate \(ctr\)$/,
  /^cost per click \(cpc\)$/,
  /^total advertising cost of sales \(acos\)$/,
  /^total return on advertising spend \(roas\)$/,
  /^(7|14) day conversion rate$/,
  /^(7|14) day advertised (sku|asin) (units|sales|orders)( \(#\))?$/,
  /^(7|14) day other (sku|asin) (units|sales|orders)( \(#\))?$/,
  /^(7|14) day (advertised|brand halo|other) .*$/,
  /^retailer$/,
  /^campaign type$/,
  /^targeting type$/,
  /^bidding strategy$/,
  /^top-of-search impression share$/,
  /^campaign budget( amount)?$/,
  /^campaign budget currency code$/,
  /^program type$/,
  // Sponsored Brands / Display columns we do not keep.
  /^(7|14) day (new-to-brand|detail page views|total sales - click|total orders \(#\) - click|total units \(#\) - click).*$/,
  /^(new-to-brand|detail page views|viewable impressions|view-through rate|video|5 second views|cost type|bid optimization|tactic|total cost|vcpm|dpv|brand searches).*$/,
  /^(campaign budget type|campaign rule-based budget.*|ad format|cost per thousand.*)$/,
];

export const normaliseReportHeader = (h: string) => h.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();

export interface HeaderMap {
  index: Map<ReportField, number>;
  unexpected: string[];
}

export function mapHeaders(cells: readonly string[]): HeaderMap {
  const index = new Map<ReportField, number>();
  const unexpected: string[] = [];
  cells.forEach((raw, i) => {
    const h = normaliseReportHeader(raw);
    if (!h) return;
    const hit = FIELDS.find(([, re]) => re.test(h));
    if (hit) {
      if (!index.has(hit[0])) index.set(hit[0], i);
    } else if (!KNOWN_OTHER.some((re) => re.test(h))) unexpected.push(raw.trim());
  });
  return { index, unexpected };
}

/** How many cells of a line are report headers (to find the header under a title row). */
export const headerScore = (cells: readonly string[]) => mapHeaders(cells).index.size;

/** Old console (Title Case, maybe trailing spaces) or the sentence-case exports. */
export function headerStyle(cells: readonly string[]): 'console-legacy' | 'sentence-case' {
  const title = cells.some(
    (c) =>
      /\s$/.test(c) || /^(Campaign Name|Ad Group Name|Customer Search Term|7 Day Total Sales|14 Day Total Sales)\s*$/.test(c),
  );
  return title ? 'console-legacy' : 'sentence-case';
}
