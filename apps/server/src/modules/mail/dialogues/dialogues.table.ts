import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, serialId, updatedAt, version } from '../../../db/columns';
import { csTreeNodes } from '../cs-trees/cs-trees.table';
import { mailMailboxes } from '../mailboxes/mailboxes.table';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/** A thread of mail with one buyer in one mailbox. */
export const mailDialogues = pgTable(
  'mail_dialogues',
  {
    id: serialId(),
    mailboxId: integer('mailbox_id')
      .notNull()
      .references(() => mailMailboxes.id),
    shopId: integer('shop_id'),
    marketId: smallint('market_id'),
    buyerEmail: text('buyer_email').notNull(),
    buyerName: text('buyer_name').notNull().default(''),
    subject: text('subject').notNull().default(''),
    /** Subject without Re:/Fwd: prefixes, lower case: threads mail without reference headers. */
    subjectKey: text('subject_key').notNull().default(''),
    snippet: text('snippet').notNull().default(''),
    /** 0 awaiting reply, 1 replied, 2 no reply needed. */
    status: smallint('status').notNull().default(0),
    dialogueType: smallint('dialogue_type').notNull().default(5),
    archived: boolean('archived').notNull().default(false),
    unread: boolean('unread').notNull().default(true),
    repairOrderStatus: smallint('repair_order_status').notNull().default(0),
    messageCount: integer('message_count').notNull().default(0),
    firstMessageAt: timestamp('first_message_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    awaitingSince: timestamp('awaiting_since', { withTimezone: true }),
    /** The agent who answers this dialogue (/mail/assignment); null: unassigned. */
    assigneeId: integer('assignee_id'),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    /** When it was last archived (the CS board's resolution time); null while open. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_dialogues_list_idx').on(t.mailboxId, t.archived, t.lastMessageAt),
    index('mail_dialogues_buyer_idx').on(t.mailboxId, sql`lower(${t.buyerEmail})`, t.subjectKey),
    // The list across mailboxes, newest first: walked in order, stopped at the page's end.
    index('mail_dialogues_recent_idx').on(t.archived, t.lastMessageAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Counts (list totals, statuses, unreplied per mailbox, markets) read this index only.
    index('mail_dialogues_counts_idx').on(t.mailboxId, t.archived, t.status, t.marketId, t.dialogueType),
    // Search (ILIKE '%…%') by trigrams: buyer, name and subject in one expression.
    index('mail_dialogues_search_idx').using(
      'gin',
      sql`(${t.buyerEmail} || ' ' || ${t.buyerName} || ' ' || ${t.subject}) gin_trgm_ops`,
    ),
    index('mail_dialogues_assignee_idx').on(t.assigneeId),
    // The reply-due timer of the CS board: open dialogues awaiting a reply, by when the timer started.
    index('mail_dialogues_awaiting_idx').on(t.awaitingSince).where(sql`${t.status} = 0 AND NOT ${t.archived}`),
    index('mail_dialogues_first_idx').on(t.firstMessageAt),
  ],
);

/** One mail, incoming or outgoing; unique per mailbox on its Message-ID (fetching twice stores once). */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: serialId(),
    dialogueId: integer('dialogue_id')
      .notNull()
      .references(() => mailDialogues.id),
    mailboxId: integer('mailbox_id').notNull(),
    direction: text('direction').notNull(),
    messageId: text('message_id').notNull(),
    inReplyTo: text('in_reply_to'),
    references: jsonb('references').$type<string[]>().notNull().default([]),
    fromEmail: text('from_email').notNull().default(''),
    fromName: text('from_name').notNull().default(''),
    toEmails: jsonb('to_emails').$type<string[]>().notNull().default([]),
    subject: text('subject').notNull().default(''),
    textBody: text('text_body').notNull().default(''),
    /** Sanitised when stored. */
    htmlBody: text('html_body'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    imapUid: integer('imap_uid'),
    /** Outgoing: queued, sending, sent, failed, unknown. */
    state: text('state'),
    lastError: text('last_error'),
    userId: integer('user_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('mail_messages_mailbox_msgid_uq').on(t.mailboxId, t.messageId),
    index('mail_messages_dialogue_idx').on(t.dialogueId, t.sentAt),
    index('mail_messages_search_idx').using('gin', sql`${t.textBody} gin_trgm_ops`),
    index('mail_messages_sent_idx').on(t.sentAt),
  ],
);

/** Attachments of mail and of drafts. */
export const mailAttachments = pgTable(
  'mail_attachments',
  {
    id: serialId(),
    /** Random, part of the uri: ids alone cannot be guessed through. */
    token: text('token').notNull(),
    messageId: integer('message_id').references(() => mailMessages.id, { onDelete: 'cascade' }),
    draftId: integer('draft_id'),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    /** Null when blocked. */
    content: bytea('content'),
    blocked: text('blocked'),
    createdAt: createdAt(),
  },
  (t) => [index('mail_attachments_message_idx').on(t.messageId), index('mail_attachments_draft_idx').on(t.draftId)],
);

/** One draft reply per dialogue and user. */
export const mailDrafts = pgTable(
  'mail_drafts',
  {
    id: serialId(),
    dialogueId: integer('dialogue_id')
      .notNull()
      .references(() => mailDialogues.id),
    userId: integer('user_id').notNull(),
    subject: text('subject').notNull().default(''),
    content: text('content').notNull().default(''),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('mail_drafts_dialogue_user_uq').on(t.dialogueId, t.userId)],
);

/** Related problems of a dialogue: links to problem-tree nodes (a linked node is never deleted). */
export const mailDialogueProblems = pgTable(
  'mail_dialogue_problems',
  {
    dialogueId: integer('dialogue_id')
      .notNull()
      .references(() => mailDialogues.id),
    nodeId: integer('node_id')
      .notNull()
      .references(() => csTreeNodes.id),
    userId: integer('user_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.dialogueId, t.nodeId] }), index('mail_dialogue_problems_node_idx').on(t.nodeId)],
);

/**
 * Mail the fetch could not store. Each fetch run retries the `retry` ones (behind the
 * mailbox's last UID: later mail is not held up); after MAX_FETCH_ATTEMPTS failures a mail
 * is `set_aside` until a user with the mailbox edit permission asks for another try.
 * Keyed by UIDVALIDITY and UID: a reset UIDVALIDITY reads the box again and drops these.
 */
export const mailFetchFailures = pgTable(
  'mail_fetch_failures',
  {
    id: serialId(),
    mailboxId: integer('mailbox_id')
      .notNull()
      .references(() => mailMailboxes.id, { onDelete: 'cascade' }),
    uidValidity: text('uid_validity').notNull(),
    uid: integer('uid').notNull(),
    /** From the IMAP envelope when the mail itself could not be read (NUL-free, bounded). */
    subject: text('subject'),
    fromEmail: text('from_email'),
    size: integer('size'),
    error: text('error').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** 'retry' or 'set_aside'. */
    state: text('state').notNull().default('retry'),
    firstFailedAt: timestamp('first_failed_at', { withTimezone: true }).notNull().defaultNow(),
    lastFailedAt: timestamp('last_failed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('mail_fetch_failures_uid_uq').on(t.mailboxId, t.uidValidity, t.uid)],
);
