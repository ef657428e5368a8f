import { ppcDiagnosis as ep } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../platform/context';
import { bind, demoDone } from '../../../platform/http/binder';
import { visibleShopIds } from '../../shops/shops/shops.service';
import { type ApplyResult, presentChanges } from '../changes/changes.service';
import { applyFixes, diagnose, idsSql } from './diagnosis.service';
import { harvest, harvestAdGroups, listSearchTerms, searchTermsCsv } from './search-terms.service';

/** Diagnosis with its fixes, and the search terms with their harvest (see ../README.md). */
export function diagnosisRoutes(app: FastifyInstance, ctx: AppContext): void {
  const answer = async (r: ApplyResult) => {
    const applied = r.changeIds.length ? await presentChanges(ctx.db, idsSql(r.changeIds), 1000, 0) : [];
    const data = { batchId: r.batchId, applied, unchanged: r.unchanged };
    return ctx.config.DEMO_MODE && applied.length ? demoDone(data) : data;
  };

  bind(app, ep.diagnosis, async ({ query, actor }) => diagnose(ctx, actor, query));

  bind(app, ep.applyFixes, async ({ body, actor }) => {
    const shops = await visibleShopIds(ctx, actor);
    return answer(await ctx.db.transaction((tx) => applyFixes(tx, shops, actor, body)));
  });

  bind(app, ep.listSearchTerms, async ({ query, actor }) => listSearchTerms(ctx, actor, query));

  bind(app, ep.searchTermsCsv, async ({ query, actor }) => searchTermsCsv(ctx, actor, query));

  bind(app, ep.harvestAdGroups, async ({ query, actor }) => harvestAdGroups(ctx, actor, query.shopId));

  bind(app, ep.harvestSearchTerms, async ({ body, actor }) => {
    const shops = await visibleShopIds(ctx, actor);
    return answer(await ctx.db.transaction((tx) => harvest(tx, shops, actor, body.items)));
  });
}
