import { ppcChanges as ep, fieldText } from '@bo/contract';
import { BULK_PERCENT_RANGE } from '@bo/contract/ppc/changes';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../platform/context';
import { codedFieldError } from '../../../platform/errors';
import { bind, demoDone } from '../../../platform/http/binder';
import { changesWithIds } from './changes.repository';
import { type ApplyResult, applyChanges, presentChanges, undoChanges } from './changes.service';
import { bulkSheet, listChanges } from './history.service';

/** Changes of the marketplace: applied here, and in demo mode answered with 252. */
export function changeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const answer = async (r: ApplyResult) => {
    const applied = r.changeIds.length ? await presentChanges(ctx.db, changesWithIds(r.changeIds), 1000, 0) : [];
    const data = { batchId: r.batchId, applied, unchanged: r.unchanged };
    return ctx.config.DEMO_MODE && applied.length ? demoDone(data) : data;
  };

  bind(app, ep.applyChanges, async ({ body, actor, scope }) => {
    if (body.percent !== undefined && (body.percent < BULK_PERCENT_RANGE.min || body.percent > BULK_PERCENT_RANGE.max)) {
      const params = { min: BULK_PERCENT_RANGE.min, max: BULK_PERCENT_RANGE.max.toLocaleString('en-US'), got: body.percent };
      throw codedFieldError('percent', 'ppc.percentRange', params, { message: fieldText('ppc.percentRange', 'en-US', params) });
    }
    const { shopIds } = await scope();
    const r = await ctx.db.transaction((tx) =>
      applyChanges(
        tx,
        shopIds,
        { source: 'manual', actor, note: body.note ?? null, confirmed: body.confirmed === true },
        body.changes,
      ),
    );
    return answer(r);
  });

  bind(app, ep.undoChanges, async ({ body, actor, scope }) => {
    const { shopIds } = await scope();
    const r = await ctx.db.transaction((tx) => undoChanges(tx, shopIds, actor, body));
    return answer(r);
  });

  bind(app, ep.listChanges, async ({ query, scope }) => listChanges(ctx, await scope(), query));

  bind(app, ep.changesBulkSheet, async ({ query, scope }) => bulkSheet(ctx, await scope(), query));
}
