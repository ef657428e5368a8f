/**
 * What the PPC board shows, read leniently from its query string (shops, campaign types,
 * period, SKU search, sort, page), and the API query made from it. Pure.
 */
import { CAMPAIGN_TYPES, type CampaignType, SKU_SORT_FIELDS } from '@bo/contract/ppc/board';
import { resolvePeriod } from '../../../shared/period/period-presets';

export const BOARD_URL = {
  shopId: [],
  campaignType: [],
  startDate: '',
  endDate: '',
  keyword: '',
  sortField: 'spend',
  sortOrder: 'descend',
  pageNum: '1',
  pageSize: '20',
} as const;

export interface BoardUrl {
  shopId: string[];
  campaignType: string[];
  startDate: string;
  endDate: string;
  keyword: string;
  sortField: string;
  sortOrder: string;
  pageNum: string;
  pageSize: string;
}

export type SkuSortField = (typeof SKU_SORT_FIELDS)[number];
export const PAGE_SIZES = [10, 20, 50, 100] as const;

export interface BoardView {
  shopIds: number[];
  campaignTypes: CampaignType[];
  startDate: string;
  endDate: string;
  keyword: string;
  sortField: SkuSortField;
  sortOrder: 'ascend' | 'descend';
  pageNum: number;
  pageSize: number;
}

export function readBoardView(url: BoardUrl, today: string): BoardView {
  const period = resolvePeriod(url, today);
  const page = /^\d{1,5}$/.test(url.pageNum) && Number(url.pageNum) >= 1 ? Number(url.pageNum) : 1;
  const size = (PAGE_SIZES as readonly number[]).includes(Number(url.pageSize)) ? Number(url.pageSize) : 20;
  return {
    shopIds: [...new Set(url.shopId.filter((v) => /^\d{1,9}$/.test(v) && Number(v) > 0).map(Number))].sort((a, b) => a - b),
    campaignTypes: CAMPAIGN_TYPES.filter((c) => url.campaignType.includes(c)),
    startDate: period.startDate,
    endDate: period.endDate,
    keyword: url.keyword.trim().slice(0, 100),
    sortField: (SKU_SORT_FIELDS as readonly string[]).includes(url.sortField) ? (url.sortField as SkuSortField) : 'spend',
    sortOrder: url.sortOrder === 'ascend' ? 'ascend' : 'descend',
    pageNum: page,
    pageSize: size,
  };
}

/** The filters every board call takes. */
export const filterQuery = (v: BoardView) => ({
  startDate: v.startDate,
  endDate: v.endDate,
  ...(v.shopIds.length ? { shopId: v.shopIds } : {}),
  ...(v.campaignTypes.length ? { campaignType: v.campaignTypes } : {}),
});

/** The SKU list's query (sort and page included). */
export const skuQuery = (v: BoardView) => ({
  ...filterQuery(v),
  ...(v.keyword ? { keyword: v.keyword } : {}),
  sortField: v.sortField,
  sortOrder: v.sortOrder === 'ascend' ? ('asc' as const) : ('desc' as const),
});
