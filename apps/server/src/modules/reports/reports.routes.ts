import * as ep from '@bo/contract/reports/reports';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { bind } from '../../platform/http/binder';
import * as svc from './reports.service';

export function reportsRoutes(app: FastifyInstance, ctx: AppContext): void {
  bind(app, ep.listReports, async ({ query, actor }) => svc.listReports(ctx, actor, query));
  bind(app, ep.reportRecipients, async ({ query, actor }) => svc.eligibleRecipients(ctx, actor, query.endpoint));
  bind(app, ep.getReport, async ({ params, actor }) => svc.getReport(ctx, actor, params.id));
  bind(app, ep.createReport, async ({ body, actor, lang }) => svc.createReport(ctx, actor, body, lang));
  bind(app, ep.updateReport, async ({ params, body, actor, lang }) => svc.updateReport(ctx, actor, params.id, body, lang));
  bind(app, ep.deleteReport, async ({ params, actor }) => {
    await svc.deleteReport(ctx, actor, params.id);
    return null;
  });
  bind(app, ep.runReportNow, async ({ params, actor }) => svc.runNow(ctx, actor, params.id));
  bind(app, ep.listReportRuns, async ({ params, query, actor }) => svc.listRuns(ctx, actor, params.id, query));
}
