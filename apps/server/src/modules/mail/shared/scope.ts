/**
 * Who sees which mailboxes (and so which dialogues): the internal account sees every
 * mailbox; an external shop account only the mailboxes of its own shops. Applied once,
 * here, by every mail service.
 */
import { type SQL, sql } from 'drizzle-orm';
import { intSet } from '../../../db/sql';
import { isInternal, type RequestActor } from '../../../platform/auth/actor';

/** A condition on a mail_mailboxes row aliased `alias`. */
export function mailboxVisible(actor: Pick<RequestActor, 'accountId' | 'shopIds'>, alias = 'm'): SQL {
  const a = sql.raw(alias);
  if (isInternal(actor)) return sql`TRUE`;
  return actor.shopIds.length ? sql`${a}.shop_id IN ${intSet(actor.shopIds)}` : sql`FALSE`;
}
