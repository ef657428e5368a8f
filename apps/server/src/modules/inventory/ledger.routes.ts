import * as ep from '@bo/contract/inventory/ledger';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { bind } from '../../platform/http/binder';
import * as svc from './ledger.service';

/** The Inventory Ledger's reads: /inventory/detail and /inventory/difference. */
export function ledgerRoutes(app: FastifyInstance, ctx: AppContext): void {
  bind(app, ep.ledgerDetail, async ({ query, scope }) => svc.detailOf(ctx, await scope(), query));
  bind(app, ep.listDifferences, async ({ query, scope }) => svc.listDifferencesPage(ctx, await scope(), query));
  bind(app, ep.exportDifferences, async ({ query, scope, req }) =>
    svc.exportDifferences(ctx, await scope(), query, req.headers['accept-language']),
  );
}
