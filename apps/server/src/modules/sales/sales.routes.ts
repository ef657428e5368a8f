import * as dash from '@bo/contract/sales/dashboard';
import * as ep from '@bo/contract/sales/sales-profit';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { bind } from '../../platform/http/binder';
import * as dashboard from './dashboard/dashboard.service';
import * as svc from './profit/sales-profit.service';

export function salesRoutes(app: FastifyInstance, ctx: AppContext): void {
  bind(app, ep.skuSalesProfit, async ({ query, actor }) => svc.list(ctx, actor, 'sku', query));
  bind(app, ep.shopSalesProfit, async ({ query, actor }) => svc.list(ctx, actor, 'shop', query));
  bind(app, ep.productLineSalesProfit, async ({ query, actor }) => svc.list(ctx, actor, 'product_line', query));
  bind(app, ep.directorSalesProfit, async ({ query, actor }) => svc.list(ctx, actor, 'sale_director', query));
  bind(app, ep.skuExistFee, async ({ query, actor }) => svc.missingCosts(ctx, actor, query));
  bind(app, ep.teamNames, async ({ actor }) => svc.teams(ctx, actor));
  bind(app, ep.quarterList, async ({ actor }) => svc.quarters(ctx, actor));
  bind(app, ep.salesProfitExcel, async ({ params, query, actor, req }) =>
    svc.exportExcel(ctx, actor, params.dimension, query, req.headers['accept-language']),
  );
  bind(app, ep.costInductionList, async ({ query, actor }) => svc.listInductions(ctx, actor, query));
  bind(app, ep.createCostInduction, async ({ body, actor }) => svc.createInduction(ctx, actor, body));
  bind(app, ep.asinVerify, async ({ body, actor }) => svc.verifyAsins(ctx, actor, body));
  bind(app, ep.tsReportExport, async ({ query, actor, req }) =>
    svc.exportTsReport(ctx, actor, query, req.headers['accept-language']),
  );

  bind(app, dash.dashboardKpis, async ({ query, actor }) => dashboard.kpis(ctx, actor, query));
  bind(app, dash.dashboardTrend, async ({ query, actor }) => dashboard.trend(ctx, actor, query));
  bind(app, dash.dashboardMarkets, async ({ query, actor }) => dashboard.markets(ctx, actor, query));
  bind(app, dash.dashboardSkus, async ({ query, actor }) => dashboard.skus(ctx, actor, query));
  bind(app, dash.getDashboardPanels, async ({ actor }) => dashboard.panels(ctx, actor));
  bind(app, dash.saveDashboardPanels, async ({ body, actor }) => dashboard.savePanels(ctx, actor, body));
}
