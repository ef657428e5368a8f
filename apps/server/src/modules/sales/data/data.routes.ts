import * as ep from '@bo/contract/sales/sales-data';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../platform/context';
import { bind } from '../../../platform/http/binder';
import * as svc from './sales-data.service';

/** /salesData, /salesDataGroup and /salesDataAnalysis: read-only views of the sales rollups. */
export function salesDataRoutes(app: FastifyInstance, ctx: AppContext): void {
  bind(app, ep.salesDataSeries, async ({ query, actor }) => svc.series(ctx, actor, query));
  bind(app, ep.salesDataSeriesExcel, async ({ query, actor, req }) =>
    svc.exportSeries(ctx, actor, query, req.headers['accept-language']),
  );
  bind(app, ep.salesDataGroups, async ({ query, actor }) => svc.groups(ctx, actor, query));
  bind(app, ep.salesDataGroupsExcel, async ({ query, actor, req }) =>
    svc.exportGroups(ctx, actor, query, req.headers['accept-language']),
  );
  bind(app, ep.salesDataAnalysis, async ({ query, actor }) => svc.analysis(ctx, actor, query));
  bind(app, ep.salesDataAnalysisExcel, async ({ query, actor, req }) =>
    svc.exportAnalysis(ctx, actor, query, req.headers['accept-language']),
  );
}
