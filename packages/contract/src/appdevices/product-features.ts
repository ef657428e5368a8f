/**
 * The app's product settings (/user-platform/productSetting, issue #24): a kind on the publishing
 * model. A record says, for the catalogue models it targets (the model's targeting, one at least),
 * which features the app shows for them (a declared set, each on or off) and their limits (how many
 * segments and scenes). One model is set by one record at a time: a model named by another record
 * of this kind that is not archived is refused (`appDevices.modelTaken`, naming that record), so
 * the app never has to choose between two answers for its model. The app reads
 * `GET app/v1/content/productFeatures?model=…`.
 */
import { z } from 'zod';
import { contentBody, contentEndpoints, contentRecord, resolvedItem } from '../appcontent/kinds';
import { fieldCode } from '../validation';

export const PRODUCT_FEATURES_SLOTS = ['main'] as const;
export const PRODUCT_FEATURES_SLOT_DEFS = {
  main: { page: '/user-platform/productSetting', permission: 'user:platform:productSetting:config' },
} as const;

/** The features the app knows, in the order the screen shows them. */
export const APP_FEATURES = [
  'musicMode',
  'dreamView',
  'scenes',
  'diy',
  'timer',
  'schedule',
  'voiceAssistants',
  'segmentControl',
] as const;
export type AppFeature = (typeof APP_FEATURES)[number];
export const FEATURE_LIMITS = { maxSegments: { min: 1, max: 255 }, maxScenes: { min: 1, max: 100 } } as const;

const featureFlags = z.object(Object.fromEntries(APP_FEATURES.map((f) => [f, z.boolean()])) as Record<AppFeature, z.ZodBoolean>);
export type FeatureFlags = z.infer<typeof featureFlags>;

const productFeaturesFields = {
  features: featureFlags,
  maxSegments: z.number().int(),
  maxScenes: z.number().int(),
};
export const productFeaturesPayloadSchema = z.object(productFeaturesFields);
export type ProductFeaturesPayload = z.infer<typeof productFeaturesPayloadSchema>;
export const productFeaturesSchema = contentRecord(PRODUCT_FEATURES_SLOTS, productFeaturesFields);
export type ProductFeatures = z.infer<typeof productFeaturesSchema>;

const flagsBody = z
  .object(
    Object.fromEntries(APP_FEATURES.map((f) => [f, z.boolean().default(false)])) as Record<
      AppFeature,
      z.ZodDefault<z.ZodBoolean>
    >,
  )
  .strict();

export const productFeaturesBody = contentBody(
  {
    features: flagsBody,
    maxSegments: z.number().int().min(FEATURE_LIMITS.maxSegments.min).max(FEATURE_LIMITS.maxSegments.max),
    maxScenes: z.number().int().min(FEATURE_LIMITS.maxScenes.min).max(FEATURE_LIMITS.maxScenes.max),
  },
  (v, ctx) => {
    if ((v.models as string[]).length === 0)
      ctx.addIssue({ code: 'custom', path: ['models'], message: fieldCode('appDevices.modelRequired') });
  },
);
export type ProductFeaturesBody = z.infer<typeof productFeaturesBody>;

/** The item the app gets: the flags, the features that are on (in the declared order) and the limits. */
export const resolvedProductFeaturesSchema = resolvedItem(PRODUCT_FEATURES_SLOTS, {
  enabled: z.array(z.enum(APP_FEATURES)),
  ...productFeaturesFields,
});
export type ResolvedProductFeatures = z.infer<typeof resolvedProductFeaturesSchema>;

export const productFeaturesEndpoints = contentEndpoints({
  segment: 'product-features',
  slot: 'main',
  noun: 'product setting',
  permission: PRODUCT_FEATURES_SLOT_DEFS.main.permission,
  record: productFeaturesSchema,
  body: productFeaturesBody,
  item: resolvedProductFeaturesSchema,
});
