import { defineScreens } from '../../shared/screens';

export const projectsScreens = defineScreens(
  [
    { path: '/projectBoard', load: () => import('./ProjectBoardPage') },
    { path: '/gtmProject', load: () => import('./GtmProjectListPage') },
    { path: '/editGtmProject', load: () => import('./EditGtmProjectPage') },
    { path: '/viewGtmProject', load: () => import('./ViewGtmProjectPage') },
    { path: '/teambition/project', load: () => import('./SharedProjectPage') },
  ],
  { texts: [() => import('./projects.locale').then((m) => m.projectsTexts)] },
);
