/**
 * A buyer who writes back "unsubscribe" (or "stop sending me mails", "退订", "abbestellen"…)
 * has asked for no more automatic mail. storeIncoming calls `recordOptOut` for every new
 * buyer mail: when the buyer's own words (not the quoted mail below them) ask to stop,
 * the address goes on the company's blacklist as an `unsubscribe` entry, which staff can
 * see on /blacklist but never delete, and which every auto-mail and invitation honours.
 * An existing manual entry for the address becomes an unsubscribe. No auto-reply plan
 * answers such a mail (storeIncoming skips it): a robot's answer to "stop" is one mail
 * too many.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';

/** A phrase matched as whole words, whatever the script (\b only knows ASCII letters). */
// eslint-disable-next-line security/detect-non-literal-regexp -- only the constant phrases below, never input
const words = (source: string) => new RegExp(`(?<![\\p{L}\\p{N}])(?:${source})(?![\\p{L}\\p{N}])`, 'iu');

/**
 * Phrases that ask for no more mail, in the marketplaces' languages, in the subject or the
 * buyer's own text. Narrow on purpose ("no more messages from the courier" is not one),
 * but a missed opt-out breaks the marketplace's rules while a wrong one only costs a
 * review request.
 */
const OPT_OUT: RegExp[] = [
  words('unsubscribe|opt(?:ing)?[ -]?out'),
  words('stop (?:sending|e-?mailing|mailing|contacting|messaging)(?: me| us)?'),
  words('(?:remove|take) me (?:off|from) (?:your|the) (?:mailing |e-?mail )?list'),
  words("(?:no more|don'?t send (?:me )?any ?more) (?:e-?mails|mails)|don'?t (?:e-?mail|contact) me (?:again|any ?more)"),
  words('abbestellen|abmelden|keine (?:e-?mails|mails|nachrichten) mehr'),
  words('d[ée]sabonner|me d[ée]sinscrire|d[ée]sinscription'),
  words('darme de baja|cancelar (?:la )?suscripci[oó]n|no me (?:env[ií]en|manden) m[aá]s'),
  words("disiscriv(?:i|ermi)|annulla(?:re)? (?:l'?)?iscrizione|non inviatemi pi[uù]"),
  words('uitschrijven|afmelden'),
  words('avsluta prenumerationen?|avregistrera mig'),
  words('wypisz mnie|rezygnuj[eę] z subskrypcji'),
  words('abonelikten [cç][ıi]k'),
  /退订|取消订阅|不要再发|别再发|配信停止|購読解除|メール不要/u,
];

/** The buyer's own words: the text above the first quoted line or "On … wrote:" header. */
export function ownWords(text: string): string {
  const lines = text.split(/\r?\n/);
  const out: string[] = [];
  for (const line of lines) {
    const l = line.trim();
    if (l.startsWith('>')) break;
    if (/^(?:on .+ wrote:|am .+ schrieb .+:|le .+ a écrit ?:|el .+ escribió:|-{2,} ?original message ?-{2,}|-{5,})$/i.test(l))
      break;
    if (/^(?:from|von|de|da):\s.+@/i.test(l)) break;
    out.push(line);
  }
  return out.join('\n').slice(0, 4000);
}

/** The phrase that asks for no more mail, or null. */
export function optOutPhrase(subject: string, text: string): string | null {
  const hay = `${subject}\n${ownWords(text)}`;
  for (const re of OPT_OUT) {
    const m = re.exec(hay);
    if (m) return m[0];
  }
  return null;
}

/**
 * In the caller's transaction: puts the buyer on the blacklist when the mail asks to stop.
 * Answers whether it did (an address already unsubscribed counts).
 */
export async function recordOptOut(
  tx: DbOrTx,
  accountId: number,
  buyerEmail: string,
  mail: { subject: string; text: string },
): Promise<boolean> {
  const phrase = optOutPhrase(mail.subject, mail.text);
  if (!phrase) return false;
  const reason = `asked by mail: “${phrase}”`.slice(0, 500);
  await tx.execute(sql`
    INSERT INTO mail_buyer_blocks (account_id, email, reason, source)
    VALUES (${accountId}, ${buyerEmail.toLowerCase()}, ${reason}, 'unsubscribe')
    ON CONFLICT (account_id, email) DO UPDATE SET source = 'unsubscribe',
           reason = CASE WHEN mail_buyer_blocks.source = 'unsubscribe' THEN mail_buyer_blocks.reason ELSE EXCLUDED.reason END`);
  return true;
}
