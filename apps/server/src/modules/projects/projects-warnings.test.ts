/**
 * Warnings, nodes and bonuses, the development gate review and documents through the API
 * (docs/projects.md): every warning status × status asked; raised warnings by the job and
 * settled by it; nodes planned, reported, refused ahead of the stage; the result bonus; the
 * bonus export; a gate review passed and failed; a document uploaded and downloaded.
 */
import { randomBytes } from 'node:crypto';
import { WARNING_MACHINE, WARNING_STATUSES } from '@bo/contract/projects/projects';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppPerFile } from '../../../test/harness';
import { multipart } from '../../../test/multipart';
import { raiseWarnings } from './project-warnings.service';
import { projectManagers } from './projects.fixtures';

const API = '/api/digitize/rest/v1';
const t = testAppPerFile({ admin: true, signIn: { pm: 'pm' } });
const ids: Record<string, number> = {};

beforeAll(async () => {
  Object.assign(ids, await projectManagers(t, ['ppc.specialist', 'planner']));
});

const call = async (token: string, method: string, url: string, body?: unknown, query?: Record<string, string>) =>
  t.call(method, `${API}/${url}`, { token, body, query });
const ok = async (token: string, method: string, url: string, body?: unknown, query?: Record<string, string>) => {
  const res = await call(token, method, url, body, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

/** A project of pm in the given state (written straight, the way the transitions would leave it). */
async function project(state: { type?: string; schedule?: string; run?: string; stage?: string } = {}) {
  const r = await t.database.pool.query(
    `INSERT INTO projects (account_id, code, name, type, owner_id, member_ids, schedule_status, run_status, stage, approval_status, created_by)
     VALUES (1, 'T-' || md5(random()::text), 'Warned', $1, $2, $3::int[], $4, $5, $6, 5, $2) RETURNING id, version`,
    [
      state.type ?? 'GTM_PROJECT',
      ids.pm,
      `{${ids['ppc.specialist']}}`,
      state.schedule ?? 'RELEASED',
      state.run ?? 'RUNNING',
      state.stage ?? 'D1',
    ],
  );
  return { id: Number(r.rows[0].id), version: Number(r.rows[0].version) };
}

describe('written warnings', () => {
  it('are written, changed, moved through every status the machine allows and refused the others, then deleted', async () => {
    const p = await project();
    const w = await ok(t.as.pm, 'POST', 'warning/createOrUpdate', {
      projectId: p.id,
      message: 'Sessions 20% behind target',
      level: 'critical',
    });
    expect(w).toMatchObject({ kind: 'kpi', level: 'critical', status: 'open', auto: false, projectId: p.id, version: 1 });
    const changed = await ok(t.as.pm, 'POST', 'warning/createOrUpdate', {
      id: w.id,
      version: 1,
      projectId: p.id,
      message: 'Sessions 25% behind target',
    });
    expect(changed).toMatchObject({ message: 'Sessions 25% behind target', version: 2 });
    // Stale: the second save with the old version changes nothing.
    const stale = await call(t.as.pm, 'POST', 'warning/createOrUpdate', { id: w.id, version: 1, projectId: p.id, message: 'x' });
    expect(stale.statusCode).toBe(409);

    // Every status × every status asked: allowed exactly when a transition leads there.
    let cases = 0;
    for (const from of WARNING_STATUSES)
      for (const to of WARNING_STATUSES) {
        await t.database.pool.query(`UPDATE project_warnings SET status = $1 WHERE id = $2`, [from, w.id]);
        const cur = (await ok(t.as.pm, 'GET', 'project/warning/infos', undefined, { projectId: String(p.id) })).list[0];
        const res = await call(t.as.pm, 'PUT', 'warning/update-status', { id: w.id, version: cur.version, status: to });
        const allowed = WARNING_MACHINE.transitions.some((x) => x.to === to && x.from.includes(from));
        expect(res.statusCode, `${from} → ${to}: ${res.body}`).toBe(allowed ? 200 : 409);
        if (allowed) expect(res.json().data.status).toBe(to);
        cases++;
      }
    expect(cases).toBe(9);

    // Someone outside the project reads it but cannot write or move it.
    const planner = await t.login('planner');
    expect((await ok(planner, 'GET', 'project/warning/infos', undefined, { projectId: String(p.id) })).total).toBe(1);
    const cur = (await ok(t.as.pm, 'GET', 'project/warning/infos', undefined, { projectId: String(p.id) })).list[0];
    expect(
      (await call(planner, 'PUT', 'warning/update-status', { id: w.id, version: cur.version, status: 'open' })).statusCode,
    ).toBe(403);
    expect((await call(planner, 'DELETE', 'warning/delete', undefined, { id: String(w.id) })).statusCode).toBe(403);

    await ok(t.as.pm, 'DELETE', 'warning/delete', undefined, { id: String(w.id) });
    expect((await ok(t.as.pm, 'GET', 'project/warning/infos', undefined, { projectId: String(p.id) })).total).toBe(0);
    const log = await ok(t.as.pm, 'GET', 'project/log/list', undefined, { projectId: String(p.id) });
    expect(log.list.map((l: { action: string }) => l.action)).toEqual(
      expect.arrayContaining(['warning.create', 'warning.update', 'warning.status', 'warning.delete']),
    );
  });

  it('refuses bad input (400) and a project that is over (409)', async () => {
    const p = await project({ run: 'CLOSED' });
    expect((await call(t.as.pm, 'POST', 'warning/createOrUpdate', { projectId: p.id, message: '' })).statusCode).toBe(400);
    expect(
      (await call(t.as.pm, 'POST', 'warning/createOrUpdate', { projectId: p.id, message: 'x', kind: 'todo' })).statusCode,
    ).toBe(400);
    expect((await call(t.as.pm, 'POST', 'warning/createOrUpdate', { projectId: p.id, message: 'x' })).statusCode).toBe(409);
  });
});

describe('the warnings job', () => {
  it('raises one warning per overdue todo and node of running projects, tells the owner, and settles them', async () => {
    const p = await project({ stage: 'D2' });
    const draft = await project({ schedule: 'DRAFT', run: 'NOT_START' });
    const { pool } = t.database;
    const todo = await pool.query(
      `INSERT INTO project_todos (project_id, title, assignee_id, due_date, created_by)
       VALUES ($1, 'Late photos', $2, current_date - 10, $2), ($3, 'Draft todo', $2, current_date - 3, $2) RETURNING id`,
      [p.id, ids.pm, draft.id],
    );
    await pool.query(
      `INSERT INTO project_nodes (project_id, node, plan_date, bonus) VALUES ($1, 'D3', current_date - 2, 500), ($1, 'D4', current_date + 30, 800)`,
      [p.id],
    );
    const first = await raiseWarnings(t.database.db);
    expect(first.raised).toBeGreaterThanOrEqual(2);
    const list = (await ok(t.as.pm, 'GET', 'project/warning/infos', undefined, { projectId: String(p.id) })).list;
    expect(list.map((w: { kind: string; message: string; level: string }) => [w.kind, w.message, w.level]).sort()).toEqual([
      ['node', 'D3', 'warning'],
      ['todo', 'Late photos', 'critical'],
    ]);
    expect(list.every((w: { auto: boolean }) => w.auto)).toBe(true);
    expect((await ok(t.as.pm, 'GET', 'project/warning/infos', undefined, { projectId: String(draft.id) })).total).toBe(0);
    const notes = await pool.query(
      `SELECT count(*)::int AS n FROM notifications WHERE kind = 'project.warning' AND user_id = $1`,
      [ids.pm],
    );
    expect(notes.rows[0].n).toBeGreaterThanOrEqual(2);

    // Raised ones are not changed nor deleted; once again, nothing new.
    const raised = list[0];
    expect((await call(t.as.pm, 'DELETE', 'warning/delete', undefined, { id: String(raised.id) })).statusCode).toBe(409);
    expect((await raiseWarnings(t.database.db)).raised).toBe(0);

    // The todo done: its warning resolves itself; the node's stays until reached.
    await pool.query(`UPDATE project_todos SET done = true WHERE id = $1`, [todo.rows[0].id]);
    await raiseWarnings(t.database.db);
    const after = (await ok(t.as.pm, 'GET', 'project/warning/infos', undefined, { projectId: String(p.id) })).list;
    expect(Object.fromEntries(after.map((w: { kind: string; status: string }) => [w.kind, w.status]))).toEqual({
      todo: 'resolved',
      node: 'open',
    });
  });
});

describe('nodes and bonuses', () => {
  it('plans nodes, reports one reached up to the stage, refuses one ahead, and computes the bonuses', async () => {
    const p = await project({ stage: 'D1' });
    const plan = await ok(t.as.pm, 'POST', 'project/node/report', {
      projectId: p.id,
      node: 'D1',
      version: 0,
      planDate: '2026-10-01',
      bonus: 1000,
    });
    expect(plan.planned).toBe(1000);
    expect(plan.earned).toBe(0);
    expect(plan.nodes).toHaveLength(8);
    const reached = await ok(t.as.pm, 'POST', 'project/node/report', {
      projectId: p.id,
      node: 'D1',
      version: 1,
      planDate: '2026-10-01',
      bonus: 1000,
      reachedDate: '2026-10-03',
      remark: 'Samples signed off',
    });
    expect(reached.earned).toBe(1000);
    expect(reached.nodes.find((n: { stage: string }) => n.stage === 'D1')).toMatchObject({
      reachedDate: '2026-10-03',
      version: 2,
    });
    // Ahead of the project's stage: refused; stale: refused.
    const ahead = await call(t.as.pm, 'POST', 'project/node/report', {
      projectId: p.id,
      node: 'D3',
      version: 0,
      reachedDate: '2026-10-03',
    });
    expect(ahead.statusCode).toBe(400);
    expect((await call(t.as.pm, 'POST', 'project/node/report', { projectId: p.id, node: 'D1', version: 1 })).statusCode).toBe(
      409,
    );
    // A member reports, someone outside does not.
    const spec = await t.login('ppc.specialist');
    await ok(spec, 'POST', 'project/node/report', { projectId: p.id, node: 'D0', version: 0, reachedDate: '2026-09-01' });
    const planner = await t.login('planner');
    expect(
      (await call(planner, 'POST', 'project/node/report', { projectId: p.id, node: 'DB', version: 0, reachedDate: '2026-08-01' }))
        .statusCode,
    ).toBe(403);

    // The result bonus: pending while running, earned once completed.
    await ok(t.as.pm, 'POST', 'project/node/report', { projectId: p.id, node: 'RESULT', version: 0, bonus: 5000 });
    expect(await ok(t.as.pm, 'GET', `project/result/bonus/${p.id}`)).toMatchObject({
      planned: 5000,
      earned: 0,
      state: 'pending',
    });
    expect(
      (
        await call(t.as.pm, 'POST', 'project/node/report', {
          projectId: p.id,
          node: 'RESULT',
          version: 1,
          bonus: 5000,
          reachedDate: '2026-10-01',
        })
      ).statusCode,
    ).toBe(400);
    await t.database.pool.query(
      `UPDATE projects SET run_status = 'OVER_COMPLETE', dates = '{"CLOSING_TIME":"2026-11-20"}'::jsonb WHERE id = $1`,
      [p.id],
    );
    expect(await ok(t.as.pm, 'GET', `project/result/bonus/${p.id}`)).toMatchObject({
      earned: 5000,
      state: 'earned',
      reachedDate: '2026-11-20',
    });
    expect((await ok(t.as.pm, 'GET', `project/node/bonus/${p.id}`)).earned).toBe(1000);

    // The export for finance: the reached node and the result, streamed as xlsx.
    const exp = await t.call('GET', `${API}/project/bonus-export`, { token: t.admin, query: { keyword: 'Warned' } });
    expect(exp.statusCode, exp.body).toBe(200);
    expect(exp.headers['content-type']).toMatch(/spreadsheetml/);
    expect(exp.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});

describe('development projects: gate review and documents', () => {
  it('passes a gate (next stage, node reached) and fails one with a reason; only for development projects', async () => {
    const p = await project({ type: 'NEW_PRODUCT_DEV_PROJECT', stage: 'D2' });
    // The owner does not judge their own gate.
    expect((await call(t.as.pm, 'PUT', 'project/approve', { id: p.id, version: p.version, decision: 'pass' })).statusCode).toBe(
      403,
    );
    const passed = await ok(t.admin, 'PUT', 'project/approve', {
      id: p.id,
      version: p.version,
      decision: 'pass',
      remark: 'PRD ok',
    });
    expect(passed.stage).toBe('D3');
    const nodes = await ok(t.as.pm, 'GET', `project/node/bonus/${p.id}`);
    expect(nodes.nodes.find((n: { stage: string }) => n.stage === 'D3').reachedDate).not.toBeNull();
    expect(
      (await call(t.admin, 'PUT', 'project/approve', { id: p.id, version: passed.version, decision: 'fail' })).statusCode,
    ).toBe(400);
    const failed = await ok(t.admin, 'PUT', 'project/approve', {
      id: p.id,
      version: passed.version,
      decision: 'fail',
      remark: 'Cost above target',
    });
    expect(failed.stage).toBe('D3');
    const gtm = await project({ stage: 'D2' });
    expect(
      (await call(t.admin, 'PUT', 'project/approve', { id: gtm.id, version: gtm.version, decision: 'pass' })).statusCode,
    ).toBe(400);
  });

  it('uploads a document to a project, lists it and downloads it; another project does not hand it out', async () => {
    const p = await project({ type: 'NEW_PRODUCT_DEV_PROJECT' });
    const other = await project({ type: 'NEW_PRODUCT_DEV_PROJECT' });
    const bytes = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(3000), Buffer.from('\n%%EOF\n')]);
    const send = (token: string, projectId: number) => {
      const { payload, headers } = multipart({ projectId: String(projectId) }, { name: 'prd.pdf', bytes });
      return t.app.inject({
        method: 'POST',
        url: `${API}/project/upload`,
        payload,
        headers: { ...headers, authorization: `Bearer ${token}` },
      });
    };
    const up = await send(t.as.pm, p.id);
    expect(up.statusCode, up.body).toBe(200);
    const file = up.json().data;
    expect(file).toMatchObject({ name: 'prd.pdf', size: bytes.length, contentType: 'application/pdf' });
    expect((await ok(t.as.pm, 'GET', `project/files/${p.id}`)).map((f: { id: number }) => f.id)).toEqual([file.id]);
    const planner = await t.login('planner');
    const down = await t.call('GET', `${API}/project/download`, {
      token: planner,
      query: { projectId: String(p.id), fileId: String(file.id) },
    });
    expect(down.statusCode).toBe(200);
    expect(Buffer.compare(down.rawPayload, bytes)).toBe(0);
    const wrong = await t.call('GET', `${API}/project/download`, {
      token: t.as.pm,
      query: { projectId: String(other.id), fileId: String(file.id) },
    });
    expect(wrong.statusCode).toBe(404);
    // Someone outside the project may not add documents (and nothing is left stored).
    const before = (await t.database.pool.query(`SELECT count(*)::int AS n FROM files`)).rows[0].n;
    expect((await send(planner, p.id)).statusCode).toBe(403);
    expect(
      (await t.database.pool.query(`SELECT count(*)::int AS n FROM files WHERE deleted_at IS NULL`)).rows[0].n,
    ).toBeLessThanOrEqual(before);
  });
});
