/** The back office (/backMgr): reserved to the back-office user (BACK_MGR_USER); see backmgr.guard.ts. */
import { defineArea } from '../../platform/area';
import { backMgrRoutes } from './backmgr.routes';
import { applyBackMgrDemoOnce } from './backmgr.seed';

export const backMgrArea = defineArea({
  name: 'backmgr',
  routes: backMgrRoutes,
  seed: [{ name: 'backmgr', run: (db) => applyBackMgrDemoOnce(db) }],
});
