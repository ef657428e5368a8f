import { defineScreens } from '../../shared/screens';

export const salesScreens = [
  ...defineScreens([
    {
      path: '/dashboard/index',
      load: () => import('./dashboard/DashboardPage'),
      // A failed prefetch is harmless: the page asks again when it renders.
      prefetch: (client, url) =>
        void import('./dashboard/dashboard.prefetch').then((m) => m.prefetchDashboard(client, url)).catch(() => undefined),
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
