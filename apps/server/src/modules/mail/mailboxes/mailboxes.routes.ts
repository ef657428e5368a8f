import { mailboxes as ep } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../platform/context';
import { bind } from '../../../platform/http/binder';
import { listFetchFailures, retryFetchFailure } from '../dialogues/fetch-failures.service';
import * as svc from './mailboxes.service';

export function mailboxesRoutes(app: FastifyInstance, ctx: AppContext): void {
  bind(app, ep.getCommonMail, async ({ actor }) => (await svc.commonMail(ctx, actor)) as never);
  bind(app, ep.listMailboxes, async ({ actor, query }) => svc.list(ctx, actor, query));
  bind(app, ep.isDuplicateMailbox, async ({ query }) => svc.isDuplicate(ctx, query));
  bind(
    app,
    ep.queryAuthAutoMail,
    async ({ actor, query }) => (await svc.authorisedForAutoMail(ctx, actor, query.shopId)) as never,
  );
  bind(app, ep.checkAuth, async ({ actor, query }) => svc.checkAuth(ctx, actor, query.id));
  bind(app, ep.sendAuthMail, async ({ actor, query }) => svc.sendAuthMail(ctx, actor, query.id));
  bind(app, ep.getMailbox, async ({ actor, params }) => svc.get(ctx, actor, params.id));
  bind(app, ep.createMailbox, async ({ actor, body }) => svc.create(ctx, actor, body));
  bind(app, ep.updateMailbox, async ({ actor, body }) => svc.update(ctx, actor, body));
  bind(app, ep.deleteMailbox, async ({ actor, params }) => svc.remove(ctx, actor, params.id));
  bind(app, ep.checkMailBox, async ({ actor, body }) => svc.checkSettings(ctx, actor, body));
  bind(app, ep.addMailboxUser, async ({ actor, query }) => svc.linkUser(ctx, actor, query, true));
  bind(app, ep.removeMailboxUser, async ({ actor, query }) => svc.linkUser(ctx, actor, query, false));
  bind(app, ep.fetchMailboxNow, async ({ actor, params }) => svc.fetchNow(ctx, actor, params.id));
  bind(app, ep.listFetchFailures, async ({ actor, params }) => listFetchFailures(ctx, actor, params.id));
  bind(app, ep.retryFetchFailure, async ({ actor, params }) => retryFetchFailure(ctx, actor, params.id));
}
