/**
 * Desktop app updates (issue #24): products, their releases with a staged rollout, and the
 * update call the desktop apps make. docs/desktop-updates.md.
 */
import { defineArea } from '../../platform/area';
import { desktopAppsHistory } from './desktopapps.history';
import { desktopAppsRoutes } from './desktopapps.routes';
import { applyDesktopAppsDemoOnce } from './desktopapps.seed';

export const desktopAppsArea = defineArea({
  name: 'desktopapps',
  routes: desktopAppsRoutes,
  historyReaders: desktopAppsHistory,
  // Two products; releases released, rolling at 10 %, paused, rolled back, beta and draft.
  seed: [{ name: 'desktopapps', after: ['accounts'], run: (db) => applyDesktopAppsDemoOnce(db) }],
});
