/**
 * H5 pages and activity pages (issue #24): a block editor, a live snapshot per page and the
 * public page the server renders at `/h5/{slug}`. docs/h5-pages.md.
 */
import { defineArea } from '../../platform/area';
import { h5PagesHistory } from './h5pages.history';
import { h5PagesRoutes } from './h5pages.routes';
import { applyH5PagesDemoOnce } from './h5pages.seed';

export const h5PagesArea = defineArea({
  name: 'h5pages',
  routes: h5PagesRoutes,
  historyReaders: h5PagesHistory,
  // A published page, an activity home with two child pages, a new-product intro on a demo SKU, a draft.
  seed: [{ name: 'h5pages', after: ['accounts', 'sales'], run: (db) => applyH5PagesDemoOnce(db) }],
});
