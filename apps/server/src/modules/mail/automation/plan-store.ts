/**
 * What the auto-mail (smart mail task) and invitation plan services share: both keep named,
 * versioned rows of an account's shops that the engine sends from. Who sees a row (the
 * account's, of a shop in the caller's scope; another one is 404), one row (optionally locked),
 * a page of them under the common filters, whether a name is taken (case-insensitive, per
 * account), the per-account lock that makes that check hold until the transaction ends, the
 * name of a copy, whether a mailbox can still send, copying a row, turning one on and off, and
 * deletion (the queued sends of a deleted row are skipped, never sent).
 */
import type { AuditAction, AuditEntity } from '@bo/contract/access/audit-codes';
import { lintTemplate } from '@bo/contract/mail/messaging-rules';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { likeContains, pageOf } from '../../../db/sql';
import { audit } from '../../../platform/audit/audit.service';
import type { RequestActor } from '../../../platform/auth/actor';
import type { AppContext } from '../../../platform/context';
import { conflict, notFound } from '../../../platform/errors';
import { type ShopScope, shopIn } from '../../shops/shops/shop-scope';
import { vetText } from './common';

interface Spec {
  table: 'mail_auto_mails' | 'mail_invite_plans';
  /** The table's alias in `select`. */
  alias: 'a' | 'p';
  /** SELECT … FROM the table AS alias with its joins, no WHERE. */
  select: SQL;
  /** The rows' source in mail_auto_sends. */
  source: 'autoMail' | 'invite';
  /** In messages: "no auto mail 12". */
  noun: string;
  /** Audit: the entity and the deletion's action. */
  entity: AuditEntity;
  deleteAction: AuditAction;
  /** Why a deleted row's queued sends were skipped. */
  deletedReason: string;
  /** The column that turns a row on and off, and its value for a row that is off. */
  switch: { column: 'state' | 'enabled'; off: SQL };
  /** The columns a copy takes as they are, between the name and the switch. */
  copied: string;
  /** Audit: the copy's action. */
  copyAction: AuditAction;
  /** Why a row whose mailbox is gone is not turned on. */
  mailboxGone: string;
}

/** A copy's name is at most as long as a name may be. */
const NAME_MAX = 80;

export function planStore<
  Raw extends Record<string, unknown> & { name: string; subject: string; body: string; mailbox_id: number; version: number },
>(spec: Spec) {
  const table = sql.raw(spec.table);
  const col = (c: string) => sql.raw(`${spec.alias}.${c}`);

  const visible = (actor: RequestActor, scope: ShopScope): SQL =>
    scope.shopIds.length ? sql`${col('account_id')} = ${actor.accountId} AND ${shopIn(col('shop_id'), scope)}` : sql`FALSE`;

  async function find(db: DbOrTx, actor: RequestActor, scope: ShopScope, id: number, lock = false): Promise<Raw> {
    const res = await db.execute<Record<string, unknown>>(
      sql`${spec.select} WHERE ${col('id')} = ${id} AND ${visible(actor, scope)} ${lock ? sql`FOR UPDATE OF ${sql.raw(spec.alias)}` : sql``}`,
    );
    const r = res.rows[0];
    if (!r) throw notFound(`no ${spec.noun} ${id}`);
    return r as Raw;
  }

  /**
   * A page of the rows the caller sees: a keyword in the name or subject, a shop, and the
   * service's own filters; `orderBy` names the columns of the row as `r.…`.
   */
  function page(
    db: DbOrTx,
    actor: RequestActor,
    scope: ShopScope,
    q: { keyword?: string | undefined; shopId?: number | undefined; pageNum: number; pageSize: number },
    filters: readonly SQL[],
    orderBy: SQL,
  ) {
    const where: SQL[] = [visible(actor, scope), ...filters];
    if (q.keyword)
      where.push(sql`(${col('name')} ILIKE ${likeContains(q.keyword)} OR ${col('subject')} ILIKE ${likeContains(q.keyword)})`);
    if (q.shopId) where.push(sql`${col('shop_id')} = ${q.shopId}`);
    return pageOf<Raw>(
      db,
      { select: sql`SELECT r.*`, from: sql`FROM (${spec.select} WHERE ${sql.join(where, sql` AND `)}) r`, orderBy },
      q,
    );
  }

  async function nameTaken(db: DbOrTx, accountId: number, name: string, exceptId: number | null): Promise<boolean> {
    const res = await db.execute(sql`
      SELECT 1 FROM ${table} WHERE account_id = ${accountId} AND lower(name) = lower(${name})
         ${exceptId === null ? sql`` : sql`AND id <> ${exceptId}`}`);
    return res.rows.length > 0;
  }

  /** Held until the transaction ends: two saves of one account cannot both take a free name. */
  const lockNames = (tx: DbOrTx, actor: RequestActor) =>
    tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${spec.table}), ${actor.accountId})`);

  /** "Name (copy)", else "Name (copy 2)", … : the first one free (under `lockNames`). */
  async function copyName(tx: DbOrTx, accountId: number, name: string): Promise<string> {
    let copy = `${name} (copy)`.slice(0, NAME_MAX);
    for (let n = 2; await nameTaken(tx, accountId, copy, null); n++) copy = `${name} (copy ${n})`.slice(0, NAME_MAX);
    return copy;
  }

  /** The mailbox still exists and is enabled (turning a row on needs it). */
  async function mailboxUsable(tx: DbOrTx, mailboxId: number): Promise<boolean> {
    const res = await tx.execute(sql`SELECT 1 FROM mail_mailboxes WHERE id = ${mailboxId} AND deleted_at IS NULL AND enabled`);
    return res.rows.length > 0;
  }

  async function remove(ctx: AppContext, actor: RequestActor, scope: ShopScope, id: number): Promise<null> {
    await ctx.db.transaction(async (tx) => {
      const old = await find(tx, actor, scope, id, true);
      await tx.execute(sql`DELETE FROM ${table} WHERE id = ${id}`);
      // Mails not yet handed over stay unsent.
      await tx.execute(
        sql`UPDATE mail_auto_sends SET state = 'skipped', reason = ${spec.deletedReason} WHERE source = ${spec.source} AND task_id = ${id} AND state = 'queued'`,
      );
      await audit(tx, actor, { action: spec.deleteAction, entity: spec.entity, entityId: id, before: { name: old.name } });
    });
    return null;
  }

  /** A copy of row `id` under the first free copy name, turned off; audited as the spec's copy action. */
  async function copy(ctx: AppContext, actor: RequestActor, scope: ShopScope, id: number) {
    return ctx.db.transaction(async (tx) => {
      await lockNames(tx, actor);
      const old = await find(tx, actor, scope, id, true);
      const name = await copyName(tx, actor.accountId, old.name);
      const copied = sql.raw(spec.copied);
      const onOff = sql.raw(spec.switch.column);
      const res = await tx.execute<{ id: number }>(sql`
        INSERT INTO ${table} (account_id, shop_id, mailbox_id, name, ${copied}, ${onOff}, created_by, updated_by)
        SELECT account_id, shop_id, mailbox_id, ${name}, ${copied}, ${spec.switch.off}, ${actor.userId}, ${actor.userId}
          FROM ${table} WHERE id = ${id}
        RETURNING id`);
      const newId = Number(res.rows[0]?.id);
      await audit(tx, actor, { action: spec.copyAction, entity: spec.entity, entityId: newId, after: { from: id, name } });
      return { id: newId, version: 1, issues: lintTemplate({ subject: old.subject, body: old.body }) };
    });
  }

  /**
   * Sets the switch column of row `id` to `value`; turning it on (`on`) vets the text again and
   * needs a usable mailbox. Audited as `action`; answers the row's new version.
   */
  async function turn(
    ctx: AppContext,
    actor: RequestActor,
    scope: ShopScope,
    id: number,
    to: { on: boolean; value: number | boolean; action: AuditAction },
  ): Promise<number> {
    return ctx.db.transaction(async (tx) => {
      const old = await find(tx, actor, scope, id, true);
      if (to.on) {
        vetText(old.subject, old.body);
        if (!(await mailboxUsable(tx, old.mailbox_id))) throw conflict(spec.mailboxGone);
      }
      const column = spec.switch.column;
      await tx.execute(
        sql`UPDATE ${table} SET ${sql.raw(column)} = ${to.value}, version = version + 1, updated_by = ${actor.userId}, updated_at = now() WHERE id = ${id}`,
      );
      await audit(tx, actor, {
        action: to.action,
        entity: spec.entity,
        entityId: id,
        before: { [column]: old[column] },
        after: { [column]: to.value },
      });
      return old.version + 1;
    });
  }

  return { visible, find, page, nameTaken, lockNames, copyName, mailboxUsable, remove, copy, turn };
}
