/**
 * The saved PPC choices of spec §3 (shop id, campaign type, market id, seller id) in
 * localStorage, shared by every advertising screen: a screen opened without choices in
 * its link starts from them, and a choice made on a screen is saved.
 */
import { CAMPAIGN_TYPES, type CampaignType } from '@bo/contract/ppc/board';
import { CONFIRM_STEP_PCT } from '@bo/contract/ppc/changes';
import { readItem, writeItem } from '../../shared/session/session-storage';
import type { Guard } from './manager/manager-view';

export const PPC_STORAGE_KEYS = {
  shopId: 'ppcShopId',
  campaignType: 'ppcCampaignType',
  marketId: 'ppcMarketId',
  sellerId: 'ppcSellerId',
} as const;

export interface PpcPreferences {
  shopId: number | null;
  campaignType: CampaignType | null;
  marketId: number | null;
  sellerId: string | null;
}

const num = (v: string | null) => (v !== null && /^\d{1,9}$/.test(v) ? Number(v) : null);

export function readPpcPreferences(): PpcPreferences {
  const type = readItem('local', PPC_STORAGE_KEYS.campaignType);
  return {
    shopId: num(readItem('local', PPC_STORAGE_KEYS.shopId)),
    campaignType: (CAMPAIGN_TYPES as readonly string[]).includes(type ?? '') ? (type as CampaignType) : null,
    marketId: num(readItem('local', PPC_STORAGE_KEYS.marketId)),
    sellerId: readItem('local', PPC_STORAGE_KEYS.sellerId),
  };
}

/** Saves what is given; null clears a choice, undefined leaves it. */
export function savePpcPreferences(p: Partial<PpcPreferences>): void {
  const put = (key: string, v: string | number | null | undefined) => {
    if (v !== undefined) writeItem('local', key, v === null ? null : String(v));
  };
  put(PPC_STORAGE_KEYS.shopId, p.shopId);
  put(PPC_STORAGE_KEYS.campaignType, p.campaignType);
  put(PPC_STORAGE_KEYS.marketId, p.marketId);
  put(PPC_STORAGE_KEYS.sellerId, p.sellerId);
}

/**
 * The user's change guardrails (docs/decisions.md "PPC change guardrails"): a bid or budget
 * change over `stepPct` (1–50 %; the server refuses an unconfirmed step over ±50 %) or a bid
 * over the maximum of its currency is confirmed before it is sent.
 */
export const PPC_GUARD_KEY = 'ppcGuard';
export const DEFAULT_GUARD: Guard = { stepPct: CONFIRM_STEP_PCT, maxBids: {} };

export function readPpcGuard(): Guard {
  try {
    const raw = JSON.parse(readItem('local', PPC_GUARD_KEY) ?? 'null') as Partial<Guard> | null;
    const step = Number(raw?.stepPct);
    const maxBids: Record<string, number> = {};
    for (const [c, v] of Object.entries(raw?.maxBids ?? {}))
      if (/^[A-Z]{3}$/.test(c) && typeof v === 'number' && v > 0) maxBids[c] = v;
    return {
      stepPct: Number.isFinite(step) && step >= 1 && step <= CONFIRM_STEP_PCT ? step : CONFIRM_STEP_PCT,
      maxBids,
    };
  } catch {
    return DEFAULT_GUARD;
  }
}

export function savePpcGuard(g: Guard): void {
  writeItem('local', PPC_GUARD_KEY, JSON.stringify(g));
}
