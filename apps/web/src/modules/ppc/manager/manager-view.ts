/**
 * What a /ppcMgr list shows, read leniently from its path and query string, the API query
 * made from it, and the bulk edits turned into change requests. Pure.
 */
import { CAMPAIGN_TYPES, type CampaignType } from '@bo/contract/ppc/board';
import type { ChangeEntity } from '@bo/contract/ppc/changes';
import { AD_STATES, adLimitsOf } from '@bo/contract/ppc/changes';
import { MANAGER_LISTS, MANAGER_SORT_FIELDS, type ManagerList } from '@bo/contract/ppc/manager';
import { isCalendarDay, resolvePeriod } from '../../sales/filters/period-presets';

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
  const period = resolvePeriod(
    {
      startDate: isCalendarDay(url.startDate) ? url.startDate : undefined,
      endDate: isCalendarDay(url.endDate) ? url.endDate : undefined,
    },
    today,
  );
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

/**
 * The new value of a bid or budget under a bulk edit: set to a value, ± a percent, ± an
 * amount; rounded to cents and kept within the marketplace's limits. Null when the edit
 * gives nothing (no current value to change by a percent or an amount).
 */
export function bulkValue(
  current: number | null,
  op: 'set' | 'addPercent' | 'addAmount',
  amount: number,
  currency: string,
  kind: 'bid' | 'budget',
): number | null {
  let v: number;
  if (op === 'set') v = amount;
  else if (current === null) return null;
  else v = op === 'addPercent' ? current * (1 + amount / 100) : current + amount;
  const l = adLimitsOf(currency);
  const [min, max] = kind === 'bid' ? [l.minBid, l.maxBid] : [l.minBudget, l.maxBudget];
  return Math.min(max, Math.max(min, Math.round(Number((v * 100).toFixed(6))) / 100));
}

export interface EditableRow {
  id: number;
  version: number;
  state: string;
  currency: string;
  money: number | null;
}

/** The change requests of a bulk edit over the selected rows (archived rows are left out). */
export function bulkChanges(
  rows: readonly EditableRow[],
  entity: ChangeEntity,
  field: string | null,
  op: BulkOp,
  amount: number,
): { entityType: ChangeEntity; entityId: number; field: string; value: number | string; version: number }[] {
  const out: { entityType: ChangeEntity; entityId: number; field: string; value: number | string; version: number }[] = [];
  for (const r of rows) {
    if (r.state === 'archived') continue;
    if (op === 'pause' || op === 'enable') {
      const state = op === 'pause' ? 'paused' : 'enabled';
      if (r.state !== state) out.push({ entityType: entity, entityId: r.id, field: 'state', value: state, version: r.version });
      continue;
    }
    if (!field) continue;
    const v = bulkValue(r.money, op, amount, r.currency, field === 'daily_budget' ? 'budget' : 'bid');
    if (v !== null && v !== r.money) out.push({ entityType: entity, entityId: r.id, field, value: v, version: r.version });
  }
  return out;
}

/** The text of a coded value (state, match type, strategy …); the code itself when there is none. */
export const label = (t: (key: never, fallback: string) => string, group: string, value: unknown): string =>
  value === null || value === undefined ? '—' : t(`ppc.mgr.${group}.${String(value)}` as never, String(value));
