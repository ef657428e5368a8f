/**
 * Fetching: a recurring job queues one `mail.fetch` per enabled mailbox (dedupe key per
 * mailbox, so a slow fetch is never doubled); a fetch reads INBOX over IMAP from the
 * last stored UID on, as long as UIDVALIDITY is unchanged (else from the start: the
 * Message-ID keeps it idempotent), and records the position after every mail so that a
 * crash resumes where it stopped.
 */
import { sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import type { AppContext } from '../../../platform/context';
import { enqueue, type JobWorker } from '../../../platform/jobs/jobs';
import { recordAuth, secretsOf } from '../mailboxes/mailboxes.service';
import { imapConnect } from '../shared/connect';
import { storeIncoming } from './store';

/** Mail larger than this is skipped (its UID still counts as read). */
export const MAX_MESSAGE_BYTES = 40 * 1024 * 1024;
/** Mail per IMAP session; a job runs sessions until the mailbox is read. */
const BATCH = 200;

export const FETCH_ALL = 'mail.fetch-all';
export const FETCH = 'mail.fetch';

export async function queueFetches(ctx: AppContext): Promise<number> {
  const r = await ctx.db.execute<{ id: number }>(
    sql`SELECT id FROM mail_mailboxes WHERE deleted_at IS NULL AND enabled ORDER BY id`,
  );
  let n = 0;
  for (const { id } of r.rows) {
    if (await enqueue(ctx.db, FETCH, { mailboxId: id }, { dedupeKey: `${FETCH}:${id}`, maxAttempts: 3 })) n++;
  }
  return n;
}

export interface FetchOutcome {
  stored: number;
  seen: number;
  more: boolean;
}

export async function fetchMailbox(ctx: AppContext, mailboxId: number): Promise<FetchOutcome> {
  const s = await secretsOf(ctx, mailboxId);
  if (!s || s.deleted || !s.enabled) return { stored: 0, seen: 0, more: false };
  let client: Awaited<ReturnType<typeof imapConnect>>;
  try {
    client = await imapConnect(s.imap, ctx.config.MAIL_CONNECT_TIMEOUT_MS);
  } catch (err) {
    await recordAuth(ctx.db, mailboxId, false, (err as Error).message);
    throw err;
  }
  const out: FetchOutcome = { stored: 0, seen: 0, more: false };
  try {
    const lock = await client.getMailboxLock('INBOX', { readOnly: true });
    try {
      const box = client.mailbox;
      const uidValidity = box ? String(box.uidValidity) : '';
      let last = s.uidValidity === uidValidity ? s.lastUid : 0;
      if (s.uidValidity !== uidValidity) {
        await ctx.db.execute(sql`UPDATE mail_mailboxes SET uid_validity = ${uidValidity}, last_uid = 0 WHERE id = ${mailboxId}`);
      }
      const found = box && box.exists > 0 ? await client.search({ uid: `${last + 1}:*` }, { uid: true }) : [];
      const uids = (found || []).filter((u) => u > last).sort((a, b) => a - b);
      out.more = uids.length > BATCH;
      const batch = uids.slice(0, BATCH);
      if (batch.length) {
        const facts = { id: s.id, accountId: s.accountId, email: s.email, shopId: s.shopId, marketId: s.marketId };
        for await (const msg of client.fetch(batch.join(','), { uid: true, size: true, source: true }, { uid: true })) {
          out.seen++;
          if (msg.source && (msg.size ?? msg.source.length) <= MAX_MESSAGE_BYTES) {
            const parsed = await simpleParser(msg.source, { skipImageLinks: true, skipTextLinks: true });
            const source = msg.source;
            const id = await ctx.db.transaction((tx) => storeIncoming(tx, facts, parsed, source, msg.uid));
            if (id !== null) out.stored++;
          } else {
            ctx.log.warn({ mailboxId, uid: msg.uid, size: msg.size }, 'mail fetch: message too large, skipped');
          }
          last = Math.max(last, msg.uid);
          await ctx.db.execute(sql`UPDATE mail_mailboxes SET last_uid = greatest(last_uid, ${msg.uid}) WHERE id = ${mailboxId}`);
        }
      }
    } finally {
      lock.release();
    }
    await client.logout().catch(() => client.close());
  } catch (err) {
    client.close();
    throw err;
  }
  await ctx.db.execute(
    sql`UPDATE mail_mailboxes SET last_fetch_at = now(), auth_state = 1, last_error = NULL WHERE id = ${mailboxId}`,
  );
  return out;
}

export function registerFetchJobs(jobs: JobWorker, ctx: AppContext): void {
  jobs.register(FETCH_ALL, async () => {
    await queueFetches(ctx);
  });
  jobs.register(FETCH, async (payload, job) => {
    const { mailboxId } = payload as { mailboxId: number };
    // More than one batch waiting: go on in the same job, so one fetch per mailbox runs at a time.
    for (let round = 0; round < 50 && !job.signal.aborted; round++) {
      if (!(await fetchMailbox(ctx, mailboxId)).more) break;
    }
  });
  jobs.every(FETCH_ALL, Math.round(ctx.config.MAIL_FETCH_MINUTES * 60_000));
}
