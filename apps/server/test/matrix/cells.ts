/**
 * What the rows of several areas use (each area's `<area>.matrix.ts`): the common answers and
 * the demo data a cell builds on. A separate file from rows.ts, which loads the areas' rows:
 * an area's rows import from here, never from rows.ts, so the two never wait on each other.
 */
import type { Pool } from 'pg';
import type { CellContext } from './rows';

/** Anyone signed in. */
export const LOGIN_ONLY = '401 401 200 200 200 200 200 200 200';
/** Everyone, signed in or not. */
export const PUBLIC_OK = '200 200 200 200 200 200 200 200 200';

/** The first row a query answers. */
export const one = async (pool: Pool, text: string, params: unknown[] = []) => (await pool.query(text, params)).rows[0];

/** A listing of the internal account's "Lumio US" shop (demo data). */
export async function lumioListing(c: CellContext) {
  return one(
    c.pool,
    `SELECT li.shop_id AS "shopId", li.asin FROM listings li JOIN shops s ON s.id = li.shop_id WHERE s.name = 'Lumio US' ORDER BY li.id LIMIT 1`,
  );
}
