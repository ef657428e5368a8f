import * as calcEp from '@bo/contract/logistics/calc';
import * as ep from '@bo/contract/logistics/carriers';
import * as panelEp from '@bo/contract/logistics/panels';
import * as costEp from '@bo/contract/logistics/shipment-costs';
import * as settingsEp from '@bo/contract/logistics/shipment-settings';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { bind } from '../../platform/http/binder';
import * as calc from './calc.service';
import * as svc from './carriers.service';
import * as panels from './panels.service';
import * as settings from './settings.service';
import * as costs from './shipment-costs.service';

export function logisticsRoutes(app: FastifyInstance, ctx: AppContext): void {
  bind(app, ep.listCarriers, async ({ query, actor }) => svc.listCarrierPage(ctx, actor, query));
  bind(app, ep.createCarrier, async ({ body, actor }) => svc.createCarrier(ctx, actor, body));
  bind(app, ep.updateCarrier, async ({ params, body, actor }) => svc.updateCarrier(ctx, actor, params.id, body));
  bind(app, ep.deleteCarrier, async ({ params, actor }) => svc.deleteCarrier(ctx, actor, params.id));
  bind(app, ep.listRateCards, async ({ query, actor }) => svc.listCardPage(ctx, actor, query));
  bind(app, ep.createRateCard, async ({ body, actor }) => svc.createCard(ctx, actor, body));
  bind(app, ep.updateRateCard, async ({ params, body, actor }) => svc.updateCard(ctx, actor, params.id, body));
  bind(app, ep.deleteRateCard, async ({ params, actor }) => svc.deleteCard(ctx, actor, params.id));

  bind(app, settingsEp.listShipmentSettings, async ({ query, actor }) => settings.listSettings(ctx, actor, query));
  bind(app, settingsEp.saveShipmentSetting, async ({ params, body, actor }) =>
    settings.saveSetting(ctx, actor, params.marketId, body),
  );
  bind(app, settingsEp.shipmentSettingCarriers, async ({ actor }) => svc.activeCarrierChoices(ctx, actor));

  bind(app, calcEp.calculate, async ({ query, actor }) => calc.calculate(ctx, actor, query));
  bind(app, calcEp.calcModels, async ({ query, actor }) => calc.modelChoices(ctx, actor, query.keyword));

  bind(app, costEp.listShipmentCosts, async ({ query, scope }) => costs.listShipments(ctx, await scope(), query));
  bind(app, costEp.billCarriers, async () => costs.billCarrierChoices(ctx));
  bind(app, costEp.shipmentCostDetail, async ({ params, scope }) => costs.shipmentDetail(ctx, await scope(), params.id));
  bind(app, costEp.createBill, async ({ body, actor, scope }) => costs.createBill(ctx, actor, await scope(), body));
  bind(app, costEp.updateBill, async ({ params, body, actor, scope }) =>
    costs.updateBill(ctx, actor, await scope(), params.id, body),
  );
  bind(app, costEp.deleteBill, async ({ params, actor, scope }) => costs.deleteBill(ctx, actor, await scope(), params.id));

  bind(app, panelEp.costPanel, async ({ query, scope }) => panels.costPanel(ctx, await scope(), query));
  bind(app, panelEp.transitPanel, async ({ query, scope }) => panels.transitPanel(ctx, await scope(), query));
}
