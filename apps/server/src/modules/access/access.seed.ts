/**
 * Demo data for a first start with SEED=demo: roles that match the company, one demo
 * user per role, and two external shop accounts (shop.a, shop.b) with shops of their
 * own so that isolation can be seen. Applied once; recorded in app_meta. The first step of
 * the demo seed (seed/demo.ts runs the steps of every area).
 */
import { randomBytes } from 'node:crypto';
import { PERMISSION_CATALOGUE, type PermissionItemDef, SHOP_REQUIRED_PATTERNS, USER_TYPE } from '@bo/contract';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { textSet } from '../../db/sql';
import { hashPassword } from '../../platform/auth/password';

type Pick = (p: PermissionItemDef) => boolean;
const inGroups =
  (...groups: string[]): Pick =>
  (p) =>
    groups.includes(p.group);
const pagesOnly =
  (f: Pick): Pick =>
  (p) =>
    p.type === 2 && f(p);
const any =
  (...fs: Pick[]): Pick =>
  (p) =>
    fs.some((f) => f(p));
const patterns =
  (...list: string[]): Pick =>
  (p) =>
    list.includes(p.authPattern);

export interface DemoRole {
  name: string;
  description: string;
  picks: Pick;
}

export const DEMO_ROLES: DemoRole[] = [
  {
    name: 'sales manager',
    description: 'Sales and profit, listings, products, targets; exports and edits',
    picks: any(inGroups('dashboard', 'information', 'salesTargets', 'analysis'), patterns('user:child')),
  },
  {
    name: 'sales analyst',
    description: 'Reads the sales boards and information pages',
    picks: pagesOnly(inGroups('dashboard', 'information', 'analysis')),
  },
  {
    name: 'PPC specialist',
    description: 'Advertising campaigns, rules and boards',
    picks: inGroups('ppc', 'adBoards'),
  },
  {
    name: 'customer service agent',
    description: 'Answers customer mail and reviews',
    picks: any(
      pagesOnly(inGroups('mail', 'customerService')),
      (p) => p.group === 'mail' && p.authPattern.endsWith(':send'),
      patterns('user:email', 'user:email:edit'),
    ),
  },
  {
    name: 'customer service lead',
    description: 'Customer service with templates, assignment and the board',
    // The CS board's permission is listed under the dashboard group (/newMailCsBoard comes first).
    picks: any(
      inGroups('mail', 'customerService'),
      patterns('user:email', 'user:email:edit', 'email:csBoard'),
      // The mail automation screens sit in the tools group: smart mail tasks and invitation plans.
      (p) => /^email:(smartMail|marketMail)(:|$)/.test(p.authPattern),
    ),
  },
  {
    name: 'supply-chain planner',
    description: 'Forecasts, shipment plans, inventory and purchasing',
    picks: any(
      inGroups('inventoryBoards', 'supplyChain', 'process', 'logisticsSales'),
      // The stock and shipping screens the route table files under tools: the stock uploads and report, the
      // shipment differences, FBA claims and the shipping cost calculator.
      (p) => /^(scm:inventory:(report|upload)|scm:shipment:difference|tools:(fbaClaim|logisticsCalc))(:|$)/.test(p.authPattern),
    ),
  },
  {
    name: 'project manager',
    description: 'Product projects and OKRs',
    picks: inGroups('project', 'okr'),
  },
  {
    name: 'external shop account',
    description: 'A shop of another seller: its own sales, listings and mail',
    picks: any(
      patterns(...SHOP_REQUIRED_PATTERNS),
      // A shop exports and imports its own data.
      patterns(...SHOP_REQUIRED_PATTERNS.flatMap((p) => [`${p}:export`, `${p}:import`])),
      patterns('user:shop:auth', 'user:shop:auth:create', 'user:shop:auth:edit'),
    ),
  },
];

export const DEMO_USERS = [
  { loginName: 'sales.manager', userName: 'Sales Manager 销售经理', role: 'sales manager' },
  { loginName: 'sales.analyst', userName: 'Sales Analyst 销售分析', role: 'sales analyst' },
  { loginName: 'ppc.specialist', userName: 'PPC Specialist 广告专员', role: 'PPC specialist' },
  { loginName: 'cs.agent', userName: 'CS Agent 客服专员', role: 'customer service agent' },
  { loginName: 'cs.lead', userName: 'CS Lead 客服主管', role: 'customer service lead' },
  { loginName: 'planner', userName: 'Planner 计划员', role: 'supply-chain planner' },
  { loginName: 'pm', userName: 'Project Manager 项目经理', role: 'project manager' },
] as const;

/** Shops: the company's own, and one each for the two external accounts. */
const COMPANY_SHOPS = [
  [0, 'Lumio US'],
  [1, 'Lumio DE'],
  [2, 'Lumio UK'],
  [3, 'Lumio JP'],
  [4, 'Lumio CA'],
  [5, 'Lumio FR'],
  [6, 'Lumio IT'],
  [7, 'Lumio ES'],
  [8, 'Lumio SG'],
  [9, 'Lumio AU'],
  [10, 'Lumio NL'],
  [11, 'Lumio SE'],
  [12, 'Lumio PL'],
] as const;

export const DEMO_SEED_KEY = 'seed.demo';

async function insertRole(tx: DbOrTx, accountId: number, role: DemoRole): Promise<number> {
  const r = await tx.execute<{ id: number }>(sql`
    INSERT INTO roles (account_id, name, description) VALUES (${accountId}, ${role.name}, ${role.description})
    ON CONFLICT (account_id, name) DO UPDATE SET description = EXCLUDED.description RETURNING id`);
  const id = Number(r.rows[0]?.id);
  const chosen = PERMISSION_CATALOGUE.filter(role.picks).map((p) => p.authPattern);
  await tx.execute(sql`
    INSERT INTO role_permissions (role_id, permission_id)
    SELECT ${id}, id FROM permission_items WHERE auth_pattern IN ${textSet(chosen)} AND active
    ON CONFLICT DO NOTHING`);
  return id;
}

async function insertUser(
  tx: DbOrTx,
  u: { accountId: number; loginName: string; userName: string; userType: number; hash: string; owner?: boolean },
): Promise<number> {
  const r = await tx.execute<{ id: number }>(sql`
    INSERT INTO users (account_id, login_name, user_name, email, password_hash, user_type, account_owner)
    VALUES (${u.accountId}, ${u.loginName}, ${u.userName}, ${`${u.loginName}@example.com`}, ${u.hash}, ${u.userType}, ${u.owner ?? false})
    ON CONFLICT ((lower(login_name))) DO UPDATE SET user_name = EXCLUDED.user_name
    RETURNING id`);
  return Number(r.rows[0]?.id);
}

async function insertShop(tx: DbOrTx, accountId: number, marketId: number, name: string, sellerId: string): Promise<number> {
  const r = await tx.execute<{ id: number }>(sql`
    INSERT INTO shops (account_id, name, seller_id, market_id, mws_url, mws_auth_state, ppc_state)
    VALUES (${accountId}, ${name}, ${sellerId}, ${marketId}, 'https://sellercentral.amazon.com', 1, 1)
    ON CONFLICT (seller_id, market_id) DO UPDATE SET name = EXCLUDED.name RETURNING id`);
  return Number(r.rows[0]?.id);
}

export interface DemoResult {
  applied: boolean;
  generatedPassword: string | null;
}

/** The accounts step of the demo seed (access.manifest.ts): roles, demo users, the external accounts and every demo shop. */
export async function applyAccountsDemoOnce(db: Db, opts: { demoPassword?: string }): Promise<DemoResult> {
  const done = await db.execute(sql`SELECT 1 FROM app_meta WHERE key = ${DEMO_SEED_KEY}`);
  if (done.rows.length) return { applied: false, generatedPassword: null };
  const generated = opts.demoPassword ? null : randomBytes(9).toString('base64url');
  const hash = await hashPassword(opts.demoPassword ?? generated ?? '');
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(727274003)`);
    const again = await tx.execute(sql`SELECT 1 FROM app_meta WHERE key = ${DEMO_SEED_KEY}`);
    if (again.rows.length) return { applied: false, generatedPassword: null };

    const roleIds = new Map<string, number>();
    for (const role of DEMO_ROLES) roleIds.set(role.name, await insertRole(tx, 1, role));

    const companyShopIds: number[] = [];
    for (const [marketId, name] of COMPANY_SHOPS) {
      companyShopIds.push(await insertShop(tx, 1, marketId, name, 'A1LUMIOSELLER'));
    }
    for (const u of DEMO_USERS) {
      const id = await insertUser(tx, {
        accountId: 1,
        loginName: u.loginName,
        userName: u.userName,
        userType: USER_TYPE.STAFF,
        hash,
      });
      await tx.execute(
        sql`INSERT INTO user_roles (user_id, role_id) VALUES (${id}, ${roleIds.get(u.role)}) ON CONFLICT DO NOTHING`,
      );
    }

    // Two external sellers, each in an account of its own, with a shop of its own.
    const externalRole = roleIds.get('external shop account');
    for (const [letter, marketId, shopName, seller] of [
      ['a', 0, 'Brightway Home US', 'A2SHOPASELLER'],
      ['b', 1, 'Nordlicht DE', 'A3SHOPBSELLER'],
    ] as const) {
      const acct = await tx.execute<{ id: number }>(sql`INSERT INTO accounts (name) VALUES (${shopName}) RETURNING id`);
      const accountId = Number(acct.rows[0]?.id);
      const shopId = await insertShop(tx, accountId, marketId, shopName, seller);
      const userId = await insertUser(tx, {
        accountId,
        loginName: `shop.${letter}`,
        userName: `${shopName} owner`,
        userType: USER_TYPE.SHOP,
        hash,
        owner: true,
      });
      await tx.execute(sql`INSERT INTO user_roles (user_id, role_id) VALUES (${userId}, ${externalRole}) ON CONFLICT DO NOTHING`);
      await tx.execute(sql`INSERT INTO user_shops (user_id, shop_id) VALUES (${userId}, ${shopId}) ON CONFLICT DO NOTHING`);
    }

    await tx.execute(sql`INSERT INTO app_meta (key, value) VALUES (${DEMO_SEED_KEY}, 'small')`);
    return { applied: true, generatedPassword: generated };
  });
}
