/**
 * Permission-matrix rows of the projects. Reads need the project page; writes are row rules on
 * top (docs/projects.md): the matrix's page holders take no part in the fresh project each cell
 * makes (pm owns it), so they are refused (403), and the administrator acts (200). A new project
 * must name its creator as owner or member: the cells name the administrator, so page holders get
 * the coded 400. godView looks as sales.manager, who has no project page.
 */
import { createHash } from 'node:crypto';
import { one } from '../../../test/matrix/cells';
import type { CellContext, Row } from '../../../test/matrix/rows';

const READ = '401 401 403 200 200 403 403 200 403';
const WRITE = '401 401 403 403 403 403 403 200 403';
const CREATE = '401 401 403 400 400 403 403 200 403';
const EXPORT = '401 401 403 403 200 403 403 200 403';
const API = '/api/digitize/rest/v1';
/** The GTM goal page and KPI board: the page holders, the administrator and the sales manager (god view) read. */
const GTM_READ = '401 401 403 200 200 403 403 200 200';
const GTM_EXPORT = '401 401 403 403 200 403 403 200 200';

const userId = async (c: CellContext, login: string) =>
  Number((await one(c.pool, `SELECT id FROM users WHERE login_name = $1`, [login])).id);

interface Fresh {
  id: number;
  version: number;
}
/** A GTM project of pm, fresh per cell, in the given state. */
async function fresh(
  c: CellContext,
  state: { schedule?: string; run?: string; approval?: number; owner?: string } = {},
): Promise<Fresh> {
  const owner = await userId(c, state.owner ?? 'pm');
  const p = await one(
    c.pool,
    `INSERT INTO projects (account_id, code, name, type, owner_id, schedule_status, run_status, approval_status, created_by)
     VALUES (1, $1, $2, 'GTM_PROJECT', $3, $4, $5, $6, $3) RETURNING id, version`,
    [`MX-${c.n}`, `Matrix project ${c.n}`, owner, state.schedule ?? 'DRAFT', state.run ?? 'NOT_START', state.approval ?? 1],
  );
  return { id: Number(p.id), version: Number(p.version) };
}

/** A project of pm submitted to the administrator. */
async function submittedToAdmin(c: CellContext) {
  const p = await fresh(c, { schedule: 'PENDING', approval: 2 });
  const [admin, pm] = [await userId(c, 'admin'), await userId(c, 'pm')];
  await c.pool.query(
    `INSERT INTO approvals (account_id, flow, entity_id, submitter_id, status, step, round, approvers, version)
     VALUES (1, 'project', $1, $2, 2, 0, 1, $3::jsonb, 1)`,
    [String(p.id), pm, JSON.stringify([[admin]])],
  );
  return p;
}

const body = async (c: CellContext, over: Record<string, unknown> = {}) => ({
  name: `Matrix ${c.n}`,
  type: 'GTM_PROJECT',
  ownerId: await userId(c, 'pm'),
  ...over,
});

async function freshTodo(c: CellContext) {
  const p = await fresh(c);
  const t = await one(
    c.pool,
    `INSERT INTO project_todos (project_id, title, assignee_id, created_by) SELECT $1, 'x', id, id FROM users WHERE login_name = 'pm' RETURNING id, version`,
    [p.id],
  );
  return { id: Number(t.id), version: Number(t.version), projectId: p.id };
}
async function freshEvent(c: CellContext) {
  const p = await fresh(c);
  const e = await one(
    c.pool,
    `INSERT INTO project_events (project_id, title, event_date, created_by) SELECT $1, 'x', current_date, id FROM users WHERE login_name = 'pm' RETURNING id, version`,
    [p.id],
  );
  return { id: Number(e.id), version: Number(e.version) };
}

async function freshWarning(c: CellContext) {
  const p = await fresh(c);
  const w = await one(
    c.pool,
    `INSERT INTO project_warnings (project_id, kind, message) VALUES ($1, 'kpi', 'behind') RETURNING id, version`,
    [p.id],
  );
  return { id: Number(w.id), version: Number(w.version) };
}

/** A development project of pm, running at D1 (its gate may be reviewed). */
async function runningDev(c: CellContext) {
  const pm = await userId(c, 'pm');
  const p = await one(
    c.pool,
    `INSERT INTO projects (account_id, code, name, type, owner_id, schedule_status, run_status, stage, approval_status, created_by)
     VALUES (1, $1, 'x', 'NEW_PRODUCT_DEV_PROJECT', $2, 'RELEASED', 'RUNNING', 'D1', 5, $2) RETURNING id, version`,
    [`MXD-${c.n}`, pm],
  );
  return { id: Number(p.id), version: Number(p.version) };
}

const pdf = (n: number) => Buffer.from(`%PDF-1.7\nmatrix project doc ${n}\n%%EOF\n`);
/** A project with one document of the administrator's in the file store. */
async function projectWithFile(c: CellContext) {
  const p = await fresh(c);
  const bytes = pdf(c.n);
  const sha = createHash('sha256').update(bytes).digest('hex');
  await c.pool.query(
    `INSERT INTO file_blobs (sha256, size, type, chunk_size) VALUES ($1, $2, 'pdf', 262144) ON CONFLICT DO NOTHING`,
    [sha, bytes.length],
  );
  await c.pool.query(`INSERT INTO file_chunks (sha256, seq, data) VALUES ($1, 0, $2) ON CONFLICT DO NOTHING`, [sha, bytes]);
  const admin = await userId(c, 'admin');
  const file = await one(
    c.pool,
    `INSERT INTO files (account_id, purpose, blob_sha, name, owner_id, entity) VALUES (1, 'research', $1, $2, $3, $4) RETURNING id`,
    [sha, `matrix-${c.n}.pdf`, admin, `project:${p.id}`],
  );
  await c.pool.query(
    `INSERT INTO project_files (project_id, file_id, name, size, content_type, uploaded_by) VALUES ($1, $2, $3, $4, 'application/pdf', $5)`,
    [p.id, file.id, `matrix-${c.n}.pdf`, bytes.length, admin],
  );
  return { id: p.id, fileId: Number(file.id) };
}

const typeRow = (segment: string, type: string): Row => ({
  request: async (c) => {
    const pm = await userId(c, 'pm');
    const p = await one(
      c.pool,
      `INSERT INTO projects (account_id, code, name, type, owner_id, created_by) VALUES (1, $1, 'x', $2, $3, $3) RETURNING id, version`,
      [`MXT-${c.n}`, type, pm],
    );
    return { url: `${API}/${segment}/project/${p.id}`, body: { ...(await body(c, { type })), version: Number(p.version) } };
  },
  expect: WRITE,
});

export const matrixRows = (): Record<string, Row> => ({
  'GET /api/digitize/rest/v1/project/list': { request: () => ({ url: `${API}/project/list` }), expect: READ },
  'GET /api/digitize/rest/v1/project/list-export': { request: () => ({ url: `${API}/project/list-export` }), expect: EXPORT },
  'GET /api/digitize/rest/v1/project/people': { request: () => ({ url: `${API}/project/people` }), expect: READ },
  'GET /api/digitize/rest/v1/project/log/list': {
    request: async (c) => ({ url: `${API}/project/log/list`, query: { projectId: String((await fresh(c)).id) } }),
    expect: READ,
  },
  'GET /api/digitize/rest/v1/project/:id': {
    request: async (c) => ({ url: `${API}/project/${(await fresh(c)).id}` }),
    expect: READ,
  },
  'GET /api/digitize/rest/v1/project/approver/:id': {
    request: async (c) => ({ url: `${API}/project/approver/${(await submittedToAdmin(c)).id}` }),
    expect: READ,
  },
  'GET /api/digitize/rest/v1/approver/cclist/:id': {
    request: async (c) => ({ url: `${API}/approver/cclist/${(await fresh(c)).id}` }),
    expect: READ,
  },
  'GET /api/digitize/rest/v1/approver/approve_remark/:id': {
    request: async (c) => ({ url: `${API}/approver/approve_remark/${(await submittedToAdmin(c)).id}` }),
    expect: READ,
  },
  'POST /api/digitize/rest/v1/project/save': {
    request: async (c) => ({ url: `${API}/project/save`, body: await body(c, { ownerId: await userId(c, 'admin') }) }),
    expect: CREATE,
  },
  'POST /api/digitize/rest/v1/project/commit': {
    request: async (c) => {
      const p = await fresh(c, { owner: 'admin' });
      return { url: `${API}/project/commit`, body: { id: p.id, version: p.version, approverIds: [await userId(c, 'pm')] } };
    },
    expect: WRITE,
  },
  'POST /api/digitize/rest/v1/project/approval': {
    request: async (c) => {
      const p = await submittedToAdmin(c);
      return { url: `${API}/project/approval`, body: { id: p.id, approvalVersion: 1, action: 'approve' } };
    },
    expect: WRITE,
  },
  'PUT /api/digitize/rest/v1/project/released': {
    request: async (c) => {
      const p = await fresh(c, { schedule: 'PENDING', approval: 5 });
      return { url: `${API}/project/released`, body: { id: p.id, version: p.version } };
    },
    expect: WRITE,
  },
  'PUT /api/digitize/rest/v1/project/status': {
    request: async (c) => {
      const p = await fresh(c, { schedule: 'RELEASED', approval: 5 });
      return { url: `${API}/project/status`, body: { id: p.id, version: p.version, action: 'start' } };
    },
    expect: WRITE,
  },
  'DELETE /api/digitize/rest/v1/project/:id': {
    request: async (c) => ({ url: `${API}/project/${(await fresh(c)).id}` }),
    expect: WRITE,
  },
  'PUT /api/digitize/rest/v1/project/replace/member': {
    request: async (c) => {
      const p = await fresh(c);
      return {
        url: `${API}/project/replace/member`,
        body: { id: p.id, version: p.version, ownerId: await userId(c, 'pm'), memberIds: [] },
      };
    },
    expect: WRITE,
  },
  'PUT /api/digitize/rest/v1/gtm/project/:projectId': typeRow('gtm', 'GTM_PROJECT'),
  'PUT /api/digitize/rest/v1/platform/project/:projectId': typeRow('platform', 'PLATFORM_PROJECT'),
  'PUT /api/digitize/rest/v1/brand/project/:projectId': typeRow('brand', 'BRAND_EXPOSURE_PROJECT'),
  'PUT /api/digitize/rest/v1/newproduction/project/:projectId': typeRow('newproduction', 'NEW_PRODUCTS_PROJECT'),
  'PUT /api/digitize/rest/v1/research/project/:projectId': typeRow('research', 'NEW_PRODUCT_DEV_PROJECT'),
  'GET /api/digitize/rest/v1/project/event/:id': {
    request: async (c) => ({ url: `${API}/project/event/${(await fresh(c)).id}` }),
    expect: READ,
  },
  'POST /api/digitize/rest/v1/project/event/:id': {
    request: async (c) => ({ url: `${API}/project/event/${(await fresh(c)).id}`, body: { title: 'x', eventDate: '2026-11-28' } }),
    expect: WRITE,
  },
  'PUT /api/digitize/rest/v1/project/event/:id': {
    request: async (c) => {
      const e = await freshEvent(c);
      return { url: `${API}/project/event/${e.id}`, body: { title: 'y', eventDate: '2026-11-28', version: e.version } };
    },
    expect: WRITE,
  },
  'DELETE /api/digitize/rest/v1/project/event/:id': {
    request: async (c) => ({ url: `${API}/project/event/${(await freshEvent(c)).id}` }),
    expect: WRITE,
  },
  'GET /api/digitize/rest/v1/project/todo/project/:id': {
    request: async (c) => ({ url: `${API}/project/todo/project/${(await fresh(c)).id}` }),
    expect: READ,
  },
  'GET /api/digitize/rest/v1/project/todo/:id': {
    request: async (c) => ({ url: `${API}/project/todo/${(await freshTodo(c)).id}` }),
    expect: READ,
  },
  'POST /api/digitize/rest/v1/project/todo': {
    request: async (c) => ({
      url: `${API}/project/todo`,
      body: { projectId: (await fresh(c)).id, title: 'x', assigneeId: await userId(c, 'pm') },
    }),
    expect: WRITE,
  },
  'PUT /api/digitize/rest/v1/project/todo/:id': {
    request: async (c) => {
      const t = await freshTodo(c);
      return { url: `${API}/project/todo/${t.id}`, body: { title: 'y', assigneeId: await userId(c, 'pm'), version: t.version } };
    },
    expect: WRITE,
  },
  'DELETE /api/digitize/rest/v1/project/todo/:id': {
    request: async (c) => ({ url: `${API}/project/todo/${(await freshTodo(c)).id}` }),
    expect: WRITE,
  },
  'PUT /api/digitize/rest/v1/project/todo/complete/:id': {
    request: async (c) => {
      const t = await freshTodo(c);
      return { url: `${API}/project/todo/complete/${t.id}`, body: { version: t.version } };
    },
    expect: WRITE,
  },
  'GET /api/digitize/rest/v1/project/warning/infos': { request: () => ({ url: `${API}/project/warning/infos` }), expect: READ },
  'POST /api/digitize/rest/v1/warning/createOrUpdate': {
    request: async (c) => ({ url: `${API}/warning/createOrUpdate`, body: { projectId: (await fresh(c)).id, message: 'behind' } }),
    expect: WRITE,
  },
  'PUT /api/digitize/rest/v1/warning/update-status': {
    request: async (c) => {
      const w = await freshWarning(c);
      return { url: `${API}/warning/update-status`, body: { id: w.id, version: w.version, status: 'resolved' } };
    },
    expect: WRITE,
  },
  'DELETE /api/digitize/rest/v1/warning/delete': {
    request: async (c) => ({ url: `${API}/warning/delete`, query: { id: String((await freshWarning(c)).id) } }),
    expect: WRITE,
  },
  'GET /api/digitize/rest/v1/project/node/bonus/:id': {
    request: async (c) => ({ url: `${API}/project/node/bonus/${(await fresh(c)).id}` }),
    expect: READ,
  },
  'GET /api/digitize/rest/v1/project/result/bonus/:id': {
    request: async (c) => ({ url: `${API}/project/result/bonus/${(await fresh(c)).id}` }),
    expect: READ,
  },
  'POST /api/digitize/rest/v1/project/node/report': {
    request: async (c) => ({
      url: `${API}/project/node/report`,
      body: { projectId: (await fresh(c)).id, node: 'D0', version: 0, planDate: '2026-12-01', bonus: 100 },
    }),
    expect: WRITE,
  },
  'GET /api/digitize/rest/v1/project/bonus-export': { request: () => ({ url: `${API}/project/bonus-export` }), expect: EXPORT },
  'POST /api/digitize/rest/v1/brand/project/exportBrandMould': {
    request: () => ({ url: `${API}/brand/project/exportBrandMould`, body: {} }),
    expect: EXPORT,
  },
  'PUT /api/digitize/rest/v1/project/approve': {
    request: async (c) => {
      const p = await runningDev(c);
      return { url: `${API}/project/approve`, body: { id: p.id, version: p.version, decision: 'pass' } };
    },
    expect: WRITE,
  },
  'GET /api/digitize/rest/v1/project/files/:id': {
    request: async (c) => ({ url: `${API}/project/files/${(await fresh(c)).id}` }),
    expect: READ,
  },
  'POST /api/digitize/rest/v1/project/upload': {
    request: async (c) => ({
      url: `${API}/project/upload`,
      multipart: { fields: { projectId: String((await fresh(c)).id) }, file: { name: `matrix-${c.n}.pdf`, bytes: pdf(c.n) } },
    }),
    expect: WRITE,
  },
  'GET /api/digitize/rest/v1/project/download': {
    request: async (c) => {
      const p = await projectWithFile(c);
      return { url: `${API}/project/download`, query: { projectId: String(p.id), fileId: String(p.fileId) } };
    },
    expect: READ,
  },
  'GET /api/digitize/rest/v1/project/product-target': {
    request: async (c) => ({ url: `${API}/project/product-target`, query: { projectId: String((await fresh(c)).id) } }),
    expect: READ,
  },
  'GET /api/digitize/rest/project/data': {
    request: async (c) => ({ url: '/api/digitize/rest/project/data', query: { projectId: String((await fresh(c)).id) } }),
    expect: READ,
  },
  'GET /api/digitize/rest/v1/project/data/list': {
    request: () => ({ url: `${API}/project/data/list`, query: { type: 'GTM_PROJECT' } }),
    expect: READ,
  },
  'GET /api/digitize/rest/v1/project/data/list-export': {
    request: () => ({ url: `${API}/project/data/list-export`, query: { type: 'NEW_PRODUCTS_PROJECT' } }),
    expect: EXPORT,
  },
  'GET /api/digitize/rest/v1/research/project/depts': { request: () => ({ url: `${API}/research/project/depts` }), expect: READ },
  'GET /api/digitize/rest/v1/project/gtm-goal/list': {
    request: () => ({ url: `${API}/project/gtm-goal/list` }),
    expect: GTM_READ,
  },
  'GET /api/digitize/rest/v1/project/gtm-goal/:projectId': {
    request: async (c) => ({ url: `${API}/project/gtm-goal/${(await fresh(c)).id}` }),
    expect: GTM_READ,
  },
  // The edit button and a role in the project: only the administrator has both here.
  'PUT /api/digitize/rest/v1/project/gtm-goal/:projectId': {
    request: async (c) => ({ url: `${API}/project/gtm-goal/${(await fresh(c)).id}`, body: { version: 0, goals: [] } }),
    expect: WRITE,
  },
  'GET /api/digitize/rest/v1/project/gtm-kpi': { request: () => ({ url: `${API}/project/gtm-kpi` }), expect: GTM_READ },
  'GET /api/digitize/rest/v1/project/gtm-kpi/summary': {
    request: () => ({ url: `${API}/project/gtm-kpi/summary` }),
    expect: GTM_READ,
  },
  'GET /api/digitize/rest/v1/project/gtm-kpi/export': {
    request: () => ({ url: `${API}/project/gtm-kpi/export` }),
    expect: GTM_EXPORT,
  },
  'POST /api/digitize/rest/teambition/relevance-project': {
    request: async (c) => {
      const p = await fresh(c);
      return {
        url: '/api/digitize/rest/teambition/relevance-project',
        body: { projectId: p.id, version: p.version, externalId: `tb-${c.n}`, url: `https://tool.example.com/p/${c.n}` },
      };
    },
    expect: WRITE,
  },
});
