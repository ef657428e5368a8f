import { defineScreens } from '../../shared/screens';
import { prefetchDashboard } from './dashboard/dashboard.prefetch';

export const salesScreens = [
  ...defineScreens([
    {
      path: '/dashboard/index',
      load: () => import('./dashboard/DashboardPage'),
      prefetch: prefetchDashboard,
    },
    { path: '/salesProfit', load: () => import('./profit/SalesProfitPage') },
  ]),
  ...defineScreens([{ path: '/salesBasisInfo', load: () => import('./basis/SalesBasisPage') }], {
    texts: [() => import('./basis/sales-basis.locale').then((m) => m.salesBasisTexts)],
  }),
  ...defineScreens(
    [
      { path: '/salesData', load: () => import('./data/SalesDataPage') },
      { path: '/salesDataGroup', load: () => import('./data/SalesDataGroupPage') },
      { path: '/salesDataAnalysis', load: () => import('./data/SalesDataAnalysisPage') },
    ],
    { texts: [() => import('./data/sales-data.locale').then((m) => m.salesDataTexts)] },
  ),
];
