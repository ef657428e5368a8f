import * as ep from '@bo/contract/inventory/batches';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { bind } from '../../platform/http/binder';
import * as svc from './batches.service';
import * as shipments from './shipments.service';

/** Shipment batches (/shipmentBatch) and delivery lists (/batchCreateDl). */
export function batchRoutes(app: FastifyInstance, ctx: AppContext): void {
  bind(app, ep.listBatches, async ({ query, scope }) => svc.listBatchesPage(ctx, await scope(), query));
  bind(app, ep.exportBatches, async ({ query, scope, req }) =>
    svc.exportBatchRows(ctx, await scope(), query, req.headers['accept-language']),
  );
  bind(app, ep.batchWarehouses, async () => shipments.warehousesOf(ctx));
  bind(app, ep.getBatch, async ({ params, scope }) => svc.getBatch(ctx, await scope(), params.id));
  bind(app, ep.batchCandidates, async ({ params, scope }) => svc.candidatesOf(ctx, await scope(), params.id));
  bind(app, ep.openBatchesForPlan, async ({ params, scope }) => svc.openBatchesForPlan(ctx, await scope(), params.id));
  bind(app, ep.createBatch, async ({ body, actor, scope }) => svc.createBatch(ctx, actor, await scope(), body));
  bind(app, ep.updateBatch, async ({ params, body, actor, scope, lang }) =>
    svc.updateBatch(ctx, actor, await scope(), params.id, body, lang),
  );
  bind(app, ep.deleteBatch, async ({ params, actor, scope, lang }) =>
    svc.deleteBatch(ctx, actor, await scope(), params.id, lang),
  );
  bind(app, ep.addBatchPlans, async ({ params, body, actor, scope, lang }) =>
    svc.addPlans(ctx, actor, await scope(), params.id, body, lang),
  );
  bind(app, ep.removeBatchPlan, async ({ params, body, actor, scope, lang }) =>
    svc.removePlan(ctx, actor, await scope(), params.id, body, lang),
  );
  bind(app, ep.moveBatch, async ({ params, body, actor, scope, lang }) =>
    svc.moveBatch(ctx, actor, await scope(), params.id, body, lang),
  );
  bind(app, ep.shipBatch, async ({ params, body, actor, scope, lang }) =>
    svc.shipBatch(ctx, actor, await scope(), params.id, body, lang),
  );
  bind(app, ep.listDeliveryLists, async ({ query, scope }) => svc.listDeliveryListsPage(ctx, await scope(), query));
  bind(app, ep.previewDeliveryList, async ({ body, scope, lang }) => svc.previewDeliveryList(ctx, await scope(), body, lang));
  bind(app, ep.createDeliveryList, async ({ body, actor, scope, lang }) =>
    svc.createDeliveryList(ctx, actor, await scope(), body, lang),
  );
  bind(app, ep.downloadDeliveryList, async ({ params, scope, req }) =>
    svc.downloadDeliveryList(ctx, await scope(), params.id, req.headers['accept-language']),
  );
}
