/**
 * Fetched mail that could not be stored (fetch.job.ts records it): listed on the mailbox
 * configuration screen, and tried again on request by a user with the mailbox edit
 * permission. Visibility is the mailbox's (shared/scope.ts): anything else is 404.
 */
import type { FetchFailure } from '@bo/contract/mail/mailboxes';
import { sql } from 'drizzle-orm';
import { audit } from '../../../platform/audit/audit.service';
import type { RequestActor } from '../../../platform/auth/actor';
import type { AppContext } from '../../../platform/context';
import { notFound } from '../../../platform/errors';
import { mailboxVisible } from '../shared/scope';
import { queueFetch } from './fetch.job';

const columns = sql`f.id, f.mailbox_id AS "mailboxId", f.uid, f.subject, f.from_email AS "fromEmail", f.size, f.error,
  f.attempts, f.state, f.first_failed_at AS "firstFailedAt", f.last_failed_at AS "lastFailedAt"`;

type Raw = Omit<FetchFailure, 'firstFailedAt' | 'lastFailedAt'> & { firstFailedAt: Date; lastFailedAt: Date };
const toFailure = (r: Raw): FetchFailure => ({
  ...r,
  firstFailedAt: new Date(r.firstFailedAt).toISOString(),
  lastFailedAt: new Date(r.lastFailedAt).toISOString(),
});

/** The failures under the mailbox's current UIDVALIDITY: set-aside mail first, then by UID. */
export async function listFetchFailures(ctx: AppContext, actor: RequestActor, mailboxId: number): Promise<FetchFailure[]> {
  const box = await ctx.db.execute(
    sql`SELECT 1 FROM mail_mailboxes m WHERE m.id = ${mailboxId} AND m.deleted_at IS NULL AND ${mailboxVisible(actor)}`,
  );
  if (!box.rows.length) throw notFound('mailbox not found');
  const res = await ctx.db.execute<Raw>(sql`
    SELECT ${columns} FROM mail_fetch_failures f JOIN mail_mailboxes m ON m.id = f.mailbox_id
     WHERE f.mailbox_id = ${mailboxId} AND f.uid_validity = m.uid_validity
     ORDER BY (f.state = 'set_aside') DESC, f.uid LIMIT 500`);
  return res.rows.map(toFailure);
}

/** Starts the attempts of one failure over and queues a fetch of its mailbox now. */
export async function retryFetchFailure(ctx: AppContext, actor: RequestActor, id: number): Promise<FetchFailure> {
  return ctx.db.transaction(async (tx) => {
    const res = await tx.execute<Raw>(sql`
      UPDATE mail_fetch_failures f SET state = 'retry', attempts = 0
        FROM mail_mailboxes m
       WHERE f.id = ${id} AND m.id = f.mailbox_id AND m.deleted_at IS NULL AND ${mailboxVisible(actor)}
      RETURNING ${columns}`);
    const row = res.rows[0];
    if (!row) throw notFound('no such failed mail');
    await queueFetch({ db: tx }, row.mailboxId);
    await audit(tx, actor, {
      action: 'retry_fetch',
      entity: 'mail_mailbox',
      entityId: row.mailboxId,
      after: { uid: row.uid, subject: row.subject, error: row.error },
    });
    return toFailure(row);
  });
}
