import { defineScreens } from '../../shared/screens';

/**
 * The back office (/backMgr): the guard (app/guard.ts) sends everyone but the back-office
 * user to /404. /backMgr opens the documents (spec §2.2).
 */
export const backMgrScreens = defineScreens(
  [
    { path: '/backMgr', load: () => import('./BackMgrRedirect') },
    { path: '/backMgr/docList', load: () => import('./docs/DocListPage') },
    { path: '/backMgr/addDoc', load: () => import('./docs/DocEditPage') },
    { path: '/backMgr/editDoc', load: () => import('./docs/DocEditPage') },
    { path: '/backMgr/docDetail', load: () => import('./docs/DocDetailPage') },
    { path: '/backMgr/menuConfig', load: () => import('./menu/MenuConfigPage') },
    { path: '/backMgr/notice', load: () => import('./notices/NoticesPage') },
    { path: '/backMgr/fbacode', load: () => import('./fba/FbaCodesPage') },
    { path: '/backMgr/backendAdmin', load: () => import('./jobs/JobsPage') },
  ],
  { texts: [() => import('./backmgr.locale').then((m) => m.backMgrTexts)] },
);
