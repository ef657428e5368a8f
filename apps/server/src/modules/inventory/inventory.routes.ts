import * as ep from '@bo/contract/inventory/inventory';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { bind } from '../../platform/http/binder';
import * as svc from './inventory.service';

export function inventoryRoutes(app: FastifyInstance, ctx: AppContext): void {
  bind(app, ep.listPositions, async ({ query, scope }) => svc.listPositionsPage(ctx, await scope(), query));
  bind(app, ep.exportPositions, async ({ query, scope, req }) =>
    svc.exportPositions(ctx, await scope(), query, req.headers['accept-language']),
  );
  bind(app, ep.listAges, async ({ query, scope }) => svc.listAgesPage(ctx, await scope(), query));
  bind(app, ep.ageSummary, async ({ query, scope }) => svc.ageSummaryOf(ctx, await scope(), query));
  bind(app, ep.exportAges, async ({ query, scope, req }) =>
    svc.exportAges(ctx, await scope(), query, req.headers['accept-language']),
  );
  bind(app, ep.listMonitor, async ({ query, scope }) => svc.listMonitorPage(ctx, await scope(), query));
  bind(app, ep.exportMonitor, async ({ query, scope, req }) =>
    svc.exportMonitor(ctx, await scope(), query, req.headers['accept-language']),
  );
  bind(app, ep.skuHistory, async ({ query, scope }) => svc.historyOf(ctx, await scope(), query));
  bind(app, ep.monitoringSkus, async ({ query, scope }) => svc.monitoredSkus(ctx, await scope(), query));
  bind(app, ep.shopInventoryDetails, async ({ query, scope }) => svc.shopDetails(ctx, await scope(), query));
}
