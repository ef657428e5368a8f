import * as ep from '@bo/contract/inventory/replenish';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { bind } from '../../platform/http/binder';
import * as svc from './replenish.service';

/** The red-green line (spec §7 redGreenLine/*), its export, draft plans from advice; the slow-moving stock (/dullBoard). */
export function replenishRoutes(app: FastifyInstance, ctx: AppContext): void {
  bind(app, ep.getAdviceList, async ({ query, scope }) => svc.adviceListPage(ctx, await scope(), query));
  bind(app, ep.getRedGreenLine, async ({ query, scope }) => svc.redGreenLine(ctx, await scope(), query));
  bind(app, ep.exportAdviceList, async ({ query, scope, req }) =>
    svc.exportAdvice(ctx, await scope(), query, req.headers['accept-language']),
  );
  bind(app, ep.createPlansFromAdvice, async ({ body, actor, scope }) => svc.plansFromAdvice(ctx, actor, await scope(), body));
  bind(app, ep.listDull, async ({ query, scope }) => svc.dullPage(ctx, await scope(), query));
  bind(app, ep.exportDull, async ({ query, scope, req }) =>
    svc.exportDullRows(ctx, await scope(), query, req.headers['accept-language']),
  );
}
