/**
 * Which dialogue a mail belongs to: first the mail it answers (In-Reply-To, then
 * References, newest first), then the same buyer with the same subject once Re:/Fwd:
 * prefixes are gone, else a new dialogue.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';

const PREFIXES = new Set(['re', 'fw', 'fwd', 'aw', 'wg', 'sv', 'vs', 'antw', 'tr', 'rif', 'r', '回复', '答复', '转发']);

/** The subject without one reply/forward prefix ("Re:", "AW[2]:", "回复："), or null when it has none. */
function withoutPrefix(s: string): string | null {
  const colon = s.search(/[:：]/);
  if (colon < 1 || colon > 12) return null;
  const head = s
    .slice(0, colon)
    .trim()
    .toLowerCase()
    .replace(/\[\d{1,4}\]$/, '')
    .trim();
  return PREFIXES.has(head) ? s.slice(colon + 1).trim() : null;
}

export function normaliseSubject(subject: string): string {
  let s = subject.trim();
  for (let i = 0; i < 10; i++) {
    const next = withoutPrefix(s);
    if (next === null) break;
    s = next;
  }
  return s.replace(/\s+/g, ' ').trim().toLowerCase().slice(0, 300);
}

export async function findDialogue(
  tx: DbOrTx,
  mailboxId: number,
  m: { inReplyTo: string | null; references: string[]; buyerEmail: string; subjectKey: string },
): Promise<number | null> {
  const refs = [...(m.inReplyTo ? [m.inReplyTo] : []), ...[...m.references].reverse()].filter(Boolean);
  if (refs.length) {
    const r = await tx.execute<{ dialogue_id: number }>(sql`
      SELECT dialogue_id FROM mail_messages
       WHERE mailbox_id = ${mailboxId} AND message_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(refs)}::jsonb))
       ORDER BY array_position(ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(refs)}::jsonb)), message_id)
       LIMIT 1`);
    if (r.rows[0]) return r.rows[0].dialogue_id;
  }
  if (!m.subjectKey) return null;
  const r = await tx.execute<{ id: number }>(sql`
    SELECT id FROM mail_dialogues
     WHERE mailbox_id = ${mailboxId} AND lower(buyer_email) = lower(${m.buyerEmail}) AND subject_key = ${m.subjectKey}
     ORDER BY last_message_at DESC LIMIT 1`);
  return r.rows[0]?.id ?? null;
}
