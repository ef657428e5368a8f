/**
 * Invitation robot plans: review invitations for the orders of chosen SKUs and ASINs,
 * sent by the automation engine under the review rules (5 to 30 days after delivery, one
 * request per order across every task and plan, no open return, refund or RMA).
 * Visibility, vetting, versions and audit as for auto mails.
 */
import type { createInviteBody, listInvitePlans, updateInviteBody } from '@bo/contract/mail/automation';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client';
import { likeContains, pageOf } from '../../../db/sql';
import { audit } from '../../../platform/audit/audit.service';
import type { RequestActor } from '../../../platform/auth/actor';
import type { AppContext } from '../../../platform/context';
import { fieldConflict, staleVersion } from '../../../platform/errors';
import { listingSkus } from '../../catalog/catalog.reads';
import type { ShopScope } from '../../shops/shops/shop-scope';
import { shopDirectory } from '../../shops/shops.reads';
import { authorisedForAutoMail } from '../mailboxes/mailboxes.service';
import { assertMailbox, assertShop, iso, vetText } from './common';
import { planStore } from './plan-store';
import { textArray } from './sql-arrays';

type CreateBody = z.infer<typeof createInviteBody>;
type UpdateBody = z.infer<typeof updateInviteBody>;
type ListBody = z.infer<(typeof listInvitePlans)['body']>;

interface Raw extends Record<string, unknown> {
  id: number;
  name: string;
  shop_id: number;
  shop_name: string | null;
  mailbox_id: number;
  mailbox_email: string | null;
  skus: string[];
  asins: string[];
  subject: string;
  body: string;
  days_after_delivery: number;
  send_hour_from: number;
  send_hour_to: number;
  enabled: boolean;
  sent: number;
  version: number;
  updated_at: Date;
}

const SELECT = sql`
  SELECT p.*, s.name AS shop_name, m.email AS mailbox_email,
         (SELECT count(*)::int FROM mail_auto_sends x WHERE x.source = 'invite' AND x.task_id = p.id AND x.state = 'sent') AS sent
    FROM mail_invite_plans p LEFT JOIN ${shopDirectory} s ON s.id = p.shop_id LEFT JOIN mail_mailboxes m ON m.id = p.mailbox_id`;

const toRow = (r: Raw) => ({
  id: r.id,
  name: r.name,
  shopId: r.shop_id,
  shopName: r.shop_name,
  mailboxId: r.mailbox_id,
  mailboxEmail: r.mailbox_email,
  skus: r.skus,
  asins: r.asins,
  daysAfterDelivery: r.days_after_delivery,
  sendHourFrom: r.send_hour_from,
  sendHourTo: r.send_hour_to,
  enabled: r.enabled,
  sent: Number(r.sent),
  version: r.version,
  updatedAt: iso(r.updated_at) as string,
});

const store = planStore<Raw>({
  table: 'mail_invite_plans',
  alias: 'p',
  select: SELECT,
  source: 'invite',
  noun: 'invitation plan',
  entity: 'mail_invite_plan',
  deleteAction: 'invitePlan.delete',
  deletedReason: 'the plan was deleted',
  switch: { column: 'enabled', off: sql`false` },
  copied: 'skus, asins, subject, body, days_after_delivery, send_hour_from, send_hour_to',
  copyAction: 'invitePlan.copy',
  mailboxGone: 'the mailbox of this plan is removed or disabled: choose another before turning it on',
});
const { find, lockNames } = store;

export async function list(ctx: AppContext, actor: RequestActor, scope: ShopScope, q: ListBody) {
  const filters = q.enabled === undefined ? [] : [sql`p.enabled = ${q.enabled}`];
  const { rows, total } = await store.page(ctx.db, actor, scope, q, filters, sql`r.updated_at DESC, r.id DESC`);
  return { list: rows.map(toRow), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

export async function get(ctx: AppContext, actor: RequestActor, scope: ShopScope, id: number) {
  const r = await find(ctx.db, actor, scope, id);
  return { ...toRow(r), subject: r.subject, body: r.body };
}

export async function emails(ctx: AppContext, actor: RequestActor, shopId?: number) {
  const rows = (await authorisedForAutoMail(ctx, actor, shopId)) as {
    id: number;
    email: string;
    name: string;
    shopId: number | null;
  }[];
  return rows.map((r) => ({ id: r.id, email: r.email, name: r.name, shopId: r.shopId }));
}

async function nameTaken(tx: DbOrTx, accountId: number, name: string, exceptId: number | null) {
  if (await store.nameTaken(tx, accountId, name, exceptId))
    throw fieldConflict(`an invitation plan named ${name} exists`, 'name', 'nameTaken');
}

const audited = (b: CreateBody, body: string) => ({ ...b, body });

export async function create(ctx: AppContext, actor: RequestActor, scope: ShopScope, b: CreateBody) {
  const { body, issues } = vetText(b.subject, b.body);
  assertShop(scope, b.shopId);
  return ctx.db.transaction(async (tx) => {
    await assertMailbox(tx, actor, b.mailboxId, b.shopId);
    await lockNames(tx, actor);
    await nameTaken(tx, actor.accountId, b.name, null);
    const res = await tx.execute<{ id: number }>(sql`
      INSERT INTO mail_invite_plans (account_id, shop_id, mailbox_id, name, skus, asins, subject, body, days_after_delivery,
                                     send_hour_from, send_hour_to, enabled, created_by, updated_by)
      VALUES (${actor.accountId}, ${b.shopId}, ${b.mailboxId}, ${b.name}, ${textArray(b.skus)}, ${textArray(b.asins)}, ${b.subject}, ${body},
              ${b.daysAfterDelivery}, ${b.sendHourFrom}, ${b.sendHourTo}, false, ${actor.userId}, ${actor.userId})
      RETURNING id`);
    const id = Number(res.rows[0]?.id);
    await audit(tx, actor, { action: 'invitePlan.create', entity: 'mail_invite_plan', entityId: id, after: audited(b, body) });
    return { id, version: 1, issues };
  });
}

export async function update(ctx: AppContext, actor: RequestActor, scope: ShopScope, b: UpdateBody) {
  const { body, issues } = vetText(b.subject, b.body);
  assertShop(scope, b.shopId);
  return ctx.db.transaction(async (tx) => {
    await lockNames(tx, actor);
    const old = await find(tx, actor, scope, b.id, true);
    if (old.version !== b.version) throw staleVersion();
    await assertMailbox(tx, actor, b.mailboxId, b.shopId);
    await nameTaken(tx, actor.accountId, b.name, b.id);
    await tx.execute(sql`
      UPDATE mail_invite_plans SET shop_id = ${b.shopId}, mailbox_id = ${b.mailboxId}, name = ${b.name}, skus = ${textArray(b.skus)},
             asins = ${textArray(b.asins)}, subject = ${b.subject}, body = ${body}, days_after_delivery = ${b.daysAfterDelivery},
             send_hour_from = ${b.sendHourFrom}, send_hour_to = ${b.sendHourTo}, version = version + 1,
             updated_by = ${actor.userId}, updated_at = now()
       WHERE id = ${b.id}`);
    await audit(tx, actor, {
      action: 'invitePlan.update',
      entity: 'mail_invite_plan',
      entityId: b.id,
      before: { name: old.name, subject: old.subject, body: old.body, skus: old.skus, asins: old.asins },
      after: audited(b, body),
    });
    return { id: b.id, version: b.version + 1, issues };
  });
}

export async function operate(ctx: AppContext, actor: RequestActor, scope: ShopScope, b: { id: number; enabled: boolean }) {
  const action = b.enabled ? 'invitePlan.on' : 'invitePlan.off';
  const version = await store.turn(ctx, actor, scope, b.id, { on: b.enabled, value: b.enabled, action });
  return { enabled: b.enabled, version };
}

export const copy = store.copy;

export const remove = store.remove;

export async function skuPage(
  ctx: AppContext,
  scope: ShopScope,
  q: { shopId: number; keyword?: string; pageNum: number; pageSize: number },
) {
  assertShop(scope, q.shopId);
  const kw = q.keyword
    ? sql`AND (l.sku ILIKE ${likeContains(q.keyword)} OR l.asin ILIKE ${likeContains(q.keyword)} OR l.title ILIKE ${likeContains(q.keyword)})`
    : sql``;
  const { rows, total } = await pageOf<{ sku: string; asin: string; title: string }>(
    ctx.db,
    {
      select: sql`SELECT l.sku, l.asin, l.title`,
      from: sql`FROM ${listingSkus} l WHERE l.shop_id = ${q.shopId} ${kw}`,
      orderBy: sql`l.sku, l.asin`,
    },
    q,
  );
  return {
    list: rows.map((r) => ({ sku: r.sku, asin: r.asin, title: r.title })),
    total,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
  };
}

export async function skus(ctx: AppContext, actor: RequestActor, scope: ShopScope, id: number) {
  const p = await find(ctx.db, actor, scope, id);
  const res = await ctx.db.execute<{ sku: string; asin: string; sent: number; skipped: number }>(sql`
    SELECT l.sku, l.asin,
           (SELECT count(*)::int FROM mail_auto_sends x JOIN orders o ON o.id = x.order_row_id
             WHERE x.source = 'invite' AND x.task_id = ${id} AND x.state = 'sent' AND o.sku = l.sku AND o.asin = l.asin) AS sent,
           (SELECT count(*)::int FROM mail_auto_sends x JOIN orders o ON o.id = x.order_row_id
             WHERE x.source = 'invite' AND x.task_id = ${id} AND x.state = 'skipped' AND o.sku = l.sku AND o.asin = l.asin) AS skipped
      FROM ${listingSkus} l
     WHERE l.shop_id = ${p.shop_id} AND (l.sku = ANY(${textArray(p.skus)}) OR l.asin = ANY(${textArray(p.asins)}))
     ORDER BY l.sku, l.asin`);
  return res.rows.map((r) => ({ sku: r.sku, asin: r.asin, sent: Number(r.sent), skipped: Number(r.skipped) }));
}
