import * as ep from '@bo/contract/inventory/removals';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { bind } from '../../platform/http/binder';
import * as svc from './removals.service';

/** FBA removal orders (/fbaRemoveOrderMgr). */
export function removalRoutes(app: FastifyInstance, ctx: AppContext): void {
  bind(app, ep.listRemovals, async ({ query, scope }) => svc.listRemovalsPage(ctx, await scope(), query));
  bind(app, ep.exportRemovals, async ({ query, scope, req }) =>
    svc.exportRemovals(ctx, await scope(), query, req.headers['accept-language']),
  );
  bind(app, ep.getRemoval, async ({ query, scope }) => svc.removalOf(ctx, await scope(), query));
}
