import { defineScreens } from '../../shared/screens';

export const salesScreens = defineScreens([
  { path: '/dashboard/index', load: () => import('./dashboard/DashboardPage') },
  { path: '/salesProfit', load: () => import('./profit/SalesProfitPage') },
  { path: '/salesBasisInfo', load: () => import('./basis/SalesBasisPage') },
]);
