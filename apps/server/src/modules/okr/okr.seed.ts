/**
 * The demo OKRs: this quarter's objectives on each of the four lists, each linking a demo
 * project of that list's kind, with measurable key results on the project's SKUs (targets set
 * from the quarter's pace so far, so the scores land between 0 and 1) and manual ones with a
 * check-in. Three are published, the improvement one is still a draft.
 */
import { KR_METRIC_UNIT, type KrMetric, type OkrListType, quarterDays, quarterOf } from '@bo/contract/okr/okr';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { usersByLogin } from '../access/access.reads';
import { listingProducts } from '../catalog/catalog.reads';
import { departmentOf } from '../organization/organization.reads';
import { projectDirectory } from '../projects/projects.reads';
import { listingDaySales } from '../sales/sales.reads';
import { shopDirectory } from '../shops/shops.reads';
import { textArray } from './okr-figures';

export const OKR_SEED_KEY = 'seed.okr';

type DemoKr =
  | { title: string; weight: number; metric: KrMetric; stretch: number }
  | { title: string; weight: number; target: number; unit: string; checkin: { value: number; score: number; comment: string } };

interface DemoObjective {
  listType: OkrListType;
  project: SQL;
  owner: string;
  title: string;
  description: string;
  state: 'draft' | 'published';
  krs: DemoKr[];
}

const DEMO: readonly DemoObjective[] = [
  {
    listType: 1,
    project: sql`p.type = 'GTM_PROJECT'`,
    owner: 'pm',
    title: '新品上市做成爆款 Make the launch a best-seller',
    description: 'Units and revenue of the launch SKUs, at a healthy ad cost.',
    state: 'published',
    krs: [
      { title: '季度销量 Units this quarter', weight: 40, metric: 'units', stretch: 1.25 },
      { title: '季度销售额 Revenue this quarter', weight: 40, metric: 'sales', stretch: 1.2 },
      { title: 'ACoS 控制 ACoS held down', weight: 20, metric: 'acos', stretch: 0.9 },
    ],
  },
  {
    listType: 0,
    project: sql`p.priority = 'P0'`,
    owner: 'sales.manager',
    title: '重点项目营收达成 Key project revenue on plan',
    description: 'The P0 project carries the quarter: revenue and a retail partner.',
    state: 'published',
    krs: [
      { title: '季度销售额 Revenue this quarter', weight: 60, metric: 'sales', stretch: 1.1 },
      {
        title: '签约一家线下零售商 Sign one retail partner',
        weight: 40,
        target: 1,
        unit: 'partner',
        checkin: { value: 0, score: 0.5, comment: 'Two retailers in final talks; contract draft sent.' },
      },
    ],
  },
  {
    listType: 21,
    project: sql`p.type = 'NEW_PRODUCT_DEV_PROJECT'`,
    owner: 'pm',
    title: '开发项目按期过 D3 Pass D3 on time',
    description: 'The development project reaches its gate and its first sales hold.',
    state: 'published',
    krs: [
      { title: '首批销量 First units sold', weight: 50, metric: 'units', stretch: 1.5 },
      {
        title: '通过 D3 评审 Pass the D3 gate review',
        weight: 50,
        target: 1,
        unit: 'review',
        checkin: { value: 0, score: 0.7, comment: 'Samples approved; reliability test report due next week.' },
      },
    ],
  },
  {
    listType: 31,
    project: sql`p.type = 'PLATFORM_PROJECT'`,
    owner: 'ppc.specialist',
    title: '降低广告成本 Lower the ad cost',
    description: 'Platform improvement: a lower ACoS and rewritten listings.',
    state: 'draft',
    krs: [
      { title: 'ACoS 降到目标 ACoS to target', weight: 60, metric: 'acos', stretch: 0.85 },
      {
        title: '重写 10 个 Listing Rewrite 10 listings',
        weight: 40,
        target: 10,
        unit: 'listings',
        checkin: { value: 0, score: 0, comment: '' },
      },
    ],
  },
];

/** The quarter's pace so far for the SKUs in the account's shops, projected over the whole quarter. */
async function projected(tx: DbOrTx, skus: readonly string[], from: string, to: string, metric: KrMetric): Promise<number> {
  const r = await tx.execute<{
    units: string | null;
    cents: string | null;
    ad: string | null;
    elapsed: number;
    days: number;
  }>(sql`
    SELECT sum(s.units) AS units, sum(s.revenue_cents) AS cents, sum(s.ad_spend_cents) AS ad,
           greatest(current_date - ${from}::date, 1) AS elapsed, ${to}::date - ${from}::date + 1 AS days
      FROM ${listingDaySales} s
      JOIN ${listingProducts} ls ON ls.id = s.listing_id
      JOIN ${shopDirectory} sh ON sh.id = s.shop_id
     WHERE sh.account_id = 1 AND (ls.sku = ANY (${textArray(skus)}) OR ls.model = ANY (${textArray(skus)}))
       AND s.day >= ${from}::date AND s.day < current_date`);
  const row = r.rows[0];
  const pace = Number(row?.days ?? 90) / Number(row?.elapsed ?? 1);
  const cents = Number(row?.cents ?? 0);
  const ad = Number(row?.ad ?? 0);
  if (metric === 'acos') return cents > 0 ? Math.round((ad / cents) * 10000) / 100 : 25;
  const v = metric === 'units' ? Number(row?.units ?? 0) : metric === 'sales' ? cents / 100 : ad / 100;
  return Math.round(v * pace);
}

async function build(tx: DbOrTx) {
  const today = new Date().toISOString().slice(0, 10);
  const quarter = quarterOf(today);
  const { from, to } = quarterDays(quarter);
  const users = await usersByLogin(tx, 1);
  const admin = users.get('admin');
  for (const d of DEMO) {
    const owner = users.get(d.owner) ?? admin;
    if (owner === undefined) continue;
    const [project] = (
      await tx.execute<{ id: number; skus: string[] }>(
        sql`SELECT id, skus FROM ${projectDirectory} p WHERE p.account_id = 1 AND ${d.project} ORDER BY cardinality(p.skus) DESC, p.id LIMIT 1`,
      )
    ).rows;
    const dept = await departmentOf(tx, owner);
    const [o] = (
      await tx.execute<{ id: number }>(sql`
        INSERT INTO okr_objectives (account_id, list_type, quarter, title, description, owner_id, dept_id, project_id, state, created_by, updated_by)
        VALUES (1, ${d.listType}, ${quarter}, ${d.title}, ${d.description}, ${owner}, ${dept?.id ?? null}, ${project?.id ?? null},
                ${d.state}, ${owner}, ${owner})
        RETURNING id`)
    ).rows;
    for (const [i, k] of d.krs.entries()) {
      if ('metric' in k) {
        if (!project || project.skus.length === 0) continue;
        const base = await projected(tx, project.skus, from, to, k.metric);
        const target = Math.max(1, Math.round(base * k.stretch * 100) / 100);
        await tx.execute(sql`
          INSERT INTO okr_key_results (objective_id, position, title, weight, kind, metric, target, unit)
          VALUES (${o?.id}, ${i}, ${k.title}, ${k.weight}, 'measurable', ${k.metric}, ${target}, ${KR_METRIC_UNIT[k.metric]})`);
      } else {
        const [kr] = (
          await tx.execute<{ id: number }>(sql`
            INSERT INTO okr_key_results (objective_id, position, title, weight, kind, target, unit, hand_score, current)
            VALUES (${o?.id}, ${i}, ${k.title}, ${k.weight}, 'manual', ${k.target}, ${k.unit},
                    ${k.checkin.comment ? k.checkin.score : null}, ${k.checkin.comment ? k.checkin.value : null})
            RETURNING id`)
        ).rows;
        if (k.checkin.comment)
          await tx.execute(sql`
            INSERT INTO okr_checkins (key_result_id, user_id, at, value, score, comment)
            VALUES (${kr?.id}, ${owner}, now() - interval '3 days', ${k.checkin.value}, ${k.checkin.score}, ${k.checkin.comment})`);
      }
    }
  }
}

export async function applyOkrDemoOnce(db: Db): Promise<void> {
  const done = await db.execute(sql`SELECT 1 FROM app_meta WHERE key = ${OKR_SEED_KEY}`);
  if (done.rows.length) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${OKR_SEED_KEY}))`);
    const s = await tx.execute<{ done: boolean; taken: boolean }>(sql`
      SELECT EXISTS (SELECT 1 FROM app_meta WHERE key = ${OKR_SEED_KEY}) AS done, EXISTS (SELECT 1 FROM okr_objectives) AS taken`);
    if (s.rows[0]?.done) return;
    const taken = Boolean(s.rows[0]?.taken);
    if (!taken) await build(tx);
    await tx.execute(
      sql`INSERT INTO app_meta (key, value) VALUES (${OKR_SEED_KEY}, ${taken ? 'skipped' : 'applied'}) ON CONFLICT (key) DO NOTHING`,
    );
  });
}
