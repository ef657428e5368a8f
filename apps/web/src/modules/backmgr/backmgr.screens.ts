import { defineScreens } from '../../shared/screens';

/**
 * The back office (/backMgr): the guard (app/guard.ts) sends everyone but the back-office
 * user to /404. /backMgr opens the notices until /backMgr/docList is built.
 */
export const backMgrScreens = defineScreens(
  [
    { path: '/backMgr', load: () => import('./BackMgrRedirect') },
    { path: '/backMgr/notice', load: () => import('./notices/NoticesPage') },
    { path: '/backMgr/fbacode', load: () => import('./fba/FbaCodesPage') },
    { path: '/backMgr/backendAdmin', load: () => import('./jobs/JobsPage') },
  ],
  { texts: [() => import('./backmgr.locale').then((m) => m.backMgrTexts)] },
);
