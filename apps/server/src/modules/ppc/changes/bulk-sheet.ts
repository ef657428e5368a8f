/**
 * The connector to the ad console: the changed entities as a bulk-operations sheet (the
 * 54-column layout `ads-bulk` imports), one row per entity touched by the filtered changes
 * with its CURRENT values — so a sheet is right whatever order the changes came in, and
 * uploading it twice changes nothing. Parents come before children (campaign, placements,
 * ad group, ad, keyword, target, negatives); an entity created and not yet exported is
 * `Create`, anything else `Update`. Each campaign type has its sheet and layout, as in the
 * console's bulk file: "Sponsored Products Campaigns" (the 54 columns), "Sponsored Brands
 * Campaigns" (budget type, brand, headline, landing page and creative columns; its placement
 * adjustments as Bidding Adjustment rows; ads as `Ad`) and "Sponsored Display Campaigns"
 * (budget type, SKU/ASIN, default bid, targeting expression; targets as `Contextual
 * Targeting`; Sponsored Display has no keywords, so keyword rows of an SD campaign are not
 * written).
 */
import { type SQL, sql } from 'drizzle-orm';

/** The performance columns every sheet carries, in the console's order. */
const METRIC_HEADERS = [
  'Impressions',
  'Clicks',
  'Click-through Rate',
  'Spend',
  'Sales',
  'Orders',
  'Units',
  'Conversion Rate',
  'ACOS',
  'CPC',
  'ROAS',
] as const;

export const BULK_HEADERS = [
  'Product',
  'Entity',
  'Operation',
  'Campaign ID',
  'Ad Group ID',
  'Portfolio ID',
  'Ad ID',
  'Keyword ID',
  'Product Targeting ID',
  'Campaign Name',
  'Ad Group Name',
  'Campaign Name (Informational only)',
  'Ad Group Name (Informational only)',
  'Portfolio Name (Informational only)',
  'Start Date',
  'End Date',
  'Targeting Type',
  'State',
  'Campaign State (Informational only)',
  'Ad Group State (Informational only)',
  'Daily Budget',
  'SKU',
  'ASIN (Informational only)',
  'Eligibility Status (Informational only)',
  'Reason for Ineligibility (Informational only)',
  'Ad Group Default Bid',
  'Ad Group Default Bid (Informational only)',
  'Bid',
  'Keyword Text',
  'Native Language Keyword',
  'Native Language Locale',
  'Match Type',
  'Bidding Strategy',
  'Placement',
  'Percentage',
  'Product Targeting Expression',
  'Resolved Product Targeting Expression (Informational only)',
  ...METRIC_HEADERS,
  'Audience ID',
  'Shopper Cohort Percentage',
  'Shopper Cohort Type',
  'Site Restriction',
  'Budget Currency (Informational only)',
  'Top-of-search Impression Share',
] as const;
export type BulkHeader = (typeof BULK_HEADERS)[number];

export interface BulkRow {
  rank: number;
  product: string;
  entity: string;
  operation: string;
  campaign_id: string | null;
  ad_group_id: string | null;
  campaign_name: string | null;
  ad_group_name: string | null;
  campaign_info: string | null;
  ad_group_info: string | null;
  start_date: string | null;
  end_date: string | null;
  targeting_type: string | null;
  state: string | null;
  daily_budget: number | null;
  sku: string | null;
  asin: string | null;
  default_bid: number | null;
  bid: number | null;
  keyword_text: string | null;
  match_type: string | null;
  bidding_strategy: string | null;
  placement: string | null;
  percentage: number | null;
  expression: string | null;
  currency: string | null;
  brand_name: string | null;
  headline: string | null;
  landing_asin: string | null;
}

/** The Sponsored Brands sheet's columns. */
export const SB_BULK_HEADERS = [
  'Product',
  'Entity',
  'Operation',
  'Campaign ID',
  'Portfolio ID',
  'Ad Group ID',
  'Ad ID',
  'Keyword ID',
  'Product Targeting ID',
  'Campaign Name',
  'Ad Group Name',
  'Ad Name',
  'Campaign Name (Informational only)',
  'Ad Group Name (Informational only)',
  'Portfolio Name (Informational only)',
  'Start Date',
  'End Date',
  'State',
  'Campaign State (Informational only)',
  'Ad Group State (Informational only)',
  'Budget Type',
  'Budget',
  'Bid Optimization',
  'Placement',
  'Percentage',
  'Bid',
  'Keyword Text',
  'Match Type',
  'Native Language Keyword',
  'Native Language Locale',
  'Product Targeting Expression',
  'Resolved Product Targeting Expression (Informational only)',
  'Landing Page URL',
  'Landing Page ASINs',
  'Brand Entity ID',
  'Brand Name',
  'Brand Logo Asset ID',
  'Creative Headline',
  'Creative ASINs',
  'Video Asset IDs',
  ...METRIC_HEADERS,
  'Budget Currency (Informational only)',
] as const;

/** The Sponsored Display sheet's columns. */
export const SD_BULK_HEADERS = [
  'Product',
  'Entity',
  'Operation',
  'Campaign ID',
  'Portfolio ID',
  'Ad Group ID',
  'Ad ID',
  'Targeting ID',
  'Campaign Name',
  'Ad Group Name',
  'Campaign Name (Informational only)',
  'Ad Group Name (Informational only)',
  'Portfolio Name (Informational only)',
  'Start Date',
  'End Date',
  'State',
  'Campaign State (Informational only)',
  'Ad Group State (Informational only)',
  'Tactic',
  'Budget Type',
  'Budget',
  'SKU',
  'ASIN (Informational only)',
  'Ad Group Default Bid',
  'Ad Group Default Bid (Informational only)',
  'Bid',
  'Bid Optimization',
  'Cost Type',
  'Targeting Expression',
  'Resolved Targeting Expression (Informational only)',
  ...METRIC_HEADERS,
  'Budget Currency (Informational only)',
] as const;

type Cell = (r: BulkRow) => string | number | null;

/** The columns every sheet fills alike: the row's product, entity, operation and where it sits. */
const ROW_CELLS = {
  Product: (r) => r.product,
  Entity: (r) => r.entity,
  Operation: (r) => r.operation,
  'Campaign ID': (r) => r.campaign_id,
  'Ad Group ID': (r) => r.ad_group_id,
  'Campaign Name': (r) => r.campaign_name,
  'Ad Group Name': (r) => r.ad_group_name,
  'Campaign Name (Informational only)': (r) => r.campaign_info,
  'Ad Group Name (Informational only)': (r) => r.ad_group_info,
  'Start Date': (r) => r.start_date,
  'End Date': (r) => r.end_date,
} satisfies Record<string, Cell>;
const CURRENCY_CELL = { 'Budget Currency (Informational only)': (r) => r.currency } satisfies Record<string, Cell>;

/** Which column of the sheet each field of a row fills. */
export const BULK_CELLS: Partial<Record<BulkHeader, Cell>> = {
  ...ROW_CELLS,
  'Targeting Type': (r) => r.targeting_type,
  State: (r) => r.state,
  'Daily Budget': (r) => r.daily_budget,
  SKU: (r) => r.sku,
  'ASIN (Informational only)': (r) => r.asin,
  'Ad Group Default Bid': (r) => r.default_bid,
  Bid: (r) => r.bid,
  'Keyword Text': (r) => r.keyword_text,
  'Match Type': (r) => r.match_type,
  'Bidding Strategy': (r) => r.bidding_strategy,
  Placement: (r) => r.placement,
  Percentage: (r) => r.percentage,
  'Product Targeting Expression': (r) => r.expression,
  ...CURRENCY_CELL,
};

const budgetType = (r: BulkRow) => (r.entity === 'Campaign' ? 'Daily' : null);

export const SB_BULK_CELLS: Partial<Record<(typeof SB_BULK_HEADERS)[number], Cell>> = {
  ...ROW_CELLS,
  State: (r) => r.state,
  'Budget Type': budgetType,
  Budget: (r) => r.daily_budget,
  Placement: (r) => r.placement,
  Percentage: (r) => r.percentage,
  Bid: (r) => r.bid,
  'Keyword Text': (r) => r.keyword_text,
  'Match Type': (r) => r.match_type,
  'Product Targeting Expression': (r) => r.expression,
  'Landing Page ASINs': (r) => r.landing_asin,
  'Brand Name': (r) => r.brand_name,
  'Creative Headline': (r) => r.headline,
  'Creative ASINs': (r) => r.asin,
  ...CURRENCY_CELL,
};

export const SD_BULK_CELLS: Partial<Record<(typeof SD_BULK_HEADERS)[number], Cell>> = {
  ...ROW_CELLS,
  State: (r) => r.state,
  'Budget Type': budgetType,
  Budget: (r) => r.daily_budget,
  SKU: (r) => r.sku,
  'ASIN (Informational only)': (r) => r.asin,
  'Ad Group Default Bid': (r) => r.default_bid,
  Bid: (r) => r.bid,
  'Targeting Expression': (r) => r.expression,
  ...CURRENCY_CELL,
};

/** The sheets of the bulk file, in the console's order, each with its campaign type and layout. */
export const BULK_SHEETS = [
  { type: 'sp', name: 'Sponsored Products Campaigns', headers: BULK_HEADERS, cells: BULK_CELLS },
  { type: 'sb', name: 'Sponsored Brands Campaigns', headers: SB_BULK_HEADERS, cells: SB_BULK_CELLS },
  { type: 'sd', name: 'Sponsored Display Campaigns', headers: SD_BULK_HEADERS, cells: SD_BULK_CELLS },
] as const satisfies readonly {
  type: 'sp' | 'sb' | 'sd';
  name: string;
  headers: readonly string[];
  cells: Partial<Record<string, Cell>>;
}[];

const PRODUCT = sql`CASE c.campaign_type WHEN 'sb' THEN 'Sponsored Brands' WHEN 'sd' THEN 'Sponsored Display' ELSE 'Sponsored Products' END`;
const OPERATION = sql`CASE WHEN t.created THEN 'Create' ELSE 'Update' END`;
const STRATEGY = sql`CASE c.bidding_strategy WHEN 'down_only' THEN 'Dynamic bids - down only'
  WHEN 'up_and_down' THEN 'Dynamic bids - up and down' WHEN 'fixed' THEN 'Fixed bid' WHEN 'legacy' THEN 'Legacy for sales' END`;
const ymd = (col: SQL) => sql`to_char(${col}, 'YYYYMMDD')`;

/**
 * The rows of one campaign type's sheet for the changes `where` selects (on `ch`).
 * `touched` is computed once; each entity type reads its current row.
 */
export function bulkSheetQuery(where: SQL, type: 'sp' | 'sb' | 'sd' = 'sp'): SQL {
  const base = (rank: number, entity: SQL, operation: SQL, rest: SQL) => sql`
    SELECT ${rank} AS rank, ${PRODUCT} AS product, ${entity} AS entity, ${operation} AS operation, ${rest}`;
  // Columns in BulkRow order after operation; each branch fills what its entity has.
  const cols = (o: Partial<Record<keyof BulkRow, SQL>>) =>
    sql.join(
      (
        [
          'campaign_id',
          'ad_group_id',
          'campaign_name',
          'ad_group_name',
          'campaign_info',
          'ad_group_info',
          'start_date',
          'end_date',
          'targeting_type',
          'state',
          'daily_budget',
          'sku',
          'asin',
          'default_bid',
          'bid',
          'keyword_text',
          'match_type',
          'bidding_strategy',
          'placement',
          'percentage',
          'expression',
          'currency',
          'brand_name',
          'headline',
          'landing_asin',
        ] as const
      ).map((k) => {
        const numeric = ['daily_budget', 'default_bid', 'bid', 'percentage'].includes(k);
        return sql`${o[k] ?? (numeric ? sql`NULL::float8` : sql`NULL::text`)} AS ${sql.raw(k)}`;
      }),
      sql`, `,
    );
  // What the rows of an ad group's entities (and of a campaign's negatives) say of where they sit.
  const inGroup = {
    campaign_id: sql`c.external_id`,
    ad_group_id: sql`g.external_id`,
    campaign_info: sql`c.name`,
    ad_group_info: sql`g.name`,
    state: sql`e.state`,
  };
  const child = (t: string) => sql`
    JOIN ${sql.raw(t)} e ON e.id = t.entity_id
    JOIN ppc_campaigns c ON c.id = e.campaign_id
    LEFT JOIN ppc_ad_groups g ON g.id = e.ad_group_id`;
  return sql`
    WITH touched AS (
      SELECT ch.entity_type, ch.entity_id, bool_or(ch.field = 'create' AND ch.exported_at IS NULL) AS created
        FROM ppc_changes ch WHERE ${where} GROUP BY 1, 2
    ), rows AS (
      ${base(
        0,
        sql`'Campaign'`,
        OPERATION,
        cols({
          campaign_id: sql`c.external_id`,
          campaign_name: sql`c.name`,
          start_date: ymd(sql`c.start_date`),
          end_date: ymd(sql`c.end_date`),
          targeting_type: sql`CASE c.targeting WHEN 'auto' THEN 'Auto' WHEN 'manual' THEN 'Manual' END`,
          state: sql`c.state`,
          daily_budget: sql`c.daily_budget::float8`,
          bidding_strategy: STRATEGY,
          currency: sql`pr.currency`,
          brand_name: sql`c.brand_name`,
          headline: sql`c.headline`,
          landing_asin: sql`c.landing_asin`,
        }),
      )}, c.name AS sort_campaign, '' AS sort_group, c.id AS sort_id
        FROM touched t JOIN ppc_campaigns c ON c.id = t.entity_id LEFT JOIN ppc_profiles pr ON pr.shop_id = c.shop_id
       WHERE t.entity_type = 'campaign' AND c.campaign_type = ${type}
      UNION ALL
      ${base(
        1,
        sql`'Bidding Adjustment'`,
        sql`'Update'`,
        cols({
          campaign_id: sql`c.external_id`,
          campaign_info: sql`c.name`,
          bidding_strategy: STRATEGY,
          placement: sql`CASE p.placement WHEN 'top_of_search' THEN 'Placement Top'
            WHEN 'product_pages' THEN 'Placement Product Page' ELSE 'Placement Rest Of Search' END`,
          percentage: sql`p.bid_adjustment_pct::float8`,
        }),
      )}, c.name, '', c.id
        FROM touched t JOIN ppc_campaigns c ON c.id = t.entity_id JOIN ppc_placements p ON p.campaign_id = c.id
       WHERE t.entity_type = 'campaign' AND c.campaign_type = ${type} AND c.campaign_type <> 'sd'
      UNION ALL
      ${base(
        2,
        sql`'Ad Group'`,
        OPERATION,
        cols({
          campaign_id: sql`c.external_id`,
          ad_group_id: sql`e.external_id`,
          campaign_info: sql`c.name`,
          ad_group_name: sql`e.name`,
          state: sql`e.state`,
          default_bid: sql`e.default_bid::float8`,
        }),
      )}, c.name, e.name, e.id
        FROM touched t JOIN ppc_ad_groups e ON e.id = t.entity_id JOIN ppc_campaigns c ON c.id = e.campaign_id
       WHERE t.entity_type = 'ad_group' AND c.campaign_type = ${type}
      UNION ALL
      ${base(
        3,
        sql`CASE c.campaign_type WHEN 'sb' THEN 'Ad' ELSE 'Product Ad' END`,
        OPERATION,
        cols({
          ...inGroup,
          sku: sql`e.sku`,
          asin: sql`e.asin`,
        }),
      )}, c.name, g.name, e.id
        FROM touched t ${child('ppc_product_ads')} WHERE t.entity_type = 'product_ad' AND c.campaign_type = ${type}
      UNION ALL
      ${base(
        4,
        sql`'Keyword'`,
        OPERATION,
        cols({
          ...inGroup,
          bid: sql`e.bid::float8`,
          keyword_text: sql`e.keyword_text`,
          match_type: sql`e.match_type`,
        }),
      )}, c.name, g.name, e.id
        FROM touched t ${child('ppc_keywords')}
       WHERE t.entity_type = 'keyword' AND c.campaign_type = ${type} AND c.campaign_type <> 'sd'
      UNION ALL
      ${base(
        5,
        sql`CASE c.campaign_type WHEN 'sd' THEN 'Contextual Targeting' ELSE 'Product Targeting' END`,
        OPERATION,
        cols({
          ...inGroup,
          bid: sql`e.bid::float8`,
          expression: sql`e.expression`,
        }),
      )}, c.name, g.name, e.id
        FROM touched t ${child('ppc_targets')} WHERE t.entity_type = 'target' AND c.campaign_type = ${type}
      UNION ALL
      ${base(
        6,
        sql`CASE WHEN e.ad_group_id IS NULL THEN 'Campaign Negative Keyword' ELSE 'Negative Keyword' END`,
        OPERATION,
        cols({
          ...inGroup,
          keyword_text: sql`e.keyword_text`,
          match_type: sql`replace(e.match_type, '_', ' ')`,
        }),
      )}, c.name, coalesce(g.name, ''), e.id
        FROM touched t ${child('ppc_negative_keywords')}
       WHERE t.entity_type = 'negative_keyword' AND c.campaign_type = ${type} AND c.campaign_type <> 'sd'
      UNION ALL
      ${base(
        7,
        sql`CASE WHEN e.ad_group_id IS NULL THEN 'Campaign Negative Product Targeting' ELSE 'Negative Product Targeting' END`,
        OPERATION,
        cols({
          ...inGroup,
          expression: sql`'asin="' || e.asin || '"'`,
        }),
      )}, c.name, coalesce(g.name, ''), e.id
        FROM touched t ${child('ppc_negative_products')}
       WHERE t.entity_type = 'negative_product' AND c.campaign_type = ${type}
    )
    SELECT * FROM rows ORDER BY rank, sort_campaign, sort_group, sort_id`;
}
