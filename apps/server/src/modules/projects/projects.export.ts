/** GET project/list-export: the filtered projects as xlsx, streamed through the shared export path. */

import { APPROVAL_MACHINE, statusFromCode } from '@bo/contract/approvals/approval-flow';
import {
  METRIC_CODES,
  type MetricCode,
  MONEY_METRICS,
  RUN_MACHINE,
  type RunStatus,
  SCHEDULE_MACHINE,
  type ScheduleStatus,
} from '@bo/contract/projects/projects';
import { sql } from 'drizzle-orm';
import { poolOf } from '../../db/client';
import { anyInt } from '../../db/sql';
import type { RequestActor } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';
import { codedFieldError } from '../../platform/errors';
import { type ExportLang, tr } from '../../platform/export/lang';
import { streamXlsx } from '../../platform/export/xlsx-stream';
import { type BonusLineRaw, bonusLinesQuery } from './project-nodes.repository';
import { exportQuery, type ListQuery, type ProjectRaw, toListItem } from './projects.repository';

const TYPE_TEXT: Record<string, { zh: string; en: string }> = {
  PLATFORM_PROJECT: { zh: '平台项目', en: 'Platform' },
  NEW_PRODUCTS_PROJECT: { zh: '新品上架', en: 'New listing' },
  GTM_PROJECT: { zh: 'GTM', en: 'GTM' },
  BRAND_EXPOSURE_PROJECT: { zh: '品牌曝光', en: 'Brand exposure' },
  NEW_PRODUCT_DEV_PROJECT: { zh: '新品开发', en: 'Development' },
};

export function exportProjects(ctx: AppContext, actor: RequestActor, q: ListQuery, lang: ExportLang) {
  const label = (t: { zh: string; en: string }) => tr(lang, t.zh, t.en);
  const day = new Date().toISOString().slice(0, 10);
  return streamXlsx<ReturnType<typeof toListItem> & { metrics: Record<string, number | null>; skus: string[] }>(poolOf(ctx.db), {
    fileName: `${tr(lang, '项目', 'projects')}_${day}.xlsx`,
    sheetName: tr(lang, '项目', 'Projects'),
    columns: [
      { header: tr(lang, '编号', 'Code'), width: 12, value: (r) => r.code },
      { header: tr(lang, '名称', 'Name'), width: 30, value: (r) => r.name },
      { header: tr(lang, '类型', 'Type'), width: 14, value: (r) => label(TYPE_TEXT[r.type] ?? { zh: r.type, en: r.type }) },
      { header: tr(lang, '负责人', 'Owner'), width: 20, value: (r) => r.owner.name },
      { header: tr(lang, '部门', 'Department'), width: 16, value: (r) => r.deptName },
      { header: tr(lang, '优先级', 'Priority'), width: 8, value: (r) => r.priority },
      { header: tr(lang, '阶段', 'Stage'), width: 8, value: (r) => r.stage },
      {
        header: tr(lang, '排期状态', 'Scheduling'),
        width: 12,
        value: (r) => label(SCHEDULE_MACHINE.states[r.scheduleStatus as ScheduleStatus].label),
      },
      {
        header: tr(lang, '运行状态', 'Run status'),
        width: 12,
        value: (r) => label(RUN_MACHINE.states[r.runStatus as RunStatus].label),
      },
      {
        header: tr(lang, '审批状态', 'Approval'),
        width: 12,
        value: (r) => label(APPROVAL_MACHINE.states[statusFromCode(r.approvalStatus) ?? 'not'].label),
      },
      { header: tr(lang, '立项日期', 'Open day'), width: 12, value: (r) => r.dates.OPEN_TIME ?? null },
      { header: tr(lang, '排期日期', 'Scheduled'), width: 12, value: (r) => r.dates.SCHEDULING_TIME ?? null },
      { header: tr(lang, '结项日期', 'Closing day'), width: 12, value: (r) => r.dates.CLOSING_TIME ?? null },
      { header: tr(lang, '总预算', 'Total budget'), width: 14, numFmt: '#,##0.00', value: (r) => r.metrics.TOTAL_BUDGET ?? null },
      {
        header: tr(lang, '总曝光', 'Total exposure'),
        width: 14,
        numFmt: '#,##0',
        value: (r) => r.metrics.TOTAL_EXPOSURE ?? null,
      },
      { header: 'SKU', width: 30, value: (r) => r.skus.join(', ') },
      { header: tr(lang, '未完成待办', 'Open todos'), width: 10, value: (r) => r.openTodos },
      { header: tr(lang, '逾期待办', 'Overdue todos'), width: 10, value: (r) => r.overdueTodos },
    ],
    query: exportQuery(actor.accountId, actor.userId, q),
    map: (raw) => {
      const r = raw as ProjectRaw;
      return { ...toListItem(r, lang), metrics: r.metrics, skus: r.skus };
    },
  });
}

/** GET project/bonus-export: the earned bonus lines (nodes reached, results of completed projects), for finance. */
export function exportBonuses(ctx: AppContext, actor: RequestActor, q: Parameters<typeof bonusLinesQuery>[1], lang: ExportLang) {
  const label = (t: { zh: string; en: string }) => tr(lang, t.zh, t.en);
  const day = new Date().toISOString().slice(0, 10);
  return streamXlsx<BonusLineRaw>(poolOf(ctx.db), {
    fileName: `${tr(lang, '项目奖金', 'project-bonuses')}_${day}.xlsx`,
    sheetName: tr(lang, '奖金', 'Bonuses'),
    columns: [
      { header: tr(lang, '编号', 'Code'), width: 12, value: (r) => r.code },
      { header: tr(lang, '名称', 'Name'), width: 30, value: (r) => r.name },
      { header: tr(lang, '类型', 'Type'), width: 14, value: (r) => label(TYPE_TEXT[r.type] ?? { zh: r.type, en: r.type }) },
      { header: tr(lang, '负责人', 'Owner'), width: 20, value: (r) => r.owner_name },
      { header: tr(lang, '部门', 'Department'), width: 16, value: (r) => (lang === 'en' && r.dept_name_en) || r.dept_name },
      {
        header: tr(lang, '奖金类型', 'Bonus'),
        width: 12,
        value: (r) => (r.node === 'RESULT' ? tr(lang, '结果奖金', 'Result') : tr(lang, `节点 ${r.node}`, `Node ${r.node}`)),
      },
      { header: tr(lang, '达成日期', 'Reached'), width: 12, value: (r) => r.reached_date },
      { header: tr(lang, '金额', 'Amount'), width: 14, numFmt: '#,##0.00', value: (r) => Number(r.bonus) },
      { header: tr(lang, '预计发放日', 'Expected issue'), width: 14, value: (r) => r.issue_date },
    ],
    query: bonusLinesQuery(actor.accountId, q),
    map: (raw) => raw as BonusLineRaw,
  });
}

const METRIC_TEXT: Record<MetricCode, { zh: string; en: string }> = {
  TOTAL_BUDGET: { zh: '总预算', en: 'Total budget' },
  AMZ_ADS: { zh: '亚马逊广告', en: 'Amazon ads' },
  ADS: { zh: '站外广告', en: 'Other ads' },
  DEALS: { zh: '促销', en: 'Deals' },
  KOL: { zh: 'KOL', en: 'KOL' },
  PR: { zh: '公关', en: 'PR' },
  SNS: { zh: '社媒', en: 'Social' },
  TOTAL_EXPOSURE: { zh: '总曝光', en: 'Total exposure' },
  ROI: { zh: 'ROI', en: 'ROI' },
  FB_EXPOSURE: { zh: 'Facebook 曝光', en: 'Facebook exposure' },
  IG_EXPOSURE: { zh: 'Instagram 曝光', en: 'Instagram exposure' },
  TT_EXPOSURE: { zh: 'TikTok 曝光', en: 'TikTok exposure' },
  YT_EXPOSURE: { zh: 'YouTube 曝光', en: 'YouTube exposure' },
  FB_INTERACTION: { zh: 'Facebook 互动', en: 'Facebook interactions' },
  IG_INTERACTION: { zh: 'Instagram 互动', en: 'Instagram interactions' },
  TT_INTERACTION: { zh: 'TikTok 互动', en: 'TikTok interactions' },
  YT_INTERACTION: { zh: 'YouTube 互动', en: 'YouTube interactions' },
};

type MouldRow = ReturnType<typeof toListItem> & { metrics: Record<string, number | null>; details: Record<string, unknown> };

/**
 * POST brand/project/exportBrandMould: the brand exposure template (docs/decisions.md "The brand
 * exposure template"). Chosen projects must all be the account's brand exposure projects (a
 * coded 400 on `ids` otherwise, nothing exported); `template` answers the columns alone.
 */
export async function exportBrandMould(
  ctx: AppContext,
  actor: RequestActor,
  b: { ids: number[]; keyword?: string | undefined; runStatus?: RunStatus | undefined; template: boolean },
  lang: ExportLang,
) {
  const ids = [...new Set(b.ids)];
  if (!b.template && ids.length > 0) {
    const found = await ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM projects WHERE account_id = ${actor.accountId} AND type = 'BRAND_EXPOSURE_PROJECT'
            AND id = ${anyInt(ids)}`,
    );
    if (Number(found.rows[0]?.n) !== ids.length) throw codedFieldError('ids', 'projects.notBrandExposure');
  }
  const label = (t: { zh: string; en: string }) => tr(lang, t.zh, t.en);
  const day = new Date().toISOString().slice(0, 10);
  const q: ListQuery = {
    type: 'BRAND_EXPOSURE_PROJECT',
    keyword: b.keyword,
    runStatus: b.runStatus,
    mine: false,
    sortField: 'updatedAt',
    sortOrder: 'desc',
  };
  const only = b.template ? sql`false` : ids.length > 0 ? sql`p.id = ${anyInt(ids)}` : sql`true`;
  return streamXlsx<MouldRow>(poolOf(ctx.db), {
    fileName: `${tr(lang, '品牌曝光模板', 'brand-exposure-template')}_${day}.xlsx`,
    sheetName: tr(lang, '品牌曝光', 'Brand exposure'),
    columns: [
      { header: tr(lang, '编号', 'Code'), width: 12, value: (r) => r.code },
      { header: tr(lang, '名称', 'Name'), width: 30, value: (r) => r.name },
      { header: tr(lang, '负责人', 'Owner'), width: 20, value: (r) => r.owner.name },
      { header: tr(lang, '部门', 'Department'), width: 16, value: (r) => r.deptName },
      {
        header: tr(lang, '运行状态', 'Run status'),
        width: 12,
        value: (r) => label(RUN_MACHINE.states[r.runStatus as RunStatus].label),
      },
      { header: tr(lang, '立项日期', 'Open day'), width: 12, value: (r) => r.dates.OPEN_TIME ?? null },
      { header: tr(lang, '结项日期', 'Closing day'), width: 12, value: (r) => r.dates.CLOSING_TIME ?? null },
      {
        header: tr(lang, '渠道', 'Channels'),
        width: 24,
        value: (r) => (Array.isArray(r.details.channels) ? r.details.channels.join(', ') : ''),
      },
      {
        header: tr(lang, 'KOL 数', 'KOLs'),
        width: 8,
        value: (r) => (typeof r.details.kolCount === 'number' ? r.details.kolCount : null),
      },
      ...METRIC_CODES.map((code) => ({
        header: `${label(METRIC_TEXT[code])} (${code})`,
        width: 14,
        numFmt: MONEY_METRICS.includes(code) ? '#,##0.00' : code === 'ROI' ? '0.00' : '#,##0',
        value: (r: MouldRow) => r.metrics[code] ?? null,
      })),
    ],
    query: exportQuery(actor.accountId, actor.userId, q, only),
    map: (raw) => {
      const r = raw as ProjectRaw;
      return { ...toListItem(r, lang), metrics: r.metrics, details: r.details };
    },
  });
}
