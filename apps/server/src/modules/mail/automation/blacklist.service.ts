/**
 * The customer blacklist (/blacklist) over `mail_buyer_blocks`, which every automatic mail
 * honours (engine.ts: auto mails and invitations skip a blocked buyer). Rules:
 * - An entry belongs to the caller's company account: a user sees, adds and removes only
 *   the entries of their own account (another account's entry does not exist: 404).
 * - Addresses are stored lower-cased (the engine compares lower-cased); one entry per
 *   address and account (409 on a second one, whatever its source).
 * - An unsubscribe is the buyer's own wish: shown, never removed here (409).
 * - Every write has an audit row.
 */
import type { EndpointBody, EndpointQuery, mailBlacklist } from '@bo/contract';
import type { BlacklistEntry } from '@bo/contract/mail/blacklist';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { likeContains, limitOffset } from '../../../db/sql';
import { audit } from '../../../platform/audit/audit.service';
import type { RequestActor } from '../../../platform/auth/actor';
import type { AppContext } from '../../../platform/context';
import { conflict, fieldConflict, notFound } from '../../../platform/errors';

type ListQuery = EndpointQuery<typeof mailBlacklist.list>;
type CreateBody = EndpointBody<typeof mailBlacklist.create>;

interface Raw extends Record<string, unknown> {
  id: number;
  email: string;
  reason: string;
  source: BlacklistEntry['source'];
  created_by: string | null;
  created_at: string;
}

const toEntry = (r: Raw): BlacklistEntry => ({
  id: Number(r.id),
  email: r.email,
  reason: r.reason,
  source: r.source,
  createdBy: r.created_by,
  createdAt: r.created_at,
});

const SELECT = sql`
  SELECT b.id, b.email, b.reason, b.source, u.user_name AS created_by,
         to_char(b.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at
    FROM mail_buyer_blocks b LEFT JOIN users u ON u.id = b.created_by`;

export async function list(ctx: AppContext, actor: RequestActor, q: ListQuery) {
  const where: SQL[] = [sql`b.account_id = ${actor.accountId}`];
  if (q.keyword) where.push(sql`(b.email ILIKE ${likeContains(q.keyword)} OR b.reason ILIKE ${likeContains(q.keyword)})`);
  if (q.source) where.push(sql`b.source = ${q.source}`);
  const cond = sql.join(where, sql` AND `);
  const [rows, count] = await Promise.all([
    ctx.db.execute<Raw>(sql`${SELECT} WHERE ${cond}
      ORDER BY ${sql.raw(q.sortField === 'email' ? 'b.email' : 'b.created_at')} ${q.sortOrder === 'asc' ? sql`ASC` : sql`DESC`}, b.id ${q.sortOrder === 'asc' ? sql`ASC` : sql`DESC`}
      ${limitOffset(q)}`),
    ctx.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM mail_buyer_blocks b WHERE ${cond}`),
  ]);
  return { list: rows.rows.map(toEntry), total: Number(count.rows[0]?.n ?? 0), pageNum: q.pageNum, pageSize: q.pageSize };
}

async function find(db: DbOrTx, actor: RequestActor, id: number): Promise<Raw> {
  const [row] = (await db.execute<Raw>(sql`${SELECT} WHERE b.id = ${id} AND b.account_id = ${actor.accountId}`)).rows;
  if (!row) throw notFound(`no blacklist entry ${id}`);
  return row;
}

export async function create(ctx: AppContext, actor: RequestActor, b: CreateBody): Promise<BlacklistEntry> {
  const email = b.email.trim().toLowerCase();
  return ctx.db.transaction(async (tx) => {
    const res = await tx.execute<{ id: number }>(sql`
      INSERT INTO mail_buyer_blocks (account_id, email, reason, source, created_by)
      VALUES (${actor.accountId}, ${email}, ${b.reason}, 'manual', ${actor.userId})
      ON CONFLICT (account_id, email) DO NOTHING RETURNING id`);
    const id = res.rows[0]?.id;
    if (id === undefined) {
      const [old] = (
        await tx.execute<{ source: string }>(
          sql`SELECT source FROM mail_buyer_blocks WHERE account_id = ${actor.accountId} AND email = ${email}`,
        )
      ).rows;
      throw fieldConflict(
        old?.source === 'unsubscribe' ? `${email} unsubscribed already` : `${email} is on the blacklist already`,
        'email',
        'mail.addressListed',
      );
    }
    await audit(tx, actor, {
      action: 'mailBlacklist.create',
      entity: 'mail_buyer_block',
      entityId: Number(id),
      after: { email, reason: b.reason },
    });
    return toEntry(await find(tx, actor, Number(id)));
  });
}

export async function remove(ctx: AppContext, actor: RequestActor, id: number): Promise<null> {
  return ctx.db.transaction(async (tx) => {
    const row = await find(tx, actor, id);
    if (row.source === 'unsubscribe') {
      throw conflict(`${row.email} unsubscribed: only the buyer can ask for mail again`);
    }
    await tx.execute(sql`DELETE FROM mail_buyer_blocks WHERE id = ${id} AND account_id = ${actor.accountId}`);
    await audit(tx, actor, {
      action: 'mailBlacklist.delete',
      entity: 'mail_buyer_block',
      entityId: id,
      before: { email: row.email, reason: row.reason },
    });
    return null;
  });
}
