/** The app's content (issue #24, docs/appcontent.md): the publishing model, its read API, its declared kinds (banners, FAQ, roadmap, app guides, buying guides, light effects). */
import { defineArea } from '../../platform/area';
import { appContentHistory } from './appcontent.history';
import { appContentRoutes } from './appcontent.routes';
import { applyAppContentDemoOnce } from './appcontent.seed';
import { applyCatalogueKindsDemoOnce } from './catalogue-kinds.seed';
import { applyCoversDemoOnce } from './covers/covers.seed';
import { applyDreamViewDemoOnce } from './dreamview/dreamview.seed';
import { applyIconsDemoOnce } from './icons/icons.seed';
import { applyGuidesDemoOnce, applyKindsDemoOnce } from './kinds.seed';
import { applyLightEffectsDemoOnce } from './light-effects.seed';
import { applyRelatedDemoOnce } from './related/related.seed';
import { applyThemesDemoOnce } from './themes/themes.seed';

export const appContentArea = defineArea({
  name: 'appcontent',
  routes: appContentRoutes,
  historyReaders: appContentHistory,
  seed: [
    { name: 'appcontent', after: ['sales'], run: (db) => applyAppContentDemoOnce(db) },
    { name: 'appcontent-kinds', after: ['appcontent'], run: (db) => applyKindsDemoOnce(db) },
    { name: 'appcontent-guides', after: ['appcontent-kinds'], run: (db) => applyGuidesDemoOnce(db) },
    { name: 'appcontent-light-effects', after: ['appcontent-guides'], run: (db) => applyLightEffectsDemoOnce(db) },
    { name: 'appcontent-covers', after: ['appcontent-light-effects'], run: (db) => applyCoversDemoOnce(db) },
    { name: 'appcontent-themes', after: ['appcontent-covers'], run: (db) => applyThemesDemoOnce(db) },
    { name: 'appcontent-icons', after: ['appcontent-themes'], run: (db) => applyIconsDemoOnce(db) },
    { name: 'appcontent-dreamview', after: ['appcontent-icons'], run: (db) => applyDreamViewDemoOnce(db) },
    { name: 'appcontent-related', after: ['appcontent-dreamview'], run: (db) => applyRelatedDemoOnce(db) },
    { name: 'appcontent-catalogue-kinds', after: ['appcontent-related'], run: (db) => applyCatalogueKindsDemoOnce(db) },
  ],
});
