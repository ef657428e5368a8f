/**
 * Demo projects (issue #23): twelve projects of the five types across stages and states, with nodes, bonuses and warnings,
 * owned by the demo users in their departments, with todos (some overdue), events, their
 * approvals on the engine (one waiting for the project manager `pm`) and their log. Once per
 * database; one that has projects of its own is left as it is.
 */
import type { ApprovalAction } from '@bo/contract/approvals/approval-flow';
import {
  type MetricCode,
  PROJECT_FLOW,
  PROJECT_SCREENS,
  type Priority,
  type ProjectType,
  type RunStatus,
  STAGES,
  type Stage,
} from '@bo/contract/projects/projects';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { actOnApproval, approvalFor } from '../../platform/approvals/approvals';
import { usersByLogin } from '../access/access.reads';
import { listingProducts } from '../catalog/catalog.reads';
import { listingDaySales } from '../sales/sales.reads';
import { shopDirectory } from '../shops/shops.reads';
import { raiseOverdue, settleRaised } from './project-warnings.repository';
import { approvalCode, assignCode, textArray, writeLog } from './projects.repository';

export const PROJECTS_SEED_KEY = 'seed.projects';

interface DemoProject {
  name: string;
  type: ProjectType;
  owner: string;
  members: string[];
  dept: string;
  priority: Priority;
  stage: Stage;
  /** draft; rejected (a draft back from review); pending (waiting for `approver`); approved (to be scheduled); released. */
  flow: 'draft' | 'rejected' | 'pending' | 'approved' | 'released';
  run: RunStatus;
  approver?: string;
  /** Days from today of the open day (negative: past). */
  openIn: number;
  skus: string[];
  metrics: Partial<Record<MetricCode, number>>;
  details: Record<string, unknown>;
  todos: { title: string; assignee: string; dueIn: number; done?: boolean; description?: string }[];
  events: { title: string; content: string; dayIn: number }[];
}

const P: readonly DemoProject[] = [
  {
    name: '霓虹灯带 2.0 美国上市 Neon Rope Light 2.0 US launch',
    type: 'GTM_PROJECT',
    owner: 'pm',
    members: ['ppc.specialist', 'sales.analyst'],
    dept: 'Product & R&D',
    priority: 'P0',
    stage: 'D2',
    flow: 'released',
    run: 'RUNNING',
    approver: 'sales.manager',
    openIn: -40,
    skus: ['H61A0', 'H61A2'],
    metrics: { TOTAL_BUDGET: 60000, AMZ_ADS: 30000, KOL: 12000, DEALS: 8000, TOTAL_EXPOSURE: 2500000, ROI: 3.2 },
    details: {
      markets: [0],
      launchDate: 'in:-30',
      channels: ['Amazon', 'TikTok'],
      targetUnits: 12000,
      targetRevenue: 420000,
      positioning: 'Premium neon for gamers',
    },
    todos: [
      {
        title: 'Listing images final 主图定稿',
        assignee: 'pm',
        dueIn: -5,
        description:
          '7 张主图与 A+ 页面，白底图符合亚马逊规范 Seven main images and the A+ page; white background per Amazon rules',
      },
      {
        title: 'Launch coupon set-up 上市优惠券',
        assignee: 'ppc.specialist',
        dueIn: 6,
        description: '上市首两周 15% 优惠券 A 15% coupon for the first two weeks after launch',
      },
      { title: 'Pricing review 定价评审', assignee: 'sales.analyst', dueIn: -12, done: true },
    ],
    events: [
      { title: 'D2 gate passed D2 评审通过', content: 'Samples approved by QA', dayIn: -8 },
      { title: 'Kick-off 项目启动', content: 'Team kick-off with sales and PPC', dayIn: -38 },
    ],
  },
  {
    name: '电视背光灯 德英上市 TV Backlight DE/UK launch',
    type: 'GTM_PROJECT',
    owner: 'sales.manager',
    members: ['sales.analyst'],
    dept: 'Sales & Operations',
    priority: 'P1',
    stage: 'D0',
    flow: 'pending',
    run: 'NOT_START',
    approver: 'pm',
    openIn: 10,
    skus: ['H6199'],
    metrics: { TOTAL_BUDGET: 25000, AMZ_ADS: 15000, TOTAL_EXPOSURE: 800000 },
    details: {
      markets: [1, 2],
      launchDate: 'in:45',
      channels: ['Amazon'],
      targetUnits: 5000,
      targetRevenue: 150000,
      positioning: '',
    },
    todos: [{ title: 'DE/UK listing copy 德英文案', assignee: 'sales.analyst', dueIn: 12 }],
    events: [],
  },
  {
    name: '户外球泡灯 欧洲春季 Outdoor bulbs EU spring',
    type: 'GTM_PROJECT',
    owner: 'ppc.specialist',
    members: [],
    dept: 'Advertising',
    priority: 'P2',
    stage: 'DB',
    flow: 'draft',
    run: 'NOT_START',
    openIn: 30,
    skus: ['H7005'],
    metrics: { TOTAL_BUDGET: 8000 },
    details: { markets: [1, 5, 6, 7], launchDate: null, channels: [], targetUnits: null, targetRevenue: null, positioning: '' },
    todos: [],
    events: [],
  },
  {
    name: '车载氛围灯 日本 Car ambience lights JP',
    type: 'GTM_PROJECT',
    owner: 'sales.analyst',
    members: [],
    dept: 'Sales & Operations',
    priority: 'P1',
    stage: 'DD',
    flow: 'rejected',
    run: 'NOT_START',
    approver: 'sales.manager',
    openIn: 20,
    skus: ['H7090'],
    metrics: { TOTAL_BUDGET: 18000 },
    details: {
      markets: [3],
      launchDate: null,
      channels: ['Amazon', 'Rakuten'],
      targetUnits: 3000,
      targetRevenue: 90000,
      positioning: '',
    },
    todos: [{ title: 'Rework the budget 重做预算', assignee: 'sales.analyst', dueIn: -2 }],
    events: [],
  },
  {
    name: '沃尔玛平台入驻 Walmart marketplace onboarding',
    type: 'PLATFORM_PROJECT',
    owner: 'planner',
    members: ['sales.manager'],
    dept: 'Supply Chain',
    priority: 'P1',
    stage: 'D1',
    flow: 'released',
    run: 'PAUSED',
    openIn: -60,
    skus: [],
    metrics: { TOTAL_BUDGET: 15000 },
    details: { platform: 'Walmart', scope: 'Seller account, WFS inbound, first 20 SKUs' },
    todos: [{ title: 'WFS inbound test 入仓测试', assignee: 'planner', dueIn: -20 }],
    events: [{ title: 'Paused: tax registration 暂停：税务登记', content: 'Waiting for the US tax registration', dayIn: -15 }],
  },
  {
    name: '店铺首页改版 Shop front revamp',
    type: 'PLATFORM_PROJECT',
    owner: 'sales.manager',
    members: [],
    dept: 'Sales & Operations',
    priority: 'P2',
    stage: 'D5',
    flow: 'released',
    run: 'OVER_COMPLETE',
    openIn: -120,
    skus: [],
    metrics: {},
    details: { platform: 'Amazon', scope: 'Brand store pages for US and DE' },
    todos: [{ title: 'Brand store QA 品牌店验收', assignee: 'sales.manager', dueIn: -70, done: true }],
    events: [{ title: 'Store live 店铺上线', content: 'Both stores live', dayIn: -65 }],
  },
  {
    name: '庭院灯 法意上架 Garden lights listing FR/IT',
    type: 'NEW_PRODUCTS_PROJECT',
    owner: 'pm',
    members: ['cs.lead'],
    dept: 'Product & R&D',
    priority: 'P2',
    stage: 'D3',
    flow: 'released',
    run: 'RUNNING',
    approver: 'sales.manager',
    openIn: -25,
    skus: ['H6072'],
    metrics: { TOTAL_BUDGET: 6000, AMZ_ADS: 4000 },
    details: { market: 5, asin: 'B0DEMO0072', listingDate: 'in:-21', targetUnits: 600, targetRevenue: 24000 },
    todos: [
      { title: 'Translate A+ content 翻译 A+', assignee: 'cs.lead', dueIn: 3 },
      { title: 'Compliance files CE 合规文件', assignee: 'pm', dueIn: -1 },
    ],
    events: [{ title: 'Samples shipped 样品寄出', content: '', dayIn: -10 }],
  },
  {
    name: '智能插座 加拿大上架 Smart plug listing CA',
    type: 'NEW_PRODUCTS_PROJECT',
    owner: 'cs.lead',
    members: ['cs.agent'],
    dept: 'Customer Service',
    priority: 'P3',
    stage: 'DB',
    flow: 'draft',
    run: 'NOT_START',
    openIn: 15,
    skus: ['H5080'],
    metrics: {},
    details: { market: 4, asin: '', listingDate: null },
    todos: [],
    events: [],
  },
  {
    name: 'Q1 达人推广 Q1 KOL campaign',
    type: 'BRAND_EXPOSURE_PROJECT',
    owner: 'ppc.specialist',
    members: ['sales.manager'],
    dept: 'Advertising',
    priority: 'P1',
    stage: 'D1',
    flow: 'released',
    run: 'RUNNING',
    openIn: -14,
    skus: ['H61A0'],
    metrics: {
      TOTAL_BUDGET: 30000,
      KOL: 20000,
      SNS: 5000,
      TOTAL_EXPOSURE: 4000000,
      TT_EXPOSURE: 2500000,
      IG_EXPOSURE: 1000000,
      TT_INTERACTION: 90000,
    },
    details: { channels: ['TikTok', 'Instagram'], kolCount: 24 },
    todos: [{ title: 'Brief 10 creators 对接 10 位达人', assignee: 'ppc.specialist', dueIn: -3 }],
    events: [{ title: 'First videos live 首批视频上线', content: '6 videos, 310k views in 48 h', dayIn: -4 }],
  },
  {
    name: '节日公关 Holiday PR push',
    type: 'BRAND_EXPOSURE_PROJECT',
    owner: 'sales.manager',
    members: [],
    dept: 'Sales & Operations',
    priority: 'P2',
    stage: 'D4',
    flow: 'released',
    run: 'CLOSED',
    openIn: -90,
    skus: [],
    metrics: { TOTAL_BUDGET: 12000, PR: 12000, TOTAL_EXPOSURE: 1500000 },
    details: { channels: ['PR'], kolCount: 0 },
    todos: [],
    events: [{ title: 'Closed early 提前结束', content: 'Budget moved to the KOL campaign', dayIn: -30 }],
  },
  {
    name: '电脑灯条 第三代 PC light bar gen 3',
    type: 'NEW_PRODUCT_DEV_PROJECT',
    owner: 'pm',
    members: ['planner'],
    dept: 'Product & R&D',
    priority: 'P0',
    stage: 'D0',
    flow: 'approved',
    run: 'NOT_START',
    approver: 'sales.manager',
    openIn: 5,
    skus: [],
    metrics: { TOTAL_BUDGET: 90000 },
    details: { productLine: 'PC lights', targetCost: 11.5, prdLink: '' },
    todos: [{ title: 'Supplier shortlist 供应商短名单', assignee: 'planner', dueIn: 9 }],
    events: [],
  },
  {
    name: '温度传感器 替代停产款 Temperature sensor EOL replacement',
    type: 'NEW_PRODUCT_DEV_PROJECT',
    owner: 'planner',
    members: [],
    dept: 'Supply Chain',
    priority: 'P3',
    stage: 'DB',
    flow: 'released',
    run: 'CANCELED',
    openIn: -50,
    skus: ['H5075'],
    metrics: {},
    details: { productLine: 'Temperature detection', targetCost: null, prdLink: '' },
    todos: [],
    events: [{ title: 'Canceled: supplier kept the part 取消：供应商续产', content: '', dayIn: -35 }],
  },
];

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const ints = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

async function build(tx: Tx) {
  const users = await usersByLogin(tx, 1);
  const depts = new Map<string, number>();
  for (const r of (
    await tx.execute<{ id: number; name_en: string }>(sql`SELECT id, name_en FROM org_departments WHERE account_id = 1`)
  ).rows)
    depts.set(r.name_en, Number(r.id));
  const uid = (login: string) => users.get(login) ?? null;
  const skusOf = await demoModels(tx);
  for (const p of P) {
    const owner = uid(p.owner);
    if (owner === null) continue;
    const members = p.members.map(uid).filter((x): x is number => x !== null);
    const released = p.flow === 'released';
    const dates: Record<string, string> = { OPEN_TIME: day(p.openIn) };
    if (released) dates.SCHEDULING_TIME = day(Math.min(p.openIn, 0) - 2);
    if (['CLOSED', 'OVER_COMPLETE', 'CANCELED'].includes(p.run)) dates.CLOSING_TIME = day(-20);
    const details = { ...p.details };
    for (const [k, v] of Object.entries(details))
      if (typeof v === 'string' && v.startsWith('in:')) details[k] = day(Number(v.slice(3)));
    const schedule = released ? 'RELEASED' : p.flow === 'pending' || p.flow === 'approved' ? 'PENDING' : 'DRAFT';
    const r = await tx.execute<{ id: number }>(sql`
      INSERT INTO projects (account_id, code, name, type, owner_id, member_ids, dept_id, priority, stage, schedule_status, run_status,
                            description, dates, skus, metrics, details, created_by, created_at)
      VALUES (1, ${`tmp-${p.name}`}, ${p.name}, ${p.type}, ${owner}, ${ints(members)}, ${depts.get(p.dept) ?? null}, ${p.priority},
              ${p.stage}, ${schedule}, ${p.run}, '', ${JSON.stringify(dates)}::jsonb, ${textArray(skusOf(p.skus))},
              ${JSON.stringify(p.metrics)}::jsonb, ${JSON.stringify(details)}::jsonb, ${owner}, now() - make_interval(days => ${Math.max(-p.openIn, 3)}))
      RETURNING id`);
    const id = Number(r.rows[0]?.id);
    await assignCode(tx, id, p.type);
    const ownerActor = { userId: owner, impersonatorUserId: null };
    await writeLog(tx, id, ownerActor, 'create', null, { name: p.name, stage: p.stage, priority: p.priority });
    const approval = await approvalFor(tx, PROJECT_FLOW, String(id), { accountId: 1, submitterId: owner });
    if (p.flow !== 'draft') {
      const approverId = uid(p.approver ?? 'sales.manager') ?? owner;
      const act = async (
        userId: number,
        action: ApprovalAction,
        version: number,
        extra: { approvers?: number[][]; remark?: string } = {},
      ) =>
        (
          await actOnApproval(
            tx,
            PROJECT_FLOW,
            String(id),
            { userId, lang: 'zh-CN' },
            { action, version, ...extra },
            p.flow === 'pending'
              ? { title: { zh: `项目 ${p.name}`, en: `project ${p.name}` }, link: `${PROJECT_SCREENS[p.type].view}?id=${id}` }
              : undefined,
          )
        ).approval;
      let a = await act(owner, 'submit', approval.version, { approvers: [[approverId]] });
      await writeLog(tx, id, ownerActor, 'commit', { scheduleStatus: 'DRAFT' }, { scheduleStatus: 'PENDING' });
      if (p.flow === 'rejected')
        a = await act(approverId, 'reject', a.version, { remark: '预算偏高，请拆分渠道 Budget too high: split it by channel' });
      if (p.flow === 'approved' || released) a = await act(approverId, 'approve', a.version, { remark: '同意 Agreed' });
      await tx.execute(sql`UPDATE projects SET approval_status = ${approvalCode(a.status)} WHERE id = ${id}`);
      if (released) await writeLog(tx, id, ownerActor, 'release', { scheduleStatus: 'PENDING' }, { scheduleStatus: 'RELEASED' });
    }
    for (const t of p.todos) {
      const assignee = uid(t.assignee) ?? owner;
      await tx.execute(sql`
        INSERT INTO project_todos (project_id, title, description, assignee_id, due_date, done, done_at, created_by)
        VALUES (${id}, ${t.title}, ${t.description ?? ''}, ${assignee}, ${day(t.dueIn)}, ${t.done ?? false}, ${t.done ? sql`now() - interval '1 day'` : null}, ${owner})`);
    }
    for (const e of p.events)
      await tx.execute(sql`
        INSERT INTO project_events (project_id, title, content, event_date, created_by)
        VALUES (${id}, ${e.title}, ${e.content}, ${day(e.dayIn)}, ${owner})`);
    if (released) await seedNodes(tx, id, p, owner);
  }
  // A KPI behind target written by hand on the first project; the job's warnings for what is overdue.
  await tx.execute(sql`
    INSERT INTO project_warnings (project_id, kind, level, message, created_by)
    SELECT id, 'kpi', 'warning', '美国站会话数低于目标 18% Sessions 18% behind target in the US', owner_id
      FROM projects WHERE account_id = 1 AND type = 'GTM_PROJECT' AND run_status = 'RUNNING' ORDER BY id LIMIT 1`);
  await raiseOverdue(tx);
  await settleRaised(tx);
}

/**
 * The demo catalogue's models are generated, so a project's SKUs are swapped for the account's
 * best-selling models of the last 90 days (through the catalog's and the sales area's published
 * reads), one per SKU it names, in order: its shared data view then has figures. Without sales
 * (the sales seed skipped) the names stay as written.
 */
async function demoModels(tx: Tx): Promise<(skus: readonly string[]) => string[]> {
  const r = await tx.execute<{ model: string }>(sql`
    SELECT lp.model FROM ${listingDaySales} s
      JOIN ${listingProducts} lp ON lp.id = s.listing_id
      JOIN ${shopDirectory} sh ON sh.id = s.shop_id
     WHERE sh.account_id = 1 AND s.day >= current_date - 90
     GROUP BY lp.model ORDER BY sum(s.revenue_cents) DESC, lp.model LIMIT 20`);
  const models = r.rows.map((x) => x.model);
  let next = 0;
  return (skus) => (models.length === 0 ? [...skus] : skus.map(() => models[next++ % models.length] as string));
}

/** The nodes of a released project: those up to its stage reached on plan, the next one planned (overdue while it runs), a result bonus. */
async function seedNodes(tx: Tx, id: number, p: DemoProject, owner: number) {
  const at = STAGES.indexOf(p.stage);
  const step = Math.max(3, Math.floor(Math.abs(p.openIn) / (at + 1)));
  for (let i = 0; i <= Math.min(at + 1, STAGES.length - 1); i++) {
    const reached = i <= at;
    const plan = reached ? day(p.openIn + step * i) : p.run === 'RUNNING' ? day(-3) : day(20);
    await tx.execute(sql`
      INSERT INTO project_nodes (project_id, node, plan_date, reached_date, bonus, reported_by)
      VALUES (${id}, ${STAGES[i] ?? 'DB'}, ${plan}, ${reached ? plan : null}, ${1000 * (i + 1)}, ${reached ? owner : null})`);
  }
  await tx.execute(sql`INSERT INTO project_nodes (project_id, node, bonus) VALUES (${id}, 'RESULT', 8000)`);
}

export async function applyProjectsDemoOnce(db: Db): Promise<boolean> {
  const done = await db.execute(sql`SELECT 1 FROM app_meta WHERE key = ${PROJECTS_SEED_KEY}`);
  if (done.rows.length) return false;
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${PROJECTS_SEED_KEY}))`);
    const s = await tx.execute<{ done: boolean; taken: boolean }>(sql`
      SELECT EXISTS (SELECT 1 FROM app_meta WHERE key = ${PROJECTS_SEED_KEY}) AS done, EXISTS (SELECT 1 FROM projects) AS taken`);
    if (s.rows[0]?.done) return false;
    const taken = Boolean(s.rows[0]?.taken);
    if (!taken) await build(tx);
    await tx.execute(
      sql`INSERT INTO app_meta (key, value) VALUES (${PROJECTS_SEED_KEY}, ${taken ? 'skipped' : 'applied'}) ON CONFLICT (key) DO NOTHING`,
    );
    return !taken;
  });
}
