/**
 * The CS board: every figure is a query over the visible mailboxes' dialogues and mail.
 * Period figures use UTC days [from 00:00, to + 1 day 00:00). The backlog and the reply
 * timer are "now": a mail is due 24 calendar hours after the buyer's first unanswered
 * mail (`awaiting_since`), weekends included; due within 4 hours is "about to breach".
 * A shop account sees the agents of other accounts (the company's staff on its mailboxes)
 * as one row "—" with id 0 (platform/auth/user-visibility.ts).
 */
import { DUE_SOON_HOURS, REPLY_DUE_HOURS, replyDueAt } from '@bo/contract/mail/operations';
import { type SQL, sql } from 'drizzle-orm';
import type { RequestActor } from '../../../platform/auth/actor';
import { UNNAMED_USER, userIdFor } from '../../../platform/auth/user-visibility';
import type { AppContext } from '../../../platform/context';
import { type DialogueRaw, dialogueSelect, toDialogueRow } from '../dialogues/dialogues.service';
import { mailboxVisible } from '../shared/scope';

type Q = { from: string; to: string; mailBoxId?: number; marketId: number };

const hours = (n: number | string | null) => (n === null ? null : Math.round(Number(n) * 100) / 100);

export async function board(ctx: AppContext, actor: RequestActor, q: Q) {
  const start = `${q.from}T00:00:00Z`;
  const endDay = new Date(Date.parse(`${q.to}T00:00:00Z`) + 86_400_000).toISOString();
  const scope: SQL[] = [mailboxVisible(actor)];
  if (q.mailBoxId) scope.push(sql`d.mailbox_id = ${q.mailBoxId}`);
  if (q.marketId !== -1) scope.push(sql`d.market_id = ${q.marketId}`);
  const cond = sql.join(scope, sql` AND `);
  const fromD = sql`FROM mail_dialogues d JOIN mail_mailboxes m ON m.id = d.mailbox_id`;
  const inPeriod = (col: SQL) => sql`${col} >= ${start}::timestamptz AND ${col} < ${endDay}::timestamptz`;
  const due = sql`make_interval(hours => ${REPLY_DUE_HOURS})`;
  const soon = sql`make_interval(hours => ${REPLY_DUE_HOURS - DUE_SOON_HOURS})`;
  const open = sql`NOT d.archived AND d.status = 0 AND d.awaiting_since IS NOT NULL`;
  const breached = sql`${open} AND d.awaiting_since <= now() - ${due}`;
  const dueSoon = sql`${open} AND d.awaiting_since > now() - ${due} AND d.awaiting_since <= now() - ${soon}`;
  const rows = async <T>(s: SQL) => (await ctx.db.execute(s)).rows as T[];

  const [days, first, resolution, backlog, perAgent, perMarket, soonRows, breachedRows] = await Promise.all([
    rows<{ date: string; received: number; sent: number; new_dialogues: number; archived: number }>(sql`
      WITH days AS (SELECT g::date AS day FROM generate_series(${q.from}::date, ${q.to}::date, interval '1 day') g),
      msg AS (
        SELECT (x.sent_at AT TIME ZONE 'UTC')::date AS day,
               count(*) FILTER (WHERE x.direction = 'in')::int AS received,
               count(*) FILTER (WHERE x.direction = 'out' AND x.state = 'sent')::int AS sent
          FROM mail_messages x JOIN mail_dialogues d ON d.id = x.dialogue_id JOIN mail_mailboxes m ON m.id = d.mailbox_id
         WHERE ${cond} AND ${inPeriod(sql`x.sent_at`)} GROUP BY 1),
      nd AS (SELECT (d.first_message_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS n ${fromD}
              WHERE ${cond} AND ${inPeriod(sql`d.first_message_at`)} GROUP BY 1),
      ar AS (SELECT (d.archived_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS n ${fromD}
              WHERE ${cond} AND d.archived AND ${inPeriod(sql`d.archived_at`)} GROUP BY 1)
      SELECT to_char(days.day, 'YYYY-MM-DD') AS date, coalesce(msg.received, 0) AS received, coalesce(msg.sent, 0) AS sent,
             coalesce(nd.n, 0) AS new_dialogues, coalesce(ar.n, 0) AS archived
        FROM days LEFT JOIN msg ON msg.day = days.day LEFT JOIN nd ON nd.day = days.day LEFT JOIN ar ON ar.day = days.day
       ORDER BY days.day`),
    // First response: from the dialogue's first incoming mail to the first reply that was sent.
    rows<{ count: number; avg: string | null; median: string | null; within: string | null }>(sql`
      WITH f AS (
        SELECT (SELECT min(x.sent_at) FROM mail_messages x WHERE x.dialogue_id = d.id AND x.direction = 'in') AS fin,
               d.id ${fromD} WHERE ${cond} AND ${inPeriod(sql`d.first_message_at`)}),
      r AS (
        SELECT extract(epoch FROM (SELECT min(x.sent_at) FROM mail_messages x
                                    WHERE x.dialogue_id = f.id AND x.direction = 'out' AND x.state = 'sent' AND x.sent_at >= f.fin)
                                  - f.fin) / 3600.0 AS h
          FROM f WHERE f.fin IS NOT NULL)
      SELECT count(h)::int AS count, avg(h) AS avg, percentile_cont(0.5) WITHIN GROUP (ORDER BY h) AS median,
             (count(*) FILTER (WHERE h <= ${REPLY_DUE_HOURS}))::float / nullif(count(h), 0) AS within
        FROM r WHERE h IS NOT NULL`),
    // Resolution: from the first mail to the archive, for dialogues archived in the period.
    rows<{ count: number; avg: string | null; median: string | null }>(sql`
      WITH r AS (SELECT extract(epoch FROM d.archived_at - d.first_message_at) / 3600.0 AS h ${fromD}
                  WHERE ${cond} AND d.archived AND ${inPeriod(sql`d.archived_at`)})
      SELECT count(*)::int AS count, avg(h) AS avg, percentile_cont(0.5) WITHIN GROUP (ORDER BY h) AS median FROM r`),
    rows<{ open: number; awaiting: number; due_soon: number; breached: number }>(sql`
      SELECT count(*) FILTER (WHERE NOT d.archived)::int AS open, count(*) FILTER (WHERE ${open})::int AS awaiting,
             count(*) FILTER (WHERE ${dueSoon})::int AS due_soon, count(*) FILTER (WHERE ${breached})::int AS breached
        ${fromD} WHERE ${cond} AND NOT d.archived`),
    rows<{
      user_id: number | null;
      user_name: string | null;
      awaiting: number;
      due_soon: number;
      breached: number;
      sent: number;
    }>(sql`
      WITH b AS (SELECT ${userIdFor(actor, sql`d.assignee_id`)} AS uid, count(*) FILTER (WHERE ${open})::int AS awaiting,
                        count(*) FILTER (WHERE ${dueSoon})::int AS due_soon, count(*) FILTER (WHERE ${breached})::int AS breached
                   ${fromD} WHERE ${cond} AND NOT d.archived GROUP BY 1),
      s AS (SELECT ${userIdFor(actor, sql`x.user_id`)} AS uid, count(*)::int AS sent
              FROM mail_messages x JOIN mail_dialogues d ON d.id = x.dialogue_id JOIN mail_mailboxes m ON m.id = d.mailbox_id
             WHERE ${cond} AND x.direction = 'out' AND x.state = 'sent' AND ${inPeriod(sql`x.sent_at`)} GROUP BY 1),
      k AS (SELECT uid FROM b UNION SELECT uid FROM s)
      SELECT k.uid AS user_id, u.user_name, coalesce(b.awaiting, 0) AS awaiting, coalesce(b.due_soon, 0) AS due_soon,
             coalesce(b.breached, 0) AS breached, coalesce(s.sent, 0) AS sent
        FROM k LEFT JOIN b ON b.uid IS NOT DISTINCT FROM k.uid LEFT JOIN s ON s.uid IS NOT DISTINCT FROM k.uid
        LEFT JOIN users u ON u.id = k.uid
       ORDER BY k.uid IS NULL, coalesce(b.awaiting, 0) DESC, u.user_name`),
    rows<{ market_id: number | null; awaiting: number; due_soon: number; breached: number; received: number }>(sql`
      WITH b AS (SELECT d.market_id AS mk, count(*) FILTER (WHERE ${open})::int AS awaiting,
                        count(*) FILTER (WHERE ${dueSoon})::int AS due_soon, count(*) FILTER (WHERE ${breached})::int AS breached
                   ${fromD} WHERE ${cond} AND NOT d.archived GROUP BY d.market_id),
      r AS (SELECT d.market_id AS mk, count(*)::int AS received
              FROM mail_messages x JOIN mail_dialogues d ON d.id = x.dialogue_id JOIN mail_mailboxes m ON m.id = d.mailbox_id
             WHERE ${cond} AND x.direction = 'in' AND ${inPeriod(sql`x.sent_at`)} GROUP BY d.market_id),
      k AS (SELECT mk FROM b UNION SELECT mk FROM r)
      SELECT k.mk AS market_id, coalesce(b.awaiting, 0) AS awaiting, coalesce(b.due_soon, 0) AS due_soon,
             coalesce(b.breached, 0) AS breached, coalesce(r.received, 0) AS received
        FROM k LEFT JOIN b ON b.mk IS NOT DISTINCT FROM k.mk LEFT JOIN r ON r.mk IS NOT DISTINCT FROM k.mk
       ORDER BY k.mk NULLS LAST`),
    rows<DialogueRaw>(sql`${dialogueSelect} WHERE ${cond} AND ${dueSoon} ORDER BY d.awaiting_since, d.id LIMIT 50`),
    rows<DialogueRaw>(sql`${dialogueSelect} WHERE ${cond} AND ${breached} ORDER BY d.awaiting_since, d.id LIMIT 50`),
  ]);

  const withDue = (r: DialogueRaw) => ({
    ...toDialogueRow(r, actor),
    dueAt: replyDueAt(r.awaiting_since as Date).toISOString(),
  });
  const f = first[0];
  const res = resolution[0];
  const b = backlog[0];
  return {
    from: q.from,
    to: q.to,
    now: new Date().toISOString(),
    days: days.map((x) => ({
      date: x.date,
      received: x.received,
      sent: x.sent,
      newDialogues: x.new_dialogues,
      archived: x.archived,
    })),
    totals: {
      received: days.reduce((s, x) => s + x.received, 0),
      sent: days.reduce((s, x) => s + x.sent, 0),
      newDialogues: days.reduce((s, x) => s + x.new_dialogues, 0),
    },
    firstResponse: {
      count: f?.count ?? 0,
      avgHours: hours(f?.avg ?? null),
      medianHours: hours(f?.median ?? null),
      withinDue: f?.within === null || f?.within === undefined ? null : Math.round(Number(f.within) * 1000) / 1000,
    },
    resolution: {
      count: res?.count ?? 0,
      avgHours: hours(res?.avg ?? null),
      medianHours: hours(res?.median ?? null),
      withinDue: null,
    },
    backlog: {
      open: b?.open ?? 0,
      awaiting: b?.awaiting ?? 0,
      dueSoon: b?.due_soon ?? 0,
      breached: b?.breached ?? 0,
    },
    perAgent: perAgent.map((a) => ({
      userId: a.user_id,
      userName: a.user_id === 0 ? UNNAMED_USER : a.user_name,
      awaiting: a.awaiting,
      dueSoon: a.due_soon,
      breached: a.breached,
      sent: a.sent,
    })),
    perMarket: perMarket.map((m) => ({
      marketId: m.market_id,
      awaiting: m.awaiting,
      dueSoon: m.due_soon,
      breached: m.breached,
      received: m.received,
    })),
    dueSoon: soonRows.map(withDue),
    breached: breachedRows.map(withDue),
  };
}
