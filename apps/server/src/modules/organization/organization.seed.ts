/**
 * The demo organisation (spec §9: "a department list of four departments are built in"; the
 * names are ours, decisions.md "Organisation"): four departments of the company account, two
 * sub-departments, the demo users placed in them as employees with leaders, and one move with
 * its effective dates (the analyst came from customer service).
 */
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { linkUserToEmployee, usersByLogin } from '../access/access.reads';

export const ORG_SEED_KEY = 'seed.organization';

interface DemoDept {
  key: string;
  parent: string | null;
  name: string;
  nameEn: string;
  /** The leading demo user's login name. */
  leader: string | null;
}

export const DEMO_DEPARTMENTS: readonly DemoDept[] = [
  { key: 'sales', parent: null, name: '销售运营部', nameEn: 'Sales & Operations', leader: 'sales.manager' },
  { key: 'ppc', parent: 'sales', name: '广告组', nameEn: 'Advertising', leader: null },
  { key: 'product', parent: null, name: '产品研发部', nameEn: 'Product & R&D', leader: 'pm' },
  { key: 'supply', parent: null, name: '供应链部', nameEn: 'Supply Chain', leader: 'planner' },
  { key: 'planning', parent: 'supply', name: '计划组', nameEn: 'Planning', leader: null },
  { key: 'cs', parent: null, name: '客户服务部', nameEn: 'Customer Service', leader: 'cs.lead' },
];

interface DemoEmployee {
  employeeId: string;
  login: string;
  name: string;
  position: string;
  /** Departments over time: [department key, first day]. */
  path: readonly (readonly [string, string])[];
}

export const DEMO_EMPLOYEES: readonly DemoEmployee[] = [
  {
    employeeId: 'E1001',
    login: 'sales.manager',
    name: 'Sales Manager 销售经理',
    position: 'Head of sales',
    path: [['sales', '2024-03-01']],
  },
  {
    employeeId: 'E1002',
    login: 'sales.analyst',
    name: 'Sales Analyst 销售分析',
    position: 'Sales analyst',
    path: [
      ['cs', '2024-06-01'],
      ['sales', '2025-09-01'],
    ],
  },
  {
    employeeId: 'E1003',
    login: 'ppc.specialist',
    name: 'PPC Specialist 广告专员',
    position: 'PPC specialist',
    path: [['ppc', '2024-08-15']],
  },
  {
    employeeId: 'E1004',
    login: 'cs.lead',
    name: 'CS Lead 客服主管',
    position: 'Customer service lead',
    path: [['cs', '2024-01-08']],
  },
  {
    employeeId: 'E1005',
    login: 'cs.agent',
    name: 'CS Agent 客服专员',
    position: 'Customer service agent',
    path: [['cs', '2025-02-17']],
  },
  {
    employeeId: 'E1006',
    login: 'planner',
    name: 'Planner 计划员',
    position: 'Head of supply chain',
    path: [['supply', '2024-04-01']],
  },
  {
    employeeId: 'E1007',
    login: 'pm',
    name: 'Project Manager 项目经理',
    position: 'Product manager',
    path: [['product', '2024-02-19']],
  },
];

const dayBefore = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

async function build(tx: DbOrTx) {
  const users = await usersByLogin(tx, 1);
  const depts = new Map<string, number>();
  const sort = new Map<string | null, number>();
  for (const d of DEMO_DEPARTMENTS) {
    const n = sort.get(d.parent) ?? 0;
    sort.set(d.parent, n + 1);
    const r = await tx.execute<{ id: number }>(sql`
      INSERT INTO org_departments (account_id, parent_id, name, name_en, leader_user_id, sort)
      VALUES (1, ${d.parent === null ? null : (depts.get(d.parent) ?? null)}, ${d.name}, ${d.nameEn},
              ${d.leader === null ? null : (users.get(d.leader) ?? null)}, ${n})
      RETURNING id`);
    depts.set(d.key, Number(r.rows[0]?.id));
  }
  for (const e of DEMO_EMPLOYEES) {
    const r = await tx.execute<{ id: number }>(sql`
      INSERT INTO org_employees (account_id, employee_id, name, position)
      VALUES (1, ${e.employeeId}, ${e.name}, ${e.position}) RETURNING id`);
    const id = Number(r.rows[0]?.id);
    for (const [i, [key, from]] of e.path.entries()) {
      const next = e.path[i + 1];
      await tx.execute(sql`
        INSERT INTO org_memberships (employee_id, dept_id, effective_from, effective_to)
        VALUES (${id}, ${depts.get(key)}, ${from}, ${next ? dayBefore(next[1]) : null})`);
    }
    const userId = users.get(e.login);
    if (userId !== undefined) await linkUserToEmployee(tx, 1, e.employeeId, userId);
  }
}

/** Builds the demo organisation once; a database that has departments of its own is left as it is. */
export async function applyOrganizationDemoOnce(db: Db): Promise<boolean> {
  const done = await db.execute(sql`SELECT 1 FROM app_meta WHERE key = ${ORG_SEED_KEY}`);
  if (done.rows.length) return false;
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${ORG_SEED_KEY}))`);
    const s = await tx.execute<{ done: boolean; taken: boolean }>(sql`
      SELECT EXISTS (SELECT 1 FROM app_meta WHERE key = ${ORG_SEED_KEY}) AS done,
             EXISTS (SELECT 1 FROM org_departments) OR EXISTS (SELECT 1 FROM org_employees) AS taken`);
    if (s.rows[0]?.done) return false;
    const taken = Boolean(s.rows[0]?.taken);
    if (!taken) await build(tx);
    await tx.execute(
      sql`INSERT INTO app_meta (key, value) VALUES (${ORG_SEED_KEY}, ${taken ? 'skipped' : 'applied'}) ON CONFLICT (key) DO NOTHING`,
    );
    return !taken;
  });
}
