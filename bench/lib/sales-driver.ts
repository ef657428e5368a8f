/**
 * The sales_profit lists and the dashboard's calls through node-postgres alone: the
 * statements one request of `GET /api/sales/rest/v1/listings/{sku|shop|product_lines|
 * sale_director}/sales_profit` (sorted by a measure, page 1, no keyword or narrowing) and of
 * `dashboard/{kpis,trend,markets,skus}` issues, in the same order and the same way (what
 * the service runs at once, on two connections; the SKU page in a transaction with
 * parallel workers off), so the bench can show API req/s ÷ driver req/s beside each row.
 *
 * The sales statements are not copied: they are built by the server's own builders
 * (`listStatements`, `totalsStatement`, `trendStatement`, `marketsStatement`) and compiled
 * by drizzle's dialect, so the driver runs exactly the SQL the API runs. The session and
 * shop statements are copied (named below). Before it measures, the bench still compares a
 * figure of the driver's answer (row count, total, units) with the API's reply.
 */
import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { marketsStatement, trendStatement } from '../../apps/server/src/modules/sales/dashboard/dashboard.service';
import { listStatements, totalsStatement } from '../../apps/server/src/modules/sales/profit/sales-profit.service';
import { addDays, type ResolvedFilter } from '../../apps/server/src/modules/sales/profit/sales-query';
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

const dialect = new PgDialect();
/** A statement as node-postgres takes it. */
const compile = (q: SQL) => {
  const c = dialect.sqlToQuery(q);
  return { text: c.sql, values: c.params };
};

/** resolveFilter() for a caller without narrowing: every visible shop, the period. */
const filterOf = (shopIds: readonly number[], start: string, end: string): ResolvedFilter => ({
  start,
  end,
  shopIds,
  marketIds: null,
  lineIds: null,
  positionId: null,
  listingIds: null,
});

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
      const [current] = await Promise.all([
        pool.query<{ units: string }>(compile(totalsStatement(filterOf(shopIds, o.start, o.end)))),
        pool.query(compile(totalsStatement(filterOf(shopIds, addDays(o.start, -days), addDays(o.start, -1))))),
      ]);
      return Number(current.rows[0]?.units ?? 0);
    },
  },
  trend: {
    figure: (d) => (d as { points: unknown[] }).points.length,
    work: 'session + visible shops + every bucket joined to the shop-day rollup (trend() in dashboard.service.ts)',
    make: (o) => async (pool) => {
      const shopIds = await sessionAndShops(pool, o.hash);
      const g = o.q.get('granularity') ?? 'day';
      if (g !== 'day' && g !== 'week' && g !== 'month') throw new Error(`granularity ${g}`);
      return (await pool.query(compile(trendStatement(filterOf(shopIds, o.start, o.end), g)))).rows.length;
    },
  },
  markets: {
    figure: length,
    work: 'session + visible shops + the shop-day rollup by marketplace (markets() in dashboard.service.ts)',
    make: (o) => async (pool) => {
      const shopIds = await sessionAndShops(pool, o.hash);
      return (await pool.query(compile(marketsStatement(filterOf(shopIds, o.start, o.end))))).rows.length;
    },
  },
};

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
  return async (pool) => {
    const shopIds = await sessionAndShops(pool, o.hash);
    if (shopIds.length === 0) return 0;
    const f = filterOf(shopIds, o.start, o.end);
    const totals = pool.query(compile(totalsStatement(f)));
    const st = listStatements(dimension, f, { sortField, sortOrder: 'desc', pageNum: 1, pageSize });
    const text = compile(st.page);
    // A listing-grained page runs in a transaction with parallel workers off (execListingRows()).
    const page = st.listingGrained
      ? (async () => {
          const c = await pool.connect();
          try {
            await c.query('BEGIN');
            await c.query('SET LOCAL max_parallel_workers_per_gather = 0');
            const r = await c.query<{ total_rows: string }>(text);
            await c.query('COMMIT');
            return r;
          } catch (err) {
            await c.query('ROLLBACK').catch(() => {});
            throw err;
          } finally {
            c.release();
          }
        })()
      : pool.query<{ total_rows: string }>(text);
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
