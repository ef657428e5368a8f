/**
 * A kit list call at 100,000 rows (issue #20, "Speed": a kit list call p95 under 50 ms at
 * 100,000 rows). The list is /productLinkMgr's, `GET /api/product/rest/v1/links`: the kit's
 * `pageOf` (db/sql.ts: the page and `count(*) OVER ()` in one statement, `orderBy` over an
 * allow-list) over listings joined to their SKU, product, shop and product line, within the
 * caller's shops. Its table is filled up to 100,000 listings with generated products, SKUs
 * and listings in every shop, then each call (the screen's first page, a filtered, sorted
 * later page, one shop's newest) runs alone, one connection, like the sales calls.
 */
import pg from 'pg';
import { type HttpTarget, runHttp } from './http';
import type { RunStats } from './stats';

export const KIT_LIST_ROWS = 100_000;
export const KIT_LIST_TARGET_MS = 50;

export interface KitListData {
  /** Listings of the visible shops after the seed (what the unfiltered list counts). */
  rows: number;
  added: number;
  shops: number;
  /** A shop with listings, for the one-shop call. */
  shopId: number;
  seconds: number;
}

const WORDS = ['desk lamp', 'light strip', 'smart bulb', 'floor lamp', 'camera', 'night light', 'ceiling light', 'wall plug'];

/** The shops the signed-in user sees (the list counts only theirs). */
export async function visibleShops(base: string, token: string): Promise<number[]> {
  const r = await fetch(`${base}/api/sales/rest/v1/shops/user`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await r.json()) as { code?: number; data?: { id: number }[] };
  if (r.status !== 200 || body.code !== 0 || !body.data?.length)
    throw new Error(`kit list bench: no visible shops (${r.status})`);
  return body.data.map((s) => s.id);
}

/**
 * Fills the listings of `shopIds` (the user's visible shops) up to `rows`: products and SKUs
 * made for them, every shop listing each SKU, in one transaction.
 */
export async function seedListings(dbUrl: string, shopIds: number[], rows = KIT_LIST_ROWS): Promise<KitListData> {
  const t0 = performance.now();
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  try {
    await c.query('BEGIN');
    const count = async () =>
      Number(
        (await c.query<{ n: string }>('SELECT count(*) AS n FROM listings WHERE shop_id = ANY($1::int[])', [shopIds])).rows[0]
          ?.n ?? 0,
      );
    const before = await count();
    const shops = (
      await c.query<{ id: number; market_id: number; currency: string }>(
        `SELECT s.id, s.market_id,
                coalesce((SELECT l.currency FROM listings l WHERE l.shop_id = s.id LIMIT 1), 'USD') AS currency
           FROM shops s WHERE s.id = ANY($1::int[]) ORDER BY s.id`,
        [shopIds],
      )
    ).rows;
    if (shops.length === 0) throw new Error('kit list bench: no shops to list in');
    const need = Math.max(0, rows - before);
    const skuCount = Math.ceil(need / shops.length);
    if (need > 0) {
      // Ten SKUs a product, the products spread over the leaf product lines (the line filter has something to find).
      await c.query(
        `INSERT INTO products (model, name, name_en, product_line_id, category_code, lifecycle)
         SELECT 'KB' || lpad(g::text, 6, '0'), 'Bench ' || g, 'Bench product ' || g, pl.id, coalesce(pl.code, '0000'), (g % 3)::smallint
           FROM generate_series(1, $1::int) g
           JOIN (SELECT id, code, row_number() OVER (ORDER BY id) - 1 AS k, count(*) OVER () AS n
                   FROM product_lines pl WHERE NOT EXISTS (SELECT 1 FROM product_lines c WHERE c.parent_id = pl.id)) pl
             ON pl.k = g % pl.n`,
        [Math.ceil(skuCount / 10)],
      );
      await c.query(
        `INSERT INTO skus (sku, product_id, variant)
         SELECT p.model || '-' || lpad(v::text, 2, '0'), p.id, 'V' || v
           FROM products p CROSS JOIN generate_series(1, 10) v
          WHERE p.model LIKE 'KB%' ORDER BY p.id, v LIMIT $1`,
        [skuCount],
      );
      await c.query(
        `WITH sh AS (SELECT * FROM jsonb_to_recordset($2::jsonb) AS x(id int, market_id int, currency text))
         INSERT INTO listings (shop_id, sku_id, asin, market_id, title, price, currency, status, created_at)
         SELECT sh.id, s.id, 'B0' || upper(lpad(to_hex(s.id * 64 + sh.id), 8, '0')), sh.market_id,
                ($3::text[])[1 + (s.id + sh.id) % 8] || ' ' || s.sku, round((5 + (s.id * 7 + sh.id) % 9000 / 100.0)::numeric, 2),
                sh.currency, CASE WHEN (s.id + sh.id) % 5 = 0 THEN 0 ELSE 1 END, now() - ((s.id + sh.id) % 700) * interval '1 day'
           FROM skus s CROSS JOIN sh
          WHERE s.sku LIKE 'KB%'
          ORDER BY s.id, sh.id LIMIT $1`,
        [need, JSON.stringify(shops), WORDS],
      );
    }
    await c.query('COMMIT');
    // As autovacuum leaves tables at rest: statistics and the visibility map.
    for (const t of ['listings', 'skus', 'products']) await c.query(`VACUUM ANALYZE ${t}`);
    const after = await count();
    const shop = await c.query<{ shop_id: number }>(
      'SELECT shop_id FROM listings GROUP BY shop_id ORDER BY count(*) DESC, shop_id LIMIT 1',
    );
    return {
      rows: after,
      added: after - before,
      shops: shops.length,
      shopId: shop.rows[0]?.shop_id ?? 0,
      seconds: (performance.now() - t0) / 1000,
    };
  } catch (err) {
    await c.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    await c.end();
  }
}

export interface KitListCall {
  key: string;
  label: string;
  path: string;
}

export interface KitListResult extends KitListCall {
  /** The list's total as the API counts it (checks the call reads the 100,000 rows, or a filter of them). */
  total: number;
  single: RunStats;
}

/** The list as the screen asks for it: the first page, a filtered and sorted later page, an SKU search, one shop's newest. */
export function kitListCalls(data: KitListData): KitListCall[] {
  const links = 'product/rest/v1/links';
  return [
    { key: 'kitList.first', label: 'first page (20, by SKU)', path: `${links}?pageNum=1&pageSize=20` },
    {
      key: 'kitList.filtered',
      label: 'keyword "lamp", active, by price desc, page 5',
      path: `${links}?keyword=lamp&status=1&sortField=price&sortOrder=desc&pageNum=5&pageSize=20`,
    },
    {
      // What users type most: part of an SKU code (trigram indexes; a quarter of the titles hold "lamp").
      key: 'kitList.sku',
      label: 'keyword: part of an SKU code, page 1',
      path: `${links}?keyword=KB00063&pageNum=1&pageSize=20`,
    },
    {
      key: 'kitList.shop',
      label: 'one shop, newest first, page 10 of 50',
      path: `${links}?shopId=${data.shopId}&sortField=createdAt&sortOrder=desc&pageNum=10&pageSize=50`,
    },
  ];
}

/** Each call alone, one connection (the latency one user sees), for `seconds`, after a check and three warm-up calls. */
export async function runKitListCalls(
  base: string,
  token: string,
  calls: KitListCall[],
  seconds: number,
  say: (s: string) => void,
): Promise<KitListResult[]> {
  const out: KitListResult[] = [];
  for (const c of calls) {
    const target: HttpTarget = { method: 'GET', url: `${base}/api/${c.path}`, headers: { authorization: `Bearer ${token}` } };
    const first = await fetch(target.url, { headers: target.headers });
    const body = (await first.json()) as { code?: number; msg?: string; data?: { total?: number; list?: unknown[] } };
    if (first.status !== 200 || body.code !== 0) throw new Error(`GET ${target.url} answered ${first.status} ${body.msg ?? ''}`);
    const total = Number(body.data?.total ?? 0);
    if (!body.data?.list?.length) throw new Error(`GET ${target.url} answered an empty page (total ${total})`);
    for (let i = 0; i < 3; i++) await fetch(target.url, { headers: target.headers }).then((r) => r.arrayBuffer());
    const single = await runHttp(target, 1, seconds);
    say(`  ${c.label} (${total.toLocaleString('en-US')} rows): p50 ${single.p50.toFixed(1)} · p95 ${single.p95.toFixed(1)} ms`);
    out.push({ ...c, total, single });
  }
  return out;
}
