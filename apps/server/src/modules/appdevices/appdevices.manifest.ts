/** The app's device catalogue (issue #24, docs/appcontent.md "Device catalogue"): device pages, set-up flows, white balance on the publishing model. */
import { defineArea } from '../../platform/area';
import { appDevicesRoutes } from './appdevices.routes';
import { applyDevicesDemoOnce } from './appdevices.seed';
import { applyProductFeaturesDemoOnce } from './product-features/product-features.seed';
import { applySkuHardwareDemoOnce } from './sku-hardware/sku-hardware.seed';
import { applyAiActivityDemoOnce } from './ai-activity/ai-activity.seed';
import { applyRatingPromptDemoOnce } from './rating-prompt/rating-prompt.seed';
import { applySkuPresentationDemoOnce } from './sku-presentation/sku-presentation.seed';

export const appDevicesArea = defineArea({
  name: 'appdevices',
  routes: appDevicesRoutes,
  seed: [
    { name: 'appdevices', after: ['appcontent-light-effects'], run: (db) => applyDevicesDemoOnce(db) },
    { name: 'appdevices-product-features', after: ['appdevices'], run: (db) => applyProductFeaturesDemoOnce(db) },
    { name: 'appdevices-sku-hardware', after: ['appdevices'], run: (db) => applySkuHardwareDemoOnce(db) },
    { name: 'appdevices-sku-presentation', after: ['appdevices'], run: (db) => applySkuPresentationDemoOnce(db) },
    { name: 'appdevices-rating-prompt', after: ['appdevices'], run: (db) => applyRatingPromptDemoOnce(db) },
    { name: 'appdevices-ai-activity', after: ['appdevices'], run: (db) => applyAiActivityDemoOnce(db) },
  ],
});
