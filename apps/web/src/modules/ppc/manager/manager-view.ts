/**
 * What a /ppcMgr list shows, read leniently from its path and query string, the API query
 * made from it, and the bulk edits turned into change requests. Pure.
 */
import { CAMPAIGN_TYPES, type CampaignType } from '@bo/contract/ppc/board';
import type { ChangeEntity } from '@bo/contract/ppc/changes';
import { AD_STATES, adLimitsOf, BULK_PERCENT_RANGE, CONFIRM_STEP_PCT, stepPercent } from '@bo/contract/ppc/changes';
import { MANAGER_LISTS, MANAGER_SORT_FIELDS, type ManagerList } from '@bo/contract/ppc/manager';
import { resolvePeriod } from '../../../shared/period/period-presets';

export const MANAGER_URL = {
  shopId: '',
  state: '',
  keyword: '',
  matchType: '',
  startDate: '',
  endDate: '',
  sortField: '',
  sortOrder: '',
  pageNum: '1',
  pageSize: '20',
} as const;

export interface ManagerUrl {
  shopId: string;
  state: string;
  keyword: string;
  matchType: string;
  startDate: string;
  endDate: string;
  sortField: string;
  sortOrder: string;
  pageNum: string;
  pageSize: string;
}

export const PAGE_SIZES = [10, 20, 50, 100] as const;

/** Which list a path names: /ppcMgr/{type}/{list}[/{id}], or /spBudgets (SP campaigns). */
export interface ManagerPath {
  type: CampaignType;
  list: ManagerList;
  /** The drill-down id: a portfolio (campaigns), a campaign (ad groups), an ad group (ads, keywords, targets). */
  parentId: number | null;
  budgets: boolean;
}

export function parseManagerPath(pathname: string): ManagerPath | null {
  if (pathname.replace(/\/$/, '') === '/spBudgets') return { type: 'sp', list: 'campaigns', parentId: null, budgets: true };
  const m = /^\/ppcMgr\/(sp|sb|sd)\/([A-Za-z]+)(?:\/(\d{1,9}))?\/?$/.exec(pathname);
  if (!m) return null;
  const list = MANAGER_LISTS.find((l) => l === m[2]);
  const type = CAMPAIGN_TYPES.find((c) => c === m[1]);
  if (!list || !type) return null;
  return { type, list, parentId: m[3] ? Number(m[3]) : null, budgets: false };
}

/** The filter the drill-down id sets on each list. */
export const PARENT_FILTER: Record<ManagerList, 'portfolioId' | 'campaignId' | 'adGroupId' | null> = {
  campaigns: 'portfolioId',
  placements: null,
  adGroups: 'campaignId',
  ads: 'adGroupId',
  keywords: 'adGroupId',
  targets: 'adGroupId',
};

export interface ManagerView {
  shopId: number | null;
  state: (typeof AD_STATES)[number] | null;
  keyword: string;
  matchType: 'exact' | 'phrase' | 'broad' | null;
  startDate: string;
  endDate: string;
  sortField: string;
  sortOrder: 'ascend' | 'descend';
  pageNum: number;
  pageSize: number;
}

export const defaultSort = (list: ManagerList) => (list === 'placements' ? 'campaignName' : 'spend');

export function readManagerView(url: ManagerUrl, list: ManagerList, today: string): ManagerView {
  const period = resolvePeriod(url, today);
  const sortable: readonly string[] = MANAGER_SORT_FIELDS[list];
  const page = /^\d{1,5}$/.test(url.pageNum) && Number(url.pageNum) >= 1 ? Number(url.pageNum) : 1;
  const size = (PAGE_SIZES as readonly number[]).includes(Number(url.pageSize)) ? Number(url.pageSize) : 20;
  const sortField = sortable.includes(url.sortField) ? url.sortField : defaultSort(list);
  const defaultOrder = list === 'placements' ? 'ascend' : 'descend';
  return {
    shopId: /^\d{1,9}$/.test(url.shopId) && Number(url.shopId) > 0 ? Number(url.shopId) : null,
    state: AD_STATES.find((s) => s === url.state) ?? null,
    keyword: url.keyword.trim().slice(0, 100),
    matchType: list === 'keywords' ? ((['exact', 'phrase', 'broad'] as const).find((m) => m === url.matchType) ?? null) : null,
    startDate: period.startDate,
    endDate: period.endDate,
    sortField,
    sortOrder: url.sortOrder === 'ascend' || url.sortOrder === 'descend' ? url.sortOrder : defaultOrder,
    pageNum: page,
    pageSize: size,
  };
}

/** The list call's query. */
export function managerQuery(v: ManagerView, path: ManagerPath) {
  const parent = PARENT_FILTER[path.list];
  return {
    ...(v.shopId ? { shopId: v.shopId } : {}),
    ...(v.state ? { state: v.state } : {}),
    ...(v.keyword ? { keyword: v.keyword } : {}),
    ...(v.matchType ? { matchType: v.matchType } : {}),
    ...(parent && path.parentId ? { [parent]: path.parentId } : {}),
    startDate: v.startDate,
    endDate: v.endDate,
    sortField: v.sortField,
    sortOrder: v.sortOrder === 'ascend' ? ('asc' as const) : ('desc' as const),
    pageNum: v.pageNum,
    pageSize: v.pageSize,
  };
}

/** The entity of each list's rows and the money field its rows edit (null: state only). */
export const LIST_ENTITY: Record<ManagerList, { entity: ChangeEntity; money: string | null }> = {
  campaigns: { entity: 'campaign', money: 'daily_budget' },
  placements: { entity: 'campaign', money: null },
  adGroups: { entity: 'ad_group', money: 'default_bid' },
  ads: { entity: 'product_ad', money: null },
  keywords: { entity: 'keyword', money: 'bid' },
  targets: { entity: 'target', money: 'bid' },
};

export type BulkOp = 'set' | 'addPercent' | 'addAmount' | 'pause' | 'enable';
export type MoneyKind = 'bid' | 'budget';
export const kindOf = (field: string): MoneyKind => (field === 'daily_budget' ? 'budget' : 'bid');

/** The marketplace's range of a bid or budget in a currency. */
export function limitsOf(currency: string, kind: MoneyKind): { min: number; max: number } {
  const l = adLimitsOf(currency);
  return kind === 'bid' ? { min: l.minBid, max: l.maxBid } : { min: l.minBudget, max: l.maxBudget };
}

const cents = (v: number) => Math.round(Number((v * 100).toFixed(6))) / 100;

/**
 * The new value of a bid or budget under a bulk edit: set to a value, ± a percent, ± an
 * amount; rounded to cents and kept within the marketplace's limits, saying when a limit
 * clamped it. Null when the edit gives nothing (no current value to change by a percent or
 * an amount).
 */
export function bulkValue(
  current: number | null,
  op: 'set' | 'addPercent' | 'addAmount',
  amount: number,
  currency: string,
  kind: MoneyKind,
): { value: number; clamped: 'min' | 'max' | null } | null {
  let v: number;
  if (op === 'set') v = amount;
  else if (current === null) return null;
  else v = op === 'addPercent' ? current * (1 + amount / 100) : current + amount;
  const { min, max } = limitsOf(currency, kind);
  const rounded = cents(v);
  if (rounded < min) return { value: min, clamped: 'min' };
  if (rounded > max) return { value: max, clamped: 'max' };
  return { value: rounded, clamped: null };
}

/**
 * What is wrong with a bulk amount before any row is looked at (a locale key and its
 * values), or null: a percent outside −99…+1,000 %, a "set to" outside the marketplace's
 * limits. The server refuses the same.
 */
export function bulkAmountProblem(
  op: BulkOp,
  amount: number | null,
  currency: string,
  kind: MoneyKind,
): { key: 'percentRange' | 'outOfLimits' | 'amountRequired'; values: Record<string, string | number> } | null {
  if (op === 'pause' || op === 'enable') return null;
  if (amount === null) return { key: 'amountRequired', values: {} };
  if (op === 'addPercent' && (amount < BULK_PERCENT_RANGE.min || amount > BULK_PERCENT_RANGE.max))
    return { key: 'percentRange', values: { min: BULK_PERCENT_RANGE.min, max: BULK_PERCENT_RANGE.max } };
  if (op === 'set') return valueProblem(amount, currency, kind);
  return null;
}

/** A bid or budget outside the marketplace's limits (a locale key and its values), or null. */
export function valueProblem(
  value: number,
  currency: string,
  kind: MoneyKind,
): { key: 'outOfLimits'; values: Record<string, string | number> } | null {
  const { min, max } = limitsOf(currency, kind);
  const v = cents(value);
  return v < min || v > max ? { key: 'outOfLimits', values: { min, max, currency } } : null;
}

/** The user's guardrails: confirm a step over `stepPct`, or a bid over the maximum of its currency. */
export interface Guard {
  stepPct: number;
  maxBids: Readonly<Record<string, number>>;
}

/** Why a change needs a confirmation: a step over the guard's, a bid over the guard's maximum; or null. */
export function overGuard(
  before: number | null,
  after: number,
  kind: MoneyKind,
  currency: string,
  guard: Guard,
): 'step' | 'max' | null {
  const maxBid = guard.maxBids[currency];
  if (kind === 'bid' && maxBid !== undefined && after > maxBid + 1e-9) return 'max';
  const step = stepPercent(before, after);
  // The server's step is the ceiling: a looser preference never lets through what it refuses.
  if (step !== null && Math.abs(step) > Math.min(guard.stepPct, CONFIRM_STEP_PCT) + 1e-9) return 'step';
  return null;
}

export interface EditableRow {
  id: number;
  version: number;
  state: string;
  currency: string;
  money: number | null;
  /** What the row is called on the screen (campaign name, keyword text …). */
  name: string;
}

/** One row of a bulk edit's preview: before → after, and why it does not change or needs a confirmation. */
export interface PreviewRow {
  id: number;
  name: string;
  currency: string;
  before: number | string | null;
  after: number | string | null;
  /** Set when a marketplace limit clamped the computed value. */
  clamped: 'min' | 'max' | null;
  /** change: written; same: already that value; noValue: no current value to change; archived: cannot change. */
  status: 'change' | 'same' | 'noValue' | 'archived';
  stepPct: number | null;
  over: 'step' | 'max' | null;
}

/** The preview of a bulk edit over the selected rows, one line per row. */
export function bulkPreview(
  rows: readonly EditableRow[],
  field: string | null,
  op: BulkOp,
  amount: number,
  guard: Guard,
): PreviewRow[] {
  return rows.map((r) => {
    const base = { id: r.id, name: r.name, currency: r.currency, clamped: null, stepPct: null, over: null } as const;
    if (op === 'pause' || op === 'enable') {
      const state = op === 'pause' ? 'paused' : 'enabled';
      if (r.state === 'archived') return { ...base, before: r.state, after: r.state, status: 'archived' };
      return { ...base, before: r.state, after: state, status: r.state === state ? 'same' : 'change' };
    }
    if (r.state === 'archived') return { ...base, before: r.money, after: r.money, status: 'archived' };
    if (!field) return { ...base, before: r.money, after: r.money, status: 'noValue' };
    const kind = kindOf(field);
    const v = bulkValue(r.money, op, amount, r.currency, kind);
    if (v === null) return { ...base, before: r.money, after: null, status: 'noValue' };
    if (v.value === r.money) return { ...base, before: r.money, after: v.value, clamped: v.clamped, status: 'same' };
    return {
      ...base,
      before: r.money,
      after: v.value,
      clamped: v.clamped,
      status: 'change',
      stepPct: stepPercent(r.money, v.value),
      over: overGuard(r.money, v.value, kind, r.currency, guard),
    };
  });
}

/** The change requests of a bulk edit's preview: the rows that change. */
export function bulkChanges(
  rows: readonly EditableRow[],
  preview: readonly PreviewRow[],
  entity: ChangeEntity,
  field: string | null,
  op: BulkOp,
): { entityType: ChangeEntity; entityId: number; field: string; value: number | string; version: number }[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out: { entityType: ChangeEntity; entityId: number; field: string; value: number | string; version: number }[] = [];
  for (const p of preview) {
    const r = byId.get(p.id);
    if (!r || p.status !== 'change' || p.after === null) continue;
    const f = op === 'pause' || op === 'enable' ? 'state' : field;
    if (f) out.push({ entityType: entity, entityId: r.id, field: f, value: p.after, version: r.version });
  }
  return out;
}

/** The text of a coded value (state, match type, strategy …); the code itself when there is none. */
export const label = (t: (key: never, fallback: string) => string, group: string, value: unknown): string =>
  value === null || value === undefined ? '—' : t(`ppc.mgr.${group}.${String(value)}` as never, String(value));
