/**
 * Permission-matrix rows of the bid schedules (modules/ppc/schedules, /cpc-scheduling): reads
 * under ppc:report, writes under ppc:report:create/edit/delete. Fixtures are schedules of
 * "Lumio US" (demo data) whose scope matches no campaign, so a run changes nothing.
 */
import type { Pool } from 'pg';
import type { CellContext, Row } from '../../../../test/matrix/rows';

const one = async (pool: Pool, text: string, params: unknown[] = []) => (await pool.query(text, params)).rows[0];

const READ = '401 401 403 200 200 403 403 200 403';
const BUTTON = '401 401 403 403 200 403 403 200 403';
const API = '/api/ppc/rest/v1/schedules';

const lumioUs = (c: CellContext) => one(c.pool, `SELECT id FROM shops WHERE name = 'Lumio US'`);
const grid = () => Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 100));

const body = (shopId: number, c: CellContext) => ({
  name: `matrix schedule ${c.n}`,
  shopId,
  scope: { campaignTypes: ['sp'], campaignIds: [], nameFilter: 'no campaign is named like this', keywordFilter: '' },
  adjust: { bids: true, budgets: false },
  grid: grid(),
  state: 'enabled',
});

/** A schedule of Lumio US, fresh per cell. */
async function schedule(c: CellContext) {
  const shop = await lumioUs(c);
  const b = body(shop.id, c);
  return one(
    c.pool,
    `INSERT INTO ppc_schedules (account_id, shop_id, name, scope, adjust, grid, state, created_by)
     VALUES (1, $1, $2, $3, $4, $5, 'enabled', 1) RETURNING id, version`,
    [shop.id, b.name, JSON.stringify(b.scope), JSON.stringify(b.adjust), JSON.stringify(b.grid)],
  );
}

/** A run of a fresh schedule with one change of a Lumio US keyword (before = after = its bid). */
async function scheduleChange(c: CellContext) {
  const s = await schedule(c);
  const b = await one(c.pool, `INSERT INTO ppc_change_batches (source) VALUES ('schedule') RETURNING id`);
  await c.pool.query(`INSERT INTO ppc_schedule_runs (schedule_id, trigger, batch_id) VALUES ($1, 'manual', $2)`, [s.id, b.id]);
  await c.pool.query(
    `INSERT INTO ppc_changes (batch_id, shop_id, campaign_id, campaign_type, entity_type, entity_id, field, before, after, source)
     SELECT $1, k.shop_id, k.campaign_id, 'sp', 'keyword', k.id, 'bid', to_jsonb(k.bid::float8), to_jsonb(k.bid::float8), 'schedule'
       FROM ppc_keywords k JOIN shops s ON s.id = k.shop_id
      WHERE s.name = 'Lumio US' AND k.state = 'enabled' AND k.bid IS NOT NULL ORDER BY k.id LIMIT 1`,
    [b.id],
  );
  return { id: s.id, batchId: b.id };
}

export function ppcScheduleRows(): Record<string, Row> {
  return {
    'GET /api/ppc/rest/v1/schedules': { request: () => ({ url: API }), expect: READ },
    'POST /api/ppc/rest/v1/schedules': {
      request: async (c) => ({ url: API, body: body((await lumioUs(c)).id, c) }),
      expect: BUTTON,
    },
    'POST /api/ppc/rest/v1/schedules/preview': {
      request: async (c) => ({ url: `${API}/preview`, body: body((await lumioUs(c)).id, c) }),
      expect: READ,
    },
    'GET /api/ppc/rest/v1/schedules/campaigns': {
      request: async (c) => ({ url: `${API}/campaigns`, query: { shopId: String((await lumioUs(c)).id) } }),
      expect: READ,
    },
    'GET /api/ppc/rest/v1/schedules/:id': { request: async (c) => ({ url: `${API}/${(await schedule(c)).id}` }), expect: READ },
    'PUT /api/ppc/rest/v1/schedules/:id': {
      request: async (c) => {
        const s = await schedule(c);
        return { url: `${API}/${s.id}`, body: { ...body((await lumioUs(c)).id, c), version: s.version } };
      },
      expect: BUTTON,
    },
    'PUT /api/ppc/rest/v1/schedules/:id/state': {
      request: async (c) => {
        const s = await schedule(c);
        return { url: `${API}/${s.id}/state`, body: { state: 'paused', version: s.version } };
      },
      expect: BUTTON,
    },
    'DELETE /api/ppc/rest/v1/schedules/:id': {
      request: async (c) => ({ url: `${API}/${(await schedule(c)).id}` }),
      expect: BUTTON,
    },
    'POST /api/ppc/rest/v1/schedules/:id/run': {
      request: async (c) => ({ url: `${API}/${(await schedule(c)).id}/run` }),
      expect: BUTTON,
    },
    'GET /api/ppc/rest/v1/schedules/:id/runs': {
      request: async (c) => ({ url: `${API}/${(await schedule(c)).id}/runs` }),
      expect: READ,
    },
    'GET /api/ppc/rest/v1/schedules/:id/changes': {
      request: async (c) => ({ url: `${API}/${(await schedule(c)).id}/changes` }),
      expect: READ,
    },
    'POST /api/ppc/rest/v1/schedules/:id/undo': {
      request: async (c) => {
        const s = await scheduleChange(c);
        return { url: `${API}/${s.id}/undo`, body: { batchId: s.batchId } };
      },
      expect: BUTTON,
    },
  };
}
