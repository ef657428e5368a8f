/**
 * GTM through the API (docs/gtm.md): the playbook's coded 400s, taken names, stale versions,
 * order and history; the project steps: applying the playbook (launch day and playbook needed,
 * owners, applied once), every state × action of GTM_STEP_MACHINE for the project's owner, who may
 * write (another department's reader may not), stale versions, the planned days following the
 * launch day until settled, overdue, the board's figures and filters, the demo seed.
 */
import { GTM_STEP_ACTIONS, GTM_STEP_MACHINE, GTM_STEP_STATES } from '@bo/contract/gtm/playbook';
import { beforeAll, describe, expect, it } from 'vitest';
import { dataOf, fieldCodesOf, grantToRolesOf, rowCount, testAppPerFile } from '../../../test/harness';
import { addDays, todayUtc } from './steps.service';

const API = '/api/gtm/rest/v1';
const t = testAppPerFile({ admin: true });
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

beforeAll(async () => {
  await grantToRolesOf(t, 'pm', ['gtm:steps']);
  await grantToRolesOf(t, 'cs.agent', ['gtm:steps']);
  await grantToRolesOf(t, 'planner', ['gtm:steps']);
  await grantToRolesOf(t, 'ppc.specialist', ['gtm:steps']);
  for (const login of ['pm', 'cs.agent', 'cs.lead', 'sales.analyst', 'planner', 'ppc.specialist'])
    tokens[login] = await t.login(login);
  for (const r of await t.rows<{ id: number; login_name: string }>(`SELECT id, login_name FROM users WHERE account_id = 1`))
    ids[r.login_name] = Number(r.id);
});

const call = (token: string, method: string, path: string, body?: unknown, query?: Record<string, string>) =>
  t.call(method, `${API}/${path}`, { token, body, query });
const ok = async <T = Record<string, unknown>>(
  token: string,
  method: string,
  path: string,
  body?: unknown,
  query?: Record<string, string>,
) => {
  const res = await call(token, method, path, body, query);
  expect(res.statusCode, res.body).toBe(200);
  return dataOf<T>(res);
};

interface Step {
  id: number;
  state: string;
  version: number;
  plannedDay: string | null;
  actualDay: string | null;
  overdue: boolean;
  offsetDays: number;
  owner: { id: number } | null;
  skipReason: string | null;
}
interface Steps {
  steps: Step[];
  notApplied: number;
  project: { mayWork: boolean; launchDate: string | null };
}

const deptId = async (nameEn: string) =>
  Number((await t.rows<{ id: number }>(`SELECT id FROM org_departments WHERE account_id = 1 AND name_en = $1`, [nameEn]))[0]?.id);

/** A GTM project of pm in Product & R&D (whose leader is pm), launching `launchIn` days from today (null: no day). */
async function project(launchIn: number | null = 20): Promise<number> {
  const details = launchIn === null ? {} : { launchDate: addDays(todayUtc(), launchIn) };
  const [r] = await t.rows<{ id: number }>(
    `INSERT INTO projects (account_id, code, name, type, owner_id, dept_id, schedule_status, run_status, approval_status, details, created_by)
     VALUES (1, 'GT-' || md5(random()::text), 'GTM test ' || md5(random()::text), 'GTM_PROJECT', $1, $2, 'RELEASED', 'RUNNING', 5, $3::jsonb, $1)
     RETURNING id`,
    [ids.pm, await deptId('Product & R&D'), JSON.stringify(details)],
  );
  return Number(r?.id);
}

describe('the playbook', () => {
  it('adds steps at the end, refuses bad input with codes and taken names on their field, writes nothing then', async () => {
    const before = await rowCount(t, 'gtm_playbook_steps');
    const s = await ok<{ id: number; sort: number; version: number }>(t.admin, 'POST', 'playbook', {
      nameZh: '测试步骤',
      nameEn: 'Test step',
      phase: 'preLaunch',
      offsetDays: -21,
      deptId: await deptId('Advertising'),
    });
    expect(s).toMatchObject({ sort: before + 1, version: 1, required: true, deptName: '广告组' });
    const bad = await call(t.admin, 'POST', 'playbook', { nameZh: '', nameEn: 'x', phase: 'later', offsetDays: 400 });
    expect(bad.statusCode).toBe(400);
    expect(fieldCodesOf(bad).sort()).toEqual(['nameZh:required', 'offsetDays:atMost', 'phase:invalidOption']);
    const taken = await call(t.admin, 'POST', 'playbook', {
      nameZh: '另一个',
      nameEn: 'TEST STEP',
      phase: 'launch',
      offsetDays: 0,
    });
    expect(taken.statusCode).toBe(409);
    expect(fieldCodesOf(taken)).toEqual(['nameEn:gtm.stepNameTaken']);
    const dept = await call(t.admin, 'POST', 'playbook', {
      nameZh: '部门',
      nameEn: 'Dept',
      phase: 'launch',
      offsetDays: 0,
      deptId: 99999,
    });
    expect(fieldCodesOf(dept)).toEqual(['deptId:gtm.unknownDept']);
    expect(await rowCount(t, 'gtm_playbook_steps')).toBe(before + 1);
  });

  it('is edited under the version read, moved up and down, deleted with the gap closed, and its history read', async () => {
    const s = await ok<{ id: number; sort: number; version: number }>(t.admin, 'POST', 'playbook', {
      nameZh: '移动步骤',
      nameEn: 'Moved step',
      phase: 'launch',
      offsetDays: 2,
    });
    const body = { nameZh: '移动步骤', nameEn: 'Moved step', phase: 'launch', offsetDays: 3, required: false };
    const edited = await ok<{ version: number; offsetDays: number }>(t.admin, 'PUT', `playbook/${s.id}`, { ...body, version: 1 });
    expect(edited).toMatchObject({ version: 2, offsetDays: 3, required: false });
    expect((await call(t.admin, 'PUT', `playbook/${s.id}`, { ...body, version: 1 })).statusCode).toBe(409);
    const up = await ok<{ id: number; sort: number; version: number }[]>(t.admin, 'POST', `playbook/${s.id}/move`, {
      direction: 'up',
      version: 2,
    });
    const moved = up.find((x) => x.id === s.id);
    expect(moved?.sort).toBe(s.sort - 1);
    expect(up.map((x) => x.sort)).toEqual(up.map((_, i) => i + 1));
    const down = await ok<{ id: number; sort: number }[]>(t.admin, 'POST', `playbook/${s.id}/move`, {
      direction: 'down',
      version: 3,
    });
    expect(down.find((x) => x.id === s.id)?.sort).toBe(s.sort);
    // Last already: stays where it is.
    const last = await ok<{ id: number; sort: number }[]>(t.admin, 'POST', `playbook/${s.id}/move`, {
      direction: 'down',
      version: 4,
    });
    expect(last.at(-1)?.id).toBe(s.id);
    const history = await t.call('GET', `/api/user/rest/v1/history/gtm_playbook_step/${s.id}`, { token: t.admin });
    expect(dataOf<{ list: { action: string }[] }>(history).list.map((e) => e.action)).toEqual([
      'update',
      'update',
      'update',
      'create',
    ]);
    // Reading needs the page: the analyst holds /gtmSteps only.
    expect((await call(tokens['sales.analyst'] as string, 'GET', 'playbook')).statusCode).toBe(403);
    expect((await call(tokens.planner as string, 'GET', 'playbook')).statusCode).toBe(200);
    await ok(t.admin, 'DELETE', `playbook/${s.id}`);
    const list = await ok<{ list: { sort: number }[]; total: number }>(t.admin, 'GET', 'playbook', undefined, {
      pageSize: '500',
    });
    expect(list.list.map((x) => x.sort)).toEqual(list.list.map((_, i) => i + 1));
  });
});

describe('applying the playbook', () => {
  it('needs a launch day, then adds every playbook step once, planned around the launch day and owned by its department leader', async () => {
    const noDay = await project(null);
    const refused = await call(tokens.pm as string, 'POST', `projects/${noDay}/apply`, {});
    expect(refused.statusCode).toBe(409);
    expect(fieldCodesOf(refused)).toEqual(['launchDate:gtm.noLaunchDay']);

    const p = await project(20);
    const playbook = await ok<{ list: { id: number; offsetDays: number; deptName: string | null }[]; total: number }>(
      t.admin,
      'GET',
      'playbook',
      undefined,
      { pageSize: '500' },
    );
    const before = await ok<Steps>(tokens.pm as string, 'GET', `projects/${p}/steps`);
    expect(before).toMatchObject({ steps: [], notApplied: playbook.total, project: { mayWork: true } });
    const applied = await ok<Steps>(tokens.pm as string, 'POST', `projects/${p}/apply`, {});
    expect(applied.steps).toHaveLength(playbook.total);
    expect(applied.notApplied).toBe(0);
    const launch = addDays(todayUtc(), 20);
    for (const [i, s] of applied.steps.entries()) {
      expect(s.plannedDay).toBe(addDays(launch, playbook.list[i]?.offsetDays ?? 0));
      expect(s.state).toBe('pending');
    }
    // The research step's department is Sales & Operations, led by sales.manager; an undepartment-led one falls to the owner.
    const research = applied.steps.find((s) => s.offsetDays === -90);
    expect(research?.owner?.id).toBe(ids['sales.manager']);
    expect(research?.overdue).toBe(true);
    const again = await ok<Steps>(tokens.pm as string, 'POST', `projects/${p}/apply`, {});
    expect(again.steps).toHaveLength(playbook.total);
    expect(await rowCount(t, 'audit_log', `entity = 'gtm_project_step' AND action = 'create'`)).toBeGreaterThanOrEqual(
      playbook.total,
    );
  });
});

describe('a step', () => {
  it('moves exactly as GTM_STEP_MACHINE allows, from every state by every action, for the project owner', async () => {
    const p = await project(10);
    const [step] = (await ok<Steps>(tokens.pm as string, 'POST', `projects/${p}/apply`, {})).steps;
    const id = step?.id as number;
    let cases = 0;
    for (const from of GTM_STEP_STATES)
      for (const action of GTM_STEP_ACTIONS) {
        await t.rows(`UPDATE gtm_project_steps SET state = $1 WHERE id = $2`, [from, id]);
        const [cur] = await t.rows<{ version: number }>(`SELECT version FROM gtm_project_steps WHERE id = $1`, [id]);
        const res = await call(tokens.pm as string, 'POST', `steps/${id}/act`, {
          action,
          version: Number(cur?.version),
          reason: 'Not needed here',
        });
        const to = GTM_STEP_MACHINE.transitions.find((x) => x.action === action && x.from.includes(from))?.to;
        expect(res.statusCode, `${from} × ${action}: ${res.body}`).toBe(to ? 200 : 409);
        if (to) expect(dataOf<Step>(res).state).toBe(to);
        else expect(res.json().msg).toMatch(/cannot|不能/);
        cases++;
      }
    expect(cases).toBe(16);
  });

  it('is written only by who may work on the project; read by every holder of the page', async () => {
    const p = await project(10);
    const [step] = (await ok<Steps>(t.admin, 'POST', `projects/${p}/apply`, {})).steps;
    const other = tokens['cs.agent'] as string;
    const view = await ok<Steps>(other, 'GET', `projects/${p}/steps`);
    expect(view.project.mayWork).toBe(false);
    const refused = await call(other, 'POST', `steps/${step?.id}/act`, { action: 'start', version: step?.version });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toMatch(/only the project's|只有/);
    expect((await call(other, 'POST', `projects/${p}/apply`, {})).statusCode).toBe(403);
    expect(
      (await call(other, 'PUT', `steps/${step?.id}`, { version: step?.version, ownerId: null, offsetDays: 1 })).statusCode,
    ).toBe(403);
    // Without the page at all.
    expect((await call(tokens['cs.lead'] as string, 'GET', `projects/${p}/steps`)).statusCode).toBe(403);
    const [row] = await t.rows<{ state: string; version: number }>(`SELECT state, version FROM gtm_project_steps WHERE id = $1`, [
      step?.id,
    ]);
    expect(row).toMatchObject({ state: 'pending', version: 1 });
  });

  it('is moved by the owner, a member, the department leader and the administrator; not by a reader outside the project', async () => {
    // pm owns it, ppc.specialist is a member, planner leads its department (Supply Chain).
    const [r] = await t.rows<{ id: number }>(
      `INSERT INTO projects (account_id, code, name, type, owner_id, member_ids, dept_id, schedule_status, run_status, approval_status, details, created_by)
       VALUES (1, 'GR-' || md5(random()::text), 'GTM roles', 'GTM_PROJECT', $1, $2::int[], $3, 'RELEASED', 'RUNNING', 5, $4::jsonb, $1) RETURNING id`,
      [
        ids.pm,
        `{${ids['ppc.specialist']}}`,
        await deptId('Supply Chain'),
        JSON.stringify({ launchDate: addDays(todayUtc(), 5) }),
      ],
    );
    const steps = (await ok<Steps>(t.admin, 'POST', `projects/${r?.id}/apply`, {})).steps;
    const who: [string, string, number][] = [
      ['owner', tokens.pm as string, 200],
      ['member', tokens['ppc.specialist'] as string, 200],
      ['department leader', tokens.planner as string, 200],
      ['administrator', t.admin, 200],
      ['reader of another department', tokens['cs.agent'] as string, 403],
      ['reader without a role', tokens['sales.analyst'] as string, 403],
    ];
    for (const [i, [role, token, status]] of who.entries()) {
      const s = steps[i] as Step;
      const res = await call(token, 'POST', `steps/${s.id}/act`, { action: 'start', version: s.version });
      expect(res.statusCode, `${role}: ${res.body}`).toBe(status);
    }
  });

  it('refuses a stale version and a skip without a reason, and keeps its history', async () => {
    const p = await project(10);
    const [step] = (await ok<Steps>(tokens.pm as string, 'POST', `projects/${p}/apply`, {})).steps;
    const id = step?.id as number;
    const started = await ok<Step>(tokens.pm as string, 'POST', `steps/${id}/act`, { action: 'start', version: 1 });
    expect(started).toMatchObject({ state: 'inProgress', version: 2 });
    expect((await call(tokens.pm as string, 'POST', `steps/${id}/act`, { action: 'complete', version: 1 })).statusCode).toBe(409);
    const noReason = await call(tokens.pm as string, 'POST', `steps/${id}/act`, { action: 'skip', version: 2 });
    expect(noReason.statusCode).toBe(400);
    expect(fieldCodesOf(noReason)).toEqual(['reason:gtm.reasonRequired']);
    const skipped = await ok<Step>(tokens.pm as string, 'POST', `steps/${id}/act`, {
      action: 'skip',
      version: 2,
      reason: 'Done by the agency',
    });
    expect(skipped).toMatchObject({ state: 'skipped', skipReason: 'Done by the agency', actualDay: todayUtc() });
    const changed = await ok<Step>(tokens.pm as string, 'PUT', `steps/${id}`, {
      version: 3,
      ownerId: ids.planner,
      offsetDays: 5,
    });
    expect(changed.owner?.id).toBe(ids.planner);
    const unknown = await call(tokens.pm as string, 'PUT', `steps/${id}`, { version: 4, ownerId: 999999, offsetDays: 5 });
    expect(fieldCodesOf(unknown)).toEqual(['ownerId:gtm.unknownOwner']);
    const history = await t.call('GET', `/api/user/rest/v1/history/gtm_project_step/${id}`, {
      token: tokens['cs.agent'] as string,
    });
    expect(dataOf<{ list: { action: string }[] }>(history).list.map((e) => e.action)).toEqual([
      'update',
      'gtm.skip',
      'gtm.start',
      'create',
    ]);
  });

  it('follows a moved launch day while open, keeps its day once done, and is overdue when open past its day', async () => {
    const p = await project(10);
    const applied = (await ok<Steps>(tokens.pm as string, 'POST', `projects/${p}/apply`, {})).steps;
    const launchStep = applied.find((s) => s.offsetDays === 0) as Step;
    const firstPpc = applied.find((s) => s.offsetDays === 14) as Step;
    await ok(tokens.pm as string, 'POST', `steps/${launchStep.id}/act`, { action: 'complete', version: launchStep.version });
    // The launch moves 30 days earlier: the open step follows (now 16 days ago: overdue), the done one keeps its day.
    await t.rows(`UPDATE projects SET details = jsonb_build_object('launchDate', $1::text) WHERE id = $2`, [
      addDays(todayUtc(), -30),
      p,
    ]);
    const after = (await ok<Steps>(tokens.pm as string, 'GET', `projects/${p}/steps`)).steps;
    const done = after.find((s) => s.id === launchStep.id) as Step;
    const open = after.find((s) => s.id === firstPpc.id) as Step;
    expect(done).toMatchObject({ state: 'done', plannedDay: addDays(todayUtc(), 10), overdue: false });
    expect(open).toMatchObject({ state: 'pending', plannedDay: addDays(todayUtc(), -16), overdue: true });
    // Reopened, the done step follows the launch day again.
    const reopened = await ok<Step>(tokens.pm as string, 'POST', `steps/${done.id}/act`, { action: 'reopen', version: 2 });
    expect(reopened).toMatchObject({ state: 'pending', plannedDay: addDays(todayUtc(), -30), actualDay: null, overdue: true });

    const board = await ok<{
      list: { projectId: number; overdue: number; total: number; progress: number; next: { id: number } | null }[];
    }>(t.admin, 'GET', 'board', undefined, { overdue: 'true', pageSize: '500' });
    const row = board.list.find((r) => r.projectId === p);
    expect(row?.overdue).toBe(after.filter((s) => s.overdue).length + 1);
    expect(row?.next).not.toBeNull();
  });
});

describe('the board', () => {
  it('shows the demo GTM project with its steps in several states, one overdue, and filters by step', async () => {
    const board = await ok<{
      list: {
        name: string;
        total: number;
        done: number;
        skipped: number;
        overdue: number;
        progress: number;
        phases: unknown[];
      }[];
    }>(tokens['sales.analyst'] as string, 'GET', 'board', undefined, { keyword: 'Neon Rope Light 2.0', pageSize: '500' });
    const neon = board.list[0];
    expect(neon).toMatchObject({ total: 11, done: 8, skipped: 1, overdue: 1, progress: 82 });
    expect(neon?.phases).toHaveLength(4);
    const skippedOnly = await ok<{ list: { name: string }[] }>(t.admin, 'GET', 'board', undefined, {
      state: 'skipped',
      keyword: 'Neon',
    });
    expect(skippedOnly.list.map((r) => r.name)).toEqual([neon?.name]);
    const options = await ok<{ people: unknown[]; departments: unknown[] }>(tokens['sales.analyst'] as string, 'GET', 'options');
    expect(options.departments.length).toBeGreaterThan(3);
    expect((await call(tokens['cs.agent'] as string, 'GET', 'board', undefined, { sortField: 'nope' })).statusCode).toBe(400);
  });
});
