import * as claims from '@bo/contract/inventory/claims';
import * as ep from '@bo/contract/inventory/shipments';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { bind } from '../../platform/http/binder';
import * as claimSvc from './claims.service';
import * as svc from './shipments.service';

/** Shipment plans, shipments, their differences and FBA claims. */
export function shipmentRoutes(app: FastifyInstance, ctx: AppContext): void {
  bind(app, ep.deliveryTypes, async ({ query }) => svc.deliveryTypesOf(ctx, query.marketId));
  bind(app, ep.listWarehouses, async () => svc.warehousesOf(ctx));
  bind(app, ep.listPlans, async ({ query, scope }) => svc.listPlansPage(ctx, await scope(), query));
  bind(app, ep.getPlan, async ({ params, scope }) => svc.getPlan(ctx, await scope(), params.id));
  bind(app, ep.createPlan, async ({ body, actor, scope }) => svc.createPlan(ctx, actor, await scope(), body));
  bind(app, ep.updatePlan, async ({ params, body, actor, scope, lang }) =>
    svc.updatePlan(ctx, actor, await scope(), params.id, body, lang),
  );
  bind(app, ep.deletePlan, async ({ params, actor, scope, lang }) => svc.deletePlan(ctx, actor, await scope(), params.id, lang));
  bind(app, ep.movePlan, async ({ params, body, actor, scope, lang }) =>
    svc.movePlan(ctx, actor, await scope(), params.id, body, lang),
  );
  bind(app, ep.shipPlan, async ({ params, body, actor, scope, lang }) =>
    svc.shipPlan(ctx, actor, await scope(), params.id, body, lang),
  );
  bind(app, ep.receivePlan, async ({ params, body, actor, scope, lang }) =>
    svc.receivePlan(ctx, actor, await scope(), params.id, body, lang),
  );
  bind(app, ep.listShipments, async ({ query, scope }) => svc.listShipmentsPage(ctx, await scope(), query));
  bind(app, ep.searchShipments, async ({ query, scope }) => svc.searchShipmentLines(ctx, await scope(), query));
  bind(app, ep.listDifferences, async ({ query, scope }) => svc.listDifferencesPage(ctx, await scope(), query));
  bind(app, ep.fbaOnWay, async ({ query, scope }) => svc.onWayOf(ctx, await scope(), query));
  bind(app, ep.overseaDetail, async ({ query, scope }) => svc.overseaOf(ctx, await scope(), query));

  bind(app, claims.listClaims, async ({ query, scope }) => claimSvc.listClaimsPage(ctx, await scope(), query));
  bind(app, claims.getClaim, async ({ params, scope }) => claimSvc.getClaim(ctx, await scope(), params.id));
  bind(app, claims.raiseClaim, async ({ params, actor, scope, lang }) =>
    claimSvc.raiseClaim(ctx, actor, await scope(), params.lineId, lang),
  );
  bind(app, claims.moveClaim, async ({ params, body, actor, scope, lang }) =>
    claimSvc.moveClaim(ctx, actor, await scope(), params.id, body, lang),
  );
}
