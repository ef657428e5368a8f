/** Reads of the audit log (the writes go through audit.service's `audit`). */
import type { EndpointQuery } from '@bo/contract';
import type { listAudit } from '@bo/contract/access/users';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { likeContains, pageOf } from '../../db/sql';

export type AuditQuery = EndpointQuery<typeof listAudit>;

interface AuditRow {
  id: number | string;
  at: string;
  actor: string | null;
  impersonator: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
}

/** One page of the log, newest first; `accountId` null reads every account's rows. */
export async function pageOfAudit(db: DbOrTx, accountId: number | null, q: AuditQuery) {
  const scope = accountId === null ? sql`true` : sql`a.account_id = ${accountId}`;
  const actor = likeContains(q.actor);
  const action = likeContains(q.action);
  const { rows, total } = await pageOf<AuditRow>(
    db,
    {
      select: sql`
      SELECT a.id, to_char(a.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at,
             u.login_name AS actor, iu.login_name AS impersonator, a.action, a.entity, a.entity_id AS "entityId",
             a.before, a.after, a.ip`,
      from: sql`
        FROM audit_log a
        LEFT JOIN users u ON u.id = a.actor_user_id
        LEFT JOIN users iu ON iu.id = a.impersonator_user_id
       WHERE ${scope}
         AND (${actor}::text IS NULL OR u.login_name ILIKE ${actor} OR iu.login_name ILIKE ${actor})
         AND (${action}::text IS NULL OR a.action ILIKE ${action})
         AND (${q.entity ?? null}::text IS NULL OR a.entity = ${q.entity ?? null})
         AND (${q.from ?? null}::timestamptz IS NULL OR a.at >= ${q.from ?? null}::timestamptz)
         AND (${q.to ?? null}::timestamptz IS NULL OR a.at < ${q.to ?? null}::timestamptz)
         AND (${q.godViewOnly === 'true'} = false OR a.impersonator_user_id IS NOT NULL)`,
      orderBy: sql`a.id DESC`,
    },
    q,
  );
  return { rows: rows.map((r) => ({ ...r, id: Number(r.id) })), total };
}
