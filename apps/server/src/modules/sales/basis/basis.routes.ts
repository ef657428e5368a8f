import * as ep from '@bo/contract/sales/sales-basis';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../platform/context';
import { bind } from '../../../platform/http/binder';
import * as rates from './exchange-rates.service';
import * as markets from './marketplaces.service';
import * as teams from './sales-teams.service';

/** /salesBasisInfo: exchange rates, sales teams, marketplaces. */
export function salesBasisRoutes(app: FastifyInstance, ctx: AppContext): void {
  bind(app, ep.listCurrencies, async () => rates.currencies(ctx));
  bind(app, ep.exportRates, async ({ query, req }) => rates.exportExcel(ctx, query, req.headers['accept-language']));
  bind(app, ep.listRates, async ({ params, query }) => rates.list(ctx, params.currency, query));
  bind(app, ep.rateSeries, async ({ params, query }) => rates.series(ctx, params.currency, query));
  bind(app, ep.createRate, async ({ body, actor }) => rates.create(ctx, actor, body));
  bind(app, ep.updateRate, async ({ params, body, actor }) => rates.update(ctx, actor, params, body));
  bind(app, ep.deleteRate, async ({ params, actor }) => rates.remove(ctx, actor, params));

  bind(app, ep.listTeams, async ({ query }) => teams.list(ctx, query));
  bind(app, ep.teamProductLines, async () => teams.productLines(ctx));
  bind(app, ep.exportTeams, async ({ query, req }) => teams.exportExcel(ctx, query, req.headers['accept-language']));
  bind(app, ep.createTeam, async ({ body, actor }) => teams.create(ctx, actor, body));
  bind(app, ep.updateTeam, async ({ params, body, actor }) => teams.update(ctx, actor, params.id, body));
  bind(app, ep.deleteTeam, async ({ params, actor }) => teams.remove(ctx, actor, params.id));

  bind(app, ep.listMarketplaces, async ({ actor }) => markets.list(ctx, actor));
}
