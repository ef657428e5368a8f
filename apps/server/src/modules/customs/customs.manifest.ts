/**
 * Customs (issue #22): the customs master data of /customBasic, how each catalogue model is
 * declared per destination, and the published read other areas take it through. docs/customs.md.
 */
import { defineArea } from '../../platform/area';
import { customsHistory } from './customs.history';
import { customsRoutes } from './customs.routes';
import { applyCustomsDemoOnce } from './customs.seed';

export const customsArea = defineArea({
  name: 'customs',
  routes: customsRoutes,
  historyReaders: customsHistory,
  // Records for most launched demo models (US, DE, JP, UK and '*'), a few models left without, for the "missing" view.
  seed: [{ name: 'customs', after: ['sales'], run: (db) => applyCustomsDemoOnce(db) }],
});
