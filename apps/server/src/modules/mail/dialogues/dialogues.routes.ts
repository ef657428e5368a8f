import { mailTree as ep } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../platform/context';
import { bind } from '../../../platform/http/binder';
import * as svc from './dialogues.service';

export function dialoguesRoutes(app: FastifyInstance, ctx: AppContext): void {
  bind(app, ep.mailTreeEmails, async ({ actor, query }) => svc.emails(ctx, actor, query.type));
  bind(app, ep.mailStatuses, async ({ actor, query }) => svc.statuses(ctx, actor, query));
  bind(app, ep.dialogueTypes, async () => svc.dialogueTypeList());
  bind(app, ep.buyerMarkets, async ({ actor, query }) => svc.buyerMarkets(ctx, actor, query.email));
  bind(app, ep.buyerMarketBuyers, async ({ actor, query, params }) =>
    svc.buyerMarketBuyers(ctx, actor, query.email, params.marketId),
  );
  bind(app, ep.qaMarkets, async ({ actor, query }) => svc.qaMarkets(ctx, actor, query.mailBoxId));
  bind(app, ep.qaMarketBuyers, async ({ actor, query, params }) =>
    svc.qaMarketBuyers(ctx, actor, params.marketId, query.mailBoxId),
  );
  bind(app, ep.mailList, async ({ actor, body }) => svc.mailList(ctx, actor, body));
  bind(app, ep.dialogueThread, async ({ actor, body }) => svc.thread(ctx, actor, body.dialogueId));
  bind(app, ep.buyerOrders, async ({ actor, query }) => svc.buyerOrders(ctx, actor, query.dialogueId));
  bind(app, ep.mailInfo, async ({ actor, query }) => svc.info(ctx, actor, query.dialogueId));
  bind(app, ep.archiveDialogues, async ({ actor, body }) => svc.archive(ctx, actor, body.dialogueIds, body.archived));
  bind(app, ep.updateRepairOrderStatus, async ({ actor, params, body }) =>
    svc.setRepairOrderStatus(ctx, actor, params.dialogueId, body.status, body.version),
  );
  bind(app, ep.todoQuantity, async ({ actor, query }) => svc.todoQuantity(ctx, actor, query));
}
