import { defineScreens } from '../../shared/screens';

/** The back office (/backMgr): the guard (app/guard.ts) sends everyone but the back-office user to /404. */
export const backMgrScreens = defineScreens([{ path: '/backMgr/backendAdmin', load: () => import('./jobs/JobsPage') }], {
  texts: [() => import('./backmgr.locale').then((m) => m.backMgrTexts)],
});
