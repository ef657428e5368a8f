/**
 * Permission-matrix rows of the rule engine (modules/ppc/rules): rules and runs under
 * ppc:rules (+ :create/:edit/:delete/:approve), the automation history under ppc:auto
 * (undo: ppc:auto:edit), smart bidding under ppc:smart. Fixtures are rules of "Lumio US"
 * (demo data) whose condition matches nothing, so a run is quick and changes nothing.
 */
import type { Pool } from 'pg';
import type { CellContext, Row } from '../../../../test/matrix/rows';

const one = async (pool: Pool, text: string, params: unknown[] = []) => (await pool.query(text, params)).rows[0];

const READ = '401 401 403 200 200 403 403 200 403';
const BUTTON = '401 401 403 403 200 403 403 200 403';
const API = '/api/ppc/rest/v1';

const lumioUs = (c: CellContext) => one(c.pool, `SELECT id FROM shops WHERE name = 'Lumio US'`);

const body = (shopId: number, c: CellContext, smart = false) => ({
  name: `matrix rule ${c.n}`,
  kind: smart ? 'smart' : 'rule',
  level: 'keyword',
  scope: { shopIds: [shopId] },
  windowDays: 7,
  conditions: [[{ metric: 'clicks', op: 'gte', value: 1e9 }]],
  action: smart ? { type: 'acos_target', target: 0.3, value: 5 } : { type: 'bid_pct', value: -5 },
  scheduleHour: null,
});

/** A rule (or smart rule) of Lumio US, fresh per cell. */
async function rule(c: CellContext, smart = false) {
  const shop = await lumioUs(c);
  const b = body(shop.id, c, smart);
  return one(
    c.pool,
    `INSERT INTO ppc_rules (account_id, name, kind, level, scope, window_days, conditions, action, created_by)
     VALUES (1, $1, $2, 'keyword', $3, 7, $4, $5, 1) RETURNING id, version`,
    [b.name, b.kind, JSON.stringify(b.scope), JSON.stringify(b.conditions), JSON.stringify(b.action)],
  );
}

/** A change a rule made to a Lumio US keyword, its after the current bid, fresh per cell. */
async function ruleChange(c: CellContext, smart = false) {
  const r = await rule(c, smart);
  const run = await one(
    c.pool,
    `INSERT INTO ppc_rule_runs (rule_id, trigger, status) VALUES ($1, 'manual', 'done') RETURNING id`,
    [r.id],
  );
  const b = await one(
    c.pool,
    `INSERT INTO ppc_change_batches (source, rule_id, rule_run_id) VALUES ('rule', $1, $2) RETURNING id`,
    [r.id, run.id],
  );
  return one(
    c.pool,
    `INSERT INTO ppc_changes (batch_id, shop_id, campaign_id, campaign_type, entity_type, entity_id, field, before, after, source, rule_id, rule_run_id)
     SELECT $1, k.shop_id, k.campaign_id, 'sp', 'keyword', k.id, 'bid', to_jsonb(k.bid::float8), to_jsonb(k.bid::float8), 'rule', $2, $3
       FROM ppc_keywords k JOIN shops s ON s.id = k.shop_id
      WHERE s.name = 'Lumio US' AND k.state = 'enabled' AND k.bid IS NOT NULL ORDER BY k.id LIMIT 1 RETURNING id`,
    [b.id, r.id, run.id],
  );
}

export function ppcRuleRows(): Record<string, Row> {
  return {
    'GET /api/ppc/rest/v1/rules': { request: () => ({ url: `${API}/rules` }), expect: READ },
    'POST /api/ppc/rest/v1/rules': {
      request: async (c) => ({ url: `${API}/rules`, body: body((await lumioUs(c)).id, c) }),
      expect: BUTTON,
    },
    'POST /api/ppc/rest/v1/rules/preview': {
      request: async (c) => ({ url: `${API}/rules/preview`, body: body((await lumioUs(c)).id, c) }),
      expect: READ,
    },
    'GET /api/ppc/rest/v1/rules/runs': { request: () => ({ url: `${API}/rules/runs` }), expect: READ },
    'GET /api/ppc/rest/v1/rules/:id': { request: async (c) => ({ url: `${API}/rules/${(await rule(c)).id}` }), expect: READ },
    'PUT /api/ppc/rest/v1/rules/:id': {
      request: async (c) => {
        const r = await rule(c);
        return { url: `${API}/rules/${r.id}`, body: { ...body((await lumioUs(c)).id, c), version: r.version } };
      },
      expect: BUTTON,
    },
    'PUT /api/ppc/rest/v1/rules/:id/enabled': {
      request: async (c) => {
        const r = await rule(c);
        return { url: `${API}/rules/${r.id}/enabled`, body: { enabled: true, version: r.version } };
      },
      expect: BUTTON,
    },
    'DELETE /api/ppc/rest/v1/rules/:id': {
      request: async (c) => ({ url: `${API}/rules/${(await rule(c)).id}` }),
      expect: BUTTON,
    },
    'POST /api/ppc/rest/v1/rules/:id/preview': {
      request: async (c) => ({ url: `${API}/rules/${(await rule(c)).id}/preview` }),
      expect: READ,
    },
    'POST /api/ppc/rest/v1/rules/:id/run': {
      request: async (c) => ({ url: `${API}/rules/${(await rule(c)).id}/run` }),
      expect: BUTTON,
    },
    'GET /api/ppc/rest/v1/auto/history': { request: () => ({ url: `${API}/auto/history` }), expect: READ },
    'POST /api/ppc/rest/v1/auto/history/undo': {
      request: async (c) => ({ url: `${API}/auto/history/undo`, body: { changeIds: [(await ruleChange(c)).id] } }),
      expect: BUTTON,
    },
    'GET /api/ppc/rest/v1/auto/entities': {
      request: () => ({ url: `${API}/auto/entities`, query: { level: 'keyword' } }),
      expect: READ,
    },
    'GET /api/ppc/rest/v1/smart/history': { request: () => ({ url: `${API}/smart/history` }), expect: READ },
    'POST /api/ppc/rest/v1/smart/history/undo': {
      request: async (c) => ({ url: `${API}/smart/history/undo`, body: { changeIds: [(await ruleChange(c, true)).id] } }),
      expect: BUTTON,
    },
    'GET /api/ppc/rest/v1/smart/rules': { request: () => ({ url: `${API}/smart/rules` }), expect: READ },
    'POST /api/ppc/rest/v1/smart/rules': {
      request: async (c) => ({ url: `${API}/smart/rules`, body: body((await lumioUs(c)).id, c, true) }),
      expect: BUTTON,
    },
    'POST /api/ppc/rest/v1/smart/rules/preview': {
      request: async (c) => ({ url: `${API}/smart/rules/preview`, body: body((await lumioUs(c)).id, c, true) }),
      expect: READ,
    },
    'PUT /api/ppc/rest/v1/smart/rules/:id': {
      request: async (c) => {
        const r = await rule(c, true);
        return { url: `${API}/smart/rules/${r.id}`, body: { ...body((await lumioUs(c)).id, c, true), version: r.version } };
      },
      expect: BUTTON,
    },
    'DELETE /api/ppc/rest/v1/smart/rules/:id': {
      request: async (c) => ({ url: `${API}/smart/rules/${(await rule(c, true)).id}` }),
      expect: BUTTON,
    },
    'POST /api/ppc/rest/v1/smart/rules/:id/run': {
      request: async (c) => ({ url: `${API}/smart/rules/${(await rule(c, true)).id}/run` }),
      expect: BUTTON,
    },
  };
}
