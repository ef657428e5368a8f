import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accountRow, authored, createdAt, serialId, version } from '../../../db/columns';

/**
 * Auto mails (smart mail tasks): a template sent to the buyers of a shop's orders a number
 * of days after delivery, inside a send window. kind 'review' is a review request and
 * falls under the marketplace rules (5 to 30 days, one per order, no open return).
 * state: 0 draft, 1 active, 2 paused.
 */
export const autoMails = pgTable(
  'mail_auto_mails',
  {
    ...accountRow(),
    shopId: integer('shop_id').notNull(),
    mailboxId: integer('mailbox_id').notNull(),
    name: text('name').notNull(),
    kind: text('kind').notNull().default('review'),
    asins: text('asins').array().notNull().default(sql`'{}'::text[]`),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    daysAfterDelivery: smallint('days_after_delivery').notNull(),
    sendHourFrom: smallint('send_hour_from').notNull().default(9),
    sendHourTo: smallint('send_hour_to').notNull().default(18),
    buyerDedupeDays: smallint('buyer_dedupe_days').notNull().default(30),
    state: smallint('state').notNull().default(0),
    version: version(),
    ...authored(),
  },
  (t) => [
    uniqueIndex('mail_auto_mails_name_uq').on(t.accountId, sql`lower(${t.name})`),
    check('mail_auto_mails_kind_ck', sql`${t.kind} IN ('review', 'notice')`),
    check('mail_auto_mails_state_ck', sql`${t.state} IN (0, 1, 2)`),
  ],
);

/** Invitation robot plans: review invitations for the orders of listed SKUs and ASINs. */
export const invitePlans = pgTable(
  'mail_invite_plans',
  {
    ...accountRow(),
    shopId: integer('shop_id').notNull(),
    mailboxId: integer('mailbox_id').notNull(),
    name: text('name').notNull(),
    skus: text('skus').array().notNull().default(sql`'{}'::text[]`),
    asins: text('asins').array().notNull().default(sql`'{}'::text[]`),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    daysAfterDelivery: smallint('days_after_delivery').notNull(),
    sendHourFrom: smallint('send_hour_from').notNull().default(9),
    sendHourTo: smallint('send_hour_to').notNull().default(18),
    enabled: boolean('enabled').notNull().default(false),
    version: version(),
    ...authored(),
  },
  (t) => [uniqueIndex('mail_invite_plans_name_uq').on(t.accountId, sql`lower(${t.name})`)],
);

/**
 * The send log of auto mails and invitations: one row per task and order line, so a task
 * never mails an order line twice; a review request is unique per order across every
 * task and plan. States: queued → sending → sent | failed | unknown; skipped (with the
 * reason) when a rule held the mail back for good.
 */
export const autoSends = pgTable(
  'mail_auto_sends',
  {
    id: serialId(),
    source: text('source').notNull(),
    taskId: integer('task_id').notNull(),
    accountId: integer('account_id').notNull(),
    shopId: integer('shop_id').notNull(),
    mailboxId: integer('mailbox_id').notNull(),
    orderRowId: integer('order_row_id').notNull(),
    orderId: text('order_id').notNull(),
    asin: text('asin').notNull(),
    buyerEmail: text('buyer_email').notNull(),
    review: boolean('review').notNull(),
    subject: text('subject').notNull().default(''),
    textBody: text('text_body').notNull().default(''),
    htmlBody: text('html_body').notNull().default(''),
    messageId: text('message_id').notNull(),
    state: text('state').notNull(),
    reason: text('reason'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('mail_auto_sends_line_uq').on(t.source, t.taskId, t.orderId, t.asin),
    uniqueIndex('mail_auto_sends_review_uq').on(t.shopId, t.orderId).where(sql`${t.review} AND ${t.state} <> 'skipped'`),
    index('mail_auto_sends_task_idx').on(t.source, t.taskId, t.createdAt),
    index('mail_auto_sends_buyer_idx').on(t.source, t.taskId, t.buyerEmail),
    check('mail_auto_sends_source_ck', sql`${t.source} IN ('autoMail', 'invite')`),
    check('mail_auto_sends_state_ck', sql`${t.state} IN ('queued', 'sending', 'sent', 'failed', 'unknown', 'skipped')`),
  ],
);

/**
 * Buyers who must get no automatic mail (unsubscribed or blacklisted), per company account.
 * The e-mail is stored lower-cased. source: 'manual' (put on the /blacklist screen, with a
 * reason and who did it) or 'unsubscribe' (the buyer's own wish; never deleted by staff).
 */
export const buyerBlocks = pgTable(
  'mail_buyer_blocks',
  {
    id: serial('id').notNull(),
    accountId: integer('account_id').notNull(),
    email: text('email').notNull(),
    reason: text('reason').notNull().default('unsubscribed'),
    source: text('source').notNull().default('unsubscribe'),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.email] }),
    uniqueIndex('mail_buyer_blocks_id_uq').on(t.id),
    index('mail_buyer_blocks_account_created_idx').on(t.accountId, t.createdAt),
    check('mail_buyer_blocks_source_ck', sql`${t.source} IN ('manual', 'unsubscribe')`),
  ],
);

/**
 * Auto-reply plans: an incoming buyer mail in one of the plan's mailboxes whose subject or
 * text contains one of its keywords (none: every mail) is answered with the template,
 * once per dialogue. state: 1 on, 2 off.
 */
export const autoReplyPlans = pgTable(
  'mail_auto_reply_plans',
  {
    ...accountRow(),
    name: text('name').notNull(),
    mailboxIds: integer('mailbox_ids').array().notNull().default(sql`'{}'::int[]`),
    keywords: text('keywords').array().notNull().default(sql`'{}'::text[]`),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    state: smallint('state').notNull().default(2),
    version: version(),
    ...authored(),
  },
  (t) => [
    uniqueIndex('mail_auto_reply_plans_name_uq').on(t.accountId, sql`lower(${t.name})`),
    check('mail_auto_reply_plans_state_ck', sql`${t.state} IN (1, 2)`),
  ],
);

/** One auto reply per dialogue: the message it queued (sent by the reply send job). */
export const autoReplySends = pgTable(
  'mail_auto_reply_sends',
  {
    dialogueId: integer('dialogue_id').primaryKey(),
    planId: integer('plan_id').notNull(),
    messageRowId: integer('message_row_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('mail_auto_reply_sends_plan_idx').on(t.planId, t.createdAt)],
);
