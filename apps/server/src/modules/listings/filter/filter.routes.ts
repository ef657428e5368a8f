import { listingFilter as ep } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../platform/context';
import { bind } from '../../../platform/http/binder';
import * as svc from './filter.service';
import * as saved from './saved-filters.service';

export function filterRoutes(app: FastifyInstance, ctx: AppContext): void {
  bind(app, ep.listingFilter, async ({ query, actor }) => svc.list(ctx, actor, query));
  bind(app, ep.listingFilterExcel, async ({ query, actor, req }) =>
    svc.exportExcel(ctx, actor, query, req.headers['accept-language']),
  );
  bind(app, ep.savedFilters, async ({ actor }) => saved.listSaved(ctx, actor));
  bind(app, ep.saveFilter, async ({ body, actor }) => saved.save(ctx, actor, body));
  bind(app, ep.deleteSavedFilter, async ({ params, actor }) => saved.remove(ctx, actor, params.id));
}
