/** Helpers shared by the auto-mail, invitation and auto-reply services. */
import { MERGE_TAGS, SAMPLE_MERGE_VALUES } from '@bo/contract/mail/merge-tags';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { audit } from '../../../platform/audit/audit.service';
import type { RequestActor } from '../../../platform/auth/actor';
import type { AppContext } from '../../../platform/context';
import { codedFieldError, conflict } from '../../../platform/errors';
import { demoDone } from '../../../platform/http/binder';
import { type ShopScope, scopeHas } from '../../shops/shops/shop-scope';
import { secretsOf } from '../mailboxes/mailboxes.service';
import { describeMailError, smtpTransport } from '../shared/connect';
import { mailboxVisible } from '../shared/scope';
import { vet } from '../templates/templates.service';
import { renderFor } from './engine';

export const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** The shop must be one the caller sees (else a field error: nothing is revealed). */
export function assertShop(scope: ShopScope, shopId: number): void {
  if (!scopeHas(scope, shopId)) throw codedFieldError('shopId', 'catalog.noSuchShop', { id: shopId });
}

/** The mailbox must be visible to the caller, not removed, and of the shop (or of no shop). */
export async function assertMailbox(
  db: DbOrTx,
  actor: RequestActor,
  mailboxId: number,
  shopId: number | null,
  path = 'mailboxId',
) {
  const res = await db.execute<{ shop_id: number | null }>(sql`
    SELECT m.shop_id FROM mail_mailboxes m WHERE m.id = ${mailboxId} AND m.deleted_at IS NULL AND ${mailboxVisible(actor)}`);
  const m = res.rows[0];
  if (!m) throw codedFieldError(path, 'mail.noMailbox', { id: mailboxId });
  if (shopId !== null && m.shop_id !== null && m.shop_id !== shopId) throw codedFieldError(path, 'mail.mailboxOtherShop');
}

/** The merge tags a text may use. */
export const mergeTags = () => MERGE_TAGS.map((t) => ({ tag: t.tag, zh: t.zh, en: t.en, sample: t.sample }));

/** Vets subject and body (400 with data.lint on a linter error or a tag problem); answers the stored body. */
export const vetText = (subject: string, body: string) => vet({ subject, body });

/**
 * Who may receive a test mail: the caller's own address first, then the enabled users of
 * the caller's account that have one (one entry per address, case-insensitive).
 */
export async function testRecipients(db: DbOrTx, actor: RequestActor) {
  const res = await db.execute<{ email: string; userName: string; own: boolean }>(sql`
    SELECT DISTINCT ON (lower(u.email)) u.email, u.user_name AS "userName", u.id = ${actor.userId} AS own
      FROM users u
     WHERE u.account_id = ${actor.accountId} AND u.email IS NOT NULL AND u.email <> ''
       AND (u.id = ${actor.userId} OR (u.enabled AND u.state = 'active'))
     ORDER BY lower(u.email), (u.id = ${actor.userId}) DESC, u.id`);
  return res.rows.sort((a, b) => Number(b.own) - Number(a.own) || a.email.localeCompare(b.email));
}

/**
 * Sends a text with the sample values now (a test: not a buyer mail), only to the caller
 * or a user of the caller's account: a company mailbox must not mail any text to any
 * outside address (issue #18). Refused before anything is rendered or sent.
 */
export async function sendTest(
  ctx: AppContext,
  actor: RequestActor,
  b: { mailboxId: number; to: string; subject: string; body: string },
) {
  const allowed = await testRecipients(ctx.db, actor);
  if (!allowed.some((r) => r.email.toLowerCase() === b.to.toLowerCase())) throw codedFieldError('to', 'mail.testMailTo');
  const { body } = vetText(b.subject, b.body);
  await assertMailbox(ctx.db, actor, b.mailboxId, null);
  const s = await secretsOf(ctx, b.mailboxId);
  if (!s) throw codedFieldError('mailboxId', 'mail.noMailbox', { id: b.mailboxId });
  const r = renderFor({ subject: b.subject, body }, SAMPLE_MERGE_VALUES);
  const domain = s.email.split('@')[1] ?? 'localhost';
  const messageId = `<test.${Date.now()}.${b.mailboxId}@${domain}>`;
  if (ctx.config.DEMO_MODE) return demoDone({ messageId });
  const t = await smtpTransport(s.smtp, ctx.config.MAIL_CONNECT_TIMEOUT_MS);
  try {
    await t.sendMail({
      from: { name: s.name || s.email, address: s.email },
      to: b.to,
      subject: `[TEST] ${r.subject}`,
      html: r.html,
      text: r.text,
      messageId,
    });
  } catch (err) {
    throw conflict(`could not send: ${describeMailError('SMTP', s.smtp, err, ctx.config.MAIL_CONNECT_TIMEOUT_MS)}`);
  } finally {
    t.close();
  }
  await audit(ctx.db, actor, {
    action: 'send_test_mail',
    entity: 'mail_mailbox',
    entityId: b.mailboxId,
    after: { to: b.to, subject: r.subject.slice(0, 200), messageId },
  });
  return { messageId };
}

/** Sends per UTC day and state of one task between two dates. */
export async function statistic(db: DbOrTx, source: 'autoMail' | 'invite', taskId: number, startDate: string, endDate: string) {
  if (endDate < startDate) throw codedFieldError('endDate', 'endDateBeforeStart');
  if (Date.parse(endDate) - Date.parse(startDate) > 366 * 86_400_000)
    throw codedFieldError('endDate', 'atMostDays', { max: 366 });
  const res = await db.execute<{ day: string; state: string; n: number }>(sql`
    SELECT to_char(d::date, 'YYYY-MM-DD') AS day, s.state, count(s.id)::int AS n
      FROM generate_series(${startDate}::date, ${endDate}::date, interval '1 day') d
      LEFT JOIN mail_auto_sends s ON s.source = ${source} AND s.task_id = ${taskId}
                                 AND (coalesce(s.sent_at, s.created_at) AT TIME ZONE 'UTC')::date = d::date
     GROUP BY d, s.state ORDER BY d`);
  const zero = () => ({ sent: 0, failed: 0, unknown: 0, skipped: 0, queued: 0 });
  const days = new Map<string, ReturnType<typeof zero>>();
  const totals = zero();
  for (const r of res.rows) {
    const day = days.get(r.day) ?? zero();
    days.set(r.day, day);
    if (!r.state) continue;
    const k = (r.state === 'sending' ? 'queued' : r.state) as keyof ReturnType<typeof zero>;
    day[k] += Number(r.n);
    totals[k] += Number(r.n);
  }
  return { days: [...days.entries()].map(([day, v]) => ({ day, ...v })), totals };
}
