import { bigserial, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';

/** Bearer sessions. Only the SHA-256 of a token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id').notNull(),
    /** God view: the user who started this session as `userId`. */
    impersonatorUserId: integer('impersonator_user_id'),
    /** God view: the impersonator's own session, restored when this one ends. */
    parentSessionId: integer('parent_session_id'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Throttle counters per key (throttle.ts): failed sign-ins per 'pair:<loginName>|<address>',
 * 'ip:<address>' and 'acct:<loginName>', unknown share-link tokens per 'share:<address>'
 * (consecutive failures and an hourly count), and
 * fixed-window rate limits of other endpoints ('register:<address>', 'cellphone:<address>', …).
 */
export const loginFailures = pgTable('login_failures', {
  key: text('key').primaryKey(),
  consecutive: integer('consecutive').notNull().default(0),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull().defaultNow(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
  windowCount: integer('window_count').notNull().default(0),
});

/** Password-reset codes, stored hashed; one use, a few tries, short life. */
export const captchas = pgTable(
  'captchas',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('captchas_user_idx').on(t.userId)],
);
