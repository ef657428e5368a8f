import { backMgrFbaCodes, backMgrJobs, backMgrNotices } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { replyLang } from '../../platform/export/lang';
import { bind } from '../../platform/http/binder';
import { bindBackMgr } from './backmgr.guard';
import * as fba from './fba/fba-codes.service';
import * as jobs from './jobs/jobs-admin.service';
import * as notices from './notices/notices.service';

/**
 * The back office's endpoints: each one bound through the back-office guard (backmgr.guard.ts),
 * except the two every signed-in user calls (their notices and the acknowledgement).
 */
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
  // /backMgr/notice: system notices.
  bindBackMgr(app, ctx, backMgrNotices.list, async ({ query }) => notices.list(ctx, query));
  bindBackMgr(app, ctx, backMgrNotices.audience, async () => notices.audience(ctx));
  bindBackMgr(app, ctx, backMgrNotices.create, async ({ actor, body }) => notices.create(ctx, actor, body));
  bindBackMgr(app, ctx, backMgrNotices.update, async ({ actor, params, body }) => notices.update(ctx, actor, params.id, body));
  bindBackMgr(app, ctx, backMgrNotices.publish, async ({ actor, params, req }) =>
    notices.act(ctx, actor, params.id, 'publish', replyLang(req.headers['accept-language'])),
  );
  bindBackMgr(app, ctx, backMgrNotices.withdraw, async ({ actor, params, req }) =>
    notices.act(ctx, actor, params.id, 'withdraw', replyLang(req.headers['accept-language'])),
  );
  bindBackMgr(app, ctx, backMgrNotices.remove, async ({ actor, params, req }) =>
    notices.remove(ctx, actor, params.id, replyLang(req.headers['accept-language'])),
  );
  // /backMgr/fbacode: FBA codes.
  bindBackMgr(app, ctx, backMgrFbaCodes.list, async ({ query }) => fba.list(ctx, query));
  bindBackMgr(app, ctx, backMgrFbaCodes.create, async ({ actor, body }) => fba.create(ctx, actor, body));
  bindBackMgr(app, ctx, backMgrFbaCodes.update, async ({ actor, params, body }) => fba.update(ctx, actor, params.id, body));
  bindBackMgr(app, ctx, backMgrFbaCodes.remove, async ({ actor, params }) => fba.remove(ctx, actor, params.id));
  // Every signed-in user: the notices shown to them, and their acknowledgement.
  bind(app, backMgrNotices.mine, async ({ actor }) => notices.mine(ctx, actor));
  bind(app, backMgrNotices.acknowledge, async ({ actor, params }) => notices.acknowledge(ctx, actor, params.id));
}
