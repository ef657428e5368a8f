/**
 * What a sales-report commit replaces, before and after it: the impact shown in the preview
 * (and that holds a large removal for a second confirmation), the record of every figure a
 * commit overwrites (`import_replaced`, written in the commit's transaction), and the revert
 * that puts them back. Rules:
 * - A commit writes the file's (listing, day) rows and zeroes the stored sales of the replaced
 *   days that the file does not name at all. A listing named by a row with errors (`imports.keep`,
 *   on its day or, when the day cannot be read, on every day) keeps its stored figures.
 * - A revert restores exactly the sales figures (and their rate, settlement, source, import and
 *   updated_at) of the facts the commit wrote or zeroed, deletes the facts it created (unless
 *   other costs, refunds or ad spend were recorded on them since: then their sales become zero),
 *   and recomputes the rollups of those days. Ad spend, refunds and other costs are never touched.
 * - Units, orders and revenue of a day imported from All Orders belong to All Orders: a Business
 *   Report on such a day (`ordersOwnedDays`) writes only sessions and page views and zeroes
 *   nothing; the impact shows those days unchanged and names them.
 */
import { type ImportImpact, LARGE_REMOVAL } from '@bo/contract/imports/imports';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { dateSet } from '../sales/facts/facts.service';

/** A listing protected by a row with errors: on day `d`, or on every replaced day when `d` is null. */
export interface KeepKey {
  l: number;
  d: string | null;
}

const DROPPED_SHOWN = 200;

/** The (listing, day) pairs `keep` protects among `days`. */
export function protectedPairs(keep: readonly KeepKey[], days: readonly string[]) {
  const pairs = new Map<string, { listingId: number; day: string }>();
  for (const k of keep) {
    for (const day of k.d === null ? days : days.includes(k.d) ? [k.d] : []) pairs.set(`${k.l}|${day}`, { listingId: k.l, day });
  }
  return [...pairs.values()];
}

/** The kinds whose units, orders and revenue win over a Business Report's on the same day. */
export const ORDER_SOURCES: readonly string[] = ['all-orders'];

/**
 * The days among `days` whose units, orders and revenue came from All Orders, when the import
 * is a Business Report (none for any other kind): there it writes only traffic.
 */
export async function ordersOwnedDays(db: DbOrTx, kind: string, shopId: number, days: readonly string[]): Promise<string[]> {
  if (kind !== 'business-report' || days.length === 0) return [];
  const r = await db.execute<{ day: string }>(sql`
    SELECT DISTINCT to_char(day, 'YYYY-MM-DD') AS day FROM sales_facts
     WHERE shop_id = ${shopId} AND day IN ${dateSet(days)}
       AND source IN (SELECT jsonb_array_elements_text(${JSON.stringify(ORDER_SOURCES)}::jsonb))
     ORDER BY 1`);
  return r.rows.map((x) => x.day);
}

/**
 * The facts of the shop on `days` as the commit of import `importId` sees them: written by
 * the file (`w`), protected (`k`), or set to zero (`dropped`). One CTE used by the impact and
 * by the record of what is replaced, so both agree with what `zeroSalesNotIn` does. On the
 * `owned` days (ordersOwnedDays) the file's rows keep the stored units, orders and revenue
 * and nothing is set to zero.
 */
const classified = (
  importId: number,
  shopId: number,
  days: readonly string[],
  keep: readonly KeepKey[],
  owned: readonly string[],
) => sql`
  od AS (
    SELECT (jsonb_array_elements_text(${JSON.stringify(owned)}::jsonb))::date AS day
  ), w AS (
    SELECT x."listingId" AS l, x.day AS d,
           CASE WHEN od.day IS NULL THEN x.units ELSE coalesce(sf.units, 0) END AS u,
           CASE WHEN od.day IS NULL THEN x.orders ELSE coalesce(sf.orders, 0) END AS o,
           CASE WHEN od.day IS NULL THEN x.revenue ELSE coalesce(sf.revenue, 0) END AS r
      FROM imports i
      CROSS JOIN LATERAL jsonb_to_recordset(i.payload) AS x("listingId" int, day date, units int, orders int, revenue numeric)
      LEFT JOIN od ON od.day = x.day
      LEFT JOIN sales_facts sf ON sf.listing_id = x."listingId" AND sf.day = x.day
     WHERE i.id = ${importId} AND x.day IS NOT NULL
  ), k AS (
    SELECT * FROM jsonb_to_recordset(${JSON.stringify(protectedPairs(keep, days).map((p) => ({ l: p.listingId, d: p.day })))}::jsonb)
      AS x(l int, d date)
  ), f AS (
    SELECT f.listing_id, f.day, f.units, f.orders, f.revenue, w.l IS NOT NULL AS written,
           w.l IS NULL AND k.l IS NULL AND od.day IS NULL AND (f.units <> 0 OR f.orders <> 0 OR f.revenue <> 0) AS zeroed
      FROM sales_facts f
      LEFT JOIN w ON w.l = f.listing_id AND w.d = f.day
      LEFT JOIN k ON k.l = f.listing_id AND k.d = f.day
      LEFT JOIN od ON od.day = f.day
     WHERE f.shop_id = ${shopId} AND f.day IN ${dateSet(days)}
  ), dropped AS (
    SELECT * FROM f WHERE f.zeroed
  )`;

/** What committing import `importId` would do to the stored figures of `days`, per day. */
export async function impactOf(
  db: DbOrTx,
  importId: number,
  shopId: number,
  days: readonly string[],
  keep: readonly KeepKey[],
  owned: readonly string[] = [],
): Promise<ImportImpact> {
  if (days.length === 0) return { days: [], dropped: [], largeRemovalDays: [], ordersOwnedDays: [] };
  const perDay = await db.execute<{
    day: string;
    units_before: string;
    revenue_before: string;
    units_after: string;
    revenue_after: string;
    changed: number;
    dropped: number;
  }>(sql`
    WITH ${classified(importId, shopId, days, keep, owned)},
    d AS (SELECT dd::date AS day FROM (SELECT (jsonb_array_elements_text(${JSON.stringify(days)}::jsonb)) AS dd) x),
    stored AS (
      SELECT f.day, sum(f.units) AS ub, sum(f.revenue) AS rb,
             sum(f.units) FILTER (WHERE NOT f.written AND NOT f.zeroed) AS uk,
             sum(f.revenue) FILTER (WHERE NOT f.written AND NOT f.zeroed) AS rk,
             count(*) FILTER (WHERE f.zeroed)::int AS dropped
        FROM f GROUP BY f.day
    ), file AS (
      SELECT w.d AS day, sum(w.u) AS wu, sum(w.r) AS wr,
             count(*) FILTER (WHERE (coalesce(f.units, 0), coalesce(f.orders, 0), coalesce(f.revenue, 0)) <> (w.u, w.o, w.r))::int AS changed
        FROM w LEFT JOIN f ON f.listing_id = w.l AND f.day = w.d GROUP BY w.d
    )
    SELECT to_char(d.day, 'YYYY-MM-DD') AS day, coalesce(s.ub, 0) AS units_before, coalesce(s.rb, 0) AS revenue_before,
           coalesce(s.uk, 0) + coalesce(fl.wu, 0) AS units_after, coalesce(s.rk, 0) + coalesce(fl.wr, 0) AS revenue_after,
           coalesce(fl.changed, 0) + coalesce(s.dropped, 0) AS changed, coalesce(s.dropped, 0) AS dropped
      FROM d LEFT JOIN stored s ON s.day = d.day LEFT JOIN file fl ON fl.day = d.day
     ORDER BY d.day`);
  const dropped = await db.execute<{
    day: string;
    listing_id: number;
    sku: string;
    asin: string;
    units: number;
    revenue: string;
  }>(sql`
    WITH ${classified(importId, shopId, days, keep, owned)}
    SELECT to_char(x.day, 'YYYY-MM-DD') AS day, x.listing_id, sk.sku, li.asin, x.units, x.revenue
      FROM dropped x JOIN listings li ON li.id = x.listing_id JOIN skus sk ON sk.id = li.sku_id
     ORDER BY x.day, x.revenue DESC, x.listing_id LIMIT ${DROPPED_SHOWN}`);
  const out: ImportImpact = { days: [], dropped: [], largeRemovalDays: [], ordersOwnedDays: [...owned] };
  for (const r of perDay.rows) {
    const d = {
      day: r.day,
      unitsBefore: Number(r.units_before),
      unitsAfter: Number(r.units_after),
      revenueBefore: Number(r.revenue_before),
      revenueAfter: Number(r.revenue_after),
      listingsChanged: r.changed,
      listingsDropped: r.dropped,
    };
    out.days.push(d);
    const falls = (before: number, after: number) => before > 0 && after < before * (1 - LARGE_REMOVAL.share);
    if (
      falls(d.unitsBefore, d.unitsAfter) ||
      falls(d.revenueBefore, d.revenueAfter) ||
      d.listingsDropped > LARGE_REMOVAL.listings
    ) {
      out.largeRemovalDays.push(d.day);
    }
  }
  out.dropped = dropped.rows.map((r) => ({
    day: r.day,
    listingId: r.listing_id,
    sku: r.sku,
    asin: r.asin,
    units: r.units,
    revenue: Number(r.revenue),
  }));
  return out;
}

/**
 * Record, before the commit writes, every fact it will write or zero, as it is now (null:
 * the commit creates it). Same transaction and lock as the write.
 */
export async function recordReplaced(
  tx: DbOrTx,
  importId: number,
  shopId: number,
  days: readonly string[],
  keep: readonly KeepKey[],
  owned: readonly string[] = [],
): Promise<void> {
  if (days.length === 0) return;
  await tx.execute(sql`
    WITH ${classified(importId, shopId, days, keep, owned)},
    touched AS (SELECT w.l, w.d FROM w UNION SELECT x.listing_id, x.day FROM dropped x)
    INSERT INTO import_replaced (import_id, listing_id, day, old)
    SELECT ${importId}, t.l, t.d,
           (SELECT to_jsonb(sf) FROM sales_facts sf WHERE sf.listing_id = t.l AND sf.day = t.d)
      FROM touched t`);
}

/** Put back what import `importId` replaced on the facts (the caller holds the shop's lock and refreshes the rollups). */
export async function restoreReplaced(tx: DbOrTx, importId: number): Promise<number> {
  // Facts the commit created: gone again, unless something else was recorded on them since.
  const created = await tx.execute(sql`
    DELETE FROM sales_facts f USING import_replaced r
     WHERE r.import_id = ${importId} AND r.old IS NULL AND f.listing_id = r.listing_id AND f.day = r.day
       AND f.ad_spend = 0 AND f.refunds = 0 AND f.other_costs = 0`);
  const kept = await tx.execute(sql`
    UPDATE sales_facts f SET units = 0, orders = 0, revenue = 0, marketplace_fees = 0, fulfilment_fees = 0, cogs = 0,
           sessions = NULL, page_views = NULL, updated_at = now()
      FROM import_replaced r
     WHERE r.import_id = ${importId} AND r.old IS NULL AND f.listing_id = r.listing_id AND f.day = r.day`);
  const restored = await tx.execute(sql`
    UPDATE sales_facts f
       SET units = o.units, orders = o.orders, revenue = o.revenue, marketplace_fees = o.marketplace_fees,
           fulfilment_fees = o.fulfilment_fees, cogs = o.cogs, sessions = o.sessions, page_views = o.page_views,
           settlement = o.settlement, source = o.source, import_id = o.import_id, rate = o.rate, updated_at = o.updated_at
      FROM import_replaced r CROSS JOIN LATERAL jsonb_populate_record(NULL::sales_facts, r.old) o
     WHERE r.import_id = ${importId} AND r.old IS NOT NULL AND f.listing_id = r.listing_id AND f.day = r.day`);
  return (created.rowCount ?? 0) + (kept.rowCount ?? 0) + (restored.rowCount ?? 0);
}
