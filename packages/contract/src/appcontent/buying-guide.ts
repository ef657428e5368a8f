/**
 * The app's buying guides (/user-platform/productBuyingGuide, issue #24): a kind on the
 * publishing model. Each guide is a title and a body in Chinese and English (a language with a
 * title needs its body) and the catalogue SKUs it recommends (1–20, each a SKU of the back
 * office's catalogue, checked on the server), with the model's targeting, window and order.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { bilingualText, contentBody, contentEndpoints, contentRecord, oneOfPair, pairsFollow, resolvedItem } from './kinds';

export const BUYING_GUIDE_SLOTS = ['main'] as const;
export type BuyingGuideSlot = (typeof BUYING_GUIDE_SLOTS)[number];
export const BUYING_GUIDE_MAX_SKUS = 20;

export const BUYING_GUIDE_SLOT_DEFS = {
  main: { page: '/user-platform/productBuyingGuide', permission: 'user:platform:productBuyingGuide:config' },
} as const;

const buyingGuideFields = {
  titleZh: z.string(),
  titleEn: z.string(),
  bodyZh: z.string(),
  bodyEn: z.string(),
  /** The catalogue's SKU codes, as the catalogue spells them, in the operator's order. */
  skus: z.array(z.string()),
};
export const buyingGuidePayloadSchema = z.object(buyingGuideFields);
export type BuyingGuidePayload = z.infer<typeof buyingGuidePayloadSchema>;

export const buyingGuideSchema = contentRecord(BUYING_GUIDE_SLOTS, buyingGuideFields);
export type BuyingGuide = z.infer<typeof buyingGuideSchema>;

const bodyFollows = pairsFollow(
  [
    ['titleZh', 'bodyZh'],
    ['titleEn', 'bodyEn'],
  ],
  'appContent.bodyRequired',
);

export const buyingGuideBody = contentBody(
  {
    titleZh: bilingualText(200),
    titleEn: bilingualText(200),
    bodyZh: bilingualText(5000),
    bodyEn: bilingualText(5000),
    skus: z.array(z.string().trim().min(1).max(64)).min(1).max(BUYING_GUIDE_MAX_SKUS),
  },
  (v, ctx) => {
    oneOfPair('titleZh', 'titleEn', 'appContent.titleRequired')(v, ctx);
    bodyFollows(v, ctx);
  },
);
export type BuyingGuideBody = z.infer<typeof buyingGuideBody>;

/** The item the app gets: title and body in its language (the other when empty), both languages, the SKUs. */
export const resolvedBuyingGuideSchema = resolvedItem(BUYING_GUIDE_SLOTS, {
  title: z.string(),
  body: z.string(),
  ...buyingGuideFields,
});
export type ResolvedBuyingGuide = z.infer<typeof resolvedBuyingGuideSchema>;

export const buyingGuideEndpoints = contentEndpoints({
  segment: 'buying-guide',
  slot: 'main',
  noun: 'buying guide',
  permission: BUYING_GUIDE_SLOT_DEFS.main.permission,
  record: buyingGuideSchema,
  body: buyingGuideBody,
  item: resolvedBuyingGuideSchema,
});

/** The catalogue's SKUs a guide may link, found by code, model or product name (at most 50). */
export const buyingGuideSkus = defineEndpoint({
  method: 'GET',
  path: 'appcontent/rest/v1/buying-guide/main/skus',
  access: BUYING_GUIDE_SLOT_DEFS.main.permission,
  summary: 'The catalogue’s SKUs a buying guide may link, by code, model or product name (50 at most)',
  tags: ['app content'],
  query: z.object({ keyword: z.string().trim().max(100).optional() }),
  data: z.array(z.object({ sku: z.string(), variant: z.string(), model: z.string(), name: z.string(), nameEn: z.string() })),
});
