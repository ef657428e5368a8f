import { backMgrJobs } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { replyLang } from '../../platform/export/lang';
import { bindBackMgr } from './backmgr.guard';
import * as jobs from './jobs/jobs-admin.service';

/** The back office's endpoints: each one bound through the back-office guard (backmgr.guard.ts). */
export function backMgrRoutes(app: FastifyInstance, ctx: AppContext): void {
  // /backMgr/backendAdmin: the job queue.
  bindBackMgr(app, ctx, backMgrJobs.list, async ({ query }) => jobs.list(ctx, query));
  bindBackMgr(app, ctx, backMgrJobs.kinds, async () => jobs.kinds(ctx, app.jobs.kinds));
  bindBackMgr(app, ctx, backMgrJobs.get, async ({ params }) => jobs.get(ctx, params.id));
  bindBackMgr(app, ctx, backMgrJobs.retry, async ({ actor, params, req }) =>
    jobs.act(ctx, actor, params.id, 'retry', replyLang(req.headers['accept-language'])),
  );
  bindBackMgr(app, ctx, backMgrJobs.cancel, async ({ actor, params, req }) =>
    jobs.act(ctx, actor, params.id, 'cancel', replyLang(req.headers['accept-language'])),
  );
}
