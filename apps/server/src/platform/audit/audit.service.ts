import type { AuditAction, AuditEntity } from '@bo/contract/access/audit-codes';
import type { DbOrTx } from '../../db/client';
import { isInternal, type RequestActor } from '../auth/actor';
import type { AppContext } from '../context';
import { type AuditQuery, pageOfAudit } from './audit.repository';
import { auditLog } from './audit.table';

export interface AuditEntry {
  action: AuditAction;
  entity: AuditEntity;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
}

/** Writes one audit row in the caller's transaction, so the change and its record commit together. */
/** The part of an actor an audit row records; sign-in and registration have no session yet. */
export type AuditActor = Pick<RequestActor, 'userId' | 'impersonatorUserId' | 'ip'> & { accountId: number | null };

export async function audit(db: DbOrTx, actor: AuditActor | null, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorUserId: actor?.userId ?? null,
    impersonatorUserId: actor?.impersonatorUserId ?? null,
    accountId: actor?.accountId ?? null,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    before: entry.before === undefined ? null : (entry.before as object),
    after: entry.after === undefined ? null : (entry.after as object),
    ip: actor?.ip ?? null,
  });
}

/** The log, newest first: the internal account reads every account's rows, an external one its own. */
export async function listAudit(ctx: AppContext, actor: RequestActor, q: AuditQuery) {
  const { rows, total } = await pageOfAudit(ctx.db, isInternal(actor) ? null : actor.accountId, q);
  return { list: rows, total, pageNum: q.pageNum, pageSize: q.pageSize };
}
