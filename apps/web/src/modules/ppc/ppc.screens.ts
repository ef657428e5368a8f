import type { RoutePath } from '@bo/contract';
import { defineScreens, type ScreenDef } from '../../shared/screens';

const list = () => import('./manager/ManagerListPage');
const create = () => import('./manager/CreateCampaignPage');

/** /ppcMgr: every list of every campaign type (SP placements only) and its drill-down, and the create pages. */
const managerScreens: ScreenDef[] = (['sp', 'sb', 'sd'] as const).flatMap((type) => [
  ...(['campaigns', 'adGroups', 'ads', 'keywords', 'targets'] as const).flatMap((l) => [
    { path: `/ppcMgr/${type}/${l}` as RoutePath, load: list },
    { path: `/ppcMgr/${type}/${l}/:id` as RoutePath, load: list },
  ]),
  ...(type === 'sp' ? [{ path: '/ppcMgr/sp/placements' as RoutePath, load: list }] : []),
  { path: `/ppcMgr/${type}/create` as RoutePath, load: create },
]);

export const ppcScreens = defineScreens(
  [
    { path: '/ppc/index', load: () => import('./board/PpcBoardPage') },
    { path: '/ppcDiag', load: () => import('./diagnosis/PpcDiagPage') },
    { path: '/searchTerm', load: () => import('./diagnosis/SearchTermPage') },
    { path: '/ppcMgr', load: () => import('./manager/ManagerRedirect') },
    ...managerScreens,
    { path: '/spBudgets', load: list },
    { path: '/ppc/dashboard', load: () => import('./boards/PpcDashboardPage') },
    { path: '/skuAdvAnalysis', load: () => import('./boards/SkuAdvAnalysisPage') },
    { path: '/reportAnalysis', load: () => import('./boards/ReportAnalysisPage') },
    { path: '/outBudget', load: () => import('./boards/OutBudgetPage') },
    { path: '/reportExport', load: () => import('./boards/ReportExportPage') },
    { path: '/PPCSuggest', load: () => import('./boards/PpcSuggestPage') },
  ],
  { texts: [() => import('./ppc.locale').then((m) => m.ppcTexts)] },
);
