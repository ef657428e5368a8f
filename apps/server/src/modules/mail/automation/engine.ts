/**
 * The automation engine: which order lines are due a mail (the marketplace rules), the
 * scheduling job that queues them, and the send job that mails them at most once.
 *
 * Rules (server-side, never left to the task's author):
 *  - a review request (auto mail kind 'review', every invitation) goes out only 5 to 30
 *    days after delivery, at most once per order (a unique index across every task and
 *    plan), never while a return, refund or RMA of the order is open (checked when queued
 *    and again just before sending), and only with a text that passes the linter;
 *  - a buyer who unsubscribed or is blacklisted gets nothing (logged as skipped);
 *  - one mail per task and buyer within the task's de-duplication days (skipped);
 *  - mails go out inside the task's send window, in the marketplace's local time.
 * Sending follows send.job.ts: `sending` is committed before SMTP; a run that finds a
 * mail `sending` looks for its Message-ID in the Sent folder (sent) or marks it `unknown`
 * for a human, never sending twice.
 */
import { randomUUID } from 'node:crypto';
import { MARKETS } from '@bo/contract';
import { REVIEW_MAX_DAYS, REVIEW_MIN_DAYS } from '@bo/contract/mail/automation';
import { type MergeValues, renderMergeTags } from '@bo/contract/mail/merge-tags';
import { lintErrors, lintTemplate } from '@bo/contract/mail/messaging-rules';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import type { AreaJob } from '../../../platform/area';
import type { AppContext } from '../../../platform/context';
import { enqueue } from '../../../platform/jobs/jobs';
import { htmlToText } from '../dialogues/sanitize';
import { secretsOf } from '../mailboxes/mailboxes.service';
import { appendToSent, recordSmtpFailure, sentFolderHas } from '../sending/send.job';
import { composeMail, describeMailError, smtpTransport } from '../shared/connect';
import { textArray } from './sql-arrays';

export const AUTO_SCHEDULE = 'mail.auto.schedule';
export const AUTO_SEND = 'mail.auto.send';

/** Test seam: runs between the SMTP hand-over and the Sent-folder copy. */
export const autoSendHooks: { afterSmtp?: (sendId: number) => Promise<void> } = {};

export type Source = 'autoMail' | 'invite';

/** An invitation plan asks a buyer for a review at most once within so many days (as auto mails do by default). */
export const INVITE_BUYER_DEDUPE_DAYS = 30;

export interface Task {
  source: Source;
  id: number;
  accountId: number;
  shopId: number;
  mailboxId: number;
  review: boolean;
  asins: string[];
  skus: string[];
  subject: string;
  body: string;
  daysAfterDelivery: number;
  sendHourFrom: number;
  sendHourTo: number;
  buyerDedupeDays: number;
}

/** Order lines due now: delivery known, buyer known, not cancelled, the day window met. */
export interface OrderLineFacts extends Record<string, unknown> {
  id: number;
  order_id: string;
  asin: string;
  sku: string;
  quantity: number;
  buyer_email: string;
  buyer_name: string | null;
  purchase_date: string;
  delivery_date: string;
  days_since: number;
  market_id: number;
  shop_name: string;
  title: string | null;
  open_case: boolean;
}

/** The local hour in a marketplace now. */
export function marketHour(marketId: number, now = new Date()): number {
  const tz = MARKETS.find((m) => m.id === marketId)?.timeZone ?? 'UTC';
  const h = new Intl.DateTimeFormat('en-US', { timeZone: tz, hour: 'numeric', hourCycle: 'h23' }).format(now);
  return Number(h) % 24;
}

/** The first and last day after delivery a task's mail may go out (review rule applied). */
export function dayWindow(t: Pick<Task, 'review' | 'daysAfterDelivery'>): { from: number; to: number } {
  if (t.review) return { from: Math.max(REVIEW_MIN_DAYS, t.daysAfterDelivery), to: REVIEW_MAX_DAYS };
  // A notice goes out on its day, or within a week after (a task activated late catches up, no further).
  return { from: t.daysAfterDelivery, to: t.daysAfterDelivery + 7 };
}

export function mergeValues(o: OrderLineFacts): MergeValues {
  const market = MARKETS.find((m) => m.id === o.market_id);
  return {
    buyerName: o.buyer_name,
    orderId: o.order_id,
    asin: o.asin,
    sku: o.sku,
    productTitle: o.title,
    shopName: o.shop_name,
    marketName: market?.en ?? null,
    sellerName: o.shop_name,
    orderDate: o.purchase_date,
    deliveryDate: o.delivery_date,
    quantity: o.quantity,
  };
}

/** Subject, HTML and text of a task's mail for one order line (throws on a tag problem). */
export function renderFor(t: Pick<Task, 'subject' | 'body'>, values: MergeValues) {
  const subject = renderMergeTags(t.subject, values, { html: false }).text;
  const html = renderMergeTags(t.body, values, { html: true }).text;
  return { subject, html, text: htmlToText(html) };
}

const ORDER_FACTS = sql`
  SELECT o.id, o.order_id, o.asin, o.sku, o.quantity, lower(o.buyer_email) AS buyer_email, o.buyer_name,
         to_char(o.purchase_date AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS purchase_date, to_char(o.delivery_date, 'YYYY-MM-DD') AS delivery_date,
         (current_date - o.delivery_date) AS days_since, o.market_id, s.name AS shop_name,
         (SELECT l.title FROM listings l WHERE l.shop_id = o.shop_id AND l.asin = o.asin ORDER BY l.id LIMIT 1) AS title,
         (o.return_state = 'open' OR o.refund_state = 'open' OR o.rma_state = 'open') AS open_case
    FROM orders o JOIN shops s ON s.id = o.shop_id`;

/** The order lines a task may mail today (before the per-line checks of `queueTask`). */
async function dueLines(db: DbOrTx, t: Task): Promise<OrderLineFacts[]> {
  const w = dayWindow(t);
  const res = await db.execute<OrderLineFacts>(sql`${ORDER_FACTS}
    WHERE o.shop_id = ${t.shopId} AND o.delivery_date IS NOT NULL AND coalesce(o.buyer_email, '') <> ''
      AND o.order_status !~* '^cancel'
      AND (current_date - o.delivery_date) BETWEEN ${w.from} AND ${w.to}
      AND (cardinality(${textArray(t.asins)}) + cardinality(${textArray(t.skus)}) = 0
           OR o.asin = ANY(${textArray(t.asins)}) OR o.sku = ANY(${textArray(t.skus)}))
      AND NOT EXISTS (SELECT 1 FROM mail_auto_sends x WHERE x.source = ${t.source} AND x.task_id = ${t.id}
                         AND x.order_id = o.order_id AND x.asin = o.asin)
    ORDER BY o.delivery_date, o.id
    LIMIT 2000`);
  return res.rows;
}

export type QueueOutcome = { queued: number; skipped: number; waiting: number };

/**
 * Queues the due mails of one task in one transaction: a send row and its job per mail,
 * a skipped row where a rule holds the mail back for good; a line with an open return
 * waits (it may close).
 */
export async function queueTask(ctx: AppContext, t: Task): Promise<QueueOutcome> {
  const out: QueueOutcome = { queued: 0, skipped: 0, waiting: 0 };
  // A stored text passed the linter; it is checked again, the rules may have grown since.
  if (lintErrors(lintTemplate({ subject: t.subject, body: t.body })).length) return out;
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`mail.auto:${t.source}`}), ${t.id})`);
    const [mb] = (
      await tx.execute<{ email: string }>(
        sql`SELECT email FROM mail_mailboxes WHERE id = ${t.mailboxId} AND deleted_at IS NULL AND enabled`,
      )
    ).rows;
    if (!mb) return;
    const domain = mb.email.split('@')[1] ?? 'localhost';
    for (const o of await dueLines(tx, t)) {
      if (o.open_case) {
        out.waiting++;
        continue;
      }
      let reason: string | null = null;
      const blocked = await tx.execute(
        sql`SELECT reason FROM mail_buyer_blocks WHERE account_id = ${t.accountId} AND email = ${o.buyer_email}`,
      );
      if (blocked.rows.length) reason = `the buyer is on the blacklist (${String(blocked.rows[0]?.reason)})`;
      if (!reason && t.review) {
        const asked = await tx.execute(sql`
          SELECT 1 FROM mail_auto_sends WHERE shop_id = ${t.shopId} AND order_id = ${o.order_id} AND review AND state <> 'skipped'`);
        if (asked.rows.length) reason = 'a review request for this order exists already (one per order)';
      }
      if (!reason && t.buyerDedupeDays > 0) {
        const mailed = await tx.execute(sql`
          SELECT 1 FROM mail_auto_sends WHERE account_id = ${t.accountId} AND buyer_email = ${o.buyer_email}
             AND state <> 'skipped' AND created_at > now() - make_interval(days => ${t.buyerDedupeDays})
             AND ((source = ${t.source} AND task_id = ${t.id}) OR (${t.review} AND review))`);
        if (mailed.rows.length)
          reason = t.review
            ? `the buyer got a review request within ${t.buyerDedupeDays} days`
            : `this task mailed the buyer within ${t.buyerDedupeDays} days`;
      }
      let rendered = { subject: '', html: '', text: '' };
      if (!reason) {
        try {
          rendered = renderFor(t, mergeValues(o));
        } catch (err) {
          reason = (err as Error).message;
        }
      }
      const messageId = `<auto.${randomUUID()}@${domain}>`;
      const res = await tx.execute<{ id: number }>(sql`
        INSERT INTO mail_auto_sends (source, task_id, account_id, shop_id, mailbox_id, order_row_id, order_id, asin, buyer_email, review,
                                     subject, text_body, html_body, message_id, state, reason)
        VALUES (${t.source}, ${t.id}, ${t.accountId}, ${t.shopId}, ${t.mailboxId}, ${o.id}, ${o.order_id}, ${o.asin}, ${o.buyer_email},
                ${t.review}, ${rendered.subject}, ${rendered.text}, ${rendered.html}, ${messageId},
                ${reason ? 'skipped' : 'queued'}, ${reason})
        ON CONFLICT DO NOTHING
        RETURNING id`);
      const row = res.rows[0];
      if (!row) continue;
      if (reason) out.skipped++;
      else {
        out.queued++;
        await enqueue(tx, AUTO_SEND, { sendId: row.id }, { dedupeKey: `${AUTO_SEND}:${row.id}`, maxAttempts: 4 });
      }
    }
  });
  return out;
}

type TaskRaw = {
  id: number;
  account_id: number;
  shop_id: number;
  mailbox_id: number;
  review: boolean;
  asins: string[];
  skus: string[];
  subject: string;
  body: string;
  days_after_delivery: number;
  send_hour_from: number;
  send_hour_to: number;
  buyer_dedupe_days: number;
  market_id: number;
};

const toTask = (source: Source, r: TaskRaw): Task => ({
  source,
  id: r.id,
  accountId: r.account_id,
  shopId: r.shop_id,
  mailboxId: r.mailbox_id,
  review: r.review,
  asins: r.asins,
  skus: r.skus,
  subject: r.subject,
  body: r.body,
  daysAfterDelivery: r.days_after_delivery,
  sendHourFrom: r.send_hour_from,
  sendHourTo: r.send_hour_to,
  buyerDedupeDays: r.buyer_dedupe_days,
});

/** Every running task and plan inside its send window: queue what is due. */
export async function scheduleAll(ctx: AppContext, now = new Date()): Promise<QueueOutcome> {
  const tasks = [
    ...(
      await ctx.db.execute<TaskRaw>(sql`
        SELECT a.id, a.account_id, a.shop_id, a.mailbox_id, a.kind = 'review' AS review, a.asins, '{}'::text[] AS skus, a.subject, a.body,
               a.days_after_delivery, a.send_hour_from, a.send_hour_to, a.buyer_dedupe_days, s.market_id
          FROM mail_auto_mails a JOIN shops s ON s.id = a.shop_id WHERE a.state = 1 ORDER BY a.id`)
    ).rows.map((r) => ({ t: toTask('autoMail', r), market: r.market_id })),
    ...(
      await ctx.db.execute<TaskRaw>(sql`
        SELECT p.id, p.account_id, p.shop_id, p.mailbox_id, true AS review, p.asins, p.skus, p.subject, p.body,
               p.days_after_delivery, p.send_hour_from, p.send_hour_to, ${INVITE_BUYER_DEDUPE_DAYS} AS buyer_dedupe_days, s.market_id
          FROM mail_invite_plans p JOIN shops s ON s.id = p.shop_id WHERE p.enabled ORDER BY p.id`)
    ).rows.map((r) => ({ t: toTask('invite', r), market: r.market_id })),
  ];
  const total: QueueOutcome = { queued: 0, skipped: 0, waiting: 0 };
  for (const { t, market } of tasks) {
    const h = marketHour(market, now);
    if (h < t.sendHourFrom || h >= t.sendHourTo) continue;
    try {
      const r = await queueTask(ctx, t);
      total.queued += r.queued;
      total.skipped += r.skipped;
      total.waiting += r.waiting;
    } catch (err) {
      ctx.log.error({ err, source: t.source, taskId: t.id }, 'mail automation: queueing failed');
    }
  }
  return total;
}

type SendRaw = {
  id: number;
  source: Source;
  task_id: number;
  mailbox_id: number;
  order_row_id: number;
  buyer_email: string;
  subject: string;
  text_body: string;
  html_body: string;
  message_id: string;
  state: string;
  review: boolean;
};

const setState = (ctx: AppContext, id: number, state: string, error: string | null, reason: string | null = null) =>
  ctx.db.execute(
    sql`UPDATE mail_auto_sends SET state = ${state}, last_error = ${error}, reason = coalesce(${reason}, reason) WHERE id = ${id}`,
  );

/** Why a queued mail may no longer go out (checked in the claiming transaction), or null. */
async function heldBack(tx: DbOrTx, m: SendRaw): Promise<string | null> {
  const running =
    m.source === 'autoMail'
      ? await tx.execute(sql`SELECT 1 FROM mail_auto_mails WHERE id = ${m.task_id} AND state = 1`)
      : await tx.execute(sql`SELECT 1 FROM mail_invite_plans WHERE id = ${m.task_id} AND enabled`);
  if (!running.rows.length) return 'the task was paused or deleted before the mail went out';
  const [o] = (
    await tx.execute<{ open_case: boolean }>(sql`
      SELECT (return_state = 'open' OR refund_state = 'open' OR rma_state = 'open') AS open_case FROM orders WHERE id = ${m.order_row_id}`)
  ).rows;
  if (!o) return 'the order is gone';
  if (m.review && o.open_case) return 'a return, refund or RMA of the order opened before the mail went out';
  return null;
}

export async function sendAuto(ctx: AppContext, id: number, attempt: { n: number; max: number }): Promise<void> {
  const claim = await ctx.db.transaction(async (tx) => {
    const [m] = (await tx.execute<SendRaw>(sql`SELECT * FROM mail_auto_sends WHERE id = ${id} FOR UPDATE`)).rows;
    if (!m) return null;
    if (m.state === 'queued') {
      const why = await heldBack(tx, m);
      if (why) {
        await tx.execute(sql`UPDATE mail_auto_sends SET state = 'skipped', reason = ${why} WHERE id = ${id}`);
        return { m, before: 'skipped' };
      }
      await tx.execute(sql`UPDATE mail_auto_sends SET state = 'sending' WHERE id = ${id}`);
    }
    return { m, before: m.state };
  });
  if (!claim || ['sent', 'failed', 'unknown', 'skipped'].includes(claim.before)) return;
  const { m } = claim;
  const s = await secretsOf(ctx, m.mailbox_id);
  if (!s || s.deleted) return void (await setState(ctx, id, 'failed', 'the mailbox no longer exists'));

  if (claim.before === 'sending') {
    if (await sentFolderHas(ctx, s, m.message_id)) {
      await ctx.db.execute(sql`UPDATE mail_auto_sends SET state = 'sent', sent_at = now(), last_error = NULL WHERE id = ${id}`);
      return;
    }
    await setState(
      ctx,
      id,
      'unknown',
      'an earlier attempt stopped while handing the mail to the SMTP server and no copy is in the Sent folder: it may or may not have reached the buyer; it is not sent again',
    );
    return;
  }

  const raw = await composeMail({
    from: { name: s.name || s.email, address: s.email },
    to: m.buyer_email,
    subject: m.subject,
    text: m.text_body,
    html: m.html_body,
    messageId: m.message_id,
    date: new Date(),
  });
  const t = await smtpTransport(s.smtp, ctx.config.MAIL_CONNECT_TIMEOUT_MS);
  try {
    await t.sendMail({ envelope: { from: s.email, to: [m.buyer_email] }, raw });
  } catch (err) {
    const msg = describeMailError('SMTP', s.smtp, err, ctx.config.MAIL_CONNECT_TIMEOUT_MS);
    await recordSmtpFailure(err, msg, attempt, '; it is not sent again', (state, error) => setState(ctx, id, state, error));
    return;
  } finally {
    t.close();
  }
  await autoSendHooks.afterSmtp?.(id);
  try {
    await appendToSent(ctx, s, raw);
  } catch (err) {
    ctx.log.warn({ err, messageId: m.message_id }, 'auto mail: could not copy the mail to the Sent folder');
  }
  await ctx.db.execute(sql`UPDATE mail_auto_sends SET state = 'sent', sent_at = now(), last_error = NULL WHERE id = ${id}`);
}

export const automationJobs = (ctx: AppContext): Record<string, AreaJob> => ({
  [AUTO_SCHEDULE]: {
    run: async () => {
      await scheduleAll(ctx);
    },
    everyMs: Math.round(ctx.config.MAIL_AUTO_MINUTES * 60_000),
  },
  [AUTO_SEND]: {
    run: async (payload, job) => {
      await sendAuto(ctx, (payload as { sendId: number }).sendId, { n: job.attempt, max: job.maxAttempts });
    },
  },
});
