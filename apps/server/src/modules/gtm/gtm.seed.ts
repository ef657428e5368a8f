/**
 * GTM's demo rows: a playbook of eleven steps from market research (T-90) to the 30-day review
 * (T+30), and the running GTM project launched 30 days ago with the playbook applied: its steps
 * up to the launch done (one late), the launch deal skipped, the first PPC review overdue and the
 * 30-day review in progress. The other GTM projects are left for the board's "Apply playbook".
 * Applied once (app_meta); an account that has a playbook of its own is left alone.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { deptLeader } from './gtm.repository';

export const GTM_SEED_KEY = 'seed.gtm';

type Seeded = 'done' | 'skipped' | 'inProgress' | 'pending';

/** zh, en, phase, offset, department (English name), required, description, the demo project's state, days late. */
const PLAYBOOK: readonly [string, string, string, number, string, boolean, string, Seeded, number][] = [
  [
    '市场调研与定位',
    'Market research and positioning',
    'prepare',
    -90,
    'Sales & Operations',
    true,
    '目标人群、竞品价格带与卖点 Target buyers, competitor price band and selling points',
    'done',
    0,
  ],
  [
    '首批备货下单',
    'First stock order placed',
    'prepare',
    -75,
    'Planning',
    true,
    '按前三个月预测下单 Ordered for the first three months of forecast',
    'done',
    2,
  ],
  [
    'Listing 文案与图片就绪',
    'Listing copy and images ready',
    'prepare',
    -60,
    'Product & R&D',
    true,
    '标题、五点、A+ 与主图 Title, bullets, A+ content and main images',
    'done',
    0,
  ],
  [
    '库存到达 FBA',
    'Stock received at FBA',
    'preLaunch',
    -30,
    'Supply Chain',
    true,
    '可售库存覆盖上市后 60 天 Sellable stock covers 60 days after launch',
    'done',
    3,
  ],
  [
    'Vine 评论计划',
    'Vine review enrolment',
    'preLaunch',
    -14,
    'Sales & Operations',
    false,
    '上市前拿到首批评论 First reviews before launch',
    'done',
    0,
  ],
  [
    '站外 KOL 预热',
    'Off-site KOL warm-up',
    'preLaunch',
    -7,
    'Advertising',
    false,
    'TikTok 与 YouTube 达人预热 TikTok and YouTube creators warm up the audience',
    'done',
    0,
  ],
  [
    '广告活动搭建',
    'PPC campaigns set up',
    'preLaunch',
    -3,
    'Advertising',
    true,
    '自动、手动与品牌广告 Auto, manual and brand campaigns',
    'done',
    0,
  ],
  [
    '正式上市',
    'Launch day',
    'launch',
    0,
    'Sales & Operations',
    true,
    '商品可售、广告开启 The listing is live and the ads run',
    'done',
    0,
  ],
  [
    '上市优惠券与秒杀',
    'Launch coupon and deal',
    'launch',
    1,
    'Sales & Operations',
    false,
    '首两周 15% 优惠券或秒杀 A 15% coupon or a deal for the first two weeks',
    'skipped',
    0,
  ],
  [
    '首次广告复盘',
    'First PPC review',
    'postLaunch',
    14,
    'Advertising',
    true,
    '否词、竞价与预算调整 Negatives, bids and budgets adjusted',
    'pending',
    0,
  ],
  [
    '上市 30 天复盘',
    '30-day launch review',
    'postLaunch',
    30,
    'Sales & Operations',
    true,
    '销量、评分与利润对比目标 Units, rating and margin against the targets',
    'inProgress',
    0,
  ],
];

const DEMO_PROJECT = 'Neon Rope Light 2.0 US launch';

const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

export async function applyGtmDemoOnce(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${GTM_SEED_KEY}))`);
    const [done] = (await tx.execute(sql`SELECT 1 AS x FROM app_meta WHERE key = ${GTM_SEED_KEY}`)).rows;
    if (done) return;
    const [any] = (await tx.execute(sql`SELECT 1 AS x FROM gtm_playbook_steps WHERE account_id = 1 LIMIT 1`)).rows;
    if (!any) {
      const depts = new Map(
        (
          await tx.execute<{ id: number; name_en: string }>(sql`SELECT id, name_en FROM org_departments WHERE account_id = 1`)
        ).rows.map((r) => [r.name_en, Number(r.id)] as const),
      );
      const [project] = (
        await tx.execute<{ id: number; owner_id: number; launch: string | null }>(sql`
          SELECT id, owner_id, details->>'launchDate' AS launch FROM projects
           WHERE account_id = 1 AND type = 'GTM_PROJECT' AND name LIKE ${`%${DEMO_PROJECT}`} ORDER BY id LIMIT 1`)
      ).rows;
      for (const [i, [zh, en, phase, offset, dept, required, description, state, late]] of PLAYBOOK.entries()) {
        const deptId = depts.get(dept) ?? null;
        const [pb] = (
          await tx.execute<{ id: number }>(sql`
            INSERT INTO gtm_playbook_steps (account_id, sort, name_zh, name_en, phase, offset_days, dept_id, required, description)
            VALUES (1, ${i + 1}, ${zh}, ${en}, ${phase}, ${offset}, ${deptId}, ${required}, ${description}) RETURNING id`)
        ).rows;
        if (!project?.launch) continue;
        const planned = addDays(project.launch, offset);
        const settled = state === 'done' || state === 'skipped';
        const owner = (deptId === null ? null : await deptLeader(tx, deptId)) ?? Number(project.owner_id);
        await tx.execute(sql`
          INSERT INTO gtm_project_steps (account_id, project_id, playbook_step_id, sort, name_zh, name_en, phase, offset_days,
                 dept_id, owner_id, required, description, state, planned_on, started_on, actual_on, skip_reason)
          VALUES (1, ${project.id}, ${pb?.id}, ${i + 1}, ${zh}, ${en}, ${phase}, ${offset}, ${deptId}, ${owner}, ${required},
                 ${description}, ${state}, ${settled ? planned : null},
                 ${state === 'pending' ? null : addDays(planned, -3)}, ${settled ? addDays(planned, late) : null},
                 ${state === 'skipped' ? 'Deal slot not granted this month 本月未获得秒杀位' : null})`);
      }
    }
    await tx.execute(sql`INSERT INTO app_meta (key, value) VALUES (${GTM_SEED_KEY}, 'done') ON CONFLICT (key) DO NOTHING`);
  });
}
