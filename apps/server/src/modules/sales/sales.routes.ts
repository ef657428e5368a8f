import { skuNameList } from '@bo/contract/projects/project-other-reads';
import * as dash from '@bo/contract/sales/dashboard';
import * as ep from '@bo/contract/sales/sales-profit';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { bind } from '../../platform/http/binder';
import * as dashboard from './dashboard/dashboard.service';
import * as svc from './profit/sales-profit.service';
import { skuNames } from './sku-names';

export function salesRoutes(app: FastifyInstance, ctx: AppContext): void {
  bind(app, ep.skuSalesProfit, async ({ query, scope }) => svc.list(ctx, await scope(), 'sku', query));
  bind(app, ep.shopSalesProfit, async ({ query, scope }) => svc.list(ctx, await scope(), 'shop', query));
  bind(app, ep.productLineSalesProfit, async ({ query, scope }) => svc.list(ctx, await scope(), 'product_line', query));
  bind(app, ep.directorSalesProfit, async ({ query, scope }) => svc.list(ctx, await scope(), 'sale_director', query));
  bind(app, ep.skuExistFee, async ({ query, scope }) => svc.missingCosts(ctx, await scope(), query));
  bind(app, skuNameList, async ({ query, scope }) => skuNames(ctx, await scope(), query));
  bind(app, ep.teamNames, async ({ actor }) => svc.teams(ctx, actor));
  bind(app, ep.quarterList, async ({ scope }) => svc.quarters(ctx, await scope()));
  bind(app, ep.salesProfitExcel, async ({ params, query, scope, req }) =>
    svc.exportExcel(ctx, await scope(), params.dimension, query, req.headers['accept-language']),
  );
  bind(app, ep.costInductionList, async ({ query, actor, scope }) => svc.listInductions(ctx, actor, await scope(), query));
  bind(app, ep.createCostInduction, async ({ body, actor, scope }) => svc.createInduction(ctx, actor, await scope(), body));
  bind(app, ep.asinVerify, async ({ body, scope }) => svc.verifyAsins(ctx, await scope(), body));
  bind(app, ep.tsReportExport, async ({ query, scope, req }) =>
    svc.exportTsReport(ctx, await scope(), query, req.headers['accept-language']),
  );

  bind(app, dash.dashboardKpis, async ({ query, scope }) => dashboard.kpis(ctx, await scope(), query));
  bind(app, dash.dashboardTrend, async ({ query, scope }) => dashboard.trend(ctx, await scope(), query));
  bind(app, dash.dashboardMarkets, async ({ query, scope }) => dashboard.markets(ctx, await scope(), query));
  bind(app, dash.dashboardSkus, async ({ query, scope }) => dashboard.skus(ctx, await scope(), query));
  bind(app, dash.getDashboardPanels, async ({ actor }) => dashboard.panels(ctx, actor));
  bind(app, dash.saveDashboardPanels, async ({ body, actor }) => dashboard.savePanels(ctx, actor, body));
}
