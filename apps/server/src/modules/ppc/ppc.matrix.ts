/** The PPC area's rows of the permission matrix (read by test/matrix/rows.ts through modules/areas.ts). */
import { LOGIN_ONLY, one } from '../../../test/matrix/cells';
import type { CellContext, Row } from '../../../test/matrix/rows';
import { ppcRuleRows } from './rules/rules.matrix';
import { ppcScheduleRows } from './schedules/schedules.matrix';

/** Advertising: boards (ppc:report), exports (ppc:report:export), monitors (ppc:report:create/edit/delete). */
export function ppcRows(): Record<string, Row> {
  const PPC = '/api/ppc/rest';
  const READ = '401 401 403 200 200 403 403 200 403';
  const BUTTON = '401 401 403 403 200 403 403 200 403';
  /** An advertised listing and its campaign in "Lumio US" (demo data). */
  const advertised = (c: CellContext) =>
    one(
      c.pool,
      `SELECT a.listing_id AS "listingId", a.campaign_id AS "campaignId", a.shop_id AS "shopId" FROM ppc_product_ads a
         JOIN shops s ON s.id = a.shop_id WHERE s.name = 'Lumio US' AND a.listing_id IS NOT NULL ORDER BY a.id LIMIT 1`,
    );
  /** A monitor of that campaign, fresh per cell. */
  const monitor = async (c: CellContext) => {
    const a = await advertised(c);
    return one(
      c.pool,
      `INSERT INTO ppc_monitors (account_id, shop_id, name, scope, campaign_id, metric, comparator, threshold, window_days, created_by)
       VALUES (1, $1, $2, 'campaign', $3, 'acos', 'gt', 0.3, 7, 1) RETURNING id, version, shop_id AS "shopId", campaign_id AS "campaignId"`,
      [a.shopId, `matrix monitor ${c.n}`, a.campaignId],
    );
  };
  /** An enabled keyword of "Lumio US" (demo data). */
  const keyword = (c: CellContext) =>
    one(
      c.pool,
      `SELECT k.id, k.bid FROM ppc_keywords k JOIN shops s ON s.id = k.shop_id
        WHERE s.name = 'Lumio US' AND k.state = 'enabled' AND k.bid IS NOT NULL ORDER BY k.id LIMIT 1`,
    );
  /** A history row of that keyword whose after is its current bid, fresh per cell. */
  const change = async (c: CellContext) => {
    const k = await keyword(c);
    const b = await one(c.pool, `INSERT INTO ppc_change_batches (source) VALUES ('manual') RETURNING id`);
    return one(
      c.pool,
      `INSERT INTO ppc_changes (batch_id, shop_id, campaign_id, campaign_type, entity_type, entity_id, field, before, after, source)
       SELECT $1, k.shop_id, k.campaign_id, 'sp', 'keyword', k.id, 'bid', to_jsonb(k.bid::float8), to_jsonb(k.bid::float8), 'manual'
         FROM ppc_keywords k WHERE k.id = $2 RETURNING id`,
      [b.id, k.id],
    );
  };
  /** A valid create body for a campaign of the type, named per cell, advertising a listing of "Lumio US". */
  const created = async (c: CellContext, type: 'sp' | 'sb' | 'sd') => {
    const a = await advertised(c);
    const l = await one(c.pool, `SELECT asin FROM listings WHERE id = $1`, [a.listingId]);
    const base = {
      shopId: a.shopId,
      name: `matrix ${type} ${c.n}`,
      dailyBudget: 20,
      adGroupName: 'g',
      defaultBid: 0.5,
      asins: [l.asin],
    };
    if (type === 'sp') return { ...base, targeting: 'auto' };
    if (type === 'sb')
      return { ...base, brandName: 'Lumio', headline: 'Lumio', keywords: [{ text: 'lamp', matchType: 'exact' }] };
    return { ...base, targets: [{ asin: 'B0MATRIX01' }] };
  };
  const body = (m: { shopId: number; campaignId: number }, c: CellContext) => ({
    name: `matrix ${c.n}`,
    shopId: m.shopId,
    scope: 'campaign',
    campaignId: m.campaignId,
    metric: 'spend',
    comparator: 'gt',
    threshold: 10,
    windowDays: 7,
  });
  return {
    'GET /api/ppc/rest/v3/manager/shops/names': { request: () => ({ url: `${PPC}/v3/manager/shops/names` }), expect: LOGIN_ONLY },
    // A projects' read (spec §7 "Projects", other reads): the project page, as the projects' own reads.
    'GET /api/ppc/rest/v4/project/skuPerform': {
      request: async (c) => ({
        url: `${PPC}/v4/project/skuPerform`,
        query: { projectId: String((await one(c.pool, 'SELECT min(id) AS id FROM projects WHERE account_id = 1')).id) },
      }),
      expect: '401 401 403 200 200 403 403 200 403',
    },
    'GET /api/ppc/rest/v4/index/skuPerform': { request: () => ({ url: `${PPC}/v4/index/skuPerform` }), expect: READ },
    'GET /api/ppc/rest/v4/index/skuPerform/csv': { request: () => ({ url: `${PPC}/v4/index/skuPerform/csv` }), expect: BUTTON },
    'GET /api/ppc/rest/v1/index/skuPerformChart': { request: () => ({ url: `${PPC}/v1/index/skuPerformChart` }), expect: READ },
    'GET /api/ppc/rest/v1/index/skuPerformChart/export/csv': {
      request: () => ({ url: `${PPC}/v1/index/skuPerformChart/export/csv` }),
      expect: BUTTON,
    },
    'GET /api/ppc/rest/v1/index/skuCostAnalysis/:id': {
      request: async (c) => ({ url: `${PPC}/v1/index/skuCostAnalysis/${(await advertised(c)).listingId}` }),
      expect: READ,
    },
    'GET /api/ppc/rest/v1/index/adGroupCost': { request: () => ({ url: `${PPC}/v1/index/adGroupCost` }), expect: READ },
    'GET /api/ppc/rest/v1/index/dashboard': { request: () => ({ url: `${PPC}/v1/index/dashboard` }), expect: READ },
    'GET /api/ppc/rest/v1/index/skuAdvAnalysis': {
      request: async (c) => ({ url: `${PPC}/v1/index/skuAdvAnalysis?listingId=${(await advertised(c)).listingId}` }),
      expect: READ,
    },
    'GET /api/ppc/rest/v1/index/reportAnalysis': {
      request: () => ({ url: `${PPC}/v1/index/reportAnalysis?groupBy=keyword&compare=true` }),
      expect: READ,
    },
    'GET /api/ppc/rest/v1/index/reportAnalysis/csv': {
      request: () => ({ url: `${PPC}/v1/index/reportAnalysis/csv?groupBy=searchTerm` }),
      expect: BUTTON,
    },
    'GET /api/ppc/rest/v1/index/reportExport': {
      request: () => ({ url: `${PPC}/v1/index/reportExport?report=keyword&format=csv` }),
      expect: BUTTON,
    },
    'GET /api/ppc/rest/v1/index/suggestions': {
      request: () => ({ url: `${PPC}/v1/index/suggestions?kind=negative&minClicks=1` }),
      expect: READ,
    },
    'POST /api/ppc/rest/v1/index/suggestions/apply': {
      request: async (c) => ({
        url: `${PPC}/v1/index/suggestions/apply`,
        body: { changes: [{ entityType: 'keyword', entityId: (await keyword(c)).id, value: 0.3 + (c.n % 50) / 100 }] },
      }),
      expect: BUTTON,
    },
    'GET /api/ppc/rest/v1/index/outBudget': { request: () => ({ url: `${PPC}/v1/index/outBudget` }), expect: READ },
    'GET /api/ppc/rest/v1/index/monitoring': { request: () => ({ url: `${PPC}/v1/index/monitoring` }), expect: READ },
    'POST /api/ppc/rest/v1/index/monitoring': {
      request: async (c) => {
        const a = await advertised(c);
        return { url: `${PPC}/v1/index/monitoring`, body: body(a, c) };
      },
      expect: BUTTON,
    },
    'PUT /api/ppc/rest/v1/index/monitoring': {
      request: async (c) => ({ url: `${PPC}/v1/index/monitoring`, body: { ids: [(await monitor(c)).id], enabled: false } }),
      expect: BUTTON,
    },
    'PUT /api/ppc/rest/v1/index/monitoring/:id': {
      request: async (c) => {
        const m = await monitor(c);
        return { url: `${PPC}/v1/index/monitoring/${m.id}`, body: { ...body(m, c), version: m.version } };
      },
      expect: BUTTON,
    },
    'DELETE /api/ppc/rest/v1/index/monitoring/:id': {
      request: async (c) => ({ url: `${PPC}/v1/index/monitoring/${(await monitor(c)).id}` }),
      expect: BUTTON,
    },
    'GET /api/ppc/rest/v1/index/monitoring/:id/chart': {
      request: async (c) => ({ url: `${PPC}/v1/index/monitoring/${(await monitor(c)).id}/chart` }),
      expect: READ,
    },
    'GET /api/ppc/rest/v1/manager/changes': { request: () => ({ url: `${PPC}/v1/manager/changes` }), expect: READ },
    'PUT /api/ppc/rest/v1/manager/changes': {
      request: async (c) => ({
        url: `${PPC}/v1/manager/changes`,
        body: {
          changes: [{ entityType: 'keyword', entityId: (await keyword(c)).id, field: 'bid', value: 0.3 + (c.n % 50) / 100 }],
          // The bid an earlier cell left may be more than 50 % away: confirmed, so the cell does
          // not depend on which rows ran before it (the order the areas bind their routes).
          confirmed: true,
        },
      }),
      expect: BUTTON,
    },
    'POST /api/ppc/rest/v1/manager/changes/undo': {
      request: async (c) => ({ url: `${PPC}/v1/manager/changes/undo`, body: { changeIds: [(await change(c)).id] } }),
      expect: BUTTON,
    },
    'GET /api/ppc/rest/v1/diagnosis': {
      request: async (c) => ({ url: `${PPC}/v1/diagnosis`, query: { shopId: String((await advertised(c)).shopId) } }),
      expect: READ,
    },
    'POST /api/ppc/rest/v1/diagnosis/fixes': {
      request: async (c) => {
        const k = await keyword(c);
        const a = await advertised(c);
        return {
          url: `${PPC}/v1/diagnosis/fixes`,
          body: {
            shopId: a.shopId,
            fixes: [{ action: 'set_bid', entityType: 'keyword', entityId: k.id, value: 0.3 + (c.n % 50) / 100 }],
          },
        };
      },
      expect: BUTTON,
    },
    'GET /api/ppc/rest/v1/manager/searchTerms': {
      request: async (c) => ({ url: `${PPC}/v1/manager/searchTerms`, query: { shopId: String((await advertised(c)).shopId) } }),
      expect: READ,
    },
    'GET /api/ppc/rest/v1/manager/searchTerms/csv': {
      request: async (c) => ({
        url: `${PPC}/v1/manager/searchTerms/csv`,
        query: { shopId: String((await advertised(c)).shopId) },
      }),
      expect: BUTTON,
    },
    'GET /api/ppc/rest/v1/manager/searchTerms/adGroups': {
      request: async (c) => ({
        url: `${PPC}/v1/manager/searchTerms/adGroups`,
        query: { shopId: String((await advertised(c)).shopId) },
      }),
      expect: READ,
    },
    'POST /api/ppc/rest/v1/manager/searchTerms/harvest': {
      request: async (c) => {
        const g = await one(
          c.pool,
          `SELECT g.id FROM ppc_ad_groups g JOIN ppc_campaigns c ON c.id = g.campaign_id JOIN shops s ON s.id = c.shop_id
            WHERE s.name = 'Lumio US' AND c.campaign_type = 'sp' AND c.targeting = 'manual' AND c.state <> 'archived'
              AND g.state <> 'archived' ORDER BY g.id LIMIT 1`,
        );
        return {
          url: `${PPC}/v1/manager/searchTerms/harvest`,
          body: { items: [{ as: 'keyword', searchTerm: `matrix term ${c.n}`, adGroupId: g.id, matchType: 'exact', bid: 0.5 }] },
        };
      },
      expect: BUTTON,
    },
    ...Object.fromEntries(
      ['campaigns', 'placements', 'adGroups', 'ads', 'keywords', 'targets'].map((l) => [
        `GET /api/ppc/rest/v1/manager/:type/${l}`,
        { request: () => ({ url: `${PPC}/v1/manager/sp/${l}` }), expect: READ },
      ]),
    ),
    'GET /api/ppc/rest/v1/manager/products': {
      request: async (c) => ({ url: `${PPC}/v1/manager/products`, query: { shopId: String((await advertised(c)).shopId) } }),
      expect: READ,
    },
    'GET /api/ppc/rest/v1/manager/portfolios': {
      request: async (c) => ({ url: `${PPC}/v1/manager/portfolios`, query: { shopId: String((await advertised(c)).shopId) } }),
      expect: READ,
    },
    'POST /api/ppc/rest/v1/manager/sp/campaigns': {
      request: async (c) => ({ url: `${PPC}/v1/manager/sp/campaigns`, body: await created(c, 'sp') }),
      expect: BUTTON,
    },
    'POST /api/ppc/rest/v1/manager/sb/campaigns': {
      request: async (c) => ({ url: `${PPC}/v1/manager/sb/campaigns`, body: await created(c, 'sb') }),
      expect: BUTTON,
    },
    'POST /api/ppc/rest/v1/manager/sd/campaigns': {
      request: async (c) => ({ url: `${PPC}/v1/manager/sd/campaigns`, body: await created(c, 'sd') }),
      expect: BUTTON,
    },
    'POST /api/ppc/rest/v1/manager/additions': {
      request: async (c) => ({
        url: `${PPC}/v1/manager/additions`,
        body: {
          campaignId: (await advertised(c)).campaignId,
          negativeKeywords: [{ text: `matrix ${c.n}`, matchType: 'negative_exact' }],
        },
      }),
      expect: BUTTON,
    },
    'GET /api/ppc/rest/v1/manager/changes/bulk-sheet': {
      request: async (c) => ({
        url: `${PPC}/v1/manager/changes/bulk-sheet`,
        query: { shopId: String((await advertised(c)).shopId) },
      }),
      expect: BUTTON,
    },
  };
}

export const matrixRows = (): Record<string, Row> => ({ ...ppcRows(), ...ppcRuleRows(), ...ppcScheduleRows() });
