import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { serialId, version, writtenAt } from '../../../db/columns';

/**
 * A customer-service mailbox: a real IMAP + SMTP account. Passwords are AES-256-GCM
 * sealed (see secret-box.ts) and never leave the server. Removed mailboxes keep their
 * row (deleted_at) so that their dialogues stay readable.
 */
export const mailMailboxes = pgTable(
  'mail_mailboxes',
  {
    id: serialId(),
    accountId: integer('account_id').notNull().default(1),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    /** 1 buyer messages, 2 Q&A, 3 marketplace notices, 4 work orders. */
    type: smallint('type').notNull().default(1),
    shopId: integer('shop_id'),
    marketId: smallint('market_id'),
    enabled: boolean('enabled').notNull().default(true),
    /** A demo mailbox (seed): not connected, never fetched from or sent through; editing its servers makes it real. */
    demo: boolean('demo').notNull().default(false),
    imapHost: text('imap_host').notNull(),
    imapPort: integer('imap_port').notNull(),
    imapSecure: boolean('imap_secure').notNull(),
    imapUser: text('imap_user').notNull(),
    imapPasswordEnc: text('imap_password_enc').notNull(),
    smtpHost: text('smtp_host').notNull(),
    smtpPort: integer('smtp_port').notNull(),
    smtpSecure: boolean('smtp_secure').notNull(),
    smtpUser: text('smtp_user').notNull(),
    smtpPasswordEnc: text('smtp_password_enc').notNull(),
    /** 0 unchecked, 1 signed in, 2 failed. */
    authState: smallint('auth_state').notNull().default(0),
    lastError: text('last_error'),
    /** When the stored settings were last checked (checkAuth, a fetch's sign-in): with auth_state and last_error, the kept result. */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    /** IMAP INBOX UIDVALIDITY and the highest UID stored: fetching is incremental. */
    uidValidity: text('uid_validity'),
    lastUid: integer('last_uid').notNull().default(0),
    lastFetchAt: timestamp('last_fetch_at', { withTimezone: true }),
    /** Why the last fetch run failed or left mail behind (NUL-free, bounded); null after a clean run. */
    fetchError: text('fetch_error'),
    fetchErrorAt: timestamp('fetch_error_at', { withTimezone: true }),
    /** The UID being read right now: still set at the next run, the mail stopped a run (crash, hang) and counts as failed once. */
    fetchingUid: integer('fetching_uid'),
    version: version(),
    ...writtenAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('mail_mailboxes_email_uq').on(sql`lower(${t.email})`).where(sql`deleted_at IS NULL`),
    index('mail_mailboxes_shop_idx').on(t.shopId),
  ],
);

/** Mailboxes linked to a (sub-)user: their common mailboxes. */
export const mailMailboxUsers = pgTable(
  'mail_mailbox_users',
  {
    mailboxId: integer('mailbox_id')
      .notNull()
      .references(() => mailMailboxes.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.mailboxId, t.userId] }), index('mail_mailbox_users_user_idx').on(t.userId)],
);
