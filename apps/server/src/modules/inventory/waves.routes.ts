import * as ep from '@bo/contract/inventory/waves';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { bind } from '../../platform/http/binder';
import * as shipments from './shipments.service';
import * as svc from './waves.service';

/** Shipment waves (/shipmentPlanNext, /newShipmentPlan, /newSampleShipmentPlan) and /smartShipment. */
export function waveRoutes(app: FastifyInstance, ctx: AppContext): void {
  bind(app, ep.listWaves, async ({ query, actor, scope }) => svc.listWavesPage(ctx, actor, await scope(), query));
  bind(app, ep.waveWarehouses, async () => shipments.warehousesOf(ctx));
  bind(app, ep.waveAdvice, async ({ query, scope }) => svc.adviceForWave(ctx, await scope(), query));
  bind(app, ep.waveListings, async ({ query, scope }) => svc.listingsFor(ctx, await scope(), query));
  bind(app, ep.getWave, async ({ params, actor, scope }) => svc.getWaveOf(ctx, actor, await scope(), params.id));
  bind(app, ep.createWave, async ({ body, actor, scope }) => svc.createWave(ctx, actor, await scope(), body));
  bind(app, ep.updateWave, async ({ params, body, actor, scope, lang }) =>
    svc.updateWave(ctx, actor, await scope(), params.id, body, lang),
  );
  bind(app, ep.deleteWave, async ({ params, actor, scope, lang }) =>
    svc.deleteWaveOf(ctx, actor, await scope(), params.id, lang),
  );
  bind(app, ep.moveWave, async ({ params, body, actor, scope, lang }) =>
    svc.moveWave(ctx, actor, await scope(), params.id, body, lang),
  );
  bind(app, ep.decideWave, async ({ params, body, actor, scope, lang }) =>
    svc.decideWave(ctx, actor, await scope(), params.id, body, lang),
  );
  bind(app, ep.smartProposals, async ({ query, scope }) => svc.smartProposalsOf(ctx, await scope(), query));
  bind(app, ep.createSmartWave, async ({ body, actor, scope, lang }) =>
    svc.createSmartWave(ctx, actor, await scope(), body, lang),
  );
  bind(app, ep.smartWaiting, async ({ actor, scope }) => svc.waitingFor(ctx, actor, await scope()));
  bind(app, ep.smartDecide, async ({ params, body, actor, scope, lang }) =>
    svc.decideWave(ctx, actor, await scope(), params.id, body, lang),
  );
}
