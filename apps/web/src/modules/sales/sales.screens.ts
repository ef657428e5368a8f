import { defineScreens } from '../../shared/screens';

export const salesScreens = defineScreens([
  { path: '/dashboard/index', load: () => import('./dashboard/DashboardPage') },
  { path: '/salesProfit', load: () => import('./profit/SalesProfitPage') },
  { path: '/salesBasisInfo', load: () => import('./basis/SalesBasisPage') },
  { path: '/salesData', load: () => import('./data/SalesDataPage') },
  { path: '/salesDataGroup', load: () => import('./data/SalesDataGroupPage') },
  { path: '/salesDataAnalysis', load: () => import('./data/SalesDataAnalysisPage') },
]);
