/**
 * The brand exposure board (docs/brand.md "Exposure board"). Where each figure comes from:
 * - cost, exposure, interactions per month and platform: the KOL cooperation records, by their
 *   publish day, inside the period (records without a publish day are not yet published and not
 *   counted there);
 * - a project's budget (TOTAL_BUDGET, KOL), reported exposure (TOTAL_EXPOSURE, FB/IG/TT/YT
 *   _EXPOSURE and _INTERACTION) and ROI: the project's own metrics (spec §9), as its team enters
 *   them on the project page; its cost: all its cooperation records, whatever the period;
 * - CPM (cost per thousand exposures) = cost ÷ exposure × 1000, of the records only.
 * Only projects the caller may read count (the projects area's rule, `readsProjects`): without
 * it, only records tied to no project; a record of a project the caller cannot read never counts.
 */
import type { ExposureBoard, exposureQuery } from '@bo/contract/brand/exposure';
import { KOL_PLATFORMS, type KolPlatform, METRIC_PLATFORMS } from '@bo/contract/brand/kols';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { poolOf } from '../../db/client';
import type { RequestActor } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';
import { codedFieldError } from '../../platform/errors';
import { type ExportLang, tr } from '../../platform/export/lang';
import { streamXlsx } from '../../platform/export/xlsx-stream';
import { projectMetricsDirectory, readsProjects } from '../projects/projects.reads';
import { BRAND_PROJECT, readableProjects, requireCompany } from './kols.service';

type Query = z.output<typeof exposureQuery>;

const monthOf = (d: Date) => `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
const addMonths = (m: string, n: number) => {
  const [y, mo] = m.split('-').map(Number) as [number, number];
  return monthOf(new Date(Date.UTC(y, mo - 1 + n, 1)));
};
/** The period's months, oldest first: the query's, else the 12 months up to this one. */
function periodOf(q: Pick<Query, 'from' | 'to'>): string[] {
  const to = q.to ?? (q.from ? addMonths(q.from, 11) : monthOf(new Date()));
  const from = q.from ?? addMonths(to, -11);
  const out: string[] = [];
  for (let m = from; m <= to && out.length < 120; m = addMonths(m, 1)) out.push(m);
  return out;
}

const cpm = (cost: number, exposure: number) => (exposure > 0 ? Math.round((cost / exposure) * 1000 * 100) / 100 : null);
const num = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));

/** The records the caller may count: theirs, of no project or of a brand exposure project they read; one project when asked. */
async function scopeOf(ctx: AppContext, actor: RequestActor, projectId: number | undefined): Promise<SQL> {
  requireCompany(actor, 'digitize:brandExposure');
  const reads = readsProjects(actor);
  if (projectId !== undefined && !(await readableProjects(ctx.db, actor)).some((p) => p.id === projectId))
    throw codedFieldError('projectId', 'brand.projectUnknown');
  const projects = sql`(SELECT id FROM ${projectMetricsDirectory} pd WHERE pd.account_id = ${actor.accountId} AND pd.type = ${BRAND_PROJECT})`;
  return sql`bc.account_id = ${actor.accountId}
    AND ${reads ? sql`(bc.project_id IS NULL OR bc.project_id IN ${projects})` : sql`bc.project_id IS NULL`}
    ${projectId !== undefined ? sql`AND bc.project_id = ${projectId}` : sql``}`;
}
const inPeriod = (months: string[]) =>
  sql`bc.publish_day >= ${`${months[0]}-01`}::date AND bc.publish_day < (${`${months[months.length - 1]}-01`}::date + interval '1 month')`;

export async function board(ctx: AppContext, actor: RequestActor, q: Query): Promise<ExposureBoard> {
  const scope = await scopeOf(ctx, actor, q.projectId);
  const months = periodOf(q);
  const cells = await ctx.db.execute<{
    month: string;
    platform: KolPlatform;
    cost: string;
    exposure: string;
    interactions: string;
  }>(sql`
    SELECT to_char(bc.publish_day, 'YYYY-MM') AS month, bc.platform, sum(bc.cost)::text AS cost, sum(bc.exposure)::text AS exposure,
           sum(bc.interactions)::text AS interactions
      FROM brand_cooperations bc WHERE ${scope} AND ${inPeriod(months)} GROUP BY 1, 2`);
  const counts = await ctx.db.execute<{ n: number; kols: number }>(sql`
    SELECT count(*)::int AS n, count(DISTINCT bc.kol_id)::int AS kols FROM brand_cooperations bc WHERE ${scope} AND ${inPeriod(months)}`);

  const monthRows = months.map((m) => {
    const mine = cells.rows.filter((c) => c.month === m);
    const byPlatform: ExposureBoard['months'][number]['byPlatform'] = {};
    for (const c of mine) byPlatform[c.platform] = { exposure: Number(c.exposure), interactions: Number(c.interactions) };
    return {
      month: m,
      cost: Math.round(mine.reduce((s, c) => s + Number(c.cost), 0) * 100) / 100,
      exposure: mine.reduce((s, c) => s + Number(c.exposure), 0),
      interactions: mine.reduce((s, c) => s + Number(c.interactions), 0),
      byPlatform,
    };
  });
  const cost = Math.round(monthRows.reduce((s, m) => s + m.cost, 0) * 100) / 100;
  const exposure = monthRows.reduce((s, m) => s + m.exposure, 0);
  const interactions = monthRows.reduce((s, m) => s + m.interactions, 0);

  const projects = readsProjects(actor)
    ? (
        await ctx.db.execute<{
          id: number;
          code: string;
          name: string;
          run_status: string;
          metrics: Record<string, number | null>;
          cost: string | null;
          exposure: string | null;
          interactions: string | null;
          n: number | null;
        }>(sql`
          SELECT p.id, p.code, p.name, p.run_status, p.metrics, c.cost::text AS cost, c.exposure::text AS exposure,
                 c.interactions::text AS interactions, c.n
            FROM ${projectMetricsDirectory} p
            LEFT JOIN (SELECT bc.project_id, sum(bc.cost) AS cost, sum(bc.exposure) AS exposure, sum(bc.interactions) AS interactions,
                              count(*)::int AS n
                         FROM brand_cooperations bc WHERE bc.account_id = ${actor.accountId} GROUP BY bc.project_id) c ON c.project_id = p.id
           WHERE p.account_id = ${actor.accountId} AND p.type = ${BRAND_PROJECT}
             ${q.projectId !== undefined ? sql`AND p.id = ${q.projectId}` : sql``}
           ORDER BY p.id DESC`)
      ).rows
    : [];
  const metric = (p: { metrics: Record<string, number | null> }, code: string) => num(p.metrics?.[code]);
  const reported = (code: string) => {
    const values = projects.map((p) => metric(p, code)).filter((v): v is number => v !== null);
    return values.length ? values.reduce((s, v) => s + v, 0) : null;
  };

  return {
    from: months[0] as string,
    to: months[months.length - 1] as string,
    readsProjects: readsProjects(actor),
    choices: await readableProjects(ctx.db, actor),
    totals: {
      cost,
      exposure,
      interactions,
      cpm: cpm(cost, exposure),
      cooperations: Number(counts.rows[0]?.n ?? 0),
      kols: Number(counts.rows[0]?.kols ?? 0),
    },
    months: monthRows,
    platforms: KOL_PLATFORMS.map((platform) => {
      const mine = cells.rows.filter((c) => c.platform === platform);
      const pc = Math.round(mine.reduce((s, c) => s + Number(c.cost), 0) * 100) / 100;
      const pe = mine.reduce((s, c) => s + Number(c.exposure), 0);
      const named = (METRIC_PLATFORMS as readonly string[]).includes(platform);
      return {
        platform,
        cost: pc,
        exposure: pe,
        interactions: mine.reduce((s, c) => s + Number(c.interactions), 0),
        cpm: cpm(pc, pe),
        reportedExposure: named ? reported(`${platform}_EXPOSURE`) : null,
        reportedInteractions: named ? reported(`${platform}_INTERACTION`) : null,
      };
    }).filter((p) => p.exposure > 0 || p.cost > 0 || p.reportedExposure !== null || p.reportedInteractions !== null),
    projects: projects.map((p) => {
      const pc = Number(p.cost ?? 0);
      const pe = Number(p.exposure ?? 0);
      const budget = metric(p, 'TOTAL_BUDGET');
      return {
        id: Number(p.id),
        code: p.code,
        name: p.name,
        runStatus: p.run_status,
        budget,
        kolBudget: metric(p, 'KOL'),
        cost: pc,
        exposure: pe,
        interactions: Number(p.interactions ?? 0),
        cpm: cpm(pc, pe),
        budgetUsed: budget ? Math.round((pc / budget) * 10000) / 10000 : null,
        reportedExposure: metric(p, 'TOTAL_EXPOSURE'),
        roi: metric(p, 'ROI'),
        cooperations: Number(p.n ?? 0),
      };
    }),
  };
}

/** The records the board counts in its period, one row each, streamed. */
export async function exportFile(ctx: AppContext, actor: RequestActor, q: Query, lang: ExportLang) {
  const scope = await scopeOf(ctx, actor, q.projectId);
  const months = periodOf(q);
  const t = (zh: string, en: string) => tr(lang, zh, en);
  const text = (k: string) => (r: Record<string, unknown>) => (r[k] == null ? null : String(r[k]));
  const n = (k: string) => (r: Record<string, unknown>) => Number(r[k]);
  return streamXlsx(poolOf(ctx.db), {
    fileName: `${t('品牌曝光', 'brand-exposure')}_${months[0]}_${months[months.length - 1]}.xlsx`,
    sheetName: t('合作记录', 'Cooperations'),
    columns: [
      { header: t('发布日期', 'Published'), width: 12, value: text('publish_day') },
      { header: 'KOL', width: 22, value: text('kol_name') },
      { header: t('平台', 'Platform'), width: 10, value: text('platform') },
      { header: t('项目', 'Project'), width: 30, value: text('project') },
      { header: t('交付内容', 'Deliverable'), width: 30, value: text('deliverable') },
      { header: t('花费 (USD)', 'Cost (USD)'), width: 12, numFmt: '#,##0.00', value: n('cost') },
      { header: t('曝光', 'Exposure'), width: 12, numFmt: '#,##0', value: n('exposure') },
      { header: t('互动', 'Interactions'), width: 12, numFmt: '#,##0', value: n('interactions') },
      { header: t('链接', 'Link'), width: 30, value: text('link') },
    ],
    query: sql`
      SELECT to_char(bc.publish_day, 'YYYY-MM-DD') AS publish_day, k.name AS kol_name, bc.platform,
             CASE WHEN p.id IS NULL THEN NULL ELSE p.code || ' ' || p.name END AS project, bc.deliverable, bc.cost::text AS cost,
             bc.exposure::text AS exposure, bc.interactions::text AS interactions, bc.link
        FROM brand_cooperations bc
        JOIN brand_kols k ON k.id = bc.kol_id
        LEFT JOIN ${projectMetricsDirectory} p ON p.id = bc.project_id
       WHERE ${scope} AND ${inPeriod(months)}
       ORDER BY bc.publish_day, bc.id`,
    map: (raw) => raw,
  });
}
