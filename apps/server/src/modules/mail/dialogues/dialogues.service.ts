/**
 * The mail tree: dialogues of the mailboxes the caller may see (shop accounts: their
 * shops' mailboxes only; scope.ts), their threads, and the few writes on a dialogue
 * (archive, repair-order status), each audited. A shop account sees an assignee outside
 * its own account (the company's agent on its mailbox) as "—" without an id, and its
 * filter by such an id matches nothing (platform/auth/user-visibility.ts).
 */

import { MARKETS } from '@bo/contract';
import { DIALOGUE_TYPES, MAIL_STATUSES, type MailListBody, type MailMessage } from '@bo/contract/mail/dialogues';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { intSet, likeContains } from '../../../db/sql';
import { audit } from '../../../platform/audit/audit.service';
import type { RequestActor } from '../../../platform/auth/actor';
import { knownUser, mayKnowUsersOf, UNNAMED_USER } from '../../../platform/auth/user-visibility';
import type { AppContext } from '../../../platform/context';
import { notFound, staleVersion } from '../../../platform/errors';
import { mailboxVisible } from '../shared/scope';

const rows = async <T>(db: DbOrTx, q: SQL) => (await db.execute(q)).rows as T[];
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export type DialogueRaw = {
  id: number;
  mailbox_id: number;
  mailbox_email: string;
  mailbox_demo: boolean;
  market_id: number | null;
  shop_id: number | null;
  buyer_email: string;
  buyer_name: string;
  subject: string;
  snippet: string;
  status: number;
  dialogue_type: number;
  archived: boolean;
  unread: boolean;
  repair_order_status: number;
  message_count: number;
  last_message_at: Date;
  first_message_at: Date;
  awaiting_since: Date | null;
  assignee_id: number | null;
  assignee_name: string | null;
  assignee_account_id: number | null;
  version: number;
};

export const toDialogueRow = (r: DialogueRaw, actor: RequestActor) => ({
  dialogueId: r.id,
  mailBoxId: r.mailbox_id,
  mailBoxEmail: r.mailbox_email,
  mailBoxDemo: r.mailbox_demo,
  marketId: r.market_id,
  shopId: r.shop_id,
  buyerEmail: r.buyer_email,
  buyerName: r.buyer_name,
  subject: r.subject,
  snippet: r.snippet,
  status: r.status,
  dialogueType: r.dialogue_type,
  archived: r.archived,
  unread: r.unread,
  repairOrderStatus: r.repair_order_status,
  messageCount: r.message_count,
  lastMessageAt: iso(r.last_message_at) as string,
  awaitingSince: iso(r.awaiting_since),
  ...assigneeFor(actor, r),
  version: r.version,
});

/** The assignee as the caller may know it (an agent of another account: "—", no id). */
function assigneeFor(actor: RequestActor, r: DialogueRaw) {
  if (r.assignee_id === null || mayKnowUsersOf(actor, r.assignee_account_id)) {
    return { assigneeId: r.assignee_id, assigneeName: r.assignee_name };
  }
  return { assigneeId: null, assigneeName: UNNAMED_USER };
}

export const dialogueSelect = sql`SELECT d.*, m.email AS mailbox_email, m.demo AS mailbox_demo, au.user_name AS assignee_name, au.account_id AS assignee_account_id
  FROM mail_dialogues d JOIN mail_mailboxes m ON m.id = d.mailbox_id LEFT JOIN users au ON au.id = d.assignee_id`;

/** A dialogue the actor may see, or 404. */
export async function loadDialogue(db: DbOrTx, actor: RequestActor, id: number, lock = false): Promise<DialogueRaw> {
  const [d] = await rows<DialogueRaw>(
    db,
    sql`${dialogueSelect} WHERE d.id = ${id} AND ${mailboxVisible(actor)}${lock ? sql` FOR UPDATE OF d` : sql``}`,
  );
  if (!d) throw notFound('dialogue not found');
  return d;
}

export async function mailList(
  ctx: AppContext,
  actor: RequestActor,
  b: Required<Pick<MailListBody, 'type' | 'marketId' | 'status' | 'dialogueType' | 'archived' | 'pageNum' | 'pageSize'>> &
    MailListBody,
) {
  const where: SQL[] = [mailboxVisible(actor), sql`d.archived = ${b.archived}`];
  if (b.type !== 0) where.push(sql`m.type = ${b.type}`);
  if (b.dialogueTypes) where.push(sql`d.dialogue_type IN ${intSet(b.dialogueTypes)}`);
  if (b.assigned === 1) where.push(sql`d.assignee_id IS NOT NULL`);
  if (b.assigned === 0) where.push(sql`d.assignee_id IS NULL`);
  if (b.assigneeId) where.push(sql`d.assignee_id = ${b.assigneeId} AND ${knownUser(actor, sql`${b.assigneeId}::int`)}`);
  if (b.mine) where.push(sql`d.assignee_id = ${actor.userId}`);
  if (b.mailBoxId) where.push(sql`d.mailbox_id = ${b.mailBoxId}`);
  if (b.marketId !== -1) where.push(sql`d.market_id = ${b.marketId}`);
  if (b.status !== -1) where.push(sql`d.status = ${b.status}`);
  if (b.dialogueType !== 0) where.push(sql`d.dialogue_type = ${b.dialogueType}`);
  if (b.buyerEmail) where.push(sql`lower(d.buyer_email) = lower(${b.buyerEmail})`);
  if (b.search) {
    const p = likeContains(b.search);
    // Each side by its trigram index (mail_dialogues_search_idx, mail_messages_search_idx), then joined by id.
    where.push(sql`d.id IN (SELECT s.id FROM mail_dialogues s WHERE (s.buyer_email || ' ' || s.buyer_name || ' ' || s.subject) ILIKE ${p}
                            UNION SELECT x.dialogue_id FROM mail_messages x WHERE x.text_body ILIKE ${p})`);
  }
  const cond = sql.join(where, sql` AND `);
  // The total and the page at once, on two connections.
  const [[c], list] = await Promise.all([
    rows<{ n: number }>(
      ctx.db,
      sql`SELECT count(*)::int AS n FROM mail_dialogues d JOIN mail_mailboxes m ON m.id = d.mailbox_id WHERE ${cond}`,
    ),
    rows<DialogueRaw>(
      ctx.db,
      sql`${dialogueSelect} WHERE ${cond} ORDER BY d.last_message_at DESC, d.id DESC
          LIMIT ${b.pageSize} OFFSET ${(b.pageNum - 1) * b.pageSize}`,
    ),
  ]);
  return { list: list.map((r) => toDialogueRow(r, actor)), total: c?.n ?? 0, pageNum: b.pageNum, pageSize: b.pageSize };
}

type MessageRaw = {
  id: number;
  direction: 'in' | 'out';
  message_id: string;
  from_email: string;
  from_name: string;
  to_emails: string[];
  subject: string;
  text_body: string;
  html_body: string | null;
  sent_at: Date;
  state: MailMessage['state'];
  last_error: string | null;
};
export type AttachmentRaw = {
  id: number;
  token: string;
  message_id: number | null;
  file_name: string;
  content_type: string;
  size: number;
  blocked: string | null;
};
export const attachmentUri = (a: { id: number; token: string }) => `${a.id}.${a.token}`;
/** The attachments `where` picks (a condition on mail_attachments), oldest first. */
export const attachmentsWhere = (db: DbOrTx, where: SQL) =>
  rows<AttachmentRaw>(
    db,
    sql`SELECT id, token, message_id, file_name, content_type, size, blocked FROM mail_attachments WHERE ${where} ORDER BY id`,
  );
export const toAttachment = (a: AttachmentRaw) => ({
  uri: attachmentUri(a),
  fileName: a.file_name,
  contentType: a.content_type,
  size: a.size,
  blocked: a.blocked,
});

export async function thread(ctx: AppContext, actor: RequestActor, dialogueId: number) {
  const d = await loadDialogue(ctx.db, actor, dialogueId);
  const msgs = await rows<MessageRaw>(
    ctx.db,
    sql`SELECT id, direction, message_id, from_email, from_name, to_emails, subject, text_body, html_body, sent_at, state, last_error
          FROM mail_messages WHERE dialogue_id = ${dialogueId} ORDER BY sent_at, id`,
  );
  const atts = msgs.length ? await attachmentsWhere(ctx.db, sql`message_id IN ${intSet(msgs.map((m) => m.id))}`) : [];
  if (d.unread) await ctx.db.execute(sql`UPDATE mail_dialogues SET unread = false WHERE id = ${dialogueId}`);
  return {
    ...toDialogueRow({ ...d, unread: false }, actor),
    messages: msgs.map((m) => ({
      id: m.id,
      direction: m.direction,
      messageId: m.message_id,
      fromEmail: m.from_email,
      fromName: m.from_name,
      to: m.to_emails,
      subject: m.subject,
      text: m.text_body,
      html: m.html_body,
      sentAt: iso(m.sent_at) as string,
      state: m.direction === 'out' ? m.state : null,
      error: m.last_error,
      attachments: atts.filter((a) => a.message_id === m.id).map(toAttachment),
    })),
  };
}

export async function info(ctx: AppContext, actor: RequestActor, dialogueId: number) {
  const d = await loadDialogue(ctx.db, actor, dialogueId);
  const [c] = await rows<{ inbound: number; outbound: number; shop_name: string | null }>(
    ctx.db,
    sql`SELECT count(*) FILTER (WHERE direction = 'in')::int AS inbound, count(*) FILTER (WHERE direction = 'out')::int AS outbound,
               (SELECT name FROM shops WHERE id = ${d.shop_id}) AS shop_name
          FROM mail_messages WHERE dialogue_id = ${dialogueId}`,
  );
  return {
    ...toDialogueRow(d, actor),
    shopName: c?.shop_name ?? null,
    inboundCount: c?.inbound ?? 0,
    outboundCount: c?.outbound ?? 0,
    firstMessageAt: iso(d.first_message_at) as string,
  };
}

/** Amazon order numbers (3-7-7 digits) written in a dialogue's subjects and texts. */
const ORDER_NUMBER = '[0-9]{3}-[0-9]{7}-[0-9]{7}';

/**
 * The order panel beside a buyer's message: order lines of the mailbox's account whose buyer
 * address is the dialogue's, or whose order number the dialogue mentions; newest first.
 * Amounts are the listing's price × quantity (the orders table holds no money).
 */
export async function buyerOrders(ctx: AppContext, actor: RequestActor, dialogueId: number) {
  const d = await loadDialogue(ctx.db, actor, dialogueId);
  const list = await rows<{
    order_id: string;
    shop_id: number;
    shop_name: string;
    market_id: number;
    asin: string;
    sku: string;
    title: string | null;
    quantity: number;
    order_status: string;
    purchase_date: Date;
    delivery_date: string | null;
    return_state: string;
    refund_state: string;
    amount: string | null;
    currency: string | null;
    by_buyer: boolean;
  }>(
    ctx.db,
    sql`WITH mentioned AS (
          SELECT DISTINCT (regexp_matches(msg.subject || ' ' || left(msg.text_body, 20000), ${ORDER_NUMBER}, 'g'))[1] AS order_id
            FROM mail_messages msg WHERE msg.dialogue_id = ${dialogueId})
        SELECT o.order_id, o.shop_id, s.name AS shop_name, o.market_id, o.asin, o.sku, l.title, o.quantity, o.order_status,
               o.purchase_date, o.delivery_date::text AS delivery_date, o.return_state, o.refund_state,
               (l.price * o.quantity)::text AS amount, l.currency,
               (o.buyer_email IS NOT NULL AND lower(o.buyer_email) = lower(${d.buyer_email})) AS by_buyer
          FROM orders o JOIN shops s ON s.id = o.shop_id
          JOIN mail_mailboxes m ON m.id = ${d.mailbox_id} AND s.account_id = m.account_id
          LEFT JOIN listings l ON l.shop_id = o.shop_id AND l.asin = o.asin
         WHERE (o.buyer_email IS NOT NULL AND lower(o.buyer_email) = lower(${d.buyer_email}))
            OR o.order_id IN (SELECT order_id FROM mentioned)
         ORDER BY o.purchase_date DESC, o.order_id, o.asin
         LIMIT 20`,
  );
  return list.map((o) => ({
    orderId: o.order_id,
    shopId: o.shop_id,
    shopName: o.shop_name,
    marketId: o.market_id,
    asin: o.asin,
    sku: o.sku,
    title: o.title ?? '',
    quantity: o.quantity,
    orderStatus: o.order_status,
    purchaseDate: iso(o.purchase_date) as string,
    deliveryDate: o.delivery_date,
    returnState: o.return_state,
    refundState: o.refund_state,
    amount: o.amount === null ? null : Number(o.amount),
    currency: o.amount === null ? null : o.currency,
    matchedBy: o.by_buyer ? ('buyer' as const) : ('orderId' as const),
  }));
}

export async function archive(ctx: AppContext, actor: RequestActor, ids: number[], archived: boolean) {
  return ctx.db.transaction(async (tx) => {
    const visible = await rows<{ id: number; archived: boolean }>(
      tx,
      sql`SELECT d.id, d.archived FROM mail_dialogues d JOIN mail_mailboxes m ON m.id = d.mailbox_id
           WHERE d.id IN ${intSet(ids)} AND ${mailboxVisible(actor)} ORDER BY d.id FOR UPDATE OF d`,
    );
    if (visible.length !== new Set(ids).size) throw notFound('dialogue not found');
    const change = visible.filter((v) => v.archived !== archived).map((v) => v.id);
    if (change.length) {
      await tx.execute(
        sql`UPDATE mail_dialogues SET archived = ${archived}, archived_at = ${archived ? sql`now()` : null}, version = version + 1
             WHERE id IN ${intSet(change)}`,
      );
      for (const id of change)
        await audit(tx, actor, {
          action: archived ? 'archive' : 'unarchive',
          entity: 'mail_dialogue',
          entityId: id,
          before: { archived: !archived },
          after: { archived },
        });
    }
    return { updated: change.length };
  });
}

export async function setRepairOrderStatus(ctx: AppContext, actor: RequestActor, id: number, status: number, version?: number) {
  return ctx.db.transaction(async (tx) => {
    const d = await loadDialogue(tx, actor, id, true);
    if (version !== undefined && version !== d.version) throw staleVersion();
    const [r] = await rows<{ version: number }>(
      tx,
      sql`UPDATE mail_dialogues SET repair_order_status = ${status}, version = version + 1 WHERE id = ${id} RETURNING version`,
    );
    await audit(tx, actor, {
      action: 'repair_order_status',
      entity: 'mail_dialogue',
      entityId: id,
      before: { repairOrderStatus: d.repair_order_status },
      after: { repairOrderStatus: status },
    });
    return { dialogueId: id, repairOrderStatus: status, version: r?.version ?? d.version + 1 };
  });
}

export async function todoQuantity(
  ctx: AppContext,
  actor: RequestActor,
  q: { mailBoxId?: number; type: number; marketId: number },
) {
  const where: SQL[] = [mailboxVisible(actor), sql`m.type = ${q.type}`, sql`NOT d.archived`, sql`d.status = 0`];
  if (q.mailBoxId) where.push(sql`d.mailbox_id = ${q.mailBoxId}`);
  if (q.marketId !== -1) where.push(sql`d.market_id = ${q.marketId}`);
  const counts = await rows<{ t: number; n: number }>(
    ctx.db,
    sql`SELECT d.dialogue_type AS t, count(*)::int AS n FROM mail_dialogues d JOIN mail_mailboxes m ON m.id = d.mailbox_id
         WHERE ${sql.join(where, sql` AND `)} GROUP BY d.dialogue_type`,
  );
  const by = new Map(counts.map((c) => [c.t, c.n]));
  return [
    { dialogueType: 0, quantity: counts.reduce((s, c) => s + c.n, 0) },
    ...DIALOGUE_TYPES.map((t) => ({ dialogueType: t.id, quantity: by.get(t.id) ?? 0 })),
  ];
}

export async function emails(ctx: AppContext, actor: RequestActor, type?: number) {
  return rows<{
    id: number;
    email: string;
    name: string;
    type: number;
    marketId: number | null;
    shopId: number | null;
    unreplied: number;
    demo: boolean;
  }>(
    ctx.db,
    sql`SELECT m.id, m.email, m.name, m.type, m.market_id AS "marketId", m.shop_id AS "shopId", m.demo,
               (SELECT count(*)::int FROM mail_dialogues d WHERE d.mailbox_id = m.id AND NOT d.archived AND d.status = 0) AS unreplied
          FROM mail_mailboxes m
         WHERE m.deleted_at IS NULL AND ${mailboxVisible(actor)} ${type ? sql`AND m.type = ${type}` : sql``}
         ORDER BY lower(m.email)`,
  );
}

export async function statuses(
  ctx: AppContext,
  actor: RequestActor,
  q: { mailBoxId?: number; type: number; dialogueTypes?: number[] },
) {
  const counts = await rows<{ s: number; n: number }>(
    ctx.db,
    sql`SELECT d.status AS s, count(*)::int AS n FROM mail_dialogues d JOIN mail_mailboxes m ON m.id = d.mailbox_id
         WHERE ${mailboxVisible(actor)} ${q.type ? sql`AND m.type = ${q.type}` : sql``} AND NOT d.archived
               ${q.dialogueTypes?.length ? sql`AND d.dialogue_type IN ${intSet(q.dialogueTypes)}` : sql``} ${q.mailBoxId ? sql`AND d.mailbox_id = ${q.mailBoxId}` : sql``}
         GROUP BY d.status`,
  );
  const by = new Map(counts.map((c) => [c.s, c.n]));
  return [
    { id: -1, name: '全部', nameEn: 'All', count: counts.reduce((s, c) => s + c.n, 0) },
    ...MAIL_STATUSES.map((s) => ({ id: s.id, name: s.zh, nameEn: s.en, count: by.get(s.id) ?? 0 })),
  ];
}

export const dialogueTypeList = () => DIALOGUE_TYPES.map((t) => ({ id: t.id, name: t.zh, nameEn: t.en }));

/** Markets with dialogues, for a mailbox chosen by address or by id, or every mailbox of a type. */
async function marketCounts(ctx: AppContext, actor: RequestActor, mailboxCond: SQL) {
  const r = await rows<{ market_id: number; total: number; unreplied: number }>(
    ctx.db,
    sql`SELECT d.market_id, count(*)::int AS total, count(*) FILTER (WHERE d.status = 0 AND NOT d.archived)::int AS unreplied
          FROM mail_dialogues d JOIN mail_mailboxes m ON m.id = d.mailbox_id
         WHERE ${mailboxVisible(actor)} AND ${mailboxCond} AND d.market_id IS NOT NULL
         GROUP BY d.market_id ORDER BY d.market_id`,
  );
  return r.map((x) => ({
    marketId: x.market_id,
    code: MARKETS.find((mk) => mk.id === x.market_id)?.code ?? String(x.market_id),
    total: x.total,
    unreplied: x.unreplied,
  }));
}

async function buyerCounts(ctx: AppContext, actor: RequestActor, mailboxCond: SQL, marketId: number) {
  const r = await rows<{ buyer_email: string; buyer_name: string; dialogues: number; unreplied: number; last: Date }>(
    ctx.db,
    sql`SELECT lower(d.buyer_email) AS buyer_email, max(d.buyer_name) AS buyer_name, count(*)::int AS dialogues,
               count(*) FILTER (WHERE d.status = 0 AND NOT d.archived)::int AS unreplied, max(d.last_message_at) AS last
          FROM mail_dialogues d JOIN mail_mailboxes m ON m.id = d.mailbox_id
         WHERE ${mailboxVisible(actor)} AND ${mailboxCond} AND d.market_id = ${marketId}
         GROUP BY lower(d.buyer_email) ORDER BY max(d.last_message_at) DESC LIMIT 500`,
  );
  return r.map((x) => ({
    buyerEmail: x.buyer_email,
    buyerName: x.buyer_name,
    dialogues: x.dialogues,
    unreplied: x.unreplied,
    lastMessageAt: iso(x.last) as string,
  }));
}

const byAddress = (email: string) => sql`m.deleted_at IS NULL AND lower(m.email) = lower(${email})`;
const qaBoxes = (mailBoxId?: number) => sql`m.type = 2 ${mailBoxId ? sql`AND m.id = ${mailBoxId}` : sql``}`;

export const buyerMarkets = (ctx: AppContext, actor: RequestActor, email: string) => marketCounts(ctx, actor, byAddress(email));
export const buyerMarketBuyers = (ctx: AppContext, actor: RequestActor, email: string, marketId: number) =>
  buyerCounts(ctx, actor, byAddress(email), marketId);
export const qaMarkets = (ctx: AppContext, actor: RequestActor, mailBoxId?: number) =>
  marketCounts(ctx, actor, qaBoxes(mailBoxId));
export const qaMarketBuyers = (ctx: AppContext, actor: RequestActor, marketId: number, mailBoxId?: number) =>
  buyerCounts(ctx, actor, qaBoxes(mailBoxId), marketId);
