/**
 * The GTM KPI board (docs/projects.md "GTM goals and KPIs"): each GTM project's month against its
 * goal, the cards and the chart over every project the filters keep, and the streamed export.
 * Everyone with `gtm:kpi` reads it; the sales are the caller's shops' (the scope, narrowed to a
 * shop when the filter names one), read as /gtmData reads them.
 */
import type { EndpointQuery, projects as ep } from '@bo/contract';
import {
  type KpiFilters,
  type KpiRow,
  type KpiSummary,
  lightOf,
  RUN_MACHINE,
  type RunStatus,
} from '@bo/contract/projects/projects';
import { sql } from 'drizzle-orm';
import { poolOf } from '../../db/client';
import { pageOfQuery } from '../../db/sql';
import type { RequestActor } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';
import { type ExportLang, tr } from '../../platform/export/lang';
import { streamXlsx } from '../../platform/export/xlsx-stream';
import { narrowScope, type ShopScope } from '../shops/shops/shop-scope';
import { type KpiQuery, type KpiRowRaw, kpiRowsQuery, kpiRowsSql } from './gtm-kpi.repository';

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** This month as the database reckons days, when the filter names none. */
async function withMonth(ctx: AppContext, q: KpiFilters): Promise<KpiQuery> {
  if (q.month) return { ...q, month: q.month };
  const r = await ctx.db.execute<{ m: string }>(sql`SELECT to_char(current_date, 'YYYY-MM') AS m`);
  return { ...q, month: r.rows[0]?.m ?? new Date().toISOString().slice(0, 7) };
}

const toRow = (r: KpiRowRaw, lang: 'zh' | 'en'): KpiRow => {
  const attainment = num(r.attainment);
  return {
    projectId: Number(r.project_id),
    code: r.code,
    name: r.name,
    ownerName: r.owner_name,
    deptName: (lang === 'en' && r.dept_name_en) || r.dept_name,
    runStatus: r.run_status as RunStatus,
    launchDay: r.launch_day,
    daysSinceLaunch: num(r.days_since),
    month: r.month,
    monthIndex: num(r.month_index),
    from: r.d0,
    to: r.d1,
    units: Number(r.units),
    revenue: Number(r.revenue),
    adSpend: Number(r.ad_spend),
    acos: num(r.acos),
    goalUnits: num(r.goal_units),
    goalRevenue: num(r.goal_revenue),
    adBudget: num(r.ad_budget),
    acosTarget: num(r.acos_target),
    targetUnits: num(r.target_units),
    targetRevenue: num(r.target_revenue),
    budgetToDate: num(r.budget_to_date),
    unitsAttainment: num(r.units_attainment),
    attainment,
    light: lightOf(attainment),
  };
};

const scoped = (scope: ShopScope, q: KpiFilters) => narrowScope(scope, q.shopId);

export async function kpiList(
  ctx: AppContext,
  actor: RequestActor,
  scope: ShopScope,
  query: EndpointQuery<typeof ep.kpiList>,
  lang: 'zh' | 'en',
) {
  const { pageNum, pageSize, ...filters } = query;
  const q = await withMonth(ctx, filters);
  const page = await pageOfQuery<KpiRowRaw>(ctx.db, kpiRowsQuery(actor.accountId, scoped(scope, q), q), { pageNum, pageSize });
  return { list: page.rows.map((r) => toRow(r, lang)), total: page.total, pageNum, pageSize };
}

const CHART_MAX = 30;

export async function kpiSummary(
  ctx: AppContext,
  actor: RequestActor,
  scope: ShopScope,
  filters: KpiFilters,
): Promise<KpiSummary> {
  const q = await withMonth(ctx, filters);
  const r = await ctx.db.execute<KpiRowRaw>(kpiRowsSql(actor.accountId, scoped(scope, q), q));
  const rows = r.rows.map((x) => toRow(x, 'en'));
  const sum = (f: (x: KpiRow) => number | null) =>
    rows.some((x) => f(x) !== null) ? Math.round(rows.reduce((a, x) => a + (f(x) ?? 0), 0) * 100) / 100 : null;
  const revenue = sum((x) => x.revenue) ?? 0;
  const targetRevenue = sum((x) => x.targetRevenue);
  const count = (l: string) => rows.filter((x) => x.light === l).length;
  return {
    month: q.launchMonth === undefined ? q.month : null,
    launchMonth: q.launchMonth ?? null,
    projects: rows.length,
    green: count('green'),
    amber: count('amber'),
    red: count('red'),
    noTarget: rows.filter((x) => x.light === null).length,
    units: sum((x) => x.units) ?? 0,
    revenue,
    adSpend: sum((x) => x.adSpend) ?? 0,
    targetRevenue,
    goalRevenue: sum((x) => x.goalRevenue),
    attainment: targetRevenue ? Math.round((revenue * 10000) / targetRevenue) / 100 : null,
    chart: rows
      .filter((x) => x.attainment !== null)
      .sort((a, b) => (b.attainment ?? 0) - (a.attainment ?? 0))
      .slice(0, CHART_MAX)
      .map((x) => ({ projectId: x.projectId, code: x.code, name: x.name, attainment: x.attainment ?? 0 })),
  };
}

export async function exportKpi(ctx: AppContext, actor: RequestActor, scope: ShopScope, filters: KpiFilters, lang: ExportLang) {
  const q = await withMonth(ctx, filters);
  const money = '#,##0.00';
  const period = q.launchMonth === undefined ? q.month : `M${q.launchMonth}`;
  return streamXlsx<KpiRow>(poolOf(ctx.db), {
    fileName: `${tr(lang, 'GTM_KPI', 'gtm-kpi')}_${period}.xlsx`,
    sheetName: 'GTM KPI',
    columns: [
      { header: tr(lang, '编号', 'Code'), width: 12, value: (r) => r.code },
      { header: tr(lang, '名称', 'Name'), width: 30, value: (r) => r.name },
      { header: tr(lang, '负责人', 'Owner'), width: 16, value: (r) => r.ownerName },
      { header: tr(lang, '部门', 'Department'), width: 16, value: (r) => r.deptName },
      {
        header: tr(lang, '运行状态', 'Run status'),
        width: 12,
        value: (r) => tr(lang, RUN_MACHINE.states[r.runStatus].label.zh, RUN_MACHINE.states[r.runStatus].label.en),
      },
      { header: tr(lang, '上市日', 'Launch day'), width: 12, value: (r) => r.launchDay },
      { header: tr(lang, '月份', 'Month'), width: 10, value: (r) => r.month },
      { header: tr(lang, '上市第几月', 'Month after launch'), width: 10, value: (r) => r.monthIndex },
      { header: tr(lang, '统计起', 'From'), width: 12, value: (r) => r.from },
      { header: tr(lang, '统计止', 'To'), width: 12, value: (r) => r.to },
      { header: tr(lang, '月目标销量', 'Goal units'), width: 12, numFmt: '#,##0', value: (r) => r.goalUnits },
      { header: tr(lang, '至今目标销量', 'Target units to date'), width: 12, numFmt: money, value: (r) => r.targetUnits },
      { header: tr(lang, '销量', 'Units'), width: 10, numFmt: '#,##0', value: (r) => r.units },
      { header: tr(lang, '月目标销售额', 'Goal revenue'), width: 14, numFmt: money, value: (r) => r.goalRevenue },
      { header: tr(lang, '至今目标销售额', 'Target revenue to date'), width: 14, numFmt: money, value: (r) => r.targetRevenue },
      { header: tr(lang, '销售额', 'Revenue'), width: 14, numFmt: money, value: (r) => r.revenue },
      { header: tr(lang, '达成率 %', 'Attainment %'), width: 12, numFmt: money, value: (r) => r.attainment },
      { header: tr(lang, '广告预算', 'Ad budget'), width: 12, numFmt: money, value: (r) => r.adBudget },
      { header: tr(lang, '广告花费', 'Ad spend'), width: 12, numFmt: money, value: (r) => r.adSpend },
      { header: tr(lang, '目标 ACoS %', 'Target ACoS %'), width: 12, numFmt: money, value: (r) => r.acosTarget },
      { header: 'ACoS %', width: 10, numFmt: money, value: (r) => r.acos },
    ],
    query: kpiRowsQuery(actor.accountId, scoped(scope, q), q),
    map: (raw) => toRow(raw as KpiRowRaw, lang),
  });
}
