/**
 * Auto mails (smart mail tasks): CRUD, preview, activation, statistics and the send log.
 * A task belongs to a shop the caller sees (another one is 404). Every save vets the text
 * (merge tags and the messaging-rule linter; 400 with data.lint when refused); a review
 * task's day window is 5 to 30 days after delivery (the contract refuses others).
 * Edits carry the version (409 when stale); every write is audited.
 */
import type {
  AutoMailDetail,
  AutoMailRow,
  createAutoMailBody,
  listAutoMails,
  previewBody,
  updateAutoMailBody,
} from '@bo/contract/mail/automation';
import { checkTags, describeTagProblem, SAMPLE_MERGE_VALUES } from '@bo/contract/mail/merge-tags';
import { lintErrors, lintTemplate } from '@bo/contract/mail/messaging-rules';
import { sanitizeTemplateHtml } from '@bo/contract/mail/template-html';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client';
import { pageOf } from '../../../db/sql';
import { audit } from '../../../platform/audit/audit.service';
import type { RequestActor } from '../../../platform/auth/actor';
import type { AppContext } from '../../../platform/context';
import { codedFieldError, fieldConflict, staleVersion } from '../../../platform/errors';
import { CSV_TYPE, fileOfBytes } from '../../../platform/http/file-reply';
import { catalogListings } from '../../catalog/catalog.reads';
import type { ShopScope } from '../../shops/shops/shop-scope';
import { shopDirectory } from '../../shops/shops.reads';
import { content as templateContent } from '../templates/templates.service';
import { assertMailbox, assertShop, iso, statistic, vetText } from './common';
import { mergeValues, type OrderLineFacts, renderFor } from './engine';
import { planStore } from './plan-store';
import { textArray } from './sql-arrays';

type CreateBody = z.infer<typeof createAutoMailBody>;
type UpdateBody = z.infer<typeof updateAutoMailBody>;
type ListQuery = z.infer<(typeof listAutoMails)['query']>;

interface Raw extends Record<string, unknown> {
  id: number;
  name: string;
  shop_id: number;
  shop_name: string | null;
  market_id: number | null;
  mailbox_id: number;
  mailbox_email: string | null;
  kind: 'review' | 'notice';
  asins: string[];
  subject: string;
  body: string;
  days_after_delivery: number;
  send_hour_from: number;
  send_hour_to: number;
  buyer_dedupe_days: number;
  state: number;
  sent: number;
  version: number;
  updated_at: Date;
}

const SELECT = sql`
  SELECT a.*, s.name AS shop_name, s.market_id, m.email AS mailbox_email,
         (SELECT count(*)::int FROM mail_auto_sends x WHERE x.source = 'autoMail' AND x.task_id = a.id AND x.state = 'sent') AS sent
    FROM mail_auto_mails a LEFT JOIN ${shopDirectory} s ON s.id = a.shop_id LEFT JOIN mail_mailboxes m ON m.id = a.mailbox_id`;

const toRow = (r: Raw): AutoMailRow => ({
  autoMailId: r.id,
  autoMailName: r.name,
  shopId: r.shop_id,
  shopName: r.shop_name,
  marketId: r.market_id === null ? null : Number(r.market_id),
  mailboxId: r.mailbox_id,
  mailboxEmail: r.mailbox_email,
  kind: r.kind,
  asins: r.asins,
  daysAfterDelivery: r.days_after_delivery,
  sendHourFrom: r.send_hour_from,
  sendHourTo: r.send_hour_to,
  buyerDedupeDays: r.buyer_dedupe_days,
  state: r.state,
  sent: Number(r.sent),
  version: r.version,
  updatedAt: iso(r.updated_at) as string,
});

const store = planStore<Raw>({
  table: 'mail_auto_mails',
  alias: 'a',
  select: SELECT,
  source: 'autoMail',
  noun: 'auto mail',
  entity: 'mail_auto_mail',
  deleteAction: 'autoMail.delete',
  deletedReason: 'the task was deleted',
  switch: { column: 'state', off: sql`0` },
  copied: 'kind, asins, subject, body, days_after_delivery, send_hour_from, send_hour_to, buyer_dedupe_days',
  copyAction: 'autoMail.copy',
  mailboxGone: 'the mailbox of this task is removed or disabled: choose another before activating',
});
const { find, nameTaken, lockNames } = store;

export async function list(ctx: AppContext, actor: RequestActor, scope: ShopScope, q: ListQuery) {
  const filters: SQL[] = [];
  if (q.state !== undefined) filters.push(sql`a.state = ${q.state}`);
  if (q.kind) filters.push(sql`a.kind = ${q.kind}`);
  const col = { autoMailName: 'lower(r.name)', updatedAt: 'r.updated_at', sent: 'r.sent' }[q.sortField];
  const orderBy = sql`${sql.raw(col)} ${q.sortOrder === 'asc' ? sql`ASC` : sql`DESC`}, r.id DESC`;
  const { rows, total } = await store.page(ctx.db, actor, scope, q, filters, orderBy);
  return { list: rows.map(toRow), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

export async function get(ctx: AppContext, actor: RequestActor, scope: ShopScope, id: number): Promise<AutoMailDetail> {
  const r = await find(ctx.db, actor, scope, id);
  return { ...toRow(r), subject: r.subject, body: r.body };
}

export async function checkName(ctx: AppContext, actor: RequestActor, q: { autoMailId?: number; autoMailName: string }) {
  return { duplicate: await nameTaken(ctx.db, actor.accountId, q.autoMailName, q.autoMailId ?? null) };
}

const audited = (b: CreateBody, body: string) => ({
  name: b.autoMailName,
  shopId: b.shopId,
  mailboxId: b.mailboxId,
  kind: b.kind,
  asins: b.asins,
  subject: b.subject,
  body,
  daysAfterDelivery: b.daysAfterDelivery,
  sendHourFrom: b.sendHourFrom,
  sendHourTo: b.sendHourTo,
  buyerDedupeDays: b.buyerDedupeDays,
});

export async function create(ctx: AppContext, actor: RequestActor, scope: ShopScope, b: CreateBody) {
  const { body, issues } = vetText(b.subject, b.body);
  assertShop(scope, b.shopId);
  return ctx.db.transaction(async (tx) => {
    await assertMailbox(tx, actor, b.mailboxId, b.shopId);
    await lockNames(tx, actor);
    if (await nameTaken(tx, actor.accountId, b.autoMailName, null))
      throw fieldConflict(`an auto mail named ${b.autoMailName} exists`, 'autoMailName', 'nameTaken');
    const res = await tx.execute<{ id: number }>(sql`
      INSERT INTO mail_auto_mails (account_id, shop_id, mailbox_id, name, kind, asins, subject, body, days_after_delivery,
                                   send_hour_from, send_hour_to, buyer_dedupe_days, state, created_by, updated_by)
      VALUES (${actor.accountId}, ${b.shopId}, ${b.mailboxId}, ${b.autoMailName}, ${b.kind}, ${textArray(b.asins)}, ${b.subject}, ${body},
              ${b.daysAfterDelivery}, ${b.sendHourFrom}, ${b.sendHourTo}, ${b.buyerDedupeDays}, 0, ${actor.userId}, ${actor.userId})
      RETURNING id`);
    const id = Number(res.rows[0]?.id);
    await audit(tx, actor, { action: 'autoMail.create', entity: 'mail_auto_mail', entityId: id, after: audited(b, body) });
    return { id, version: 1, issues };
  });
}

export async function update(ctx: AppContext, actor: RequestActor, scope: ShopScope, b: UpdateBody) {
  const { body, issues } = vetText(b.subject, b.body);
  assertShop(scope, b.shopId);
  return ctx.db.transaction(async (tx) => {
    await lockNames(tx, actor);
    const old = await find(tx, actor, scope, b.autoMailId, true);
    if (old.version !== b.version) throw staleVersion();
    await assertMailbox(tx, actor, b.mailboxId, b.shopId);
    if (await nameTaken(tx, actor.accountId, b.autoMailName, b.autoMailId))
      throw fieldConflict(`an auto mail named ${b.autoMailName} exists`, 'autoMailName', 'nameTaken');
    await tx.execute(sql`
      UPDATE mail_auto_mails SET shop_id = ${b.shopId}, mailbox_id = ${b.mailboxId}, name = ${b.autoMailName}, kind = ${b.kind},
             asins = ${textArray(b.asins)}, subject = ${b.subject}, body = ${body}, days_after_delivery = ${b.daysAfterDelivery},
             send_hour_from = ${b.sendHourFrom}, send_hour_to = ${b.sendHourTo}, buyer_dedupe_days = ${b.buyerDedupeDays},
             version = version + 1, updated_by = ${actor.userId}, updated_at = now()
       WHERE id = ${b.autoMailId}`);
    await audit(tx, actor, {
      action: 'autoMail.update',
      entity: 'mail_auto_mail',
      entityId: b.autoMailId,
      before: {
        name: old.name,
        subject: old.subject,
        body: old.body,
        kind: old.kind,
        daysAfterDelivery: old.days_after_delivery,
      },
      after: audited(b, body),
    });
    return { id: b.autoMailId, version: b.version + 1, issues };
  });
}

export const copy = store.copy;

export const remove = store.remove;

/** Activates (1) or pauses (2); activation vets the text again. */
export async function reset(ctx: AppContext, actor: RequestActor, scope: ShopScope, q: { autoMailId: number; state: number }) {
  const on = q.state === 1;
  const action = on ? 'autoMail.activate' : 'autoMail.pause';
  const version = await store.turn(ctx, actor, scope, q.autoMailId, { on, value: q.state, action });
  return { state: q.state, version };
}

/** Preview: merge values of a real order line (of a shop the caller sees) or the samples. */
export async function preview(ctx: AppContext, scope: ShopScope, b: z.infer<typeof previewBody>) {
  const body = sanitizeTemplateHtml(b.body);
  const tagProblems = [...checkTags(b.subject), ...checkTags(body)].map((p) => describeTagProblem(p, 'en-US'));
  const issues = lintTemplate({ subject: b.subject, body });
  let values: Record<string, unknown> = SAMPLE_MERGE_VALUES;
  if (b.orderId) {
    if (!b.shopId) throw codedFieldError('shopId', 'mail.chooseOrderShop');
    assertShop(scope, b.shopId);
    const [o] = (
      await ctx.db.execute<OrderLineFacts>(sql`
        SELECT o.id, o.order_id, o.asin, o.sku, o.quantity, o.buyer_email, o.buyer_name,
               to_char(o.purchase_date AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS purchase_date, to_char(o.delivery_date, 'YYYY-MM-DD') AS delivery_date,
               0 AS days_since, o.market_id, s.name AS shop_name,
               (SELECT l.title FROM ${catalogListings} l WHERE l.shop_id = o.shop_id AND l.asin = o.asin ORDER BY l.id LIMIT 1) AS title, false AS open_case
          FROM orders o JOIN ${shopDirectory} s ON s.id = o.shop_id WHERE o.shop_id = ${b.shopId} AND o.order_id = ${b.orderId} ORDER BY o.id LIMIT 1`)
    ).rows;
    if (!o) throw codedFieldError('orderId', 'mail.noOrder', { orderId: b.orderId });
    values = mergeValues(o);
  }
  const rendered = tagProblems.length ? { subject: b.subject, html: body } : renderFor({ subject: b.subject, body }, values);
  return {
    subject: rendered.subject,
    body: rendered.html,
    tagProblems,
    issues,
    sendable: tagProblems.length === 0 && lintErrors(issues).length === 0,
  };
}

export async function stats(
  ctx: AppContext,
  actor: RequestActor,
  scope: ShopScope,
  id: number,
  q: { startDate: string; endDate: string },
) {
  await find(ctx.db, actor, scope, id);
  return statistic(ctx.db, 'autoMail', id, q.startDate, q.endDate);
}

export async function sendLog(
  ctx: AppContext,
  actor: RequestActor,
  scope: ShopScope,
  id: number,
  q: { state?: string; pageNum: number; pageSize: number },
) {
  await find(ctx.db, actor, scope, id);
  return logPage(ctx.db, 'autoMail', id, q);
}

export async function logPage(
  db: DbOrTx,
  source: 'autoMail' | 'invite',
  id: number,
  q: { state?: string; pageNum: number; pageSize: number },
) {
  const { rows, total } = await pageOf<{
    id: number;
    order_id: string;
    asin: string;
    buyer_email: string;
    state: 'sent';
    reason: string | null;
    last_error: string | null;
    created_at: Date;
    sent_at: Date | null;
  }>(
    db,
    {
      select: sql`SELECT id, order_id, asin, buyer_email, state, reason, last_error, created_at, sent_at`,
      from: sql`FROM mail_auto_sends WHERE source = ${source} AND task_id = ${id} ${q.state ? sql`AND state = ${q.state}` : sql``}`,
      orderBy: sql`id DESC`,
    },
    q,
  );
  return {
    list: rows.map((r) => ({
      id: r.id,
      orderId: r.order_id,
      asin: r.asin,
      buyerEmail: r.buyer_email,
      state: r.state,
      reason: r.reason ?? r.last_error,
      createdAt: iso(r.created_at) as string,
      sentAt: iso(r.sent_at),
    })),
    total,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
  };
}

const csvCell = (v: unknown) => {
  const s = v === null || v === undefined ? '' : String(v);
  // A leading = + - @ would be a formula in a spreadsheet.
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export async function files(
  ctx: AppContext,
  actor: RequestActor,
  scope: ShopScope,
  q: { autoMailId: number; startDate: string; endDate: string },
) {
  const task = await find(ctx.db, actor, scope, q.autoMailId);
  if (q.endDate < q.startDate) throw codedFieldError('endDate', 'endDateBeforeStart');
  const res = await ctx.db.execute<Record<string, unknown>>(sql`
    SELECT order_id, asin, buyer_email, state, coalesce(reason, last_error) AS reason,
           to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') AS created_at,
           to_char(sent_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') AS sent_at
      FROM mail_auto_sends WHERE source = 'autoMail' AND task_id = ${q.autoMailId}
       AND (created_at AT TIME ZONE 'UTC')::date BETWEEN ${q.startDate}::date AND ${q.endDate}::date
     ORDER BY id`);
  const head = ['order_id', 'asin', 'buyer_email', 'state', 'reason', 'created_at_utc', 'sent_at_utc'];
  const lines = [head.join(','), ...res.rows.map((r) => Object.values(r).map(csvCell).join(','))];
  const bytes = Buffer.from(`\ufeff${lines.join('\r\n')}\r\n`, 'utf8');
  const name = `auto-mail-${task.id}-${q.startDate}-${q.endDate}.csv`;
  return fileOfBytes(name, CSV_TYPE, bytes);
}

export async function template(ctx: AppContext, actor: RequestActor, templateId: number) {
  const t = await templateContent(ctx, actor, templateId);
  return { templateId: t.templateId, name: t.name, subject: t.subject, body: t.body, issues: t.issues };
}

export async function checkAsin(ctx: AppContext, scope: ShopScope, q: { shopId: number; asins: string }) {
  assertShop(scope, q.shopId);
  const asked = [
    ...new Set(
      q.asins
        .toUpperCase()
        .split(/[\s,;，]+/)
        .filter(Boolean),
    ),
  ].slice(0, 500);
  const res = await ctx.db.execute<{ asin: string }>(
    sql`SELECT DISTINCT l.asin FROM ${catalogListings} l WHERE l.shop_id = ${q.shopId} AND l.asin = ANY(${textArray(asked)})`,
  );
  const known = new Set(res.rows.map((r) => r.asin));
  return { valid: asked.filter((a) => known.has(a)), unknown: asked.filter((a) => !known.has(a)) };
}
