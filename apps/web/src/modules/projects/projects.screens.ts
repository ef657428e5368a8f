import type { ProjectType } from '@bo/contract/projects/project-rules';
import { PROJECT_SCREENS } from '@bo/contract/projects/project-screens';
import { defineScreens, type ScreenDef } from '../../shared/screens';

/** Each type's list, page and form: the generic screens, given the type. */
const typeScreens = (type: ProjectType): ScreenDef[] => {
  const s = PROJECT_SCREENS[type];
  return [
    { path: s.list, load: () => import('./ProjectListPage').then((m) => ({ default: m.LIST_PAGES[type] })) },
    { path: s.view, load: () => import('./ProjectViewPage').then((m) => ({ default: m.VIEW_PAGES[type] })) },
    { path: s.edit, load: () => import('./ProjectEditPage').then((m) => ({ default: m.EDIT_PAGES[type] })) },
  ];
};

export const projectsScreens = defineScreens(
  [
    { path: '/projectBoard', load: () => import('./ProjectBoardPage') },
    ...(Object.keys(PROJECT_SCREENS) as ProjectType[]).flatMap(typeScreens),
    { path: '/teambition/project', load: () => import('./SharedProjectPage') },
    { path: '/teambition/dataView', load: () => import('./SharedDataViewPage') },
    { path: '/chatTask', load: () => import('./SharedChatTaskPage') },
    { path: '/gtmData', load: () => import('./ProjectDataPage').then((m) => ({ default: m.GtmDataPage })) },
    { path: '/newListingData', load: () => import('./ProjectDataPage').then((m) => ({ default: m.NewListingDataPage })) },
    { path: '/gtmGoal', load: () => import('./GtmGoalPage') },
    { path: '/gtmKpi', load: () => import('./GtmKpiPage') },
  ],
  {
    texts: [
      () => import('./projects.locale').then((m) => m.projectsTexts),
      () => import('./project-data.locale').then((m) => m.projectDataTexts),
      () => import('./gtm-goals.locale').then((m) => m.gtmGoalsTexts),
      () => import('../../shared/kit/share-links.locale').then((m) => m.shareLinksTexts),
    ],
  },
);
