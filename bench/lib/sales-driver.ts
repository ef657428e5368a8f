/**
 * The sales_profit lists and the dashboard's calls through node-postgres alone: the
 * statements one request of `GET /api/sales/rest/v1/listings/{sku|shop|product_lines|
 * sale_director}/sales_profit` (sorted by revenue, page 1, no keyword or narrowing) and of
 * `dashboard/{kpis,trend,markets,skus}` issues, in the same order and the same way (what
 * the service runs at once, on two connections; the SKU page in a transaction with
 * parallel workers off), so the bench can show API req/s ÷ driver req/s beside each row.
 *
 * The SQL is copied from the server; every piece names the function it comes from. When
 * those change, change them here too: before it measures, the bench compares a figure of
 * the driver's answer (row count, total, units) with the API's reply, so a copy that
 * drifted stops the run.
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { Scenario } from './driver';

/** Server defaults (apps/server/src/config.ts). */
const IDLE_SECONDS = 30 * 60;

/**
 * resolveSession() in apps/server/src/platform/auth/sessions.service.ts, as it runs when
 * the grants of the session's user are cached (every request after the first).
 * $1 idle seconds, $2 touch seconds, $3 token hash.
 */
const SESSION_SQL = `
    SELECT s.id, s.user_id, s.impersonator_user_id,
           s.revoked_at IS NOT NULL AS revoked,
           s.expires_at <= now() AS expired,
           s.last_seen_at <= now() - make_interval(secs => $1) AS idle,
           s.last_seen_at <= now() - make_interval(secs => $2) AS touch,
           u.account_id, u.login_name, u.user_name, u.user_type, u.builtin, u.enabled AND u.state = 'active' AS enabled,
           (s.impersonator_user_id IS NULL OR EXISTS (
              SELECT 1 FROM users iu JOIN sessions ps ON ps.id = s.parent_session_id
               WHERE iu.id = s.impersonator_user_id AND iu.enabled AND ps.revoked_at IS NULL
                 AND ps.expires_at > now())) AS impersonator_ok,
           (SELECT epoch::text FROM authz_epoch WHERE id = 1) AS epoch
      FROM sessions s JOIN users u ON u.id = s.user_id
     WHERE s.token_hash = $3`;
const TOUCH_SQL = 'UPDATE sessions SET last_seen_at = now() WHERE id = $1';

/**
 * visibleShopIds() → listShops() in apps/server/src/modules/shops/shops/shops.repository.ts,
 * for an internal user (scopeOf(): every shop of the account). $1 account id.
 */
const SHOPS_SQL = `
    SELECT
  s.id, s.account_id AS "accountId", s.name, s.seller_id AS "sellerId", s.market_id AS "marketId",
  s.mws_url AS "mwsUrl", s.mws_auth_state AS "mwsAuthState", s.ppc_state AS "ppcState",
  s.sp_auth_state AS "spAuthState", s.version FROM shops s WHERE s.account_id = $1 AND s.mws_auth_state <> 2  ORDER BY s.market_id, lower(s.name), s.id`;

/** Positional parameters, numbered as they are added (drizzle numbers them the same way). */
class Params {
  readonly values: unknown[] = [];
  p(v: unknown): string {
    this.values.push(v);
    return `$${this.values.length}`;
  }
  /** intSet() in apps/server/src/db/sql.ts. */
  intSet(ids: readonly number[]): string {
    return `(SELECT (jsonb_array_elements_text(${this.p(JSON.stringify(ids))}::jsonb))::int)`;
  }
}

/** SUM_SELECT in apps/server/src/modules/sales/profit/sales-query.ts. */
const SUM_SELECT = `sum(units)::bigint AS units, sum(orders)::bigint AS orders, sum(revenue) AS revenue,
  sum(refunds) AS refunds, sum(fees) AS fees, sum(ad_spend) AS ad_spend, sum(cogs) AS cogs, sum(other_costs) AS other_costs`;

/** daySource() in sales-query.ts, without a keyword: the segment rollup; common() with the shops only. */
function daySource(x: Params, start: string, end: string, shopIds: readonly number[]): string {
  return `
    SELECT s.day, s.shop_id, s.market_id, s.product_line_id, s.position_id, s.settlement,
           s.units, s.orders, s.revenue, s.refunds, s.fees, s.ad_spend, s.cogs, s.other_costs
      FROM sales_segment_day s
     WHERE s.day BETWEEN ${x.p(start)}::date AND ${x.p(end)}::date AND s.shop_id IN ${x.intSet(shopIds)}`;
}

type CoverUnit = 'day' | 'week' | 'month';

/** coverPeriod() in sales-query.ts: the fewest rollup rows that cover a period exactly. */
export function coverPeriod(start: string, end: string): Array<{ unit: CoverUnit; from: string; to: string }> {
  const t0 = Date.parse(`${start}T00:00:00Z`);
  const n = Math.round((Date.parse(`${end}T00:00:00Z`) - t0) / 86_400_000) + 1;
  if (n <= 0) return [];
  const dayAt = (i: number) => new Date(t0 + i * 86_400_000);
  const cost = new Array<number>(n + 1).fill(Number.POSITIVE_INFINITY);
  const step = new Array<{ from: number; unit: CoverUnit }>(n + 1);
  cost[0] = 0;
  const weight: Record<CoverUnit, number> = { day: 1, week: 1.2, month: 1.3 };
  for (let i = 0; i < n; i++) {
    const here = cost[i] as number;
    const d = dayAt(i);
    const moves: Array<[CoverUnit, number]> = [['day', i + 1]];
    if (d.getUTCDay() === 1) moves.push(['week', i + 7]);
    if (d.getUTCDate() === 1) {
      const next = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
      moves.push(['month', i + Math.round((next - d.getTime()) / 86_400_000)]);
    }
    for (const [unit, j] of moves) {
      if (j <= n && here + weight[unit] < (cost[j] as number)) {
        cost[j] = here + weight[unit];
        step[j] = { from: i, unit };
      }
    }
  }
  const blocks: Array<{ unit: CoverUnit; from: number; to: number }> = [];
  for (let j = n; j > 0; ) {
    const s = step[j] as { from: number; unit: CoverUnit };
    blocks.unshift({ unit: s.unit, from: s.from, to: j - 1 });
    j = s.from;
  }
  const ranges: Array<{ unit: CoverUnit; from: string; to: string }> = [];
  const iso = (i: number) => dayAt(i).toISOString().slice(0, 10);
  for (const b of blocks) {
    const last = ranges[ranges.length - 1];
    if (last && last.unit === b.unit && last.to === iso(b.from - 1)) last.to = iso(b.to);
    else ranges.push({ unit: b.unit, from: iso(b.from), to: iso(b.to) });
  }
  return ranges;
}

const CENT_COLUMNS = [
  'units',
  'orders',
  'revenue_cents',
  'refunds_cents',
  'fees_cents',
  'ad_spend_cents',
  'cogs_cents',
  'other_costs_cents',
];
const ROLLUP_OF: Record<CoverUnit, { table: string; column: string }> = {
  day: { table: 'sales_listing_day', column: 'day' },
  week: { table: 'sales_listing_week', column: 'week' },
  month: { table: 'sales_listing_month', column: 'month' },
};

/** listingCents() in sales-query.ts: one row per listing with its sums of the period, in cents. */
function listingCents(x: Params, start: string, end: string, shopIds: readonly number[]): string {
  const parts: string[] = [];
  const ranges = coverPeriod(start, end);
  for (const unit of ['month', 'week', 'day'] as const) {
    const mine = ranges.filter((r) => r.unit === unit);
    if (mine.length === 0) continue;
    const { table, column } = ROLLUP_OF[unit];
    const within = mine.map((r) => `r.${column} BETWEEN ${x.p(r.from)}::date AND ${x.p(r.to)}::date`).join(' OR ');
    parts.push(`
      SELECT r.listing_id, r.units, r.orders, r.revenue_cents, r.refunds_cents, r.fees_cents, r.ad_spend_cents,
             r.cogs_cents, r.other_costs_cents
        FROM ${table} r
       WHERE (${within}) AND r.shop_id IN ${x.intSet(shopIds)}`);
  }
  return `
    SELECT listing_id, ${CENT_COLUMNS.map((c) => `sum(${c})::bigint AS ${c}`).join(', ')}
      FROM (${parts.join(' UNION ALL ')}) c
     GROUP BY listing_id`;
}

/** centsAsMoney() in sales-query.ts. */
const centsAsMoney = (cents: string) => `
  SELECT c.*, (c.revenue_cents / 100.0)::numeric(16,2) AS revenue, (c.refunds_cents / 100.0)::numeric(16,2) AS refunds,
         (c.fees_cents / 100.0)::numeric(16,2) AS fees, (c.ad_spend_cents / 100.0)::numeric(16,2) AS ad_spend,
         (c.cogs_cents / 100.0)::numeric(16,2) AS cogs, (c.other_costs_cents / 100.0)::numeric(16,2) AS other_costs
    FROM (${cents}) c`;

/** namedListings() in apps/server/src/modules/sales/profit/sales-profit.service.ts. */
const namedListings = (sums: string) => `
  SELECT agg.*, sk.sku, li.asin, li.shop_id, sh.name AS shop_name, li.market_id, li.title,
         pl.id AS product_line_id, pl.name AS product_line_name
    FROM (${sums}) agg
    JOIN listings li ON li.id = agg.listing_id
    JOIN skus sk ON sk.id = li.sku_id
    JOIN shops sh ON sh.id = li.shop_id
    JOIN products pr ON pr.id = sk.product_id
    LEFT JOIN product_lines pl ON pl.id = pr.product_line_id`;

/** BREAKDOWNS[…].rows in sales-profit.service.ts, for the three day-grained breakdowns. */
const ROWS: Record<'shop' | 'product_line' | 'sale_director', { rows: (src: string) => string; tieBreak: string }> = {
  shop: {
    rows: (src) => `
      SELECT agg.*, sh.name AS shop_name, sh.market_id
        FROM (SELECT shop_id, ${SUM_SELECT} FROM (${src}) src GROUP BY shop_id) agg
        JOIN shops sh ON sh.id = agg.shop_id`,
    tieBreak: 'shop_id',
  },
  product_line: {
    rows: (src) => `
      SELECT agg.*, pl.name AS product_line_name, pl.name_en AS product_line_name_en, p.name AS parent_name
        FROM (SELECT product_line_id, ${SUM_SELECT} FROM (${src}) src GROUP BY product_line_id) agg
        JOIN product_lines pl ON pl.id = agg.product_line_id
        LEFT JOIN product_lines p ON p.id = pl.parent_id`,
    tieBreak: 'product_line_id',
  },
  sale_director: {
    rows: (src) => `
      SELECT agg.*, u.user_name AS director_name
        FROM (SELECT coalesce(t.director_user_id, 0) AS director_id, ${SUM_SELECT},
                     coalesce(array_agg(DISTINCT t.name) FILTER (WHERE t.name IS NOT NULL), '{}') AS team_names
                FROM (SELECT product_line_id, ${SUM_SELECT} FROM (${src}) d GROUP BY product_line_id) src
                LEFT JOIN sales_team_lines tl ON tl.product_line_id = src.product_line_id
                LEFT JOIN sales_teams t ON t.id = tl.team_id
               GROUP BY coalesce(t.director_user_id, 0)) agg
        LEFT JOIN users u ON u.id = agg.director_id`,
    tieBreak: 'director_id',
  },
};

export type SalesDimension = 'sku' | 'shop' | 'product_line' | 'sale_director';

/** How the API's reply is compared with the driver copy's answer before the runs. */
type Figure = (data: unknown) => number;
const total: Figure = (d) => (d as { total: number }).total;
const length: Figure = (d) => (d as unknown[]).length;

interface Copy {
  /** What the driver copy's answer means, for the check. */
  figure: Figure;
  work: string;
  make: (o: { hash: string; start: string; end: string; q: URLSearchParams }) => (pool: pg.Pool) => Promise<number>;
}

const LIST_WORK = 'session + visible shops, then the page and the totals at once (list() in sales-profit.service.ts)';

/** The bench's sales call keys (bench/lib/sales.ts) that have a driver copy. */
const COPIES: Record<string, Copy> = {
  sku: { figure: total, work: LIST_WORK, make: (o) => listRequest(o, 'sku', 'revenue', Number(o.q.get('pageSize') ?? 50)) },
  shop: { figure: total, work: LIST_WORK, make: (o) => listRequest(o, 'shop', 'revenue', Number(o.q.get('pageSize') ?? 50)) },
  productLine: {
    figure: total,
    work: LIST_WORK,
    make: (o) => listRequest(o, 'product_line', 'revenue', Number(o.q.get('pageSize') ?? 50)),
  },
  director: {
    figure: total,
    work: LIST_WORK,
    make: (o) => listRequest(o, 'sale_director', 'revenue', Number(o.q.get('pageSize') ?? 50)),
  },
  topSkus: {
    figure: length,
    work: 'session + visible shops, then the SKU page by profit and the totals at once (skus() → list() in dashboard.service.ts)',
    make: (o) => listRequest(o, 'sku', 'profit', Number(o.q.get('limit') ?? 10)),
  },
  kpis: {
    figure: (d) => (d as { current: { units: number } }).current.units,
    work: 'session + visible shops, then the totals of the period and of the one before at once (kpis() in dashboard.service.ts)',
    make: (o) => async (pool) => {
      const shopIds = await sessionAndShops(pool, o.hash);
      const days = Math.round((Date.parse(o.end) - Date.parse(o.start)) / 86_400_000) + 1;
      const prevStart = addDays(o.start, -days);
      const prevEnd = addDays(o.start, -1);
      const a = new Params();
      const b = new Params();
      const [current] = await Promise.all([
        pool.query<{ units: string }>(`SELECT ${SUM_SELECT} FROM (${daySource(a, o.start, o.end, shopIds)}) src`, a.values),
        pool.query(`SELECT ${SUM_SELECT} FROM (${daySource(b, prevStart, prevEnd, shopIds)}) src`, b.values),
      ]);
      return Number(current.rows[0]?.units ?? 0);
    },
  },
  trend: {
    figure: (d) => (d as { points: unknown[] }).points.length,
    work: 'session + visible shops + the buckets joined to the day rollup (trend() in dashboard.service.ts)',
    make: (o) => async (pool) => {
      const shopIds = await sessionAndShops(pool, o.hash);
      const g = o.q.get('granularity') ?? 'day';
      if (!['day', 'week', 'month'].includes(g)) throw new Error(`granularity ${g}`);
      const x = new Params();
      const startP = x.p(o.start);
      const endP = x.p(o.end);
      const text = `
    WITH buckets AS (
      SELECT to_char(b, 'YYYY-MM-DD') AS bucket
        FROM generate_series(date_trunc('${g}', ${startP}::date), ${endP}::date, '1 ${g}'::interval) b
    ), agg AS (
      SELECT to_char(date_trunc('${g}', src.day), 'YYYY-MM-DD') AS bucket,
             ${SUM_SELECT}, min(settlement) AS settlement
        FROM (${daySource(x, o.start, o.end, shopIds)}) src
       GROUP BY 1
    )
    SELECT b.bucket, a.units, a.orders, a.revenue, a.refunds, a.fees, a.ad_spend, a.cogs, a.other_costs, a.settlement
      FROM buckets b LEFT JOIN agg a ON a.bucket = b.bucket ORDER BY b.bucket`;
      return (await pool.query(text, x.values)).rows.length;
    },
  },
  markets: {
    figure: length,
    work: 'session + visible shops + the day rollup by marketplace (markets() in dashboard.service.ts)',
    make: (o) => async (pool) => {
      const shopIds = await sessionAndShops(pool, o.hash);
      const x = new Params();
      const text = `SELECT market_id, ${SUM_SELECT}
          FROM (${daySource(x, o.start, o.end, shopIds)}) src GROUP BY market_id ORDER BY sum(revenue) DESC, market_id`;
      return (await pool.query(text, x.values)).rows.length;
    },
  },
};

/** addDays() in sales-query.ts. */
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

export interface SalesDriverCopy {
  work: string;
  /** One request; answers the figure `apiFigure` reads from the API's reply. */
  request: (pool: pg.Pool) => Promise<number>;
  apiFigure: Figure;
}

/** The driver copy of a bench sales call (`sales.<key>.<window>`, its path), or null when there is none. */
export function salesDriverCopy(callKey: string, path: string, token: string): SalesDriverCopy | null {
  const copy = COPIES[callKey.split('.')[1] ?? ''];
  if (!copy) return null;
  const q = new URL(path, 'http://x/').searchParams;
  const hash = createHash('sha256').update(token).digest('hex');
  const start = q.get('startDate');
  const end = q.get('endDate');
  if (!start || !end) return null;
  return { work: copy.work, request: copy.make({ hash, start, end, q }), apiFigure: copy.figure };
}

/** The session (requireSession → resolveSession), then resolveFilter() → visibleShopIds(). */
async function sessionAndShops(pool: pg.Pool, hash: string): Promise<number[]> {
  const s = await pool.query<{ id: string; account_id: number; touch: boolean; revoked: boolean; enabled: boolean }>(
    SESSION_SQL,
    [IDLE_SECONDS, Math.min(30, IDLE_SECONDS / 4), hash],
  );
  const session = s.rows[0];
  if (!session || session.revoked || !session.enabled) throw new Error('driver: the session does not resolve');
  if (session.touch) await pool.query(TOUCH_SQL, [session.id]);
  return (await pool.query<{ id: number }>(SHOPS_SQL, [session.account_id])).rows.map((r) => r.id);
}

/** PROFIT in sales-query.ts, and orderByCents()'s profit over the cent columns. */
const PROFIT = '(revenue - refunds - fees - ad_spend - cogs - other_costs)';
const PROFIT_CENTS = '(revenue_cents - refunds_cents - fees_cents - ad_spend_cents - cogs_cents - other_costs_cents)';

/**
 * One request of a sales_profit list sorted by a measure descending, page 1 of `pageSize`:
 * list() in sales-profit.service.ts. Answers the page's total_rows for the lists, the
 * page's length for the dashboard's top SKUs (the API's figure of each).
 */
function listRequest(
  o: { hash: string; start: string; end: string },
  dimension: SalesDimension,
  sortField: 'revenue' | 'profit',
  pageSize: number,
): (pool: pg.Pool) => Promise<number> {
  const { start, end } = o;
  return async (pool) => {
    const shopIds = await sessionAndShops(pool, o.hash);
    if (shopIds.length === 0) return 0;

    // totals(): SELECT SUM_SELECT FROM (daySource(f)) src.
    const t = new Params();
    const totals = pool.query(`SELECT ${SUM_SELECT} FROM (${daySource(t, start, end, shopIds)}) src`, t.values);

    // The page: the SKU list sorted by a measure is cut in cents first (b.late), in a
    // transaction with parallel workers off (execListingRows()); the others with execRows().
    const x = new Params();
    let page: Promise<{ rows: Array<{ total_rows: string }> }>;
    if (dimension === 'sku') {
      const cents = listingCents(x, start, end, shopIds);
      const byCents = sortField === 'profit' ? PROFIT_CENTS : 'revenue_cents';
      const byMoney = sortField === 'profit' ? PROFIT : 'revenue';
      const sortedCents = `
            SELECT s.listing_id, s.units, s.orders, s.revenue_cents, s.refunds_cents, s.fees_cents, s.ad_spend_cents, s.cogs_cents, s.other_costs_cents, count(*) OVER () AS total_rows FROM (${cents}) s
             ORDER BY ${byCents} DESC NULLS LAST, s.listing_id LIMIT ${x.p(pageSize)} OFFSET ${x.p(0)}`;
      const text = `SELECT x.* FROM (${namedListings(centsAsMoney(sortedCents))}) x ORDER BY ${byMoney} DESC NULLS LAST, listing_id`;
      page = (async () => {
        const c = await pool.connect();
        try {
          await c.query('BEGIN');
          await c.query('SET LOCAL max_parallel_workers_per_gather = 0');
          const r = await c.query<{ total_rows: string }>(text, x.values);
          await c.query('COMMIT');
          return r;
        } catch (err) {
          await c.query('ROLLBACK').catch(() => {});
          throw err;
        } finally {
          c.release();
        }
      })();
    } else {
      const b = ROWS[dimension];
      const rows = b.rows(daySource(x, start, end, shopIds));
      const text = `SELECT x.*, count(*) OVER () AS total_rows FROM (${rows}) x ORDER BY revenue DESC NULLS LAST, ${b.tieBreak} LIMIT ${x.p(pageSize)} OFFSET ${x.p(0)}`;
      page = pool.query<{ total_rows: string }>(text, x.values);
    }
    const [p] = await Promise.all([page, totals]);
    return sortField === 'profit' ? p.rows.length : Number(p.rows[0]?.total_rows ?? 0);
  };
}

/** The same as a bench scenario (its answer dropped). */
export const asScenario =
  (request: (pool: pg.Pool) => Promise<number>): Scenario =>
  async (pool) => {
    await request(pool);
  };
