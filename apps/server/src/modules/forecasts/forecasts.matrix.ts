/**
 * Permission-matrix rows of the forecasts: scm:forecast:manage (and its export and edit buttons)
 * and sales:forecast of the internal account. External shop accounts hold neither (their
 * patterns are spec §2.1's): 403. God view looks as the sales manager, who holds the analysis
 * group (sales:forecast) but none of scm:forecast:*.
 *
 * Estimates (estimates.service.ts): a submission is the page's (page holders 200); changing or
 * withdrawing one is its submitter's, the administrator in these cells, so page holders get 403;
 * approving takes the review screens' approve button and is asked of every holder of it but the
 * submitter (the planner here).
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

const V1 = '/api/sales/rest/v1';
const SUBMITTER_ONLY = '401 401 403 403 403 403 403 200 403';

/** An internal listing with a forecast and no estimate in review: one per cell. */
const freeListing = async (c: CellContext) =>
  Number(
    (
      await one(
        c.pool,
        `SELECT fl.listing_id FROM forecast_listings fl JOIN shops s ON s.id = fl.shop_id
          WHERE s.account_id = 1 AND NOT EXISTS (SELECT 1 FROM forecast_estimates e WHERE e.listing_id = fl.listing_id AND e.status IN (2, 4))
          ORDER BY fl.listing_id LIMIT 1`,
      )
    ).listing_id,
  );

/** A submitted estimate of `submitter`, asking every other holder of the approve button. */
async function submitted(c: CellContext, submitter: string): Promise<{ id: number; version: number }> {
  const listingId = await freeListing(c);
  const user = Number((await one(c.pool, `SELECT id FROM users WHERE login_name = $1`, [submitter])).id);
  const e = await one(
    c.pool,
    `INSERT INTO forecast_estimates (account_id, listing_id, shop_id, market_id, submitter_id, granularity, start_day, periods,
                                     total_units, reason, status, version)
     SELECT 1, l.id, l.shop_id, l.market_id, $2, 'week', current_date, '{5,5}', 10, 'matrix', 2, 1 FROM listings l WHERE l.id = $1
     RETURNING id, version`,
    [listingId, user],
  );
  const approvers = (
    await c.pool.query(
      `SELECT DISTINCT ur.user_id FROM user_roles ur JOIN role_permissions rp ON rp.role_id = ur.role_id
         JOIN permission_items pi ON pi.id = rp.permission_id WHERE pi.auth_pattern = 'scm:forecast:review:approve' AND ur.user_id <> $1`,
      [user],
    )
  ).rows.map((r) => Number(r.user_id));
  const admin = Number((await one(c.pool, `SELECT id FROM users WHERE login_name = 'admin'`)).id);
  if (admin !== user && !approvers.includes(admin)) approvers.push(admin);
  await c.pool.query(
    `INSERT INTO approvals (account_id, flow, entity_id, submitter_id, status, step, round, approvers, version)
     VALUES (1, 'forecast.estimate', $1, $2, 2, 0, 1, $3::jsonb, 1)`,
    [String(e.id), user, JSON.stringify([approvers])],
  );
  return { id: Number(e.id), version: Number(e.version) };
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
    [`POST ${SALES}/estimate-sales`]: {
      request: async (c) => ({
        url: `${SALES}/estimate-sales`,
        body: { listingId: await freeListing(c), granularity: 'week', periods: [1, 2], reason: 'matrix' },
      }),
      expect: READ,
    },
    [`PUT ${SALES}/estimate-sales/form`]: {
      request: async (c) => {
        const e = await submitted(c, 'admin');
        return { url: `${SALES}/estimate-sales/form`, body: { ...e, granularity: 'week', periods: [3], reason: 'matrix' } };
      },
      expect: SUBMITTER_ONLY,
    },
    [`PUT ${SALES}/estimate-sales/withdraw`]: {
      request: async (c) => ({ url: `${SALES}/estimate-sales/withdraw`, body: await submitted(c, 'admin') }),
      expect: SUBMITTER_ONLY,
    },
    [`GET ${AI}/estimate-sales/latest`]: get(`${AI}/estimate-sales/latest`, READ, { listingId: '1' }),
    [`GET ${SALES}/estimate-sales/latest-approval`]: get(`${SALES}/estimate-sales/latest-approval`, READ, { listingId: '1' }),
    [`GET ${SALES}/forecasts/listPendingReview`]: get(`${SALES}/forecasts/listPendingReview`, READ, { status: 'PENDING' }),
    [`GET ${SALES}/forecasts/export-pending-review`]: get(`${SALES}/forecasts/export-pending-review`, BUTTON, {
      status: 'PENDING',
    }),
    [`PUT ${SALES}/forecasts/audit`]: {
      request: async (c) => ({
        url: `${SALES}/forecasts/audit`,
        body: { items: [await submitted(c, 'planner')], action: 'approve', remark: 'matrix' },
      }),
      expect: BUTTON,
    },
    [`GET ${SALES}/forecasts/listAuditRecord`]: get(`${SALES}/forecasts/listAuditRecord`, READ),
    [`GET ${SALES}/forecasts/exportAuditRecord`]: get(`${SALES}/forecasts/exportAuditRecord`, BUTTON),
    [`GET ${AI}/forecast-accuracy`]: get(`${AI}/forecast-accuracy`, READ, { by: 'market' }),
    [`GET ${AI}/forecast-accuracy/summary`]: get(`${AI}/forecast-accuracy/summary`, READ, { horizon: 'd1_7' }),
    [`GET ${SALES}/forecast-accuracy/exportation`]: get(`${SALES}/forecast-accuracy/exportation`, BUTTON, { by: 'shop' }),
    [`GET ${AI}/forecast-accuracy/overrides`]: get(`${AI}/forecast-accuracy/overrides`, READ, { role: 'approver' }),
    [`GET ${SALES}/forecast-reviews/to-review-count`]: get(`${SALES}/forecast-reviews/to-review-count`, READ),
    [`GET ${SALES}/forecasts/review-days`]: {
      request: async (c) => ({
        url: `${SALES}/forecasts/review-days`,
        query: { estimateId: String((await submitted(c, 'planner')).id) },
      }),
      expect: READ,
    },
    [`PUT ${V1}/forecasts/:listingId`]: {
      request: async (c) => {
        const f = await one(c.pool, `SELECT listing_id, version FROM forecast_listings ORDER BY listing_id LIMIT 1`);
        return {
          url: `${V1}/forecasts/${f.listing_id}`,
          body: { version: Number(f.version), daily: [1, 1, 1], reason: 'matrix' },
        };
      },
      expect: READ,
    },
  };
}
