/**
 * FBA codes (/backMgr/fbacode): Amazon fulfilment centres per marketplace. A code is stored
 * upper-case and is unique per marketplace (409 on the code field otherwise). Every write is
 * audited.
 */
import type { backMgrFbaCodes, EndpointQuery } from '@bo/contract';
import type { FbaCode, FbaCodeBody } from '@bo/contract/backmgr/fba-codes';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { likeContains, orderBy, pageOf } from '../../../db/sql';
import { audit } from '../../../platform/audit/audit.service';
import type { RequestActor } from '../../../platform/auth/actor';
import type { AppContext } from '../../../platform/context';
import { fieldConflict, notFound } from '../../../platform/errors';

type ListQuery = EndpointQuery<typeof backMgrFbaCodes.list>;

const SELECT = sql`SELECT f.id, f.code, f.market_id, f.name, f.address, f.country, f.enabled,
  to_char(f.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS updated_at`;

interface Raw extends Record<string, unknown> {
  id: number;
  code: string;
  market_id: number;
  name: string;
  address: string;
  country: string;
  enabled: boolean;
  updated_at: string;
}

const toCode = (r: Raw): FbaCode => ({
  id: Number(r.id),
  code: r.code,
  marketId: Number(r.market_id),
  name: r.name,
  address: r.address,
  country: r.country,
  enabled: r.enabled,
  updatedAt: r.updated_at,
});

const SORTS = { code: sql`f.code`, marketId: sql`f.market_id`, updatedAt: sql`f.updated_at` };

export async function list(ctx: AppContext, q: ListQuery) {
  const where: SQL[] = [sql`TRUE`];
  if (q.keyword) {
    const k = likeContains(q.keyword);
    where.push(sql`(f.code ILIKE ${k} OR f.name ILIKE ${k} OR f.address ILIKE ${k})`);
  }
  if (q.marketId !== undefined) where.push(sql`f.market_id = ${q.marketId}`);
  if (q.enabled) where.push(sql`f.enabled = ${q.enabled === 'true'}`);
  const { rows, total } = await pageOf<Raw>(
    ctx.db,
    {
      select: SELECT,
      from: sql`FROM fba_codes f WHERE ${sql.join(where, sql` AND `)}`,
      orderBy: orderBy(q.sortField, q.sortOrder, SORTS, sql`f.market_id, f.id`),
    },
    q,
  );
  return { list: rows.map(toCode), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

async function find(db: DbOrTx, id: number): Promise<Raw> {
  const [row] = (await db.execute<Raw>(sql`${SELECT} FROM fba_codes f WHERE f.id = ${id}`)).rows;
  if (!row) throw notFound(`no FBA code ${id}`);
  return row;
}

const taken = (b: FbaCodeBody) =>
  fieldConflict(`${b.code} exists for marketplace ${b.marketId} already`, 'code', 'backMgr.fbaCodeTaken');

export async function create(ctx: AppContext, actor: RequestActor, b: FbaCodeBody): Promise<FbaCode> {
  return ctx.db.transaction(async (tx) => {
    const [row] = (
      await tx.execute<{ id: number }>(sql`
        INSERT INTO fba_codes (code, market_id, name, address, country, enabled, updated_by)
        VALUES (${b.code}, ${b.marketId}, ${b.name}, ${b.address}, ${b.country}, ${b.enabled}, ${actor.userId})
        ON CONFLICT (market_id, code) DO NOTHING RETURNING id`)
    ).rows;
    if (!row) throw taken(b);
    await audit(tx, actor, { action: 'create', entity: 'fba_code', entityId: Number(row.id), after: b });
    return toCode(await find(tx, Number(row.id)));
  });
}

export async function update(ctx: AppContext, actor: RequestActor, id: number, b: FbaCodeBody): Promise<FbaCode> {
  return ctx.db.transaction(async (tx) => {
    const before = toCode(await find(tx, id));
    const [clash] = (
      await tx.execute(sql`SELECT id FROM fba_codes WHERE market_id = ${b.marketId} AND code = ${b.code} AND id <> ${id}`)
    ).rows;
    if (clash) throw taken(b);
    await tx.execute(sql`
      UPDATE fba_codes SET code = ${b.code}, market_id = ${b.marketId}, name = ${b.name}, address = ${b.address},
             country = ${b.country}, enabled = ${b.enabled}, updated_by = ${actor.userId}, updated_at = now()
       WHERE id = ${id}`);
    const after = toCode(await find(tx, id));
    await audit(tx, actor, { action: 'update', entity: 'fba_code', entityId: id, before, after });
    return after;
  });
}

export async function remove(ctx: AppContext, actor: RequestActor, id: number): Promise<null> {
  return ctx.db.transaction(async (tx) => {
    const before = toCode(await find(tx, id));
    await tx.execute(sql`DELETE FROM fba_codes WHERE id = ${id}`);
    await audit(tx, actor, { action: 'delete', entity: 'fba_code', entityId: id, before });
    return null;
  });
}
