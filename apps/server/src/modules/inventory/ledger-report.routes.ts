import * as ep from '@bo/contract/inventory/ledger-report';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { bind } from '../../platform/http/binder';
import * as svc from './ledger-report.service';

/** The monthly inventory report's reads: /inventoryReport (list, totals and chart, export). */
export function ledgerReportRoutes(app: FastifyInstance, ctx: AppContext): void {
  bind(app, ep.listInventoryReport, async ({ query, scope }) => svc.listReportPage(ctx, await scope(), query));
  bind(app, ep.inventoryReportSummary, async ({ query, scope }) => svc.reportSummary(ctx, await scope(), query));
  bind(app, ep.exportInventoryReport, async ({ query, scope, req }) =>
    svc.exportReport(ctx, await scope(), query, req.headers['accept-language']),
  );
}
