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
  bind(app, ep.listAutoMails, async ({ actor, query }) => am.list(ctx, actor, query));
  bind(app, ep.copyAutoMail, async ({ actor, query }) => am.copy(ctx, actor, query.autoMailId));
  bind(app, ep.deleteAutoMail, async ({ actor, params }) => am.remove(ctx, actor, params.autoMailId));
  bind(app, ep.checkAutoMailName, async ({ actor, query }) => am.checkName(ctx, actor, query));
  bind(app, ep.autoMailFiles, async ({ actor, query }) => am.files(ctx, actor, query));
  bind(app, ep.createAutoMail, async ({ actor, body }) => am.create(ctx, actor, body));
  bind(app, ep.updateAutoMail, async ({ actor, body }) => am.update(ctx, actor, body));
  bind(app, ep.previewAutoMail, async ({ actor, body }) => am.preview(ctx, actor, body));
  bind(app, ep.autoMailStatistic, async ({ actor, params, query }) => am.stats(ctx, actor, params.autoMailId, query));
  bind(app, ep.resetAutoMail, async ({ actor, query }) => am.reset(ctx, actor, query));
  bind(app, ep.sendAutoMailTest, async ({ actor, body }) => sendTest(ctx, actor, body));
  bind(app, ep.autoMailTestRecipients, async ({ actor }) => testRecipients(ctx.db, actor));
  bind(app, ep.autoMailMergeTags, async () => mergeTags());
  bind(app, ep.getAutoMail, async ({ actor, params }) => am.get(ctx, actor, params.autoMailId));
  bind(app, ep.autoMailTemplate, async ({ actor, params }) => am.template(ctx, actor, params.templateId));
  bind(app, ep.checkAsin, async ({ actor, query }) => am.checkAsin(ctx, actor, query));
  bind(app, ep.autoMailSendLog, async ({ actor, params, query }) => am.sendLog(ctx, actor, params.autoMailId, query));
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
  bind(app, ep.listInvitePlans, async ({ actor, body }) => iv.list(ctx, actor, body));
  bind(app, ep.invitePlanEmails, async ({ actor, query }) => iv.emails(ctx, actor, query.shopId));
  bind(app, ep.getInvitePlan, async ({ actor, params }) => iv.get(ctx, actor, params.id));
  bind(app, ep.updateInvitePlan, async ({ actor, body }) => iv.update(ctx, actor, body));
  bind(app, ep.createInvitePlan, async ({ actor, body }) => iv.create(ctx, actor, body));
  bind(app, ep.operateInvitePlan, async ({ actor, body }) => iv.operate(ctx, actor, body));
  bind(app, ep.copyInvitePlan, async ({ actor, body }) => iv.copy(ctx, actor, body.id));
  bind(app, ep.deleteInvitePlan, async ({ actor, params }) => iv.remove(ctx, actor, params.id));
  bind(app, ep.inviteSkuPage, async ({ actor, body }) => iv.skuPage(ctx, actor, body));
  bind(app, ep.inviteSkus, async ({ actor, params }) => iv.skus(ctx, actor, params.id));
  // The customer blacklist (/blacklist).
  bind(app, mailBlacklist.list, async ({ actor, query }) => bl.list(ctx, actor, query));
  bind(app, mailBlacklist.create, async ({ actor, body }) => bl.create(ctx, actor, body));
  bind(app, mailBlacklist.remove, async ({ actor, params }) => bl.remove(ctx, actor, params.id));
}
