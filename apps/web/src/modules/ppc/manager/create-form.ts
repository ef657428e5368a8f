/**
 * The create page's form values turned into the create call's body: keywords one per
 * line × the chosen match types, negatives one per line, ASINs checked and upper-cased,
 * duplicates dropped. Pure.
 */
import type { CampaignType } from '@bo/contract/ppc/board';

export const ASIN_RE = /^(B[0-9A-Z]{9}|\d{9}[\dX])$/;

export interface CreateFormValues {
  shopId?: number;
  name?: string;
  dailyBudget?: number;
  startDate?: string;
  endDate?: string;
  portfolioId?: number;
  targeting?: 'auto' | 'manual';
  biddingStrategy?: string;
  topOfSearch?: number;
  productPages?: number;
  restOfSearch?: number;
  adGroupName?: string;
  defaultBid?: number;
  asins?: string[];
  keywordLines?: string;
  matchTypes?: string[];
  keywordBid?: number;
  negativeLines?: string;
  negativeMatchType?: string;
  negativeAsinLines?: string;
  targetLines?: string;
  targetBid?: number;
  brandName?: string;
  headline?: string;
  landingAsin?: string;
}

/** Non-empty trimmed lines (also split on commas), each once. */
export const linesOf = (text: string | undefined, lower = true): string[] => [
  ...new Set(
    (text ?? '')
      .split(/[\n,]/)
      .map((s) => s.trim().replace(/\s+/g, ' '))
      .map((s) => (lower ? s.toLowerCase() : s.toUpperCase()))
      .filter(Boolean),
  ),
];

/** The lines that are not ASINs. */
export const badAsins = (text: string | undefined): string[] => linesOf(text, false).filter((a) => !ASIN_RE.test(a));

export function createBody(type: CampaignType, v: CreateFormValues) {
  const base = {
    shopId: v.shopId ?? 0,
    name: (v.name ?? '').trim(),
    dailyBudget: v.dailyBudget ?? 0,
    ...(v.startDate ? { startDate: v.startDate } : {}),
    ...(v.endDate ? { endDate: v.endDate } : {}),
    ...(v.portfolioId ? { portfolioId: v.portfolioId } : {}),
    adGroupName: (v.adGroupName ?? '').trim(),
    defaultBid: v.defaultBid ?? 0,
    asins: [...new Set((v.asins ?? []).map((a) => a.trim().toUpperCase()))],
  };
  const keywords = linesOf(v.keywordLines).flatMap((text) =>
    (v.matchTypes ?? []).map((matchType) => ({
      text,
      matchType: matchType as 'exact' | 'phrase' | 'broad',
      ...(v.keywordBid ? { bid: v.keywordBid } : {}),
    })),
  );
  const negativeKeywords = linesOf(v.negativeLines).map((text) => ({
    text,
    matchType: (v.negativeMatchType ?? 'negative_exact') as 'negative_exact' | 'negative_phrase',
  }));
  const negativeAsins = linesOf(v.negativeAsinLines, false);
  if (type === 'sp') {
    const manual = v.targeting !== 'auto';
    return {
      ...base,
      targeting: manual ? ('manual' as const) : ('auto' as const),
      biddingStrategy: (v.biddingStrategy ?? 'down_only') as 'legacy' | 'down_only' | 'up_and_down' | 'fixed',
      placements: {
        top_of_search: v.topOfSearch ?? 0,
        product_pages: v.productPages ?? 0,
        rest_of_search: v.restOfSearch ?? 0,
      },
      ...(manual ? { keywords } : {}),
      ...(negativeKeywords.length ? { negativeKeywords } : {}),
      ...(negativeAsins.length ? { negativeAsins } : {}),
    };
  }
  if (type === 'sb') {
    return {
      ...base,
      brandName: (v.brandName ?? '').trim(),
      headline: (v.headline ?? '').trim(),
      ...(v.landingAsin ? { landingAsin: v.landingAsin } : {}),
      keywords,
      ...(negativeKeywords.length ? { negativeKeywords } : {}),
    };
  }
  return {
    ...base,
    targets: linesOf(v.targetLines, false).map((asin) => ({ asin, ...(v.targetBid ? { bid: v.targetBid } : {}) })),
    ...(negativeAsins.length ? { negativeAsins } : {}),
  };
}
