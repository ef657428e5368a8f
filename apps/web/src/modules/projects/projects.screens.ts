import { defineScreens } from '../../shared/screens';

export const projectsScreens = defineScreens(
  [
    { path: '/projectBoard', load: () => import('./ProjectBoardPage') },
    { path: '/gtmProject', load: () => import('./GtmProjectListPage') },
    { path: '/editGtmProject', load: () => import('./EditGtmProjectPage') },
    { path: '/viewGtmProject', load: () => import('./ViewGtmProjectPage') },
  ],
  { texts: [() => import('./projects.locale').then((m) => m.projectsTexts)] },
);
