/**
 * The demo reports: two saved reports of the administrator (weekly sales by shop, a daily PPC
 * summary), each with a past run whose file has since expired from the download centre
 * (stored exports are kept 7 days), so the run history shows what a run leaves behind.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { nextDue } from './schedule';

export const REPORTS_SEED_KEY = 'seed.reports';

const DEMO = [
  {
    name: '每周店铺销售 / Weekly sales by shop',
    endpoint: 'GET sales/rest/v1/sales_profit/{dimension}/excel',
    params: { dimension: 'shop' },
    query: { sortField: 'revenue', sortOrder: 'desc' },
    schedule: { kind: 'weekly', time: '08:00', weekday: 1, monthDay: null, timeZone: 'Asia/Shanghai' },
    past: { daysAgo: 8, rows: 6, file: 'sales-profit-shop.xlsx' },
  },
  {
    name: '每日广告汇总 / Daily PPC summary',
    endpoint: 'GET ppc/rest/v1/index/reportAnalysis/csv',
    params: {},
    query: { groupBy: 'campaign', compare: false, sortField: 'spend', sortOrder: 'desc' },
    schedule: { kind: 'daily', time: '09:00', weekday: null, monthDay: null, timeZone: 'Asia/Shanghai' },
    past: { daysAgo: 9, rows: 24, file: 'ppc-report-campaign.csv' },
  },
] as const;

export async function applyReportsDemoOnce(db: Db): Promise<void> {
  const done = await db.execute(sql`SELECT 1 FROM app_meta WHERE key = ${REPORTS_SEED_KEY}`);
  if (done.rows.length) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${REPORTS_SEED_KEY}))`);
    const again = await tx.execute(sql`SELECT 1 FROM app_meta WHERE key = ${REPORTS_SEED_KEY}`);
    if (again.rows.length) return;
    const admin = await tx.execute<{ id: number }>(sql`SELECT id FROM users WHERE login_name = 'admin' AND account_id = 1`);
    const ownerId = admin.rows[0]?.id;
    if (ownerId !== undefined) {
      for (const d of DEMO) {
        const res = await tx.execute<{ id: number }>(sql`
          INSERT INTO report_definitions (account_id, owner_id, name, endpoint, params, query, schedule_kind, schedule_time,
                                          weekday, month_day, time_zone, enabled, next_due_at, lang)
          VALUES (1, ${ownerId}, ${d.name}, ${d.endpoint}, ${JSON.stringify(d.params)}::jsonb, ${JSON.stringify(d.query)}::jsonb,
                  ${d.schedule.kind}, ${d.schedule.time}, ${d.schedule.weekday}, ${d.schedule.monthDay},
                  ${d.schedule.timeZone}, true, ${nextDue(d.schedule, new Date())}, 'zh-CN')
          RETURNING id`);
        const due = new Date(Date.now() - d.past.daysAgo * 86_400_000);
        await tx.execute(sql`
          INSERT INTO report_runs (report_id, due_at, trigger, state, rows, file_name, mail_state, mailed_to,
                                   started_at, finished_at)
          VALUES (${res.rows[0]?.id}, ${due}, 'schedule', 'done', ${d.past.rows}, ${d.past.file}, 'sent', '{admin}',
                  ${due}, ${new Date(due.getTime() + 4_000)})`);
      }
    }
    await tx.execute(sql`INSERT INTO app_meta (key, value) VALUES (${REPORTS_SEED_KEY}, 'applied') ON CONFLICT (key) DO NOTHING`);
  });
}
