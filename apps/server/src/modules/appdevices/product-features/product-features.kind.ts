/**
 * The app's product settings (docs/appcontent.md "Product settings, SKU hardware and SKU
 * presentation") as a declared kind: the features each targeted model shows and its limits. A
 * model is set by one record that is not archived (a 400 on `models` naming the one that sets it).
 */
import { APP_FEATURES, type ProductFeaturesBody, type ProductFeaturesPayload } from '@bo/contract/appdevices/product-features';
import { sql } from 'drizzle-orm';
import { textSet } from '../../../db/sql';
import { codedFieldError } from '../../../platform/errors';
import type { ContentKind } from '../../appcontent/content.service';
import { holderOf } from '../holder';

export const productFeaturesKind: ContentKind<ProductFeaturesPayload, ProductFeaturesBody> = {
  kind: 'productFeatures',
  search: [],
  payloadOf: async (_tx, _actor, _slot, b) => ({
    features: Object.fromEntries(APP_FEATURES.map((f) => [f, b.features[f]])) as ProductFeaturesPayload['features'],
    maxSegments: b.maxSegments,
    maxScenes: b.maxScenes,
  }),
  itemOf: (p) => ({ enabled: APP_FEATURES.filter((f) => p.features[f]), ...p }),
  unique: async (tx, _p, models, exceptId) => {
    const held = await holderOf(tx, 'productFeatures', sql`c.models && ARRAY${textSet(models)}`, exceptId);
    if (!held) return;
    const taken = held.models.filter((m) => models.includes(m)).sort();
    throw codedFieldError('models', 'appDevices.modelTaken', { models: taken.join(', '), name: held.name, id: held.id });
  },
};
