/**
 * Each project type's screens (spec §2.8's route pairs): its list, its page and its form (`?id=`).
 * A module of its own, without schemas: the web's screen registry (in the app's first chunk) reads
 * it, and importing projects.ts there would bring every project schema into that chunk.
 */
import type { ProjectType } from './project-rules';

export const PROJECT_SCREENS = {
  GTM_PROJECT: { list: '/gtmProject', view: '/viewGtmProject', edit: '/editGtmProject' },
  PLATFORM_PROJECT: { list: '/platform', view: '/viewPlatform', edit: '/editPlatform' },
  NEW_PRODUCTS_PROJECT: { list: '/newListing', view: '/viewListing', edit: '/editListing' },
  BRAND_EXPOSURE_PROJECT: { list: '/exposure', view: '/viewExposure', edit: '/editExposure' },
  NEW_PRODUCT_DEV_PROJECT: { list: '/develop', view: '/viewDevelop', edit: '/editDevelop' },
} as const satisfies Record<ProjectType, { list: string; view: string; edit: string }>;
