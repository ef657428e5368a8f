import { defineScreens } from '../../shared/screens';

export const ppcScreens = defineScreens([
  { path: '/ppc/index', load: () => import('./board/PpcBoardPage') },
  { path: '/ppc/dashboard', load: () => import('./boards/PpcDashboardPage') },
  { path: '/skuAdvAnalysis', load: () => import('./boards/SkuAdvAnalysisPage') },
  { path: '/reportAnalysis', load: () => import('./boards/ReportAnalysisPage') },
  { path: '/outBudget', load: () => import('./boards/OutBudgetPage') },
  { path: '/reportExport', load: () => import('./boards/ReportExportPage') },
  { path: '/PPCSuggest', load: () => import('./boards/PpcSuggestPage') },
]);
