/**
 * Company values (docs/growth.md "Values"): read by every staff member holding the growth pages,
 * written by the administrator only. Names are unique per account in each language (409 on the
 * field). A removed value stays in the cycles that scored it: a cycle keeps its dimensions.
 */
import type { CompanyValue, CompanyValueBody, CompanyValueUpdateBody } from '@bo/contract/growth/values';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { likeContains } from '../../db/sql';
import { audit } from '../../platform/audit/audit.service';
import type { RequestActor } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';
import { fieldConflict, forbidden, notFound, staleVersion } from '../../platform/errors';
import { userDirectory } from '../access/access.reads';
import { isAdmin, requireStaff } from './reviews.service';

interface ValueRow extends Record<string, unknown> {
  id: number;
  name_zh: string;
  name_en: string;
  description: string;
  behaviours: string[];
  sort: number;
  active: boolean;
  version: number;
  updated_by: string | null;
  updated_at: string;
}

const SELECT = sql`
  SELECT v.id, v.name_zh, v.name_en, v.description, v.behaviours, v.sort, v.active, v.version, ub.user_name AS updated_by,
         to_char(v.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS updated_at
    FROM growth_values v LEFT JOIN ${userDirectory} ub ON ub.id = v.updated_by`;

const toValue = (v: ValueRow): CompanyValue => ({
  id: Number(v.id),
  nameZh: v.name_zh,
  nameEn: v.name_en,
  description: v.description,
  behaviours: v.behaviours ?? [],
  sort: Number(v.sort),
  active: v.active,
  version: Number(v.version),
  updatedBy: v.updated_by,
  updatedAt: v.updated_at,
});

async function one(db: DbOrTx, accountId: number, id: number, lock = false) {
  if (lock) await db.execute(sql`SELECT id FROM growth_values WHERE id = ${id} AND account_id = ${accountId} FOR UPDATE`);
  const r = await db.execute<ValueRow>(sql`${SELECT} WHERE v.id = ${id} AND v.account_id = ${accountId}`);
  return r.rows[0] ?? null;
}

function requireAdmin(actor: RequestActor) {
  requireStaff(actor);
  if (!isAdmin(actor)) throw forbidden('only the administrator manages the company values');
}

async function checkNames(db: DbOrTx, accountId: number, b: CompanyValueBody, id: number | null) {
  const r = await db.execute<{ zh: boolean; en: boolean }>(sql`
    SELECT bool_or(lower(name_zh) = lower(${b.nameZh})) AS zh, bool_or(lower(name_en) = lower(${b.nameEn})) AS en
      FROM growth_values WHERE account_id = ${accountId} AND id <> ${id ?? 0}`);
  if (r.rows[0]?.zh) throw fieldConflict(`a value named ${b.nameZh} exists`, 'nameZh', 'growth.valueNameTaken');
  if (r.rows[0]?.en) throw fieldConflict(`a value named ${b.nameEn} exists`, 'nameEn', 'growth.valueNameTaken');
}

const snapshot = (v: CompanyValue) => ({
  nameZh: v.nameZh,
  nameEn: v.nameEn,
  description: v.description,
  behaviours: v.behaviours,
  sort: v.sort,
  active: v.active,
});

export async function list(
  ctx: AppContext,
  actor: RequestActor,
  q: { keyword?: string | undefined; pageNum: number; pageSize: number },
) {
  requireStaff(actor);
  const like = likeContains(q.keyword);
  const where = sql`v.account_id = ${actor.accountId} ${like ? sql`AND (v.name_zh ILIKE ${like} OR v.name_en ILIKE ${like} OR v.description ILIKE ${like})` : sql``}`;
  const [rows, count] = await Promise.all([
    ctx.db.execute<ValueRow>(
      sql`${SELECT} WHERE ${where} ORDER BY v.sort, v.id LIMIT ${q.pageSize} OFFSET ${(q.pageNum - 1) * q.pageSize}`,
    ),
    ctx.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM growth_values v WHERE ${where}`),
  ]);
  return { list: rows.rows.map(toValue), total: Number(count.rows[0]?.n ?? 0), pageNum: q.pageNum, pageSize: q.pageSize };
}

export async function create(ctx: AppContext, actor: RequestActor, b: CompanyValueBody): Promise<CompanyValue> {
  requireAdmin(actor);
  return ctx.db.transaction(async (tx) => {
    await checkNames(tx, actor.accountId, b, null);
    const r = await tx.execute<{ id: number }>(sql`
      INSERT INTO growth_values (account_id, name_zh, name_en, description, behaviours, sort, active, updated_by)
      VALUES (${actor.accountId}, ${b.nameZh}, ${b.nameEn}, ${b.description}, ${JSON.stringify(b.behaviours)}::jsonb, ${b.sort},
              ${b.active}, ${actor.userId})
      RETURNING id`);
    const after = toValue((await one(tx, actor.accountId, Number(r.rows[0]?.id))) as ValueRow);
    await audit(tx, actor, { action: 'create', entity: 'growth_value', entityId: after.id, after: snapshot(after) });
    return after;
  });
}

export async function update(ctx: AppContext, actor: RequestActor, id: number, b: CompanyValueUpdateBody): Promise<CompanyValue> {
  requireAdmin(actor);
  return ctx.db.transaction(async (tx) => {
    const row = await one(tx, actor.accountId, id, true);
    if (!row) throw notFound(`no value ${id}`);
    if (Number(row.version) !== b.version) throw staleVersion();
    await checkNames(tx, actor.accountId, b, id);
    await tx.execute(sql`
      UPDATE growth_values SET name_zh = ${b.nameZh}, name_en = ${b.nameEn}, description = ${b.description},
             behaviours = ${JSON.stringify(b.behaviours)}::jsonb, sort = ${b.sort}, active = ${b.active}, updated_by = ${actor.userId},
             updated_at = now(), version = version + 1
       WHERE id = ${id}`);
    const after = toValue((await one(tx, actor.accountId, id)) as ValueRow);
    await audit(tx, actor, {
      action: 'update',
      entity: 'growth_value',
      entityId: id,
      before: snapshot(toValue(row)),
      after: snapshot(after),
    });
    return after;
  });
}

export async function remove(ctx: AppContext, actor: RequestActor, id: number): Promise<null> {
  requireAdmin(actor);
  return ctx.db.transaction(async (tx) => {
    const row = await one(tx, actor.accountId, id, true);
    if (!row) throw notFound(`no value ${id}`);
    await tx.execute(sql`DELETE FROM growth_values WHERE id = ${id}`);
    await audit(tx, actor, { action: 'delete', entity: 'growth_value', entityId: id, before: snapshot(toValue(row)) });
    return null;
  });
}
