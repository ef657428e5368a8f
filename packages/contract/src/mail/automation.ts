/**
 * Mail automation (spec §7 "Auto mails", "Auto-reply plan", "Invitation robot"):
 * auto mails (smart mail tasks) and invitation plans mail the buyers of orders a number of
 * days after delivery; auto-reply plans answer matching incoming mail once per dialogue.
 * The marketplace rules are enforced by the server: a review request at most once per
 * order, only 5 to 30 days after delivery, never with an open return, refund or RMA, and
 * its text must pass the messaging-rule linter (a refused template answers 400 with
 * data.lint listing why).
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idParam, idValue, isoDate, pageSchema, pagingQuery, sortOrderSchema } from '../envelope';
import { fieldCode } from '../validation';
import { lintIssueSchema } from './templates';

const tags = ['mail automation'];
const AM = 'emailSender/rest/v1/autoMails';
const RP = 'mail-auto-reply-plan';
const IV = 'robot-server/rest/v1/invite';

/** Review requests: the marketplace window after delivery (days, inclusive). */
export const REVIEW_MIN_DAYS = 5;
export const REVIEW_MAX_DAYS = 30;
export const AUTO_MAIL_KINDS = ['review', 'notice'] as const;
/** 0 draft, 1 active (sending), 2 paused. */
export const AUTO_MAIL_STATES = [
  { stateId: 0, zh: '草稿', en: 'Draft' },
  { stateId: 1, zh: '运行中', en: 'Active' },
  { stateId: 2, zh: '已暂停', en: 'Paused' },
] as const;
/** 1 on, 2 off. */
export const AUTO_REPLY_STATES = [
  { stateId: 1, zh: '已启用', en: 'On' },
  { stateId: 2, zh: '已停用', en: 'Off' },
] as const;
export const SEND_STATES = ['queued', 'sending', 'sent', 'failed', 'unknown', 'skipped'] as const;

const asin = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{10}$/, fieldCode('asin'));
const name = z.string().trim().min(1, fieldCode('mail.nameIt')).max(80);
const subject = z.string().trim().min(1, fieldCode('mail.writeSubject')).max(200);
const body = z
  .string()
  .max(20000)
  .refine((s) => s.replace(/<[^>]*>|&nbsp;|\s/g, '').length > 0, fieldCode('writeMessage'));
const hour = z.number().int().min(0).max(23);
const sortOrder = sortOrderSchema.default('desc');

const windowRule = (b: { sendHourFrom: number; sendHourTo: number }, ctx: z.RefinementCtx) => {
  if (b.sendHourTo <= b.sendHourFrom)
    ctx.addIssue({ code: 'custom', path: ['sendHourTo'], message: fieldCode('mail.sendWindow') });
};
const reviewRule = (b: { kind: string; daysAfterDelivery: number }, ctx: z.RefinementCtx) => {
  if (b.kind === 'review' && (b.daysAfterDelivery < REVIEW_MIN_DAYS || b.daysAfterDelivery > REVIEW_MAX_DAYS))
    ctx.addIssue({
      code: 'custom',
      path: ['daysAfterDelivery'],
      message: fieldCode('mail.reviewDays'),
      params: { min: REVIEW_MIN_DAYS, max: REVIEW_MAX_DAYS },
    });
};

// ---- auto mails ---------------------------------------------------------------------------

const autoMailFields = {
  autoMailName: name,
  shopId: idValue,
  mailboxId: idValue,
  kind: z.enum(AUTO_MAIL_KINDS).default('review'),
  /** Empty: every ASIN of the shop. */
  asins: z.array(asin).max(200).default([]),
  subject,
  body,
  daysAfterDelivery: z.number().int().min(0).max(90),
  /** Marketplace-local hours: mails go out from sendHourFrom:00 until before sendHourTo:00. */
  sendHourFrom: hour.default(9),
  sendHourTo: z.number().int().min(1).max(24).default(18),
  /** A buyer gets this task's mail at most once within so many days (several orders: one mail). */
  buyerDedupeDays: z.number().int().min(0).max(365).default(30),
};
const autoMailRules = (
  b: { kind: string; daysAfterDelivery: number; sendHourFrom: number; sendHourTo: number },
  ctx: z.RefinementCtx,
) => {
  windowRule(b, ctx);
  reviewRule(b, ctx);
};
export const createAutoMailBody = z.object(autoMailFields).strict().superRefine(autoMailRules);
export const updateAutoMailBody = z
  .object({ autoMailId: idValue, version: idValue, ...autoMailFields })
  .strict()
  .superRefine(autoMailRules);

export const autoMailRowSchema = z.object({
  autoMailId: z.number().int(),
  autoMailName: z.string(),
  shopId: z.number().int(),
  shopName: z.string().nullable(),
  marketId: z.number().int().nullable(),
  mailboxId: z.number().int(),
  mailboxEmail: z.string().nullable(),
  kind: z.enum(AUTO_MAIL_KINDS),
  asins: z.array(z.string()),
  daysAfterDelivery: z.number().int(),
  sendHourFrom: z.number().int(),
  sendHourTo: z.number().int(),
  buyerDedupeDays: z.number().int(),
  state: z.number().int(),
  sent: z.number().int(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type AutoMailRow = z.infer<typeof autoMailRowSchema>;
export const autoMailDetailSchema = autoMailRowSchema.extend({ subject: z.string(), body: z.string() });
export type AutoMailDetail = z.infer<typeof autoMailDetailSchema>;

const saved = z.object({ id: z.number().int(), version: z.number().int(), issues: z.array(lintIssueSchema) });

export const listAutoMails = defineEndpoint({
  method: 'GET',
  path: `${AM}/list`,
  access: 'email:smartMail',
  summary: 'Auto-mail tasks of the shops the caller sees',
  tags,
  query: z.object({
    keyword: z.string().trim().max(80).optional(),
    shopId: idParam.optional(),
    state: z.coerce.number().int().min(0).max(2).optional(),
    kind: z.enum(AUTO_MAIL_KINDS).optional(),
    sortField: z.enum(['autoMailName', 'updatedAt', 'sent']).default('updatedAt'),
    sortOrder,
    ...pagingQuery,
  }),
  data: pageSchema(autoMailRowSchema),
});

export const copyAutoMail = defineEndpoint({
  method: 'POST',
  path: `${AM}/copy`,
  access: 'email:smartMail:create',
  summary: 'Copy a task (the copy is a paused draft named "… (copy)")',
  tags,
  write: true,
  query: z.object({ autoMailId: idParam }),
  data: saved,
});

export const deleteAutoMail = defineEndpoint({
  method: 'DELETE',
  path: `${AM}/{autoMailId}`,
  access: 'email:smartMail:delete',
  summary: 'Delete a task (its send log stays for the statistics of the shop)',
  tags,
  write: true,
  params: z.object({ autoMailId: idParam }),
  data: z.null(),
});

export const checkAutoMailName = defineEndpoint({
  method: 'GET',
  path: `${AM}/checkAutoMailName`,
  access: 'email:smartMail',
  summary: 'Whether another task of the account has this name',
  tags,
  query: z.object({ autoMailId: idParam.optional(), autoMailName: z.string().trim().min(1).max(80) }),
  data: z.object({ duplicate: z.boolean() }),
});

export const autoMailFiles = defineEndpoint({
  method: 'GET',
  path: `${AM}/files`,
  access: 'email:smartMail',
  summary: 'The send log of a task between two dates as a CSV file',
  tags,
  query: z.object({ autoMailId: idParam, startDate: isoDate, endDate: isoDate }),
  binary: true,
});

export const createAutoMail = defineEndpoint({
  method: 'POST',
  path: `${AM}/create`,
  access: 'email:smartMail:create',
  summary: 'Create a task (a draft); refused (400, data.lint) when the text breaks the messaging rules',
  tags,
  write: true,
  body: createAutoMailBody,
  data: saved,
});

export const updateAutoMail = defineEndpoint({
  method: 'PUT',
  path: `${AM}/update`,
  access: 'email:smartMail:edit',
  summary: 'Change a task (409 when its version is stale); refused like create',
  tags,
  write: true,
  body: updateAutoMailBody,
  data: saved,
});

export const previewBody = z
  .object({
    subject: z.string().max(200),
    body: z.string().max(20000),
    kind: z.enum(AUTO_MAIL_KINDS).default('review'),
    /** Render with this order line's values instead of the samples. */
    orderId: z.string().trim().max(40).optional(),
    shopId: idValue.optional(),
  })
  .strict();
export const previewSchema = z.object({
  subject: z.string(),
  body: z.string(),
  /** Merge-tag problems (unknown, unclosed, empty), described. */
  tagProblems: z.array(z.string()),
  issues: z.array(lintIssueSchema),
  /** No tag problem and no linter error. */
  sendable: z.boolean(),
});
export const previewAutoMail = defineEndpoint({
  method: 'POST',
  path: `${AM}/preview`,
  access: 'email:smartMail',
  summary: 'Subject and body with merge values, the merge-tag problems and the linter output',
  tags,
  body: previewBody,
  data: previewSchema,
});

export const statisticSchema = z.object({
  days: z.array(
    z.object({
      day: z.string(),
      sent: z.number().int(),
      failed: z.number().int(),
      unknown: z.number().int(),
      skipped: z.number().int(),
      queued: z.number().int(),
    }),
  ),
  totals: z.object({
    sent: z.number().int(),
    failed: z.number().int(),
    unknown: z.number().int(),
    skipped: z.number().int(),
    queued: z.number().int(),
  }),
});
export const autoMailStatistic = defineEndpoint({
  method: 'GET',
  path: `${AM}/{autoMailId}/queryAutoMailSendStatistic`,
  access: 'email:smartMail',
  summary: "A task's sends per day between two dates (inclusive, UTC days)",
  tags,
  params: z.object({ autoMailId: idParam }),
  query: z.object({ startDate: isoDate, endDate: isoDate }),
  data: statisticSchema,
});

export const resetAutoMail = defineEndpoint({
  method: 'PUT',
  path: `${AM}/reset`,
  access: 'email:smartMail:edit',
  summary: 'Activate a task (state 1, default) or pause it (state 2); activation re-checks the rules',
  tags,
  write: true,
  query: z.object({ autoMailId: idParam, state: z.coerce.number().int().min(1).max(2).default(1) }),
  data: z.object({ state: z.number().int(), version: z.number().int() }),
});

export const testMailBody = z
  .object({
    mailboxId: idValue,
    /**
     * The caller's own address or that of an enabled user of the caller's account (the
     * test-recipients calls list them); any other address is refused with 400 on `to`
     * and nothing is sent (issue #18: a company mailbox is no open relay).
     */
    to: z.string().trim().email(fieldCode('mail.validEmail')).max(200),
    subject: z.string().max(200),
    body: z.string().max(20000),
  })
  .strict();
export const sendAutoMailTest = defineEndpoint({
  method: 'POST',
  path: `${AM}/sendTestMail`,
  access: 'email:smartMail:send',
  summary:
    'Send the text with sample merge values now to the caller or a user of their account (refused like create on a linter error)',
  tags,
  write: true,
  body: testMailBody,
  data: z.object({ messageId: z.string() }),
});

/** Who may receive a test mail: the caller (`own`) and the enabled users of the caller's account with an address. */
export const testRecipientSchema = z.object({ email: z.string(), userName: z.string(), own: z.boolean() });

export const autoMailTestRecipients = defineEndpoint({
  method: 'GET',
  path: `${AM}/testRecipients`,
  access: 'email:smartMail:send',
  summary: "The addresses a test mail may go to: the caller's own first, then the users of the caller's account",
  tags,
  data: z.array(testRecipientSchema),
});

export const mergeTagSchema = z.object({ tag: z.string(), zh: z.string(), en: z.string(), sample: z.string() });
export const autoMailMergeTags = defineEndpoint({
  method: 'GET',
  path: `${AM}/templates/mergeTags`,
  access: 'email:smartMail',
  summary: 'The merge tags a text may use',
  tags,
  data: z.array(mergeTagSchema),
});

export const getAutoMail = defineEndpoint({
  method: 'GET',
  path: `${AM}/{autoMailId}`,
  access: 'email:smartMail',
  summary: 'One task with its text',
  tags,
  params: z.object({ autoMailId: idParam }),
  data: autoMailDetailSchema,
});

export const autoMailTemplate = defineEndpoint({
  method: 'GET',
  path: `${AM}/templates/{templateId}`,
  access: 'email:smartMail',
  summary: 'A reply template to start a task from: its subject, body and linter output',
  tags,
  params: z.object({ templateId: idParam }),
  data: z.object({
    templateId: z.number().int(),
    name: z.string(),
    subject: z.string(),
    body: z.string(),
    issues: z.array(lintIssueSchema),
  }),
});

export const checkAsin = defineEndpoint({
  method: 'GET',
  path: `${AM}/checkAsin`,
  access: 'email:smartMail',
  summary: 'Which of the ASINs the shop sells (comma or space separated)',
  tags,
  query: z.object({ shopId: idParam, asins: z.string().trim().min(1).max(5000) }),
  data: z.object({ valid: z.array(z.string()), unknown: z.array(z.string()) }),
});

export const sendLogRowSchema = z.object({
  id: z.number().int(),
  orderId: z.string(),
  asin: z.string(),
  buyerEmail: z.string(),
  state: z.enum(SEND_STATES),
  reason: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export const autoMailSendLog = defineEndpoint({
  method: 'GET',
  path: `${AM}/{autoMailId}/sendLog`,
  access: 'email:smartMail',
  summary: "A task's send log, newest first",
  tags,
  params: z.object({ autoMailId: idParam }),
  query: z.object({ state: z.enum(SEND_STATES).optional(), ...pagingQuery }),
  data: pageSchema(sendLogRowSchema),
});

// ---- auto-reply plans ---------------------------------------------------------------------

const planFields = {
  name,
  mailboxIds: z.array(idValue).min(1, fieldCode('mail.chooseMailbox')).max(100),
  /** Empty: every incoming buyer mail. Case-insensitive substrings of subject or text. */
  keywords: z.array(z.string().trim().min(1).max(80)).max(50).default([]),
  subject,
  body,
};
export const createReplyPlanBody = z.object(planFields).strict();
export const updateReplyPlanBody = z.object({ id: idValue, version: idValue, ...planFields }).strict();

export const replyPlanRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  mailboxIds: z.array(z.number().int()),
  mailboxEmails: z.array(z.string()),
  keywords: z.array(z.string()),
  stateId: z.number().int(),
  replies: z.number().int(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export const replyPlanDetailSchema = replyPlanRowSchema.extend({
  subject: z.string(),
  body: z.string(),
  /** Latest auto replies of the plan (the send log). */
  log: z.array(
    z.object({
      dialogueId: z.number().int(),
      buyerEmail: z.string(),
      subject: z.string(),
      state: z.string(),
      createdAt: z.string(),
    }),
  ),
});

export const replyPlanStates = defineEndpoint({
  method: 'GET',
  path: `${RP}/states`,
  access: 'email:autoReply',
  summary: 'The states of an auto-reply plan',
  tags,
  data: z.array(z.object({ stateId: z.number().int(), zh: z.string(), en: z.string() })),
});

export const listReplyPlans = defineEndpoint({
  method: 'GET',
  path: `${RP}/list`,
  access: 'email:autoReply',
  summary: 'Auto-reply plans of the account',
  tags,
  query: z.object({
    keyword: z.string().trim().max(80).optional(),
    stateId: z.coerce.number().int().min(1).max(2).optional(),
    mailboxId: idParam.optional(),
    ...pagingQuery,
  }),
  data: pageSchema(replyPlanRowSchema),
});

export const duplicateReplyPlan = defineEndpoint({
  method: 'PUT',
  path: `${RP}/{id}/duplication`,
  access: 'email:autoReply:create',
  summary: 'Copy a plan (the copy is off)',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  data: saved,
});

export const deleteReplyPlan = defineEndpoint({
  method: 'DELETE',
  path: RP,
  access: 'email:autoReply:delete',
  summary: 'Delete a plan',
  tags,
  write: true,
  query: z.object({ planId: idParam }),
  data: z.null(),
});

export const replyPlanMailboxes = defineEndpoint({
  method: 'GET',
  path: `${RP}/mail-boxes`,
  access: 'email:autoReply',
  summary: 'Mailboxes a plan may answer from',
  tags,
  data: z.array(z.object({ id: z.number().int(), email: z.string(), name: z.string() })),
});

export const createReplyPlan = defineEndpoint({
  method: 'POST',
  path: RP,
  access: 'email:autoReply:create',
  summary: 'Create a plan (off); refused (400, data.lint) when the text breaks the messaging rules',
  tags,
  write: true,
  body: createReplyPlanBody,
  data: saved,
});

export const updateReplyPlan = defineEndpoint({
  method: 'PUT',
  path: RP,
  access: 'email:autoReply:edit',
  summary: 'Change a plan (409 when stale)',
  tags,
  write: true,
  body: updateReplyPlanBody,
  data: saved,
});

export const getReplyPlan = defineEndpoint({
  method: 'GET',
  path: `${RP}/{id}`,
  access: 'email:autoReply',
  summary: 'One plan with its text and latest replies',
  tags,
  params: z.object({ id: idParam }),
  data: replyPlanDetailSchema,
});

export const setReplyPlanState = defineEndpoint({
  method: 'PUT',
  path: `${RP}/{autoMailId}/states`,
  access: 'email:autoReply:edit',
  summary: 'Turn a plan on (stateId 1) or off (2)',
  tags,
  write: true,
  params: z.object({ autoMailId: idParam }),
  query: z.object({ stateId: z.coerce.number().int().min(1).max(2) }),
  data: z.object({ stateId: z.number().int(), version: z.number().int() }),
});

export const sendReplyPlanTest = defineEndpoint({
  method: 'POST',
  path: `${RP}/send-test-mail`,
  access: 'email:autoReply:edit',
  summary: 'Send the text with sample merge values now to the caller or a user of their account',
  tags,
  write: true,
  body: testMailBody,
  data: z.object({ messageId: z.string() }),
});

export const replyPlanTestRecipients = defineEndpoint({
  method: 'GET',
  path: `${RP}/test-recipients`,
  access: 'email:autoReply:edit',
  summary: "The addresses a test mail may go to: the caller's own first, then the users of the caller's account",
  tags,
  data: z.array(testRecipientSchema),
});

// ---- invitation robot ---------------------------------------------------------------------

const inviteFields = {
  name,
  shopId: idValue,
  mailboxId: idValue,
  skus: z.array(z.string().trim().min(1).max(60)).max(500).default([]),
  asins: z.array(asin).max(500).default([]),
  subject,
  body,
  daysAfterDelivery: z.number().int().min(REVIEW_MIN_DAYS).max(REVIEW_MAX_DAYS),
  sendHourFrom: hour.default(9),
  sendHourTo: z.number().int().min(1).max(24).default(18),
};
const inviteRules = (b: { skus: string[]; asins: string[]; sendHourFrom: number; sendHourTo: number }, ctx: z.RefinementCtx) => {
  windowRule(b, ctx);
  if (b.skus.length === 0 && b.asins.length === 0)
    ctx.addIssue({ code: 'custom', path: ['skus'], message: fieldCode('mail.chooseInviteSkus') });
};
export const createInviteBody = z.object(inviteFields).strict().superRefine(inviteRules);
export const updateInviteBody = z
  .object({ id: idValue, version: idValue, ...inviteFields })
  .strict()
  .superRefine(inviteRules);

export const inviteRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  shopId: z.number().int(),
  shopName: z.string().nullable(),
  mailboxId: z.number().int(),
  mailboxEmail: z.string().nullable(),
  skus: z.array(z.string()),
  asins: z.array(z.string()),
  daysAfterDelivery: z.number().int(),
  sendHourFrom: z.number().int(),
  sendHourTo: z.number().int(),
  enabled: z.boolean(),
  sent: z.number().int(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export const inviteDetailSchema = inviteRowSchema.extend({ subject: z.string(), body: z.string() });

export const listInvitePlans = defineEndpoint({
  method: 'POST',
  path: `${IV}/plan-list`,
  access: 'email:marketMail',
  summary: 'Invitation plans of the shops the caller sees',
  tags,
  body: z
    .object({
      keyword: z.string().trim().max(80).optional(),
      shopId: idValue.optional(),
      enabled: z.boolean().optional(),
      pageNum: z.number().int().min(1).max(100000).default(1),
      pageSize: z.number().int().min(1).max(500).default(20),
    })
    .strict(),
  data: pageSchema(inviteRowSchema),
});

export const invitePlanEmails = defineEndpoint({
  method: 'GET',
  path: `${IV}/plan/emails`,
  access: 'email:marketMail',
  summary: 'Mailboxes a plan can send from (enabled, signed in), optionally of one shop',
  tags,
  query: z.object({ shopId: idParam.optional() }),
  data: z.array(z.object({ id: z.number().int(), email: z.string(), name: z.string(), shopId: z.number().int().nullable() })),
});

export const getInvitePlan = defineEndpoint({
  method: 'GET',
  path: `${IV}/plan/{id}`,
  access: 'email:marketMail',
  summary: 'One plan with its text',
  tags,
  params: z.object({ id: idParam }),
  data: inviteDetailSchema,
});

export const updateInvitePlan = defineEndpoint({
  method: 'PUT',
  path: `${IV}/plan`,
  access: 'email:marketMail:edit',
  summary: 'Change a plan (409 when stale); refused (400, data.lint) on a linter error',
  tags,
  write: true,
  body: updateInviteBody,
  data: saved,
});

export const createInvitePlan = defineEndpoint({
  method: 'POST',
  path: `${IV}/plan`,
  access: 'email:marketMail:create',
  summary: 'Create a plan (off); refused (400, data.lint) on a linter error',
  tags,
  write: true,
  body: createInviteBody,
  data: saved,
});

export const operateInvitePlan = defineEndpoint({
  method: 'PUT',
  path: `${IV}/operate-plan`,
  access: 'email:marketMail:edit',
  summary: 'Turn a plan on or off',
  tags,
  write: true,
  body: z.object({ id: idValue, enabled: z.boolean() }).strict(),
  data: z.object({ enabled: z.boolean(), version: z.number().int() }),
});

export const copyInvitePlan = defineEndpoint({
  method: 'POST',
  path: `${IV}/copy-plan`,
  access: 'email:marketMail:create',
  summary: 'Copy a plan (the copy is off)',
  tags,
  write: true,
  body: z.object({ id: idValue }).strict(),
  data: saved,
});

export const deleteInvitePlan = defineEndpoint({
  method: 'DELETE',
  path: `${IV}/plan/{id}`,
  access: 'email:marketMail:delete',
  summary: 'Delete a plan',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  data: z.null(),
});

export const inviteSkuPage = defineEndpoint({
  method: 'POST',
  path: `${IV}/plan-skus-pageInfo`,
  access: 'email:marketMail',
  summary: 'The SKUs and ASINs of a shop to choose from',
  tags,
  body: z
    .object({
      shopId: idValue,
      keyword: z.string().trim().max(80).optional(),
      pageNum: z.number().int().min(1).max(100000).default(1),
      pageSize: z.number().int().min(1).max(500).default(20),
    })
    .strict(),
  data: pageSchema(z.object({ sku: z.string(), asin: z.string(), title: z.string() })),
});

export const inviteSkus = defineEndpoint({
  method: 'GET',
  path: `${IV}/sku/{id}`,
  access: 'email:marketMail',
  summary: "A plan's SKUs with the invitations sent for each",
  tags,
  params: z.object({ id: idParam }),
  data: z.array(z.object({ sku: z.string(), asin: z.string(), sent: z.number().int(), skipped: z.number().int() })),
});
