/**
 * The organisation through the API and its published reads: the spec's four calls on the demo
 * data, the tree's refusals (cycles, stale versions, deleting a department with sub-departments
 * or members), moves with effective dates, and who leads whom.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testAppPerFile } from '../../../test/harness';
import { departmentLeaderOf, departmentOf, leaderOf, leadersOfAccount, membersOf } from './organization.reads';

const SPEC = '/api/digitize/rest/v1';
const API = '/api/user/rest/v1/organization';
const t = testAppPerFile({ admin: true, signIn: { agent: 'cs.agent' } });

type Dept = {
  id: number;
  parentId: number | null;
  name: string;
  nameEn: string;
  enabled: boolean;
  version: number;
  memberCount: number;
};
type TreeNode = Dept & { children: TreeNode[]; members?: { employeeId: string }[] };
type Emp = {
  id: number;
  employeeId: string;
  deptId: number | null;
  since: string | null;
  version: number;
  userId: number | null;
};

const db = () => t.database.db;
const userId = async (login: string) =>
  Number((await db().execute<{ id: number }>(sql`SELECT id FROM users WHERE login_name = ${login}`)).rows[0]?.id);
const ok = async (method: string, url: string, body?: unknown) => {
  const res = await t.call(method, url, { token: t.admin, body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const addDept = (name: string, parentId: number | null = null): Promise<Dept> =>
  ok('POST', `${API}/departments`, { parentId, name, nameEn: `${name} (en)` });
const today = () => new Date().toISOString().slice(0, 10);
const plusDays = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

describe('the spec calls (§7) on the demo organisation', () => {
  it('answers the departments, employees and both trees in data, with the fixed argument 1', async () => {
    const depts = await t.call('GET', `${SPEC}/organization/dept`, { token: t.as.agent, query: { status: '1' } });
    expect(depts.statusCode).toBe(200);
    const list = depts.json().data as Dept[];
    expect(list.filter((d) => d.parentId === null).map((d) => d.nameEn)).toEqual([
      'Sales & Operations',
      'Product & R&D',
      'Supply Chain',
      'Customer Service',
    ]);

    const emps = (await t.call('GET', `${SPEC}/organization/emp`, { token: t.as.agent, query: { status: '1' } })).json()
      .data as Emp[];
    expect(emps.map((e) => e.employeeId)).toEqual(['E1001', 'E1002', 'E1003', 'E1004', 'E1005', 'E1006', 'E1007']);
    expect(emps.every((e) => e.userId !== null && e.deptId !== null)).toBe(true);

    const tree = (await t.call('GET', `${SPEC}/deptTree`, { token: t.as.agent, query: { status: '1' } })).json()
      .data as TreeNode[];
    expect(tree).toHaveLength(4);
    expect(tree[0]?.children.map((c) => c.nameEn)).toEqual(['Advertising']);
    expect(tree[0]).not.toHaveProperty('members');

    const org = (await t.call('GET', `${SPEC}/organizationTree`, { token: t.as.agent, query: { status: '1' } })).json()
      .data as TreeNode[];
    expect(org[0]?.members?.map((m) => m.employeeId)).toEqual(['E1001', 'E1002']);
    expect(org[0]?.children[0]?.members?.map((m) => m.employeeId)).toEqual(['E1003']);
  });

  it('leaves disabled departments out with status 1 and keeps them without it', async () => {
    const d = await addDept('Closed unit');
    await ok('PUT', `${API}/departments`, {
      id: d.id,
      version: d.version,
      name: d.name,
      nameEn: d.nameEn,
      leaderUserId: null,
      enabled: false,
    });
    const on = (await t.call('GET', `${SPEC}/organization/dept`, { token: t.as.agent, query: { status: '1' } })).json()
      .data as Dept[];
    const all = (await t.call('GET', `${SPEC}/organization/dept`, { token: t.as.agent })).json().data as Dept[];
    expect(on.some((x) => x.id === d.id)).toBe(false);
    expect(all.find((x) => x.id === d.id)?.enabled).toBe(false);
  });
});

describe('the department tree', () => {
  it('refuses a move under itself or a sub-department (400 coded), and stale versions (409)', async () => {
    const a = await addDept('Tree A');
    const b = await addDept('Tree B', a.id);
    const c = await addDept('Tree C', b.id);
    const cycle = await t.call('PUT', `${API}/departments/move`, {
      token: t.admin,
      body: { id: a.id, version: a.version, parentId: c.id, index: 0 },
    });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().data.fields[0]).toMatchObject({ path: 'parentId', code: 'org.deptCycle' });
    const self = await t.call('PUT', `${API}/departments/move`, {
      token: t.admin,
      body: { id: a.id, version: a.version, parentId: a.id, index: 0 },
    });
    expect(self.statusCode).toBe(400);

    const moved = (await ok('PUT', `${API}/departments/move`, {
      id: c.id,
      version: c.version,
      parentId: null,
      index: 0,
    })) as Dept;
    expect(moved.parentId).toBeNull();
    const stale = await t.call('PUT', `${API}/departments`, {
      token: t.admin,
      body: { id: c.id, version: c.version, name: 'Tree C2', nameEn: '', leaderUserId: null, enabled: true },
    });
    expect(stale.statusCode).toBe(409);
  });

  it('refuses to delete a department with sub-departments or members, naming them (409)', async () => {
    const parent = await addDept('Delete parent');
    const child = await addDept('Delete child', parent.id);
    const withKids = await t.call('DELETE', `${API}/departments/${parent.id}`, { token: t.admin });
    expect(withKids.statusCode).toBe(409);
    expect(withKids.json().msg).toContain('Delete child');

    await ok('POST', `${API}/employees`, { employeeId: 'DEL1', name: 'Dana Member', deptId: child.id });
    const withMembers = await t.call('DELETE', `${API}/departments/${child.id}`, { token: t.admin });
    expect(withMembers.statusCode).toBe(409);
    expect(withMembers.json().msg).toContain('Dana Member (DEL1)');
    expect(withMembers.json().data.members).toEqual([{ employeeId: 'DEL1', name: 'Dana Member' }]);

    const empty = await addDept('Delete empty');
    await ok('DELETE', `${API}/departments/${empty.id}`);
  });

  it('refuses a sibling with the same name (409 on the name)', async () => {
    await addDept('Twin');
    const dup = await t.call('POST', `${API}/departments`, { token: t.admin, body: { parentId: null, name: 'twin' } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().data.fields[0]).toMatchObject({ path: 'name', code: 'org.deptNameTaken' });
  });
});

describe('employees and memberships', () => {
  it('moves with effective dates: the old membership ends the day before, reads take today', async () => {
    const from = await addDept('Move from');
    const to = await addDept('Move to');
    const start = plusDays(today(), -30);
    const e = (await ok('POST', `${API}/employees`, {
      employeeId: 'MOV1',
      name: 'Mo Ver',
      deptId: from.id,
      effectiveFrom: start,
    })) as Emp;
    expect(e).toMatchObject({ deptId: from.id, since: start });

    const early = await t.call('PUT', `${API}/employees/move`, {
      token: t.admin,
      body: { id: e.id, version: e.version, deptId: to.id, effectiveFrom: start },
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().data.fields[0]).toMatchObject({ path: 'effectiveFrom', code: 'org.effectiveBefore' });

    // A move from next week: today the employee is still where they were.
    const next = plusDays(today(), 7);
    const planned = (await ok('PUT', `${API}/employees/move`, {
      id: e.id,
      version: e.version,
      deptId: to.id,
      effectiveFrom: next,
    })) as Emp;
    expect(planned.deptId).toBe(from.id);
    const history = await ok('GET', `${API}/employees/${e.id}/memberships`);
    expect(history).toMatchObject([
      { deptId: to.id, effectiveFrom: next, effectiveTo: null },
      { deptId: from.id, effectiveFrom: start, effectiveTo: plusDays(next, -1) },
    ]);
    const inTo = await ok('GET', `${API}/employees`, undefined);
    expect(inTo.list.find((x: Emp) => x.id === e.id)?.deptId).toBe(from.id);
    expect(await membersOf(db(), to.id, { asOf: next })).toMatchObject([{ employeeId: 'MOV1' }]);
    expect(await membersOf(db(), to.id)).toEqual([]);

    const stale = await t.call('PUT', `${API}/employees/move`, {
      token: t.admin,
      body: { id: e.id, version: e.version, deptId: from.id, effectiveFrom: plusDays(next, 1) },
    });
    expect(stale.statusCode).toBe(409);
  });

  it('links a user through users.employee_id and refuses a user linked to someone else', async () => {
    const d = await addDept('Link dept');
    const analyst = await userId('sales.analyst');
    const taken = await t.call('POST', `${API}/employees`, {
      token: t.admin,
      body: { employeeId: 'LNK1', name: 'Lin K', deptId: d.id, userId: analyst },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().data.fields[0]).toMatchObject({ path: 'userId', code: 'org.userLinked' });

    const fresh = Number(
      (
        await db().execute<{ id: number }>(sql`
          INSERT INTO users (account_id, login_name, user_name, password_hash) VALUES (1, 'org.link', 'Org Link', 'x') RETURNING id`)
      ).rows[0]?.id,
    );
    const e = (await ok('POST', `${API}/employees`, { employeeId: 'LNK1', name: 'Lin K', deptId: d.id, userId: fresh })) as Emp;
    expect(e.userId).toBe(fresh);
    const u = await db().execute<{ employee_id: string }>(sql`SELECT employee_id FROM users WHERE id = ${fresh}`);
    expect(u.rows[0]?.employee_id).toBe('LNK1');
    expect(await departmentOf(db(), fresh)).toMatchObject({ id: d.id, name: 'Link dept' });

    const unlinked = (await ok('PUT', `${API}/employees`, {
      id: e.id,
      version: e.version,
      name: 'Lin K',
      position: 'Clerk',
      leaderUserId: null,
      userId: null,
    })) as Emp;
    expect(unlinked.userId).toBeNull();
    expect(await departmentOf(db(), fresh)).toBeNull();
  });
});

describe('leaders (published reads)', () => {
  it('walks up past departments without a leader and past the user themself', async () => {
    const [manager, ppc, agentId, lead, pm] = await Promise.all(
      ['sales.manager', 'ppc.specialist', 'cs.agent', 'cs.lead', 'pm'].map(userId),
    );
    // Advertising has no leader: its parent's leads.
    expect(await leaderOf(db(), ppc as number)).toBe(manager);
    expect(await leaderOf(db(), agentId as number)).toBe(lead);
    // A top department's leader has nobody above.
    expect(await leaderOf(db(), manager as number)).toBeNull();
    // An employee's own leader overrides the department's, but not for departmentLeader.
    const emp = (await ok('GET', `${API}/employees?keyword=E1005`)).list[0] as Emp & { name: string; version: number };
    await ok('PUT', `${API}/employees`, {
      id: emp.id,
      version: emp.version,
      name: emp.name,
      position: '',
      leaderUserId: pm,
      userId: agentId,
    });
    expect(await leaderOf(db(), agentId as number)).toBe(pm);
    expect(await departmentLeaderOf(db(), agentId as number)).toBe(lead);
    // Someone who is no employee has no leader.
    expect(await leaderOf(db(), await userId('admin'))).toBeNull();
  });

  it('reads the department and its members, recursively or not', async () => {
    const ppc = await userId('ppc.specialist');
    const dept = await departmentOf(db(), ppc);
    expect(dept).toMatchObject({ nameEn: 'Advertising' });
    const sales = (await db().execute<{ id: number }>(sql`SELECT id FROM org_departments WHERE name_en = 'Sales & Operations'`))
      .rows[0]?.id as number;
    expect((await membersOf(db(), sales)).map((m) => m.employeeId)).toEqual(['E1001', 'E1002']);
    expect((await membersOf(db(), sales, { recursive: true })).map((m) => m.employeeId)).toEqual(['E1001', 'E1002', 'E1003']);
    // The analyst came from customer service: on a day before the move they were there.
    const analyst = await userId('sales.analyst');
    expect((await departmentOf(db(), analyst, '2025-01-01'))?.nameEn).toBe('Customer Service');
    expect((await departmentOf(db(), analyst))?.nameEn).toBe('Sales & Operations');
  });
});

describe('leadersOfAccount', () => {
  it("answers every user's leaderOf in one statement, the same as one at a time", async () => {
    const db = t.database.db;
    const users = (await t.rows<{ id: number }>('SELECT id FROM users WHERE account_id = 1 ORDER BY id')).map((u) =>
      Number(u.id),
    );
    const all = await leadersOfAccount(db, 1);
    expect([...all.keys()].sort((a, b) => a - b)).toEqual(users);
    const one = await Promise.all(users.map(async (id) => [id, await leaderOf(db, id)] as const));
    expect(one.map(([id]) => [id, all.get(id)])).toEqual(one);
    // The demo has leaders to find, not only nulls.
    expect(one.some(([, leader]) => leader !== null)).toBe(true);
  });
});
