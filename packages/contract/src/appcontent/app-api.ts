/**
 * The app's read API (issue #24): what one app (its country, language, version, platform and
 * device model) sees now, answered by the one resolver the back office's preview calls too.
 * Public: an app may send its key in `X-App-Key` (a known key gets its own, larger rate limit;
 * an unknown one is a 401), or nothing (public mode, limited per address). Replies carry an
 * ETag and a short Cache-Control; `If-None-Match` with the current ETag answers 304.
 */
import { z } from 'zod';
import { type AI_ACTIVITY_SLOT_DEFS, AI_ACTIVITY_SLOTS, resolvedAiActivitySchema } from '../appdevices/ai-activity';
import { type DEVICE_PRODUCT_SLOT_DEFS, DEVICE_PRODUCT_SLOTS, resolvedDeviceProductSchema } from '../appdevices/devices';
import { type PAIRING_FLOW_SLOT_DEFS, PAIRING_FLOW_SLOTS, resolvedPairingFlowSchema } from '../appdevices/pairing-flows';
import {
  type PRODUCT_FEATURES_SLOT_DEFS,
  PRODUCT_FEATURES_SLOTS,
  resolvedProductFeaturesSchema,
} from '../appdevices/product-features';
import { type RATING_PROMPT_SLOT_DEFS, RATING_PROMPT_SLOTS, resolvedRatingPromptSchema } from '../appdevices/rating-prompt';
import { resolvedSkuConfigSchema, type SKU_CONFIG_SLOT_DEFS, SKU_CONFIG_SLOTS } from '../appdevices/sku-config';
import { resolvedSkuHardwareSchema, type SKU_HARDWARE_SLOT_DEFS, SKU_HARDWARE_SLOTS } from '../appdevices/sku-hardware';
import {
  resolvedSkuPresentationSchema,
  type SKU_PRESENTATION_SLOT_DEFS,
  SKU_PRESENTATION_SLOTS,
} from '../appdevices/sku-presentation';
import { resolvedWhiteBalanceSchema, type WHITE_BALANCE_SLOT_DEFS, WHITE_BALANCE_SLOTS } from '../appdevices/white-balance';
import { defineEndpoint } from '../endpoint';
import { idParam } from '../envelope';
import { type ACCESSORY_SLOT_DEFS, ACCESSORY_SLOTS, resolvedAccessorySchema } from './accessories';
import { type APP_GUIDE_SLOT_DEFS, APP_GUIDE_SLOTS, resolvedAppGuideSchema } from './app-guide';
import { type BANNER_SLOT_DEFS, BANNER_SLOTS, type BannerSlot, resolvedBannerSchema } from './banners';
import { type BUYING_GUIDE_SLOT_DEFS, BUYING_GUIDE_SLOTS, resolvedBuyingGuideSchema } from './buying-guide';
import { type COVER_SLOT_DEFS, COVER_SLOTS, resolvedCoverSchema } from './covers';
import { type DIY_CATEGORY_SLOT_DEFS, DIY_CATEGORY_SLOTS, resolvedDiyCategorySchema } from './diy';
import { type DREAMVIEW_SCENE_SLOT_DEFS, DREAMVIEW_SCENE_SLOTS, resolvedDreamViewSceneSchema } from './dreamview';
import { type FAQ_SLOT_DEFS, FAQ_SLOTS, resolvedFaqSchema } from './faq';
import { type FEATURED_SLOT_DEFS, FEATURED_SLOTS, resolvedFeaturedSchema } from './featured';
import { type LIGHT_EFFECT_ICON_SLOT_DEFS, LIGHT_EFFECT_ICON_SLOTS, resolvedLightEffectIconSchema } from './icons';
import { type LIFE_APP_SLOT_DEFS, LIFE_APP_SLOTS, resolvedLifeAppSchema } from './life-apps';
import {
  type COLOR_STORE_SLOT_DEFS,
  COLOR_STORE_SLOTS,
  type LIGHT_EFFECT_SLOT_DEFS,
  LIGHT_EFFECT_SLOTS,
  type RECOMMEND_COLOR_SLOT_DEFS,
  RECOMMEND_COLOR_SLOTS,
  type RECOMMEND_GRAPH_SLOT_DEFS,
  RECOMMEND_GRAPH_SLOTS,
  resolvedColorStoreSchema,
  resolvedLightEffectSchema,
  resolvedRecommendColorSchema,
  resolvedRecommendGraphSchema,
} from './light-effects';
import { type NEW_PRODUCT_SLOT_DEFS, NEW_PRODUCT_SLOTS, resolvedNewProductSchema } from './new-products';
import { appContextFields } from './publishing';
import { type RELATED_EFFECT_SLOT_DEFS, RELATED_EFFECT_SLOTS, resolvedRelatedEffectSchema } from './related';
import { type ROADMAP_SLOT_DEFS, ROADMAP_SLOTS, resolvedRoadmapSchema } from './roadmap';
import { resolvedSceneCategorySchema, type SCENE_CATEGORY_SLOT_DEFS, SCENE_CATEGORY_SLOTS } from './scenes';
import { resolvedSquarePickSchema, type SQUARE_SLOT_DEFS, SQUARE_SLOTS } from './square';
import { type ACTIVITY_THEME_SLOT_DEFS, ACTIVITY_THEME_SLOTS, resolvedActivityThemeSchema } from './themes';

export const APP_KEY_HEADER = 'x-app-key';

/** The kinds the read API serves; each later resource of §2.17 adds its kind here (docs/appcontent.md "Declaring a kind"). */
export const APP_CONTENT_KINDS = [
  'banner',
  'faq',
  'roadmap',
  'appGuide',
  'buyingGuide',
  'lightEffect',
  'colorStore',
  'recommendColor',
  'recommendGraph',
  'deviceProduct',
  'pairingFlow',
  'whiteBalance',
  'skuConfig',
  'cover',
  'activityTheme',
  'lightEffectIcon',
  'dreamViewScene',
  'relatedEffect',
  'newProduct',
  'accessory',
  'featured',
  'sceneCategory',
  'diyCategory',
  'squarePick',
  'lifeApp',

  'productFeatures',
  'skuHardware',
  'skuPresentation',
  'ratingPrompt',
  'aiActivity',
] as const;
export type AppContentKind = (typeof APP_CONTENT_KINDS)[number];

/** Each kind's slots. */
export const KIND_SLOTS = {
  banner: BANNER_SLOTS,
  faq: FAQ_SLOTS,
  roadmap: ROADMAP_SLOTS,
  appGuide: APP_GUIDE_SLOTS,
  buyingGuide: BUYING_GUIDE_SLOTS,
  lightEffect: LIGHT_EFFECT_SLOTS,
  colorStore: COLOR_STORE_SLOTS,
  recommendColor: RECOMMEND_COLOR_SLOTS,
  recommendGraph: RECOMMEND_GRAPH_SLOTS,
  deviceProduct: DEVICE_PRODUCT_SLOTS,
  pairingFlow: PAIRING_FLOW_SLOTS,
  whiteBalance: WHITE_BALANCE_SLOTS,
  skuConfig: SKU_CONFIG_SLOTS,
  cover: COVER_SLOTS,
  activityTheme: ACTIVITY_THEME_SLOTS,
  lightEffectIcon: LIGHT_EFFECT_ICON_SLOTS,
  dreamViewScene: DREAMVIEW_SCENE_SLOTS,
  relatedEffect: RELATED_EFFECT_SLOTS,
  newProduct: NEW_PRODUCT_SLOTS,
  accessory: ACCESSORY_SLOTS,
  featured: FEATURED_SLOTS,
  sceneCategory: SCENE_CATEGORY_SLOTS,
  diyCategory: DIY_CATEGORY_SLOTS,
  squarePick: SQUARE_SLOTS,
  lifeApp: LIFE_APP_SLOTS,

  aiActivity: AI_ACTIVITY_SLOTS,
  ratingPrompt: RATING_PROMPT_SLOTS,
  skuPresentation: SKU_PRESENTATION_SLOTS,
  skuHardware: SKU_HARDWARE_SLOTS,
  productFeatures: PRODUCT_FEATURES_SLOTS,
} as const satisfies Record<AppContentKind, readonly string[]>;
export type ContentSlot = (typeof KIND_SLOTS)[AppContentKind][number];
/** The screen permissions of every slot of every kind. */
export type ContentPagePermission =
  | (typeof BANNER_SLOT_DEFS)[BannerSlot]['permission']
  | typeof FAQ_SLOT_DEFS.main.permission
  | typeof ROADMAP_SLOT_DEFS.main.permission
  | typeof APP_GUIDE_SLOT_DEFS.main.permission
  | typeof BUYING_GUIDE_SLOT_DEFS.main.permission
  | typeof LIGHT_EFFECT_SLOT_DEFS.scene.permission
  | typeof COLOR_STORE_SLOT_DEFS.main.permission
  | typeof RECOMMEND_COLOR_SLOT_DEFS.main.permission
  | typeof RECOMMEND_GRAPH_SLOT_DEFS.main.permission
  | typeof DEVICE_PRODUCT_SLOT_DEFS.main.permission
  | (typeof PAIRING_FLOW_SLOT_DEFS)[keyof typeof PAIRING_FLOW_SLOT_DEFS]['permission']
  | typeof WHITE_BALANCE_SLOT_DEFS.main.permission
  | typeof SKU_CONFIG_SLOT_DEFS.main.permission
  | typeof COVER_SLOT_DEFS.home.permission
  | typeof ACTIVITY_THEME_SLOT_DEFS.main.permission
  | typeof LIGHT_EFFECT_ICON_SLOT_DEFS.main.permission
  | typeof DREAMVIEW_SCENE_SLOT_DEFS.main.permission
  | typeof RELATED_EFFECT_SLOT_DEFS.main.permission
  | typeof NEW_PRODUCT_SLOT_DEFS.main.permission
  | typeof ACCESSORY_SLOT_DEFS.main.permission
  | typeof FEATURED_SLOT_DEFS.main.permission
  | typeof SCENE_CATEGORY_SLOT_DEFS.main.permission
  | typeof DIY_CATEGORY_SLOT_DEFS.main.permission
  | typeof SQUARE_SLOT_DEFS.hot.permission
  | typeof LIFE_APP_SLOT_DEFS.main.permission
  | typeof AI_ACTIVITY_SLOT_DEFS.main.permission
  | typeof RATING_PROMPT_SLOT_DEFS.main.permission
  | typeof SKU_PRESENTATION_SLOT_DEFS.main.permission
  | typeof SKU_HARDWARE_SLOT_DEFS.main.permission
  | typeof PRODUCT_FEATURES_SLOT_DEFS.main.permission;
const ALL_SLOTS = [...new Set(Object.values(KIND_SLOTS).flat())] as [ContentSlot, ...ContentSlot[]];

/** Requests per minute: with a known app key (per key) and in public mode (per address). */
export const APP_RATE_LIMITS = { perKeyPerMinute: 6000, perAddressPerMinute: 300 } as const;

const tags = ['app'];

export const readContent = defineEndpoint({
  method: 'GET',
  path: 'app/v1/content/{kind}',
  access: 'public',
  summary:
    'What an app with this country, language, version, platform and model sees now, in order (priority, then position); ETag and Cache-Control, 304 on If-None-Match; rate-limited per app key or address (429 with Retry-After)',
  tags,
  params: z.object({ kind: z.enum(APP_CONTENT_KINDS) }),
  query: z.object({ ...appContextFields, slot: z.enum(ALL_SLOTS).optional() }),
  data: z.object({
    kind: z.enum(APP_CONTENT_KINDS),
    items: z.array(
      z.union([
        resolvedBannerSchema,
        resolvedFaqSchema,
        resolvedRoadmapSchema,
        resolvedAppGuideSchema,
        resolvedBuyingGuideSchema,
        resolvedLightEffectSchema,
        resolvedColorStoreSchema,
        resolvedRecommendColorSchema,
        resolvedRecommendGraphSchema,
        resolvedDeviceProductSchema,
        resolvedPairingFlowSchema,
        resolvedWhiteBalanceSchema,
        resolvedSkuConfigSchema,
        resolvedCoverSchema,
        resolvedActivityThemeSchema,
        resolvedLightEffectIconSchema,
        resolvedDreamViewSceneSchema,
        resolvedRelatedEffectSchema,
        resolvedNewProductSchema,
        resolvedAccessorySchema,
        resolvedFeaturedSchema,
        resolvedSceneCategorySchema,
        resolvedDiyCategorySchema,
        resolvedSquarePickSchema,
        resolvedLifeAppSchema,

        resolvedAiActivitySchema,
        resolvedRatingPromptSchema,
        resolvedSkuPresentationSchema,
        resolvedSkuHardwareSchema,
        resolvedProductFeaturesSchema,
      ]),
    ),
  }),
});

export const media = defineEndpoint({
  method: 'GET',
  path: 'app/v1/media/{id}',
  access: 'public',
  summary:
    'An image of published or scheduled app content (thumb=1: its thumbnail); 404 for any other file. Cacheable: the content of an id never changes',
  tags,
  binary: true,
  keep: false,
  params: z.object({ id: idParam }),
  query: z.object({ thumb: z.enum(['1']).optional() }),
});
