import * as ep from '@bo/contract/supplyboards/boards';
import * as forecast from '@bo/contract/supplyboards/forecast';
import * as manage from '@bo/contract/supplyboards/manage';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { bind } from '../../platform/http/binder';
import * as shipments from '../inventory/shipments.service';
import * as boards from './boards.service';
import * as forecasts from './forecast.service';

/**
 * The logistics board (/logisticsBoard), the delivery dashboard (/deliveryDashboard) and shipment management
 * (/shipmentManageNext, whose writes are inventory's shipment service: the plan's ship path and its `unship`).
 */
export function supplyBoardsRoutes(app: FastifyInstance, ctx: AppContext): void {
  bind(app, ep.logisticsBoard, async ({ query, scope }) => boards.logisticsBoard(ctx, await scope(), query));
  bind(app, ep.lateShipments, async ({ query, scope }) => boards.lateShipmentsPage(ctx, await scope(), query));
  bind(app, ep.deliveryBoard, async ({ query, scope }) => boards.deliveryBoard(ctx, await scope(), query));
  bind(app, ep.receiptProgress, async ({ query, scope }) => boards.receiptProgressPage(ctx, await scope(), query));

  bind(app, forecast.listShipmentForecast, async ({ query, scope }) => forecasts.forecastPage(ctx, await scope(), query));
  bind(app, forecast.exportShipmentForecast, async ({ query, scope, req }) =>
    forecasts.exportForecast(ctx, await scope(), query, req.headers['accept-language']),
  );

  bind(app, manage.listManagedShipments, async ({ query, scope }) => shipments.listShipmentsPage(ctx, await scope(), query));
  bind(app, manage.exportManagedShipments, async ({ query, scope, req }) =>
    shipments.exportShipments(ctx, await scope(), query, req.headers['accept-language']),
  );
  bind(app, manage.shippablePlans, async ({ query, scope }) => shipments.shippablePlans(ctx, await scope(), query.keyword));
  bind(app, manage.getManagedShipment, async ({ params, scope }) => shipments.getShippedPlan(ctx, await scope(), params.planId));
  bind(app, manage.createShipment, async ({ body, actor, scope, lang }) => {
    const { planId, ...ship } = body;
    return shipments.shipConfirmedPlan(ctx, actor, await scope(), planId, ship, lang);
  });
  bind(app, manage.updateShipment, async ({ params, body, actor, scope, lang }) =>
    shipments.editShipment(ctx, actor, await scope(), params.planId, body, lang),
  );
  bind(app, manage.deleteShipment, async ({ params, query, actor, scope, lang }) =>
    shipments.unshipPlan(ctx, actor, await scope(), params.planId, query.version, lang),
  );
}
