/**
 * The declared kinds of the app's content (docs/appcontent.md "Declaring a kind"): each is its
 * contract module (payload, body, item, endpoints per slot) and one `ContentKind` here; the
 * table, the state machine, the resolver, the read API and the preview take them as they are.
 */

import { accessoryEndpoints } from '@bo/contract/appcontent/accessories';
import type { AppContentKind, KIND_SLOTS } from '@bo/contract/appcontent/app-api';
import { type AppGuidePayload, appGuideEndpoints, appGuidePayloadSchema } from '@bo/contract/appcontent/app-guide';
import { BANNER_ENDPOINTS_OF } from '@bo/contract/appcontent/banners';
import {
  type BuyingGuideBody,
  type BuyingGuidePayload,
  buyingGuideEndpoints,
  buyingGuidePayloadSchema,
} from '@bo/contract/appcontent/buying-guide';
import { COVER_ENDPOINTS_OF } from '@bo/contract/appcontent/covers';
import { diyCategoryEndpoints } from '@bo/contract/appcontent/diy';
import { dreamViewSceneEndpoints } from '@bo/contract/appcontent/dreamview';
import { type FaqPayload, faqEndpoints, faqPayloadSchema } from '@bo/contract/appcontent/faq';
import { featuredEndpoints } from '@bo/contract/appcontent/featured';
import { lightEffectIconEndpoints } from '@bo/contract/appcontent/icons';
import { type ContentBase, type ContentEndpoints, textIn } from '@bo/contract/appcontent/kinds';
import { lifeAppEndpoints } from '@bo/contract/appcontent/life-apps';
import {
  type ColorStorePayload,
  colorStoreEndpoints,
  colorStorePayloadSchema,
  LIGHT_EFFECT_ENDPOINTS_OF,
  type LightEffectPayload,
  lightEffectPayloadSchema,
  type RecommendColorPayload,
  type RecommendGraphPayload,
  recommendColorEndpoints,
  recommendColorPayloadSchema,
  recommendGraphEndpoints,
  recommendGraphPayloadSchema,
} from '@bo/contract/appcontent/light-effects';
import { newProductEndpoints } from '@bo/contract/appcontent/new-products';
import { relatedEffectEndpoints } from '@bo/contract/appcontent/related';
import { type RoadmapPayload, roadmapEndpoints, roadmapPayloadSchema } from '@bo/contract/appcontent/roadmap';
import { sceneCategoryEndpoints } from '@bo/contract/appcontent/scenes';
import { SQUARE_ENDPOINTS_OF } from '@bo/contract/appcontent/square';
import { activityThemeEndpoints } from '@bo/contract/appcontent/themes';
import { aiActivityEndpoints } from '@bo/contract/appdevices/ai-activity';
import { deviceProductEndpoints } from '@bo/contract/appdevices/devices';
import { PAIRING_FLOW_ENDPOINTS_OF } from '@bo/contract/appdevices/pairing-flows';
import { productFeaturesEndpoints } from '@bo/contract/appdevices/product-features';
import { ratingPromptEndpoints } from '@bo/contract/appdevices/rating-prompt';
import { skuConfigEndpoints } from '@bo/contract/appdevices/sku-config';
import { skuHardwareEndpoints } from '@bo/contract/appdevices/sku-hardware';
import { skuPresentationEndpoints } from '@bo/contract/appdevices/sku-presentation';
import { whiteBalanceEndpoints } from '@bo/contract/appdevices/white-balance';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { likeContains } from '../../db/sql';
import { codedFieldError } from '../../platform/errors';
import { aiActivityKind } from '../appdevices/ai-activity/ai-activity.kind';
import { deviceProductKind, pairingFlowKind, skuConfigKind, whiteBalanceKind } from '../appdevices/devices.kinds';
import { productFeaturesKind } from '../appdevices/product-features/product-features.kind';
import { ratingPromptKind } from '../appdevices/rating-prompt/rating-prompt.kind';
import { skuHardwareKind } from '../appdevices/sku-hardware/sku-hardware.kind';
import { skuPresentationKind } from '../appdevices/sku-presentation/sku-presentation.kind';
import { catalogSkus } from '../catalog/catalog.reads';
import { accessoryKind } from './accessories/accessories.kind';
import { bannerKind } from './banners.service';
import type { ContentKind } from './content.service';
import { coverKind } from './covers/covers.kind';
import { diyCategoryKind } from './diy/diy.kind';
import { featuredKind } from './featured/featured.kind';
import { lightEffectIconKind } from './icons/icons.kind';
import { lifeAppKind } from './life-apps/life-apps.kind';
import { newProductKind } from './new-products/new-products.kind';
import { relatedEffectKind } from './related/related.kind';
import { sceneCategoryKind } from './scenes/scenes.kind';
import { squarePickKind } from './square/square.kind';
import { activityThemeKind } from './themes/themes.kind';

/**
 * A kind whose payload is its body's fields as they are (no other rows to check): the payload
 * schema picks them; the item adds the texts in the app's language.
 */
function plainKind<P extends object>(
  kind: AppContentKind,
  schema: { parse(v: unknown): P },
  search: readonly (keyof P & string)[],
  texts: (p: P, lang: string | undefined) => object,
): ContentKind<P, ContentBase> {
  return {
    kind,
    search,
    payloadOf: async (_tx, _actor, _slot, b) => schema.parse(b),
    itemOf: (p, lang) => ({ ...texts(p, lang), ...p }),
  };
}

export const faqKind = plainKind<FaqPayload>(
  'faq',
  faqPayloadSchema,
  ['questionZh', 'questionEn', 'answerZh', 'answerEn'],
  (p, lang) => ({
    question: textIn(p.questionZh, p.questionEn, lang),
    answer: textIn(p.answerZh, p.answerEn, lang),
  }),
);

export const roadmapKind = plainKind<RoadmapPayload>(
  'roadmap',
  roadmapPayloadSchema,
  ['titleZh', 'titleEn', 'descriptionZh', 'descriptionEn'],
  (p, lang) => ({ title: textIn(p.titleZh, p.titleEn, lang), description: textIn(p.descriptionZh, p.descriptionEn, lang) }),
);

export const appGuideKind = plainKind<AppGuidePayload>('appGuide', appGuidePayloadSchema, ['titleZh', 'titleEn'], (p, lang) => ({
  title: textIn(p.titleZh, p.titleEn, lang),
  stepTexts: p.steps.map((s) => textIn(s.textZh, s.textEn, lang)),
}));

/**
 * The SKUs as the catalogue spells them (read through the catalog's published reads, never a
 * list of our own), each once in the operator's order; a 400 on `skus` naming the unknown ones.
 */
export async function catalogueSkus(tx: DbOrTx, wanted: readonly string[]): Promise<string[]> {
  const lower = [...new Set(wanted.map((w) => w.toLowerCase()))];
  const res = await tx.execute<{ sku: string }>(
    sql`SELECT s.sku FROM ${catalogSkus} s WHERE lower(s.sku) IN (SELECT jsonb_array_elements_text(${JSON.stringify(lower)}::jsonb))`,
  );
  const known = new Map(res.rows.map((r) => [r.sku.toLowerCase(), r.sku]));
  const unknown = lower.filter((w) => !known.has(w));
  if (unknown.length) {
    const asTyped = wanted.filter((w) => unknown.includes(w.toLowerCase()));
    throw codedFieldError('skus', 'appContent.unknownSku', { skus: [...new Set(asTyped)].join(', ') });
  }
  return lower.map((w) => known.get(w) as string);
}

/** The catalogue's SKUs a guide may link, by code, model or product name: 50 at most, by code. */
export async function skuChoices(db: Db, keyword: string | undefined) {
  const k = likeContains(keyword);
  const res = await db.execute<{ sku: string; variant: string; model: string; name: string; name_en: string }>(sql`
    SELECT s.sku, s.variant, s.model, s.name, s.name_en FROM ${catalogSkus} s
     ${k ? sql`WHERE s.sku ILIKE ${k} OR s.model ILIKE ${k} OR s.name ILIKE ${k} OR s.name_en ILIKE ${k}` : sql``}
     ORDER BY lower(s.sku) LIMIT 50`);
  return res.rows.map((r) => ({ sku: r.sku, variant: r.variant, model: r.model, name: r.name, nameEn: r.name_en }));
}

const buyingGuideText = plainKind<BuyingGuidePayload>(
  'buyingGuide',
  buyingGuidePayloadSchema,
  ['titleZh', 'titleEn', 'bodyZh', 'bodyEn'],
  (p, lang) => ({ title: textIn(p.titleZh, p.titleEn, lang), body: textIn(p.bodyZh, p.bodyEn, lang) }),
);
/** A buying guide: as it is, its SKUs checked against the catalogue and spelled as it spells them. */
export const buyingGuideKind: ContentKind<BuyingGuidePayload, BuyingGuideBody> = {
  ...buyingGuideText,
  payloadOf: async (tx, actor, slot, b) => ({
    ...(await buyingGuideText.payloadOf(tx, actor, slot, b)),
    skus: await catalogueSkus(tx, b.skus),
  }),
};

/** A light effect (docs/appcontent.md "Light effects"): the effect as it is, its name in the app's language. */
export const lightEffectKind = plainKind<LightEffectPayload>(
  'lightEffect',
  lightEffectPayloadSchema,
  ['titleZh', 'titleEn'],
  (p, lang) => ({
    title: textIn(p.titleZh, p.titleEn, lang),
  }),
);
export const colorStoreKind = plainKind<ColorStorePayload>(
  'colorStore',
  colorStorePayloadSchema,
  ['titleZh', 'titleEn'],
  (p, lang) => ({
    title: textIn(p.titleZh, p.titleEn, lang),
  }),
);
export const recommendColorKind = plainKind<RecommendColorPayload>(
  'recommendColor',
  recommendColorPayloadSchema,
  ['reasonZh', 'reasonEn'],
  (p, lang) => ({ reason: textIn(p.reasonZh, p.reasonEn, lang) }),
);
export const recommendGraphKind = plainKind<RecommendGraphPayload>(
  'recommendGraph',
  recommendGraphPayloadSchema,
  ['titleZh', 'titleEn'],
  (p, lang) => ({ title: textIn(p.titleZh, p.titleEn, lang) }),
);

/** Every kind, by name. */
export const KINDS = {
  banner: bannerKind,
  faq: faqKind,
  roadmap: roadmapKind,
  appGuide: appGuideKind,
  buyingGuide: buyingGuideKind,
  lightEffect: lightEffectKind,
  colorStore: colorStoreKind,
  recommendColor: recommendColorKind,
  recommendGraph: recommendGraphKind,
  deviceProduct: deviceProductKind,
  pairingFlow: pairingFlowKind,
  whiteBalance: whiteBalanceKind,
  skuConfig: skuConfigKind,
  cover: coverKind,
  activityTheme: activityThemeKind,
  lightEffectIcon: lightEffectIconKind,
  dreamViewScene: { ...lightEffectKind, kind: 'dreamViewScene' },
  relatedEffect: relatedEffectKind,
  newProduct: newProductKind,
  accessory: accessoryKind,
  featured: featuredKind,
  sceneCategory: sceneCategoryKind,
  diyCategory: diyCategoryKind,
  squarePick: squarePickKind,
  lifeApp: lifeAppKind,

  aiActivity: aiActivityKind,
  ratingPrompt: ratingPromptKind,
  skuPresentation: skuPresentationKind,
  skuHardware: skuHardwareKind,
  productFeatures: productFeaturesKind,
} as unknown as Record<AppContentKind, ContentKind>;

/** Each kind's slots with their endpoints (the generic ones; banners' image upload is bound on its own). */
export const KIND_ENDPOINTS: { [K in AppContentKind]: Record<(typeof KIND_SLOTS)[K][number], ContentEndpoints> } = {
  banner: BANNER_ENDPOINTS_OF as unknown as Record<(typeof KIND_SLOTS)['banner'][number], ContentEndpoints>,
  faq: { main: faqEndpoints as unknown as ContentEndpoints },
  roadmap: { main: roadmapEndpoints as unknown as ContentEndpoints },
  appGuide: { main: appGuideEndpoints as unknown as ContentEndpoints },
  buyingGuide: { main: buyingGuideEndpoints as unknown as ContentEndpoints },
  lightEffect: LIGHT_EFFECT_ENDPOINTS_OF as unknown as Record<(typeof KIND_SLOTS)['lightEffect'][number], ContentEndpoints>,
  colorStore: { main: colorStoreEndpoints as unknown as ContentEndpoints },
  recommendColor: { main: recommendColorEndpoints as unknown as ContentEndpoints },
  recommendGraph: { main: recommendGraphEndpoints as unknown as ContentEndpoints },
  deviceProduct: { main: deviceProductEndpoints as unknown as ContentEndpoints },
  pairingFlow: PAIRING_FLOW_ENDPOINTS_OF as unknown as Record<(typeof KIND_SLOTS)['pairingFlow'][number], ContentEndpoints>,
  whiteBalance: { main: whiteBalanceEndpoints as unknown as ContentEndpoints },
  skuConfig: { main: skuConfigEndpoints as unknown as ContentEndpoints },
  cover: COVER_ENDPOINTS_OF as unknown as Record<(typeof KIND_SLOTS)['cover'][number], ContentEndpoints>,
  activityTheme: { main: activityThemeEndpoints as unknown as ContentEndpoints },
  lightEffectIcon: { main: lightEffectIconEndpoints as unknown as ContentEndpoints },
  dreamViewScene: { main: dreamViewSceneEndpoints as unknown as ContentEndpoints },
  relatedEffect: { main: relatedEffectEndpoints as unknown as ContentEndpoints },
  newProduct: { main: newProductEndpoints as unknown as ContentEndpoints },
  accessory: { main: accessoryEndpoints as unknown as ContentEndpoints },
  featured: { main: featuredEndpoints as unknown as ContentEndpoints },
  sceneCategory: { main: sceneCategoryEndpoints as unknown as ContentEndpoints },
  diyCategory: { main: diyCategoryEndpoints as unknown as ContentEndpoints },
  squarePick: SQUARE_ENDPOINTS_OF as unknown as Record<(typeof KIND_SLOTS)['squarePick'][number], ContentEndpoints>,
  lifeApp: { main: lifeAppEndpoints as unknown as ContentEndpoints },

  aiActivity: { main: aiActivityEndpoints as unknown as ContentEndpoints },
  ratingPrompt: { main: ratingPromptEndpoints as unknown as ContentEndpoints },
  skuPresentation: { main: skuPresentationEndpoints as unknown as ContentEndpoints },
  skuHardware: { main: skuHardwareEndpoints as unknown as ContentEndpoints },
  productFeatures: { main: productFeaturesEndpoints as unknown as ContentEndpoints },
};
