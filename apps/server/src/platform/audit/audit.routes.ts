import { users as ep, history, INTERNAL_ACCOUNT_ID } from '@bo/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { bind } from '../http/binder';
import { recordHistory } from './history.service';

/** The audit log, newest first; an external account reads only its own rows. */
export function auditRoutes(app: FastifyInstance, ctx: AppContext): void {
  bind(app, ep.listAudit, async ({ query: q, actor }) => {
    const scope = actor.accountId === INTERNAL_ACCOUNT_ID ? sql`true` : sql`a.account_id = ${actor.accountId}`;
    const like = (v?: string) => (v ? `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null);
    const res = await ctx.db.execute<{
      id: number;
      at: string;
      actor: string | null;
      impersonator: string | null;
      action: string;
      entity: string;
      entityId: string | null;
      before: unknown;
      after: unknown;
      ip: string | null;
      total: number;
    }>(sql`
      SELECT a.id, to_char(a.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at,
             u.login_name AS actor, iu.login_name AS impersonator, a.action, a.entity, a.entity_id AS "entityId",
             a.before, a.after, a.ip, count(*) OVER ()::int AS total
        FROM audit_log a
        LEFT JOIN users u ON u.id = a.actor_user_id
        LEFT JOIN users iu ON iu.id = a.impersonator_user_id
       WHERE ${scope}
         AND (${like(q.actor)}::text IS NULL OR u.login_name ILIKE ${like(q.actor)} OR iu.login_name ILIKE ${like(q.actor)})
         AND (${like(q.action)}::text IS NULL OR a.action ILIKE ${like(q.action)})
         AND (${q.entity ?? null}::text IS NULL OR a.entity = ${q.entity ?? null})
         AND (${q.from ?? null}::timestamptz IS NULL OR a.at >= ${q.from ?? null}::timestamptz)
         AND (${q.to ?? null}::timestamptz IS NULL OR a.at < ${q.to ?? null}::timestamptz)
         AND (${q.godViewOnly === 'true'} = false OR a.impersonator_user_id IS NOT NULL)
       ORDER BY a.id DESC
       LIMIT ${q.pageSize} OFFSET ${(q.pageNum - 1) * q.pageSize}`);
    return {
      list: res.rows.map(({ total: _t, ...r }) => ({ ...r, id: Number(r.id) })),
      total: res.rows[0]?.total ?? 0,
      pageNum: q.pageNum,
      pageSize: q.pageSize,
    };
  });

  // One record's history: the entity's reader decides who may read it (history.registry.ts).
  bind(app, history.getRecordHistory, async ({ params, query, actor }) =>
    recordHistory(ctx, actor, params.entity, params.entityId, query),
  );
}
