import { ppcManager as ep } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../platform/context';
import { bind, demoDone } from '../../../platform/http/binder';
import * as create from './create.service';
import * as lists from './lists.service';
import * as lookups from './lookups.repository';

/** /ppcMgr: the entity lists, the lookups of the create pages, and the creates (see ../README.md). */
export function managerRoutes(app: FastifyInstance, ctx: AppContext): void {
  bind(app, ep.campaigns, async ({ params, query, scope }) => lists.campaigns(ctx, await scope(), params.type, query));
  bind(app, ep.placements, async ({ params, query, scope }) => lists.placements(ctx, await scope(), params.type, query));
  bind(app, ep.adGroups, async ({ params, query, scope }) => lists.adGroups(ctx, await scope(), params.type, query));
  bind(app, ep.ads, async ({ params, query, scope }) => lists.ads(ctx, await scope(), params.type, query));
  bind(app, ep.keywords, async ({ params, query, scope }) => lists.keywords(ctx, await scope(), params.type, query));
  bind(app, ep.targets, async ({ params, query, scope }) => lists.targets(ctx, await scope(), params.type, query));

  bind(app, ep.products, async ({ query, scope }) =>
    lookups.advertisableListings(ctx.db, await scope(), query.shopId, query.keyword),
  );
  bind(app, ep.portfolios, async ({ query, scope }) => lookups.portfolios(ctx.db, await scope(), query.shopId));

  const answer = <T>(data: T) => (ctx.config.DEMO_MODE ? demoDone(data) : data);
  bind(app, ep.createSp, async ({ body, actor, scope }) => {
    const shops = await scope();
    return answer(await ctx.db.transaction((tx) => create.createSp(tx, shops, actor, body)));
  });
  bind(app, ep.createSb, async ({ body, actor, scope }) => {
    const shops = await scope();
    return answer(await ctx.db.transaction((tx) => create.createSb(tx, shops, actor, body)));
  });
  bind(app, ep.createSd, async ({ body, actor, scope }) => {
    const shops = await scope();
    return answer(await ctx.db.transaction((tx) => create.createSd(tx, shops, actor, body)));
  });
  bind(app, ep.addToCampaign, async ({ body, actor, scope }) => {
    const shops = await scope();
    return answer(await ctx.db.transaction((tx) => create.addToCampaign(tx, shops, actor, body)));
  });
}
