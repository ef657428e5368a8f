/**
 * Who may read the history of the mail area's records (see platform/audit/history.registry.ts):
 * each record belongs to an account, and only that account's people read its history.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { HistoryReaderMap } from '../../platform/area';
import { accountOwned } from '../../platform/audit/history.registry';

/** The account of one row of one of this area's own tables (the names are constants below, never input). */
const accountIn =
  (
    table:
      | 'mail_templates'
      | 'mail_mailboxes'
      | 'mail_buyer_blocks'
      | 'mail_keyword_rules'
      | 'cs_tree_nodes'
      | 'mail_auto_mails'
      | 'mail_auto_reply_plans'
      | 'mail_invite_plans',
  ) =>
  async (db: DbOrTx, id: number): Promise<number | null> => {
    const res = await db.execute<{ account_id: number }>(sql`SELECT account_id FROM ${sql.identifier(table)} WHERE id = ${id}`);
    return res.rows[0]?.account_id ?? null;
  };

const config = 'userCenter:cs:configuration' as const;

export const mailHistory: HistoryReaderMap = {
  mail_template: {
    permission: config,
    canSee: accountOwned('mail_template', accountIn('mail_templates')),
  },
  mail_mailbox: {
    permission: config,
    canSee: accountOwned('mail_mailbox', accountIn('mail_mailboxes')),
  },
  cs_tree_problem: {
    permission: config,
    canSee: accountOwned('cs_tree_problem', accountIn('cs_tree_nodes')),
  },
  cs_tree_demand: {
    permission: config,
    canSee: accountOwned('cs_tree_demand', accountIn('cs_tree_nodes')),
  },
  mail_buyer_block: {
    permission: 'email:blacklist',
    canSee: accountOwned('mail_buyer_block', accountIn('mail_buyer_blocks')),
  },
  mail_keyword_dialogue: {
    permission: 'email:keyword',
    canSee: accountOwned('mail_keyword_dialogue', accountIn('mail_keyword_rules')),
  },
  mail_keyword_product: {
    permission: 'email:productKeyword',
    canSee: accountOwned('mail_keyword_product', accountIn('mail_keyword_rules')),
  },
  mail_auto_mail: {
    permission: 'email:smartMail',
    canSee: accountOwned('mail_auto_mail', accountIn('mail_auto_mails')),
  },
  mail_auto_reply_plan: {
    permission: 'email:autoReply',
    canSee: accountOwned('mail_auto_reply_plan', accountIn('mail_auto_reply_plans')),
  },
  mail_invite_plan: {
    permission: 'email:marketMail',
    canSee: accountOwned('mail_invite_plan', accountIn('mail_invite_plans')),
  },
};
