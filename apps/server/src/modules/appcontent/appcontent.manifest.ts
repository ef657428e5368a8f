/** The app's content (issue #24, docs/appcontent.md): the publishing model, its read API, banners. */
import { defineArea } from '../../platform/area';
import { appContentRoutes } from './appcontent.routes';
import { applyAppContentDemoOnce } from './appcontent.seed';

export const appContentArea = defineArea({
  name: 'appcontent',
  routes: appContentRoutes,
  seed: [{ name: 'appcontent', after: ['sales'], run: (db) => applyAppContentDemoOnce(db) }],
});
