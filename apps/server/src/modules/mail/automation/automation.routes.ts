import { mailAutomation as ep, mailBlacklist } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../platform/context';
import { bind } from '../../../platform/http/binder';
import * as am from './auto-mails.service';
import * as bl from './blacklist.service';
import { mergeTags, sendTest, testRecipients } from './common';
import * as iv from './invites.service';
import * as rp from './reply-plans.service';

export function automationRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Auto mails.
  bind(app, ep.listAutoMails, async ({ actor, scope, query }) => am.list(ctx, actor, await scope(), query));
  bind(app, ep.copyAutoMail, async ({ actor, scope, query }) => am.copy(ctx, actor, await scope(), query.autoMailId));
  bind(app, ep.deleteAutoMail, async ({ actor, scope, params }) => am.remove(ctx, actor, await scope(), params.autoMailId));
  bind(app, ep.checkAutoMailName, async ({ actor, query }) => am.checkName(ctx, actor, query));
  bind(app, ep.autoMailFiles, async ({ actor, scope, query }) => am.files(ctx, actor, await scope(), query));
  bind(app, ep.createAutoMail, async ({ actor, scope, body }) => am.create(ctx, actor, await scope(), body));
  bind(app, ep.updateAutoMail, async ({ actor, scope, body }) => am.update(ctx, actor, await scope(), body));
  bind(app, ep.previewAutoMail, async ({ scope, body }) => am.preview(ctx, await scope(), body));
  bind(app, ep.autoMailStatistic, async ({ actor, scope, params, query }) =>
    am.stats(ctx, actor, await scope(), params.autoMailId, query),
  );
  bind(app, ep.resetAutoMail, async ({ actor, scope, query }) => am.reset(ctx, actor, await scope(), query));
  bind(app, ep.sendAutoMailTest, async ({ actor, body }) => sendTest(ctx, actor, body));
  bind(app, ep.autoMailTestRecipients, async ({ actor }) => testRecipients(ctx.db, actor));
  bind(app, ep.autoMailMergeTags, async () => mergeTags());
  bind(app, ep.getAutoMail, async ({ actor, scope, params }) => am.get(ctx, actor, await scope(), params.autoMailId));
  bind(app, ep.autoMailTemplate, async ({ actor, params }) => am.template(ctx, actor, params.templateId));
  bind(app, ep.checkAsin, async ({ scope, query }) => am.checkAsin(ctx, await scope(), query));
  bind(app, ep.autoMailSendLog, async ({ actor, scope, params, query }) =>
    am.sendLog(ctx, actor, await scope(), params.autoMailId, query),
  );
  // Auto-reply plans.
  bind(app, ep.replyPlanStates, async () => rp.states());
  bind(app, ep.listReplyPlans, async ({ actor, query }) => rp.list(ctx, actor, query));
  bind(app, ep.duplicateReplyPlan, async ({ actor, params }) => rp.duplicate(ctx, actor, params.id));
  bind(app, ep.deleteReplyPlan, async ({ actor, query }) => rp.remove(ctx, actor, query.planId));
  bind(app, ep.replyPlanMailboxes, async ({ actor }) => rp.mailboxes(ctx, actor));
  bind(app, ep.createReplyPlan, async ({ actor, body }) => rp.create(ctx, actor, body));
  bind(app, ep.updateReplyPlan, async ({ actor, body }) => rp.update(ctx, actor, body));
  bind(app, ep.getReplyPlan, async ({ actor, params }) => rp.get(ctx, actor, params.id));
  bind(app, ep.setReplyPlanState, async ({ actor, params, query }) => rp.setState(ctx, actor, params.autoMailId, query.stateId));
  bind(app, ep.sendReplyPlanTest, async ({ actor, body }) => sendTest(ctx, actor, body));
  bind(app, ep.replyPlanTestRecipients, async ({ actor }) => testRecipients(ctx.db, actor));
  // Invitation robot.
  bind(app, ep.listInvitePlans, async ({ actor, scope, body }) => iv.list(ctx, actor, await scope(), body));
  bind(app, ep.invitePlanEmails, async ({ actor, query }) => iv.emails(ctx, actor, query.shopId));
  bind(app, ep.getInvitePlan, async ({ actor, scope, params }) => iv.get(ctx, actor, await scope(), params.id));
  bind(app, ep.updateInvitePlan, async ({ actor, scope, body }) => iv.update(ctx, actor, await scope(), body));
  bind(app, ep.createInvitePlan, async ({ actor, scope, body }) => iv.create(ctx, actor, await scope(), body));
  bind(app, ep.operateInvitePlan, async ({ actor, scope, body }) => iv.operate(ctx, actor, await scope(), body));
  bind(app, ep.copyInvitePlan, async ({ actor, scope, body }) => iv.copy(ctx, actor, await scope(), body.id));
  bind(app, ep.deleteInvitePlan, async ({ actor, scope, params }) => iv.remove(ctx, actor, await scope(), params.id));
  bind(app, ep.inviteSkuPage, async ({ scope, body }) => iv.skuPage(ctx, await scope(), body));
  bind(app, ep.inviteSkus, async ({ actor, scope, params }) => iv.skus(ctx, actor, await scope(), params.id));
  // The customer blacklist (/blacklist).
  bind(app, mailBlacklist.list, async ({ actor, query }) => bl.list(ctx, actor, query));
  bind(app, mailBlacklist.create, async ({ actor, body }) => bl.create(ctx, actor, body));
  bind(app, mailBlacklist.remove, async ({ actor, params }) => bl.remove(ctx, actor, params.id));
}
