/** The back office (/backMgr): reserved to the back-office user (BACK_MGR_USER); see backmgr.guard.ts. */
import { loadConfig } from '../../config';
import { defineArea } from '../../platform/area';
import { backMgrRoutes } from './backmgr.routes';
import { applyBackMgrDemoOnce } from './backmgr.seed';
import { applyBackMgrDocsDemoOnce } from './docs/docs.seed';

export const backMgrArea = defineArea({
  name: 'backmgr',
  routes: backMgrRoutes,
  seed: [
    { name: 'backmgr', run: (db) => applyBackMgrDemoOnce(db) },
    // The documents are written by the back-office user, who exists once the accounts are seeded.
    { name: 'backmgr.docs', after: ['accounts'], run: (db) => applyBackMgrDocsDemoOnce(db, loadConfig().BACK_MGR_USER) },
  ],
});
