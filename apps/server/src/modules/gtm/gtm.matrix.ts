/**
 * Permission-matrix rows of GTM. The playbook needs /gtm/mgr (the page actors; its writes the
 * page's buttons); godView looks as sales.manager, who holds /gtmSteps (dashboard group) but not
 * /gtm/mgr. The steps need /gtmSteps to read; their writes are the projects' `work` rule on top:
 * each cell's fresh GTM project is pm's, so the page holders are refused (403) and the
 * administrator acts (200); under god view nobody is the administrator.
 */
import { one } from '../../../test/matrix/cells';
import type { CellContext, Row } from '../../../test/matrix/rows';

const MGR_READ = '401 401 403 200 200 403 403 200 403';
const MGR_WRITE = '401 401 403 403 200 403 403 200 403';
const STEPS_READ = '401 401 403 200 200 403 403 200 200';
const STEPS_WRITE = '401 401 403 403 403 403 403 200 403';
const API = '/api/gtm/rest/v1';

async function freshPlaybookStep(c: CellContext) {
  const r = await one(
    c.pool,
    `INSERT INTO gtm_playbook_steps (account_id, sort, name_zh, name_en, phase, offset_days)
     VALUES (1, 999, '矩阵步骤 ' || $1::text, 'Matrix step ' || $1::text, 'prepare', -10) RETURNING id, version`,
    [c.n],
  );
  return { id: Number(r.id), version: Number(r.version) };
}

/** A GTM project of pm launching in 30 days, fresh per cell, with one step of a fresh playbook step. */
async function freshProject(c: CellContext) {
  await freshPlaybookStep(c);
  const p = await one(
    c.pool,
    `INSERT INTO projects (account_id, code, name, type, owner_id, details, created_by)
     SELECT 1, 'GX-' || $1::text, 'Matrix GTM ' || $1::text, 'GTM_PROJECT', u.id,
            jsonb_build_object('launchDate', to_char(current_date + 30, 'YYYY-MM-DD')), u.id
       FROM users u WHERE u.login_name = 'pm' RETURNING id`,
    [c.n],
  );
  return Number(p.id);
}

async function freshStep(c: CellContext) {
  const projectId = await freshProject(c);
  const s = await one(
    c.pool,
    `INSERT INTO gtm_project_steps (account_id, project_id, sort, name_zh, name_en, phase, offset_days)
     VALUES (1, $1, 1, '矩阵', 'Matrix', 'launch', 0) RETURNING id, version`,
    [projectId],
  );
  return { id: Number(s.id), version: Number(s.version) };
}

const stepBody = (c: CellContext) => ({
  nameZh: `矩阵新步骤 ${c.n}`,
  nameEn: `Matrix new step ${c.n}`,
  phase: 'launch',
  offsetDays: 0,
});

export const matrixRows = (): Record<string, Row> => ({
  [`GET ${API}/playbook`]: { request: () => ({ url: `${API}/playbook` }), expect: MGR_READ },
  [`POST ${API}/playbook`]: { request: (c) => ({ url: `${API}/playbook`, body: stepBody(c) }), expect: MGR_WRITE },
  [`PUT ${API}/playbook/:id`]: {
    request: async (c) => {
      const s = await freshPlaybookStep(c);
      return { url: `${API}/playbook/${s.id}`, body: { ...stepBody(c), version: s.version } };
    },
    expect: MGR_WRITE,
  },
  [`POST ${API}/playbook/:id/move`]: {
    request: async (c) => {
      const s = await freshPlaybookStep(c);
      return { url: `${API}/playbook/${s.id}/move`, body: { direction: 'up', version: s.version } };
    },
    expect: MGR_WRITE,
  },
  [`DELETE ${API}/playbook/:id`]: {
    request: async (c) => ({ url: `${API}/playbook/${(await freshPlaybookStep(c)).id}` }),
    expect: MGR_WRITE,
  },
  [`GET ${API}/board`]: { request: () => ({ url: `${API}/board` }), expect: STEPS_READ },
  [`GET ${API}/options`]: { request: () => ({ url: `${API}/options` }), expect: STEPS_READ },
  [`GET ${API}/projects/:projectId/steps`]: {
    request: async (c) => ({ url: `${API}/projects/${await freshProject(c)}/steps` }),
    expect: STEPS_READ,
  },
  [`POST ${API}/projects/:projectId/apply`]: {
    request: async (c) => ({ url: `${API}/projects/${await freshProject(c)}/apply`, body: {} }),
    expect: STEPS_WRITE,
  },
  [`PUT ${API}/steps/:id`]: {
    request: async (c) => {
      const s = await freshStep(c);
      return { url: `${API}/steps/${s.id}`, body: { version: s.version, ownerId: null, offsetDays: 2 } };
    },
    expect: STEPS_WRITE,
  },
  [`POST ${API}/steps/:id/act`]: {
    request: async (c) => {
      const s = await freshStep(c);
      return { url: `${API}/steps/${s.id}/act`, body: { action: 'start', version: s.version } };
    },
    expect: STEPS_WRITE,
  },
});
