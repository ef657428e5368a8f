/**
 * Who may read the history of the mail area's records (see platform/audit/history.registry.ts):
 * each record belongs to an account, and only that account's people read its history.
 */
import type { Permission } from '@bo/contract';
import type { AuditEntity } from '@bo/contract/access/audit-codes';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { HistoryReaderMap } from '../../platform/area';
import { accountOwned } from '../../platform/audit/history.registry';

/** The area's own tables whose rows carry an account_id (constants, never input). */
type AccountTable =
  | 'mail_templates'
  | 'mail_mailboxes'
  | 'mail_buyer_blocks'
  | 'mail_keyword_rules'
  | 'cs_tree_nodes'
  | 'mail_auto_mails'
  | 'mail_auto_reply_plans'
  | 'mail_invite_plans';

/** The account of one row of one of those tables. */
const accountIn =
  (table: AccountTable) =>
  async (db: DbOrTx, id: number): Promise<number | null> => {
    const res = await db.execute<{ account_id: number }>(sql`SELECT account_id FROM ${sql.identifier(table)} WHERE id = ${id}`);
    return res.rows[0]?.account_id ?? null;
  };

const config = 'userCenter:cs:configuration' as const;

/** Each entity: the permission of its screen and the table that says whose it is. */
const READERS: readonly (readonly [AuditEntity, Permission, AccountTable])[] = [
  ['mail_template', config, 'mail_templates'],
  ['mail_mailbox', config, 'mail_mailboxes'],
  ['cs_tree_problem', config, 'cs_tree_nodes'],
  ['cs_tree_demand', config, 'cs_tree_nodes'],
  ['mail_buyer_block', 'email:blacklist', 'mail_buyer_blocks'],
  ['mail_keyword_dialogue', 'email:keyword', 'mail_keyword_rules'],
  ['mail_keyword_product', 'email:productKeyword', 'mail_keyword_rules'],
  ['mail_auto_mail', 'email:smartMail', 'mail_auto_mails'],
  ['mail_auto_reply_plan', 'email:autoReply', 'mail_auto_reply_plans'],
  ['mail_invite_plan', 'email:marketMail', 'mail_invite_plans'],
];

export const mailHistory: HistoryReaderMap = Object.fromEntries(
  READERS.map(([entity, permission, table]) => [entity, { permission, canSee: accountOwned(entity, accountIn(table)) }]),
);
