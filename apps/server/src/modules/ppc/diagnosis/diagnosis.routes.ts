import { ppcDiagnosis as ep } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../platform/context';
import { bind, demoDone } from '../../../platform/http/binder';
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

  bind(app, ep.diagnosis, async ({ query, scope }) => diagnose(ctx, await scope(), query));

  bind(app, ep.applyFixes, async ({ body, actor, scope }) => {
    const shops = await scope();
    return answer(await ctx.db.transaction((tx) => applyFixes(tx, shops, actor, body)));
  });

  bind(app, ep.listSearchTerms, async ({ query, scope }) => listSearchTerms(ctx, await scope(), query));

  bind(app, ep.searchTermsCsv, async ({ query, scope }) => searchTermsCsv(ctx, await scope(), query));

  bind(app, ep.harvestAdGroups, async ({ query, scope }) => harvestAdGroups(ctx, await scope(), query.shopId));

  bind(app, ep.harvestSearchTerms, async ({ body, actor, scope }) => {
    const shops = await scope();
    return answer(await ctx.db.transaction((tx) => harvest(tx, shops, actor, body.items)));
  });
}
