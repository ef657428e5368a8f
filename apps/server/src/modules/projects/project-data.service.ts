/**
 * Project data (docs/projects.md "Project data"): product targets, the data rows of the GTM and
 * new-listing screens and their export, a project's weekly figures against its target, and the
 * departments that run development projects. Everyone with the project board reads them; the
 * sales are those of the caller's shops (the scope).
 */
import type { EndpointQuery, projects as ep } from '@bo/contract';
import {
  type ProductTarget,
  type ProjectData,
  type ProjectDataRow,
  RUN_MACHINE,
  type RunStatus,
} from '@bo/contract/projects/projects';
import { REPORTING_CURRENCY } from '@bo/contract/sales/sales-profit';
import { poolOf } from '../../db/client';
import type { RequestActor } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';
import { codedFieldError, notFound } from '../../platform/errors';
import { type ExportLang, tr } from '../../platform/export/lang';
import { streamXlsx } from '../../platform/export/xlsx-stream';
import type { ShopScope } from '../shops/shops/shop-scope';
import { goalMonthsOf } from './gtm-goals.repository';
import {
  type DataListQuery,
  type DataRowRaw,
  dataRowsPage,
  dataRowsQuery,
  researchDepartments,
  startOf,
  weeklySales,
} from './project-data.repository';
import { findProject } from './projects.repository';

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const round2 = (v: number) => Math.round(v * 100) / 100;

/** The project's monthly targets and each SKU's even share of them. */
export async function productTarget(ctx: AppContext, actor: RequestActor, projectId: number): Promise<ProductTarget> {
  const p = await findProject(ctx.db, actor.accountId, projectId);
  const s = await startOf(ctx.db, actor.accountId, projectId);
  if (!p || !s) throw notFound(`no project ${projectId}`);
  const d = p.details as {
    launchDate?: string | null;
    listingDate?: string | null;
    targetUnits?: number | null;
    targetRevenue?: number | null;
  };
  const startSource = d.launchDate ? 'launch' : d.listingDate ? 'listing' : p.dates.OPEN_TIME ? 'open' : null;
  const units = num(d.targetUnits);
  const revenue = num(d.targetRevenue);
  const n = p.skus.length;
  const goals = await goalMonthsOf(ctx.db, projectId);
  return {
    projectId: Number(p.id),
    type: p.type,
    startDay: s.start_day,
    startSource,
    monthlyUnits: units,
    monthlyRevenue: revenue,
    currency: REPORTING_CURRENCY,
    skus: p.skus.map((sku) => ({
      sku,
      monthlyUnits: units === null ? null : round2(units / n),
      monthlyRevenue: revenue === null ? null : round2(revenue / n),
    })),
    goals: goals.map((g) => ({ month: g.month, units: g.units, revenue: g.revenue })),
  };
}

const toRow = (r: DataRowRaw, lang: 'zh' | 'en'): ProjectDataRow => ({
  projectId: Number(r.project_id),
  code: r.code,
  name: r.name,
  type: r.type as ProjectDataRow['type'],
  ownerName: r.owner_name,
  deptName: (lang === 'en' && r.dept_name_en) || r.dept_name,
  stage: r.stage as ProjectDataRow['stage'],
  runStatus: r.run_status as ProjectDataRow['runStatus'],
  sku: r.sku,
  startDay: r.start_day,
  from: r.d0,
  to: r.d1,
  units: Number(r.units),
  revenue: Number(r.revenue),
  adSpend: Number(r.ad_spend),
  acos: num(r.acos),
  targetUnits: num(r.target_units),
  targetRevenue: num(r.target_revenue),
  attainment: num(r.attainment),
});

export async function dataList(
  ctx: AppContext,
  actor: RequestActor,
  scope: ShopScope,
  q: EndpointQuery<typeof ep.dataList>,
  lang: 'zh' | 'en',
) {
  const { pageNum, pageSize, ...filters } = q;
  const page = await dataRowsPage(ctx.db, actor.accountId, scope, filters, { pageNum, pageSize });
  return { list: page.rows.map((r) => toRow(r, lang)), total: page.total, pageNum, pageSize };
}

export function exportDataList(ctx: AppContext, actor: RequestActor, scope: ShopScope, q: DataListQuery, lang: ExportLang) {
  const day = new Date().toISOString().slice(0, 10);
  const gtm = q.type === 'GTM_PROJECT';
  const money = '#,##0.00';
  return streamXlsx<ProjectDataRow>(poolOf(ctx.db), {
    fileName: `${gtm ? tr(lang, 'GTM数据', 'gtm-data') : tr(lang, '新品上架数据', 'new-listing-data')}_${day}.xlsx`,
    sheetName: tr(lang, '项目数据', 'Project data'),
    columns: [
      { header: tr(lang, '编号', 'Code'), width: 12, value: (r) => r.code },
      { header: tr(lang, '名称', 'Name'), width: 30, value: (r) => r.name },
      { header: 'SKU', width: 14, value: (r) => r.sku },
      { header: tr(lang, '负责人', 'Owner'), width: 16, value: (r) => r.ownerName },
      { header: tr(lang, '部门', 'Department'), width: 16, value: (r) => r.deptName },
      {
        header: tr(lang, '运行状态', 'Run status'),
        width: 12,
        value: (r) =>
          tr(lang, RUN_MACHINE.states[r.runStatus as RunStatus].label.zh, RUN_MACHINE.states[r.runStatus as RunStatus].label.en),
      },
      { header: tr(lang, '上市日', 'Start day'), width: 12, value: (r) => r.startDay },
      { header: tr(lang, '统计起', 'From'), width: 12, value: (r) => r.from },
      { header: tr(lang, '统计止', 'To'), width: 12, value: (r) => r.to },
      { header: tr(lang, '目标销量', 'Target units'), width: 12, numFmt: money, value: (r) => r.targetUnits },
      { header: tr(lang, '销量', 'Units'), width: 10, numFmt: '#,##0', value: (r) => r.units },
      { header: tr(lang, '目标销售额', 'Target revenue'), width: 14, numFmt: money, value: (r) => r.targetRevenue },
      { header: tr(lang, '销售额', 'Revenue'), width: 14, numFmt: money, value: (r) => r.revenue },
      { header: tr(lang, '达成率 %', 'Attainment %'), width: 12, numFmt: money, value: (r) => r.attainment },
      { header: tr(lang, '广告花费', 'Ad spend'), width: 12, numFmt: money, value: (r) => r.adSpend },
      { header: 'ACoS %', width: 10, numFmt: money, value: (r) => r.acos },
    ],
    query: dataRowsQuery(actor.accountId, scope, q),
    map: (raw) => toRow(raw as DataRowRaw, lang),
  });
}

/** A project's weeks from its start day against the target (one SKU's share when `sku` is given). */
export async function projectData(
  ctx: AppContext,
  actor: RequestActor,
  scope: ShopScope,
  q: EndpointQuery<typeof ep.projectData>,
): Promise<ProjectData> {
  const target = await productTarget(ctx, actor, q.projectId);
  const one = q.sku === undefined ? null : target.skus.find((s) => s.sku === q.sku);
  if (one === undefined) throw codedFieldError('sku', 'invalidOption');
  const skus = one ? [one.sku] : target.skus.map((s) => s.sku);
  // One SKU's target is its even share of the project's (targetOfDays: goal months, else flat).
  const part = one ? 1 / target.skus.length : 1;
  const share = (t: number | null) => (t === null ? null : round2(t * part));
  const weeks =
    target.startDay === null || skus.length === 0
      ? []
      : await weeklySales(
          ctx.db,
          scope,
          { id: target.projectId, flatUnits: target.monthlyUnits, flatRevenue: target.monthlyRevenue },
          skus,
          target.startDay,
        );
  const list = weeks.map((w) => {
    const cents = Number(w.cents);
    const ad = Number(w.ad);
    const tUnits = num(w.t_units);
    const tRevenue = num(w.t_revenue);
    return {
      from: w.from,
      to: w.to,
      units: Number(w.units),
      revenue: cents / 100,
      adSpend: ad / 100,
      acos: cents > 0 ? round2((ad * 100) / cents) : null,
      targetUnits: share(tUnits),
      targetRevenue: share(tRevenue),
      cents,
      ad,
      tUnits,
      tRevenue,
    };
  });
  const sum = (f: (w: (typeof list)[number]) => number) => list.reduce((a, w) => a + f(w), 0);
  const cents = sum((w) => w.cents);
  const ad = sum((w) => w.ad);
  const sumOrNull = (f: (w: (typeof list)[number]) => number | null) =>
    list.some((w) => f(w) !== null) ? list.reduce((a, w) => a + (f(w) ?? 0), 0) : null;
  return {
    target,
    sku: one ? one.sku : null,
    from: list[0]?.from ?? null,
    to: list.at(-1)?.to ?? null,
    total: {
      units: sum((w) => w.units),
      revenue: cents / 100,
      adSpend: ad / 100,
      acos: cents > 0 ? round2((ad * 100) / cents) : null,
      targetUnits: share(sumOrNull((w) => w.tUnits)),
      targetRevenue: share(sumOrNull((w) => w.tRevenue)),
    },
    weeks: list.map(({ cents: _c, ad: _a, tUnits: _u, tRevenue: _r, ...w }) => w),
  };
}

export const researchDepts = (ctx: AppContext, actor: RequestActor) => researchDepartments(ctx.db, actor.accountId);
