/**
 * Permission-matrix rows of the forecasts: scm:forecast:manage (and its export and edit buttons)
 * and sales:forecast of the internal account. External shop accounts hold neither (their
 * patterns are spec §2.1's): 403. God view looks as the sales manager, who holds the analysis
 * group (sales:forecast) but none of scm:forecast:*.
 */
import { one } from '../../../test/matrix/cells';
import type { CellContext, Row } from '../../../test/matrix/rows';

const AI = '/api/ms-ai-sales/rest/v2';
const SALES = '/api/sales/rest/v2';
const READ = '401 401 403 200 200 403 403 200 403';
const BUTTON = '401 401 403 403 200 403 403 200 403';
const ANALYSIS = '401 401 403 200 200 403 403 200 200';
/** The settings of /forecast/advanceConfig: scm:forecast:manage for reads and writes alike. */
const MANAGE = READ;

/** A Lumio US listing of its own per cell, counted from the last one (the demo exclusions are among the first). */
async function cellListing(c: CellContext): Promise<number> {
  const r = await one(
    c.pool,
    `SELECT li.id FROM listings li JOIN shops s ON s.id = li.shop_id WHERE s.name = 'Lumio US' ORDER BY li.id DESC OFFSET $1 LIMIT 1`,
    [c.n % 40],
  );
  return Number(r.id);
}
/** The cell's listing, excluded (for the edit and the removal). */
async function excludedListing(c: CellContext): Promise<number> {
  const id = await cellListing(c);
  await c.pool.query(
    `INSERT INTO forecast_exclusions (listing_id, shop_id, reason) SELECT id, shop_id, 'matrix' FROM listings WHERE id = $1
     ON CONFLICT (listing_id) DO NOTHING`,
    [id],
  );
  return id;
}

export function matrixRows(): Record<string, Row> {
  const get = (url: string, expect: string, query: Record<string, string> = {}): Row => ({
    request: () => ({ url, query }),
    expect,
  });
  return {
    [`GET ${AI}/forecasts`]: get(`${AI}/forecasts`, READ, { marketId: '0' }),
    [`GET ${AI}/comprehensive`]: get(`${AI}/comprehensive`, ANALYSIS),
    [`GET ${SALES}/forecasts/exportation`]: get(`${SALES}/forecasts/exportation`, BUTTON, { keyword: 'LM' }),
    [`GET ${SALES}/forecasts/daySales`]: get(`${SALES}/forecasts/daySales`, READ.replace(/200/g, '404'), { listingId: '999999' }),
    [`GET ${SALES}/refresh-time`]: get(`${SALES}/refresh-time`, READ),
    [`GET ${SALES}/rgl/async-cal-result`]: get(`${SALES}/rgl/async-cal-result`, READ),
    [`GET ${SALES}/rgl/cal-record`]: get(`${SALES}/rgl/cal-record`, READ),
    [`POST ${SALES}/refresh`]: { request: () => ({ url: `${SALES}/refresh`, body: {} }), expect: BUTTON },
    [`GET ${SALES}/filter-skus`]: get(`${SALES}/filter-skus`, MANAGE),
    [`POST ${SALES}/filter-skus`]: {
      request: async (c) => {
        const id = await cellListing(c);
        await c.pool.query(`DELETE FROM forecast_exclusions WHERE listing_id = $1`, [id]);
        return { url: `${SALES}/filter-skus`, body: { listingIds: [id], reason: `matrix ${c.n}` } };
      },
      expect: MANAGE,
    },
    [`PUT ${SALES}/filter-skus`]: {
      request: async (c) => ({
        url: `${SALES}/filter-skus`,
        body: { listingId: await excludedListing(c), reason: `matrix ${c.n}` },
      }),
      expect: MANAGE,
    },
    [`DELETE ${SALES}/filter-skus`]: {
      request: async (c) => ({ url: `${SALES}/filter-skus`, body: { listingIds: [await excludedListing(c)] } }),
      expect: MANAGE,
    },
    [`GET ${SALES}/warning-configs`]: get(`${SALES}/warning-configs`, MANAGE),
    [`PUT ${SALES}/warning-configs`]: {
      request: () => ({
        url: `${SALES}/warning-configs`,
        body: { shopId: null, stockoutDays: 30, overstockDays: 120, leadTimeDays: 45 },
      }),
      expect: MANAGE,
    },
    [`GET ${AI}/warning/skus`]: get(`${AI}/warning/skus`, MANAGE),
    [`POST ${AI}/warning/addOrUpdateSku`]: {
      request: async (c) => ({
        url: `${AI}/warning/addOrUpdateSku`,
        body: { listingId: await cellListing(c), stockoutDays: 20, overstockDays: 90, leadTimeDays: 30 },
      }),
      expect: MANAGE,
    },
    [`DELETE ${AI}/warning/skus`]: {
      request: async (c) => {
        const id = await cellListing(c);
        await c.pool.query(
          `INSERT INTO forecast_sku_warnings (listing_id, shop_id, stockout_days, overstock_days, lead_time_days)
           SELECT id, shop_id, 10, 60, 20 FROM listings WHERE id = $1 ON CONFLICT (listing_id) DO NOTHING`,
          [id],
        );
        return { url: `${AI}/warning/skus`, body: { listingIds: [id] } };
      },
      expect: MANAGE,
    },
    [`POST ${AI}/label`]: {
      request: async (c) => ({ url: `${AI}/label`, body: { id: await cellListing(c), type: 'watch', value: null } }),
      expect: MANAGE,
    },
  };
}
