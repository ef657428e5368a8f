import { ppcManager as ep } from '@bo/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../platform/context';
import { bind, demoDone } from '../../../platform/http/binder';
import { visibleShopIds } from '../../shops/shops/shops.service';
import * as create from './create.service';
import * as lists from './lists.service';

const like = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** /ppcMgr: the entity lists, the lookups of the create pages, and the creates (see ../README.md). */
export function managerRoutes(app: FastifyInstance, ctx: AppContext): void {
  bind(app, ep.campaigns, async ({ params, query, actor }) => lists.campaigns(ctx, actor, params.type, query));
  bind(app, ep.placements, async ({ params, query, actor }) => lists.placements(ctx, actor, params.type, query));
  bind(app, ep.adGroups, async ({ params, query, actor }) => lists.adGroups(ctx, actor, params.type, query));
  bind(app, ep.ads, async ({ params, query, actor }) => lists.ads(ctx, actor, params.type, query));
  bind(app, ep.keywords, async ({ params, query, actor }) => lists.keywords(ctx, actor, params.type, query));
  bind(app, ep.targets, async ({ params, query, actor }) => lists.targets(ctx, actor, params.type, query));

  bind(app, ep.products, async ({ query, actor }) => {
    const shops = await visibleShopIds(ctx, actor);
    if (!shops.includes(query.shopId)) return [];
    const kw = query.keyword?.trim();
    const r = await ctx.db.execute<{ id: number; sku: string; asin: string; title: string | null }>(sql`
      SELECT li.id, sk.sku, li.asin, li.title FROM listings li JOIN skus sk ON sk.id = li.sku_id
       WHERE li.shop_id = ${query.shopId} AND li.asin IS NOT NULL
         ${kw ? sql`AND (sk.sku ILIKE ${like(kw)} OR li.asin ILIKE ${like(kw)} OR li.title ILIKE ${like(kw)})` : sql``}
       ORDER BY sk.sku LIMIT 50`);
    return r.rows.map((x) => ({ listingId: x.id, sku: x.sku, asin: x.asin, title: x.title }));
  });

  bind(app, ep.portfolios, async ({ query, actor }) => {
    const shops = await visibleShopIds(ctx, actor);
    if (!shops.includes(query.shopId)) return [];
    const r = await ctx.db.execute<{ id: number; name: string; shop_id: number }>(
      sql`SELECT id, name, shop_id FROM ppc_portfolios WHERE shop_id = ${query.shopId} ORDER BY name`,
    );
    return r.rows.map((x) => ({ id: x.id, name: x.name, shopId: x.shop_id }));
  });

  const answer = <T>(data: T) => (ctx.config.DEMO_MODE ? demoDone(data) : data);
  bind(app, ep.createSp, async ({ body, actor }) => {
    const shops = await visibleShopIds(ctx, actor);
    return answer(await ctx.db.transaction((tx) => create.createSp(tx, shops, actor, body)));
  });
  bind(app, ep.createSb, async ({ body, actor }) => {
    const shops = await visibleShopIds(ctx, actor);
    return answer(await ctx.db.transaction((tx) => create.createSb(tx, shops, actor, body)));
  });
  bind(app, ep.createSd, async ({ body, actor }) => {
    const shops = await visibleShopIds(ctx, actor);
    return answer(await ctx.db.transaction((tx) => create.createSd(tx, shops, actor, body)));
  });
  bind(app, ep.addToCampaign, async ({ body, actor }) => {
    const shops = await visibleShopIds(ctx, actor);
    return answer(await ctx.db.transaction((tx) => create.addToCampaign(tx, shops, actor, body)));
  });
}
