/**
 * Fetching: a recurring job queues one `mail.fetch` per enabled mailbox (dedupe key per
 * mailbox, so a slow fetch is never doubled); a fetch reads INBOX over IMAP from the
 * last stored UID on, as long as UIDVALIDITY is unchanged (else from the start: the
 * Message-ID keeps it idempotent), and records the position after every mail so that a
 * crash resumes where it stopped.
 *
 * One mail never stops a mailbox (issue #18): a mail that cannot be parsed or stored is
 * recorded in `mail_fetch_failures` and the fetch goes on with the next UID; the first run
 * of each job tries the recorded ones again, and after MAX_FETCH_ATTEMPTS failures a mail
 * is set aside until a user retries it. A mail that stopped a run (the process died or
 * hung inside it: `fetching_uid` still set) counts as one failure. The work per mail is
 * bounded: at most MAX_MESSAGE_BYTES are fetched and parsed, a larger mail is read only in
 * its first TRUNCATED_READ_BYTES and stored with a note, and the parser refuses headers over
 * 1 MB and more than 1,000 MIME parts.
 */
import { MAX_FETCH_ATTEMPTS } from '@bo/contract/mail/mailboxes';
import { sql } from 'drizzle-orm';
import type { ImapFlow } from 'imapflow';
import type { SimpleParserOptions } from 'mailparser';
import { pgErrorText, pgText, pgTextOrNull } from '../../../db/pg-text';
import type { AreaJob } from '../../../platform/area';
import type { AppContext } from '../../../platform/context';
import { isDbUnavailable } from '../../../platform/errors';
import { enqueue } from '../../../platform/jobs/jobs';
import { loadMailParser } from '../../../platform/runtime/lazy-deps';
import { type MailboxSecrets, recordAuth, secretsOf } from '../mailboxes/mailboxes.service';
import { imapConnect } from '../shared/connect';
import { type MailboxFacts, storeIncoming } from './store';

/** Mail up to this size is fetched and parsed whole. */
export const MAX_MESSAGE_BYTES = 25 * 1024 * 1024;
/** Of a larger mail, only this much is fetched and parsed; it is stored with a note, without attachments. */
export const TRUNCATED_READ_BYTES = 1024 * 1024;
/** Mail per IMAP session; a job runs sessions until the mailbox is read. */
const BATCH = 200;
const MB = 1024 * 1024;

const PARSE_OPTIONS: SimpleParserOptions = {
  skipImageLinks: true,
  skipTextLinks: true,
  // Attachment checksums are not used; hashing 20 MB is not free.
  checksumAlgo: false,
  maxHeadSize: MB,
  maxChildNodes: 1000,
  maxHtmlLengthToParse: 2_000_000,
};

/** A PostgreSQL int[] literal of UIDs, passed as one parameter. */
const uidArray = (uids: number[]) => `{${uids.map((u) => Math.trunc(u)).join(',')}}`;

export const FETCH_ALL = 'mail.fetch-all';
export const FETCH = 'mail.fetch';

/** Test seam: runs before a fetched mail is parsed and stored (a throw counts as that mail's failure). */
export const fetchHooks: { beforeStore?: (uid: number) => Promise<void> | void } = {};

export async function queueFetches(ctx: AppContext): Promise<number> {
  const r = await ctx.db.execute<{ id: number }>(
    sql`SELECT id FROM mail_mailboxes WHERE deleted_at IS NULL AND enabled AND NOT demo ORDER BY id`,
  );
  let n = 0;
  for (const { id } of r.rows) {
    if (await queueFetch(ctx, id)) n++;
  }
  return n;
}

/** Queues a fetch of one mailbox now (a no-op while one is queued or running). */
export const queueFetch = (ctx: Pick<AppContext, 'db'>, mailboxId: number) =>
  enqueue(ctx.db, FETCH, { mailboxId }, { dedupeKey: `${FETCH}:${mailboxId}`, maxAttempts: 3 });

export interface FetchOutcome {
  stored: number;
  seen: number;
  /** Mail recorded as failed in this run. */
  failed: number;
  more: boolean;
}

/** Records why a run failed, storable and bounded. */
async function recordFetchError(ctx: AppContext, mailboxId: number, error: string) {
  await ctx.db.execute(
    sql`UPDATE mail_mailboxes SET fetch_error = ${pgText(error, 1000)}, fetch_error_at = now() WHERE id = ${mailboxId}`,
  );
}

/** Reads mail by UID into the store; a failure of one mail is recorded, never thrown. */
class MailReader {
  stored = 0;
  seen = 0;
  failed = 0;
  /** UIDs with a failure record: only their success has a record to remove. */
  readonly recorded = new Set<number>();
  private readonly facts: MailboxFacts;

  constructor(
    private readonly ctx: AppContext,
    private readonly client: ImapFlow,
    private readonly s: MailboxSecrets,
    private readonly uidValidity: string,
  ) {
    this.facts = { id: s.id, accountId: s.accountId, email: s.email, shopId: s.shopId, marketId: s.marketId };
  }

  /** Reads these UIDs in order. Answers the UIDs the server no longer has. */
  async read(uids: number[]): Promise<number[]> {
    if (!uids.length) return [];
    const failedBefore = this.failed;
    const sizes = new Map<number, number>();
    for await (const m of this.client.fetch(uids.join(','), { uid: true, size: true }, { uid: true }))
      if (m.uid) sizes.set(m.uid, m.size ?? 0);
    const gone = uids.filter((u) => !sizes.has(u));
    const present = uids.filter((u) => sizes.has(u));
    // Runs of mail within the size limit are fetched in one command; a larger one alone, in part.
    let run: number[] = [];
    const flush = async () => {
      if (run.length) await this.stream(run, false);
      run = [];
    };
    for (const uid of present) {
      if ((sizes.get(uid) ?? 0) > MAX_MESSAGE_BYTES) {
        await flush();
        await this.stream([uid], true);
      } else run.push(uid);
    }
    await flush();
    if (this.failed === failedBefore) return gone;
    const failedWithoutSubject = await this.ctx.db.execute<{ uid: number }>(
      sql`SELECT uid FROM mail_fetch_failures WHERE mailbox_id = ${this.s.id} AND uid_validity = ${this.uidValidity}
             AND subject IS NULL AND uid = ANY(${uidArray(present)}::int[])`,
    );
    await this.describe(failedWithoutSubject.rows.map((r) => r.uid));
    return gone;
  }

  private async stream(uids: number[], partial: boolean) {
    const maxLength = partial ? TRUNCATED_READ_BYTES : MAX_MESSAGE_BYTES + 1;
    await this.marker(uids[0] ?? null);
    for await (const msg of this.client.fetch(uids.join(','), { uid: true, size: true, source: { maxLength } }, { uid: true })) {
      if (!msg.uid) continue;
      this.seen++;
      await this.one(msg.uid, msg.size ?? 0, msg.source ?? Buffer.alloc(0), partial);
      // Done with this one; the next one is in progress until it is done too.
      const next = uids[uids.indexOf(msg.uid) + 1] ?? null;
      await this.ctx.db.execute(sql`UPDATE mail_mailboxes SET last_uid = greatest(last_uid, ${msg.uid}),
                                      fetching_uid = ${next} WHERE id = ${this.s.id}`);
    }
    await this.marker(null);
  }

  private marker(uid: number | null) {
    return this.ctx.db.execute(sql`UPDATE mail_mailboxes SET fetching_uid = ${uid} WHERE id = ${this.s.id}`);
  }

  private async one(uid: number, size: number, fetched: Buffer, partial: boolean) {
    // A server may send more than it announced: what is over the limit is read in part all the same.
    const inPart = partial || fetched.length > MAX_MESSAGE_BYTES;
    const source = inPart ? fetched.subarray(0, TRUNCATED_READ_BYTES) : fetched;
    let subject: string | null = null;
    try {
      await fetchHooks.beforeStore?.(uid);
      const parsed = await (await loadMailParser())(source, PARSE_OPTIONS);
      subject = parsed.subject ?? null;
      const truncated = inPart
        ? `This mail is ${(Math.max(size, fetched.length) / MB).toFixed(1)} MB, over the ${MAX_MESSAGE_BYTES / MB} MB limit: ` +
          `only its first ${TRUNCATED_READ_BYTES / MB} MB was read and its attachments were not kept / ` +
          `邮件超过 ${MAX_MESSAGE_BYTES / MB} MB：只读取了前 ${TRUNCATED_READ_BYTES / MB} MB，附件未保存`
        : undefined;
      const id = await this.ctx.db.transaction((tx) => storeIncoming(tx, this.facts, parsed, source, uid, { truncated }));
      if (id !== null) this.stored++;
      if (this.recorded.delete(uid))
        await this.ctx.db.execute(
          sql`DELETE FROM mail_fetch_failures WHERE mailbox_id = ${this.s.id} AND uid_validity = ${this.uidValidity} AND uid = ${uid}`,
        );
    } catch (err) {
      // Without the database nothing can be recorded: the run stops and the job retries.
      if (isDbUnavailable(err)) throw err;
      this.ctx.log.warn({ mailboxId: this.s.id, uid, err: pgErrorText(err, 300) }, 'mail fetch: a mail could not be stored');
      await this.fail(uid, pgErrorText(err, 1000), { subject, size: Math.max(size, fetched.length) });
    }
  }

  /** Counts one failure of a mail; the MAX_FETCH_ATTEMPTS-th sets it aside. */
  async fail(uid: number, error: string, about: { subject?: string | null; size?: number | null } = {}) {
    this.failed++;
    this.recorded.add(uid);
    await this.ctx.db.execute(sql`
      INSERT INTO mail_fetch_failures (mailbox_id, uid_validity, uid, subject, size, error, attempts, state)
      VALUES (${this.s.id}, ${this.uidValidity}, ${uid}, ${pgTextOrNull(about.subject, 300)}, ${about.size ?? null}, ${pgText(error, 1000)},
              1, ${MAX_FETCH_ATTEMPTS <= 1 ? 'set_aside' : 'retry'})
      ON CONFLICT (mailbox_id, uid_validity, uid) DO UPDATE SET
             attempts = mail_fetch_failures.attempts + 1, error = EXCLUDED.error, last_failed_at = now(),
             subject = coalesce(EXCLUDED.subject, mail_fetch_failures.subject), size = coalesce(EXCLUDED.size, mail_fetch_failures.size),
             state = CASE WHEN mail_fetch_failures.attempts + 1 >= ${MAX_FETCH_ATTEMPTS} THEN 'set_aside' ELSE 'retry' END`);
  }

  /** Subject and sender of failed mail from the server's envelope (the mail itself could not be read). */
  private async describe(uids: number[]) {
    if (!uids.length) return;
    try {
      for await (const m of this.client.fetch(uids.join(','), { uid: true, envelope: true }, { uid: true })) {
        const e = m.envelope;
        if (!m.uid || !e) continue;
        await this.ctx.db.execute(sql`
          UPDATE mail_fetch_failures SET subject = ${pgTextOrNull(e.subject, 300)}, from_email = ${pgTextOrNull(e.from?.[0]?.address, 254)}
           WHERE mailbox_id = ${this.s.id} AND uid_validity = ${this.uidValidity} AND uid = ${m.uid}`);
      }
    } catch (err) {
      // Only a description: the failures are recorded already.
      this.ctx.log.warn({ mailboxId: this.s.id, err: pgErrorText(err, 300) }, 'mail fetch: no envelope of failed mail');
    }
  }
}

export async function fetchMailbox(
  ctx: AppContext,
  mailboxId: number,
  opts: { retryFailures?: boolean } = { retryFailures: true },
): Promise<FetchOutcome> {
  const s = await secretsOf(ctx, mailboxId);
  // A demo mailbox has no server: it is never fetched (no network at all).
  if (!s || s.deleted || !s.enabled || s.demo) return { stored: 0, seen: 0, failed: 0, more: false };
  let client: ImapFlow;
  try {
    client = await imapConnect(s.imap, ctx.config.MAIL_CONNECT_TIMEOUT_MS);
  } catch (err) {
    const msg = pgErrorText(err, 1000);
    await recordAuth(ctx.db, mailboxId, false, msg);
    await recordFetchError(ctx, mailboxId, msg);
    throw new Error(msg);
  }
  let reader: MailReader | null = null;
  let more = false;
  try {
    const lock = await client.getMailboxLock('INBOX', { readOnly: true });
    try {
      const box = client.mailbox;
      const uidValidity = box ? String(box.uidValidity) : '';
      reader = new MailReader(ctx, client, s, uidValidity);
      let last = s.uidValidity === uidValidity ? s.lastUid : 0;
      if (s.uidValidity !== uidValidity) {
        await ctx.db.execute(
          sql`UPDATE mail_mailboxes SET uid_validity = ${uidValidity}, last_uid = 0, fetching_uid = NULL WHERE id = ${mailboxId}`,
        );
        // The box is read again from the start: failures under the old UIDs are found again or not at all.
        await ctx.db.execute(
          sql`DELETE FROM mail_fetch_failures WHERE mailbox_id = ${mailboxId} AND uid_validity <> ${uidValidity}`,
        );
      } else if (s.fetchingUid !== null) {
        await reader.fail(s.fetchingUid, 'the fetch stopped while reading this mail (the process ended or hung)');
        last = Math.max(last, s.fetchingUid);
        await ctx.db.execute(sql`UPDATE mail_mailboxes SET last_uid = greatest(last_uid, ${s.fetchingUid}), fetching_uid = NULL
                                  WHERE id = ${mailboxId}`);
      }
      if (opts.retryFailures) {
        const due = await ctx.db.execute<{ uid: number }>(
          sql`SELECT uid FROM mail_fetch_failures WHERE mailbox_id = ${mailboxId} AND uid_validity = ${uidValidity}
                 AND state = 'retry' AND uid <= ${last} ORDER BY uid LIMIT ${BATCH}`,
        );
        for (const r of due.rows) reader.recorded.add(r.uid);
        const gone = await reader.read(due.rows.map((r) => r.uid));
        // Mail deleted from the server meanwhile: nothing is left to store.
        if (gone.length)
          await ctx.db.execute(sql`DELETE FROM mail_fetch_failures WHERE mailbox_id = ${mailboxId}
                                    AND uid_validity = ${uidValidity} AND uid = ANY(${uidArray(gone)}::int[])`);
      }
      const found = box && box.exists > 0 ? await client.search({ uid: `${last + 1}:*` }, { uid: true }) : [];
      const uids = (found || []).filter((u) => u > last).sort((a, b) => a - b);
      more = uids.length > BATCH;
      const batch = uids.slice(0, BATCH);
      await reader.read(batch);
      const top = batch.at(-1);
      // Mail that vanished between SEARCH and FETCH counts as read.
      if (top !== undefined)
        await ctx.db.execute(sql`UPDATE mail_mailboxes SET last_uid = greatest(last_uid, ${top}) WHERE id = ${mailboxId}`);
    } finally {
      lock.release();
    }
    await client.logout().catch(() => client.close());
  } catch (err) {
    client.close();
    const msg = pgErrorText(err, 1000);
    await recordFetchError(ctx, mailboxId, msg).catch(() => {});
    throw new Error(msg);
  }
  // The run went through: the mailbox's fetch error is now its latest failed mail still standing (or none).
  await ctx.db.execute(sql`
    UPDATE mail_mailboxes m SET last_fetch_at = now(), auth_state = 1, last_error = NULL, checked_at = now(),
           (fetch_error, fetch_error_at) = (
             SELECT left('UID ' || f.uid || ': ' || f.error, 1000), f.last_failed_at FROM mail_fetch_failures f
              WHERE f.mailbox_id = m.id AND f.uid_validity = m.uid_validity ORDER BY f.last_failed_at DESC, f.uid DESC LIMIT 1)
     WHERE m.id = ${mailboxId}`);
  return { stored: reader.stored, seen: reader.seen, failed: reader.failed, more };
}

export const fetchJobs = (ctx: AppContext): Record<string, AreaJob> => ({
  [FETCH_ALL]: {
    run: async () => {
      await queueFetches(ctx);
    },
    everyMs: Math.round(ctx.config.MAIL_FETCH_MINUTES * 60_000),
  },
  [FETCH]: {
    run: async (payload, job) => {
      const { mailboxId } = payload as { mailboxId: number };
      // More than one batch waiting: go on in the same job, so one fetch per mailbox runs at a time.
      // Failed mail is tried again once per job, not once per batch.
      for (let round = 0; round < 50 && !job.signal.aborted; round++) {
        if (!(await fetchMailbox(ctx, mailboxId, { retryFailures: round === 0 })).more) break;
      }
    },
  },
});
