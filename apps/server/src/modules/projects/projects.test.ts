import { beforeAll, describe, expect, it } from 'vitest';
import { testAppPerFile } from '../../../test/harness';
import { projectManagers } from './projects.fixtures';

const API = '/api/digitize/rest/v1';
const t = testAppPerFile({ admin: true, signIn: { pm: 'pm' } });
const ids: Record<string, number> = {};

beforeAll(async () => {
  // The demo users who approve or take part here get the project screens too (only pm has them in the demo).
  Object.assign(ids, await projectManagers(t, ['sales.manager', 'sales.analyst', 'planner', 'ppc.specialist']));
});

/** A user holding only the project page, placed in no project. */
async function outsider(): Promise<string> {
  const { pool } = t.database;
  const hash = (await pool.query(`SELECT password_hash FROM users WHERE login_name = 'pm'`)).rows[0].password_hash;
  const u = await pool.query(
    `INSERT INTO users (account_id, login_name, user_name, password_hash, user_type) VALUES (1, 'outsider', 'Outsider', $1, 1)
     ON CONFLICT ((lower(login_name))) DO UPDATE SET user_name = EXCLUDED.user_name RETURNING id`,
    [hash],
  );
  const role = await pool.query(`SELECT id FROM roles WHERE account_id = 1 AND name = 'project manager'`);
  await pool.query(`INSERT INTO user_roles VALUES ($1, $2) ON CONFLICT DO NOTHING`, [u.rows[0].id, role.rows[0].id]);
  ids.outsider = Number(u.rows[0].id);
  return t.login('outsider');
}

const call = async (token: string, method: string, url: string, body?: unknown, query?: Record<string, string>) =>
  t.call(method, `${API}/${url}`, { token, body, query });
const ok = async (token: string, method: string, url: string, body?: unknown) => {
  const res = await call(token, method, url, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

const gtm = (over: Record<string, unknown> = {}) => ({
  name: 'Test GTM launch',
  type: 'GTM_PROJECT',
  ownerId: ids.pm,
  memberIds: [ids['ppc.specialist']],
  priority: 'P1',
  stage: 'DB',
  dates: { OPEN_TIME: '2026-12-01', CLOSING_TIME: '2027-03-01' },
  skus: ['H61A0'],
  metrics: { TOTAL_BUDGET: 1000.5, TOTAL_EXPOSURE: 20000 },
  details: { markets: [0, 1], channels: ['Amazon'], targetUnits: 100 },
  ...over,
});

describe('a GTM project from draft to running', () => {
  it('is created, submitted, approved by the approver, released, started and advanced, all in the log', async () => {
    const p = await ok(t.as.pm, 'POST', 'project/save', gtm());
    expect(p).toMatchObject({ scheduleStatus: 'DRAFT', runStatus: 'NOT_START', approvalStatus: 1, version: 1 });
    expect(p.code).toMatch(/^GTM-\d{5}$/);
    expect(p.myRoles).toEqual(['owner']);
    expect(p.details).toMatchObject({ markets: [0, 1], positioning: '' });

    const task = await ok(t.as.pm, 'POST', 'project/todo', {
      projectId: p.id,
      title: 'Late one',
      assigneeId: ids.pm,
      dueDate: '2020-01-01',
    });
    expect(task.overdue).toBe(true);
    const done = await ok(t.as.pm, 'PUT', `project/todo/complete/${task.id}`, { version: task.version });
    expect(done).toMatchObject({ done: true, overdue: false });
    await ok(t.as.pm, 'POST', `project/event/${p.id}`, { title: 'Kick-off', eventDate: '2026-11-28' });
    expect(await ok(t.as.pm, 'GET', `project/event/${p.id}`)).toHaveLength(1);
    const listed = (await call(t.as.pm, 'GET', 'project/list', undefined, { type: 'GTM_PROJECT', keyword: 'Test GTM' })).json()
      .data;
    expect(listed.list[0]).toMatchObject({ id: p.id, openTodos: 0 });

    const sub = await ok(t.as.pm, 'POST', 'project/commit', {
      id: p.id,
      version: p.version,
      approverIds: [ids['sales.manager']],
      ccIds: [ids.planner],
    });
    expect(sub).toMatchObject({ scheduleStatus: 'PENDING', approvalStatus: 2, ccIds: [ids.planner] });
    // In review nobody edits.
    const edit = await call(t.as.pm, 'POST', 'project/save', { ...gtm({ name: 'x' }), id: p.id, version: sub.version });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().msg).toMatch(/to be scheduled|待排期/);

    const manager = await t.login('sales.manager');
    const appr = await ok(manager, 'POST', 'project/approval', {
      id: p.id,
      approvalVersion: sub.approval.version,
      action: 'approve',
      remark: 'go',
    });
    expect(appr).toMatchObject({ scheduleStatus: 'PENDING', approvalStatus: 5 });
    expect(await ok(t.as.pm, 'GET', `project/approver/${p.id}`)).toEqual([
      { id: ids['sales.manager'], name: expect.any(String), step: 0, decision: 'approve' },
    ]);
    expect((await ok(t.as.pm, 'GET', `approver/cclist/${p.id}`)).map((x: { id: number }) => x.id)).toEqual([ids.planner]);
    expect((await ok(t.as.pm, 'GET', `approver/approve_remark/${p.id}`)).map((x: { action: string }) => x.action)).toEqual([
      'submit',
      'approve',
    ]);

    const rel = await ok(t.as.pm, 'PUT', 'project/released', { id: p.id, version: appr.version });
    expect(rel.scheduleStatus).toBe('RELEASED');
    const started = await ok(t.as.pm, 'PUT', 'project/status', { id: p.id, version: rel.version, action: 'start' });
    const next = await ok(t.as.pm, 'PUT', 'project/status', { id: p.id, version: started.version, action: 'advance' });
    expect(next).toMatchObject({ runStatus: 'RUNNING', stage: 'DD' });

    const log = (await call(t.as.pm, 'GET', 'project/log/list', undefined, { projectId: String(p.id), pageSize: '50' })).json()
      .data;
    const actions = log.list.map((l: { action: string }) => l.action).reverse();
    expect(actions).toEqual([
      'create',
      'todo.create',
      'todo.complete',
      'event.create',
      'commit',
      'approve',
      'release',
      'start',
      'advance',
    ]);
    expect(log.list[0]).toMatchObject({ before: { stage: 'DB' }, after: { stage: 'DD' } });
    // A released project may not be deleted.
    expect((await call(t.as.pm, 'DELETE', `project/${p.id}`)).statusCode).toBe(409);
  });

  it('updates through PUT gtm/project/{id} and refuses a stale version without changing anything', async () => {
    const p = await ok(t.as.pm, 'POST', 'project/save', gtm({ name: 'Lock test' }));
    const a = await ok(t.as.pm, 'PUT', `gtm/project/${p.id}`, { ...gtm({ name: 'Lock test A' }), version: p.version });
    expect(a).toMatchObject({ name: 'Lock test A', version: p.version + 1 });
    const stale = await call(t.as.pm, 'POST', 'project/save', { ...gtm({ name: 'Lock test B' }), id: p.id, version: p.version });
    expect(stale.statusCode).toBe(409);
    expect((await ok(t.as.pm, 'GET', `project/${p.id}`)).name).toBe('Lock test A');
    // Wrong type for the path: coded 400.
    const wrong = await call(t.as.pm, 'PUT', `brand/project/${p.id}`, { ...gtm(), version: a.version });
    expect(wrong.statusCode).toBe(400);
  });

  it('refuses bad input with a coded 400 that changes nothing', async () => {
    const before = Number((await t.database.pool.query('SELECT count(*) FROM projects')).rows[0].count);
    const cases = [
      gtm({ name: '' }),
      gtm({ priority: 'P9' }),
      gtm({ ownerId: 999999 }),
      gtm({ details: { markets: ['US'] } }),
      gtm({ dates: { OPEN_TIME: '2026-12-01', CLOSING_TIME: '2026-01-01' } }),
      gtm({ metrics: { NOPE: 1 } }),
    ];
    for (const body of cases) {
      const res = await call(t.as.pm, 'POST', 'project/save', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().data.fields[0].code).toBeTruthy();
    }
    expect(Number((await t.database.pool.query('SELECT count(*) FROM projects')).rows[0].count)).toBe(before);
  });

  it('lets only the owner delete a draft, after which it is gone', async () => {
    const p = await ok(t.as.pm, 'POST', 'project/save', gtm({ name: 'To delete' }));
    expect((await call(await outsider(), 'DELETE', `project/${p.id}`)).statusCode).toBe(403);
    expect(await ok(t.as.pm, 'DELETE', `project/${p.id}`)).toBeNull();
    expect((await call(t.as.pm, 'GET', `project/${p.id}`)).statusCode).toBe(404);
  });
});

describe('two approvers at once', () => {
  it('lets one win; the other is told someone acted first (409)', async () => {
    const p = await ok(t.as.pm, 'POST', 'project/save', gtm({ name: 'Race' }));
    const sub = await ok(t.as.pm, 'POST', 'project/commit', {
      id: p.id,
      version: p.version,
      approverIds: [ids['sales.manager'], ids.planner],
    });
    const [m, pl] = await Promise.all([t.login('sales.manager'), t.login('planner')]);
    const results = await Promise.all(
      [m, pl].map((tok) =>
        call(tok, 'POST', 'project/approval', { id: p.id, approvalVersion: sub.approval.version, action: 'approve' }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const after = await ok(t.as.pm, 'GET', `project/${p.id}`);
    expect(after.approval.votes).toHaveLength(1);
    expect(after.approvalStatus).toBe(5);
  });

  it('a rejection needs a reason and sends the project back to draft', async () => {
    const p = await ok(t.as.pm, 'POST', 'project/save', gtm({ name: 'Reject me' }));
    const sub = await ok(t.as.pm, 'POST', 'project/commit', {
      id: p.id,
      version: p.version,
      approverIds: [ids['sales.manager']],
    });
    const m = await t.login('sales.manager');
    const bare = await call(m, 'POST', 'project/approval', { id: p.id, approvalVersion: sub.approval.version, action: 'reject' });
    expect(bare.statusCode).toBe(400);
    const r = await ok(m, 'POST', 'project/approval', {
      id: p.id,
      approvalVersion: sub.approval.version,
      action: 'reject',
      remark: 'no',
    });
    expect(r).toMatchObject({ scheduleStatus: 'DRAFT', approvalStatus: 3 });
    // The owner may change it again and resubmit; an outsider is no approver.
    const out = await outsider();
    expect(
      (await call(out, 'POST', 'project/approval', { id: p.id, approvalVersion: r.approval.version, action: 'approve' }))
        .statusCode,
    ).toBe(409);
    await ok(t.as.pm, 'POST', 'project/save', { ...gtm({ name: 'Reject me, fixed' }), id: p.id, version: r.version });
  });

  it('without approvers in the body, asks the owner’s leader; without one, a coded 400', async () => {
    const analyst = await t.login('sales.analyst');
    const p = await ok(
      analyst,
      'POST',
      'project/save',
      gtm({ name: 'Leader asks', ownerId: ids['sales.analyst'], memberIds: [] }),
    );
    const sub = await ok(analyst, 'POST', 'project/commit', { id: p.id, version: p.version });
    expect(sub.approval.approvers).toEqual([[ids['sales.manager']]]);
    const own = await ok(t.as.pm, 'POST', 'project/save', gtm({ name: 'No leader' }));
    const res = await call(t.as.pm, 'POST', 'project/commit', { id: own.id, version: own.version });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields[0]).toMatchObject({ path: 'approverIds', code: 'projects.noApprover' });
  });
});

describe('row rules', () => {
  it('someone of another department with the page reads but cannot write', async () => {
    const p = await ok(t.as.pm, 'POST', 'project/save', gtm({ name: 'Rows', deptId: null }));
    const out = await outsider();
    const seen = await ok(out, 'GET', `project/${p.id}`);
    expect(seen.myRoles).toEqual([]);
    const writes = [
      call(out, 'POST', 'project/save', { ...gtm(), id: p.id, version: p.version }),
      call(out, 'PUT', `gtm/project/${p.id}`, { ...gtm(), version: p.version }),
      call(out, 'POST', 'project/todo', { projectId: p.id, title: 'x', assigneeId: ids.outsider }),
      call(out, 'POST', `project/event/${p.id}`, { title: 'x', eventDate: '2026-11-28' }),
      call(out, 'POST', 'project/commit', { id: p.id, version: p.version }),
      call(out, 'PUT', 'project/replace/member', { id: p.id, version: p.version, ownerId: ids.outsider, memberIds: [] }),
    ];
    expect((await Promise.all(writes)).map((r) => r.statusCode)).toEqual([403, 403, 403, 403, 403, 403]);
    // Nor may they create a project they take no part in.
    const foreign = await call(out, 'POST', 'project/save', gtm({ name: 'Not mine' }));
    expect(foreign.statusCode).toBe(400);
  });

  it('a member edits, a department leader steers, the administrator does all but approve', async () => {
    const ppc = await t.login('ppc.specialist');
    const dept = Number(
      (await t.database.pool.query(`SELECT id FROM org_departments WHERE name_en = 'Product & R&D'`)).rows[0].id,
    );
    const p = await ok(t.as.pm, 'POST', 'project/save', gtm({ name: 'Team', deptId: dept }));
    const edited = await ok(ppc, 'POST', 'project/save', {
      ...gtm({ name: 'Team edited', deptId: dept }),
      id: p.id,
      version: p.version,
    });
    // A member may not hand the project over.
    const hand = await call(ppc, 'PUT', 'project/replace/member', {
      id: p.id,
      version: edited.version,
      ownerId: ids['ppc.specialist'],
      memberIds: [],
    });
    expect(hand.statusCode).toBe(403);
    const swapped = await ok(t.admin, 'PUT', 'project/replace/member', {
      id: p.id,
      version: edited.version,
      ownerId: ids.pm,
      memberIds: [ids.planner],
    });
    expect(swapped.members.map((m: { id: number }) => m.id)).toEqual([ids.planner]);
    expect(swapped.myRoles).toEqual(['admin']);
  });
});

describe('the demo seed', () => {
  it('has twelve projects across the five types with a review waiting for pm and overdue todos', async () => {
    const all = (await call(t.admin, 'GET', 'project/list', undefined, { pageSize: '100', keyword: ' ' })).json().data;
    const seeded = await t.database.pool.query(
      `SELECT type, count(*)::int AS n FROM projects WHERE created_by <> 0 GROUP BY type`,
    );
    expect(seeded.rows.length).toBe(5);
    expect(all.total).toBeGreaterThanOrEqual(12);
    const mine = (await call(t.as.pm, 'GET', 'project/list', undefined, { mine: 'true', scheduleStatus: 'PENDING' })).json().data;
    expect(mine.list.some((p: { approvalStatus: number }) => p.approvalStatus === 2)).toBe(true);
    const gtmList = (await call(t.as.pm, 'GET', 'project/list', undefined, { listType: '1' })).json().data;
    expect(gtmList.list.every((p: { type: string }) => p.type === 'GTM_PROJECT')).toBe(true);
    const overdue = await t.database.pool.query(
      `SELECT count(*)::int AS n FROM project_todos WHERE NOT done AND due_date < current_date`,
    );
    expect(overdue.rows[0].n).toBeGreaterThan(0);
  });

  it('exports the filtered list as xlsx', async () => {
    const res = await call(t.as.pm, 'GET', 'project/list-export', undefined, { type: 'GTM_PROJECT' });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toMatch(/spreadsheetml/);
  });
});
