/**
 * Customer-service mailboxes (spec §7 "Mailboxes (email/rest/v1)"): real IMAP/SMTP
 * accounts. Passwords go in, never out: replies carry `hasImapPassword`/`hasSmtpPassword`.
 * An update without a password keeps the stored one.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idParam, idValue, pageSchema, pagingQuery } from '../envelope';
import { fieldCode } from '../validation';

const tags = ['mailboxes'];

/** Mailbox types = the four top tabs of /mail (spec §2.9); 1 is the default (spec §3). */
export const MAILBOX_TYPES = [
  { id: 1, zh: '买家消息', en: 'Buyer messages' },
  { id: 2, zh: '问答回复', en: 'Q&A replies' },
  { id: 3, zh: '平台通知', en: 'Marketplace notices' },
  { id: 4, zh: '工单', en: 'Work orders' },
] as const;
export const mailboxType = z.coerce.number().int().min(1).max(4);

/** 0 never checked, 1 the last check or fetch signed in, 2 it failed (see lastError). */
export const MAILBOX_AUTH_STATES = { UNCHECKED: 0, OK: 1, FAILED: 2 } as const;

const host = z
  .string()
  .trim()
  .min(1, fieldCode('required'))
  .max(253)
  .regex(/^[A-Za-z0-9.-]+$|^\[[0-9a-fA-F:.]+\]$/, fieldCode('mail.host'));
const port = z.number().int().min(1).max(65535);
const user = z.string().trim().min(1, fieldCode('required')).max(254);
const password = z.string().min(1, fieldCode('required')).max(512);

/** Connection settings; `secure` true = TLS from the first byte (993/465), false = STARTTLS when offered. */
export const connectionFields = {
  imapHost: host,
  imapPort: port,
  imapSecure: z.boolean(),
  imapUser: user,
  smtpHost: host,
  smtpPort: port,
  smtpSecure: z.boolean(),
  smtpUser: user,
};

const mailboxFields = {
  email: z.email(fieldCode('notAnEmail')).trim().max(254),
  /** Display name used as the sender name. */
  name: z.string().trim().max(100).default(''),
  type: z.number().int().min(1).max(4).default(1),
  /** The shop whose buyers write to this mailbox; its marketplace becomes the dialogues' market. */
  shopId: idValue.nullable().default(null),
  /** Without a shop: the marketplace of the mailbox (spec §3 ids), or null. */
  marketId: z.number().int().min(0).max(12).nullable().default(null),
  enabled: z.boolean().default(true),
  ...connectionFields,
};

export const createMailboxBody = z.object({ ...mailboxFields, imapPassword: password, smtpPassword: password });
export const updateMailboxBody = z.object({
  id: idValue,
  version: idValue,
  ...mailboxFields,
  /** Absent: keep the stored password. */
  imapPassword: password.optional(),
  smtpPassword: password.optional(),
});

export const mailboxSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  type: z.number().int(),
  shopId: z.number().int().nullable(),
  shopName: z.string().nullable(),
  marketId: z.number().int().nullable(),
  enabled: z.boolean(),
  /** A demo mailbox of the seed: not connected, never fetched from or sent through (see DEMO_MAILBOX_NOTE). */
  demo: z.boolean(),
  imapHost: z.string(),
  imapPort: z.number().int(),
  imapSecure: z.boolean(),
  imapUser: z.string(),
  hasImapPassword: z.boolean(),
  smtpHost: z.string(),
  smtpPort: z.number().int(),
  smtpSecure: z.boolean(),
  smtpUser: z.string(),
  hasSmtpPassword: z.boolean(),
  authState: z.number().int(),
  lastError: z.string().nullable(),
  /** When the stored settings were last checked (check button, fetch sign-in); with authState and lastError the kept result. */
  checkedAt: z.string().nullable(),
  lastFetchAt: z.string().nullable(),
  /** Why the last fetch run failed, else the latest fetched mail still failing or set aside ("UID n: …"); null when none. */
  fetchError: z.string().nullable(),
  fetchErrorAt: z.string().nullable(),
  /** Mail set aside after repeated failures (see fetchFailures). */
  setAsideCount: z.number().int(),
  userIds: z.array(z.number().int()),
  version: z.number().int(),
});
export type Mailbox = z.infer<typeof mailboxSchema>;

/** The fetch tries a failed mail again at each run; after this many failures it is set aside until retried. */
export const MAX_FETCH_ATTEMPTS = 3;

/** A fetched mail that could not be stored: `retry` (tried again at the next fetch) or `set_aside`. */
export const fetchFailureSchema = z.object({
  id: z.number().int(),
  mailboxId: z.number().int(),
  uid: z.number().int(),
  /** From the mail, or the server's envelope when the mail could not be parsed; null when unknown. */
  subject: z.string().nullable(),
  fromEmail: z.string().nullable(),
  size: z.number().int().nullable(),
  error: z.string(),
  attempts: z.number().int(),
  state: z.enum(['retry', 'set_aside']),
  firstFailedAt: z.string(),
  lastFailedAt: z.string(),
});
export type FetchFailure = z.infer<typeof fetchFailureSchema>;

export const mailboxBriefSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  type: z.number().int(),
  shopId: z.number().int().nullable(),
  marketId: z.number().int().nullable(),
  authState: z.number().int(),
  demo: z.boolean(),
});

/** What a demo mailbox answers to a check or a fetch, and the note on a reply written in it (never sent). */
export const DEMO_MAILBOX_NOTE =
  'Demo mailbox — not connected: add your IMAP/SMTP settings to receive real mail / 演示邮箱——未连接：填写 IMAP/SMTP 设置后才能收发真实邮件';
export const DEMO_REPLY_NOTE = 'Demo mailbox — not sent: this reply was recorded only / 演示邮箱——未发送：此回复仅被记录';

/** "Fetch now": queued (a fetch job is waiting or running), or why not. */
export const fetchNowResultSchema = z.object({
  queued: z.boolean(),
  /** Why nothing was queued: a demo mailbox, or a disabled one. */
  reason: z.enum(['demo', 'disabled']).nullable(),
});

export const checkResultSchema = z.object({
  imap: z.object({ ok: z.boolean(), error: z.string().nullable() }),
  smtp: z.object({ ok: z.boolean(), error: z.string().nullable() }),
});
export type CheckResult = z.infer<typeof checkResultSchema>;

const base = 'email/rest/v1';

export const getCommonMail = defineEndpoint({
  method: 'GET',
  path: `${base}/getCommonMail`,
  access: 'email:emails',
  summary: "The caller's mailboxes in common use: those linked to the caller, else every visible one",
  tags,
  data: z.array(mailboxBriefSchema),
});

export const listMailboxes = defineEndpoint({
  method: 'GET',
  path: `${base}/mailboxes/list`,
  access: 'userCenter:cs:configuration',
  summary: 'Mailboxes, paged (no passwords)',
  tags,
  query: z.object({
    keyword: z.string().trim().max(100).optional(),
    type: mailboxType.optional(),
    shopId: idParam.optional(),
    ...pagingQuery,
  }),
  data: pageSchema(mailboxSchema),
});

export const getMailbox = defineEndpoint({
  method: 'GET',
  path: `${base}/mailboxes/{id}`,
  access: 'userCenter:cs:configuration',
  summary: 'One mailbox (no passwords)',
  tags,
  params: z.object({ id: idParam }),
  data: mailboxSchema,
});

export const createMailbox = defineEndpoint({
  method: 'POST',
  path: `${base}/mailboxes`,
  access: 'userCenter:cs:configuration:create',
  summary: 'Add a mailbox; passwords are stored encrypted (AES-256-GCM)',
  tags,
  write: true,
  body: createMailboxBody,
  data: mailboxSchema,
});

export const updateMailbox = defineEndpoint({
  method: 'PUT',
  path: `${base}/mailboxes`,
  access: 'userCenter:cs:configuration:edit',
  summary: 'Change a mailbox (optimistic version; 409 when stale)',
  tags,
  write: true,
  body: updateMailboxBody,
  data: mailboxSchema,
});

export const isDuplicateMailbox = defineEndpoint({
  method: 'GET',
  path: `${base}/mailboxes/isDuplicate`,
  access: 'userCenter:cs:configuration',
  summary: 'Whether another mailbox already uses this address (case-insensitive)',
  tags,
  query: z.object({ email: z.string().trim().min(1).max(254), id: idParam.optional() }),
  data: z.boolean(),
});

export const deleteMailbox = defineEndpoint({
  method: 'DELETE',
  path: `${base}/mailboxes/{id}/delete`,
  access: 'userCenter:cs:configuration:delete',
  summary: 'Remove a mailbox: no more fetching or sending; its dialogues stay readable',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  data: z.null(),
});

export const sendAuthMail = defineEndpoint({
  method: 'GET',
  path: `${base}/mailboxes/sendAuthMail/`,
  access: 'userCenter:cs:configuration:edit',
  summary: 'Send a confirmation mail through the mailbox’s SMTP account to its own address (proves sending works)',
  tags,
  write: true,
  query: z.object({ id: idParam }),
  data: z.object({ messageId: z.string() }),
});

export const checkMailBox = defineEndpoint({
  method: 'POST',
  path: `${base}/mailboxes/checkMailBox`,
  access: 'userCenter:cs:configuration',
  summary:
    'Sign in to IMAP and SMTP with these settings (bounded timeout) and say what failed. With id and no password the stored one is used, ' +
    'only ever for the stored host, port, user and TLS setting of its side; other settings need the password typed and ' +
    'userCenter:cs:configuration:edit (403/400), a check without id needs :create or :edit. Every check is audited.',
  tags,
  body: z.object({
    id: idValue.optional(),
    ...connectionFields,
    imapPassword: password.optional(),
    smtpPassword: password.optional(),
  }),
  data: checkResultSchema,
});

export const checkAuth = defineEndpoint({
  method: 'GET',
  path: `${base}/mailboxes/checkAuth`,
  access: 'userCenter:cs:configuration',
  summary: 'Sign in to a stored mailbox over IMAP and SMTP now and record the outcome',
  tags,
  query: z.object({ id: idParam }),
  data: checkResultSchema,
});

export const queryAuthAutoMail = defineEndpoint({
  method: 'GET',
  path: `${base}/mailboxes/queryAuthAutoMail`,
  access: 'userCenter:cs:configuration',
  summary: 'Mailboxes that can send automatic mail now: enabled and signed in successfully',
  tags,
  query: z.object({ shopId: idParam.optional() }),
  data: z.array(mailboxBriefSchema),
});

export const listFetchFailures = defineEndpoint({
  method: 'GET',
  path: `${base}/mailboxes/{id}/fetchFailures`,
  access: 'userCenter:cs:configuration',
  summary:
    'Fetched mail of a mailbox that could not be stored: UID, subject if known, error, attempts, state; set-aside mail first',
  tags,
  params: z.object({ id: idParam }),
  data: z.array(fetchFailureSchema),
});

export const retryFetchFailure = defineEndpoint({
  method: 'POST',
  path: `${base}/mailboxes/fetchFailures/{id}/retry`,
  access: 'userCenter:cs:configuration:edit',
  summary: 'Try a failed or set-aside mail again now (its attempts start over; a fetch of its mailbox is queued)',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  data: fetchFailureSchema,
});

export const fetchMailboxNow = defineEndpoint({
  method: 'POST',
  path: `${base}/mailboxes/{id}/fetch`,
  access: 'userCenter:cs:configuration',
  summary: 'Queue a fetch of this mailbox now (the recurring fetch job); a demo or disabled mailbox is not fetched',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  data: fetchNowResultSchema,
});

const linkQuery = z.object({ mailBoxId: idParam, userId: idParam });

export const addMailboxUser = defineEndpoint({
  method: 'POST',
  path: `${base}/mail-box-users`,
  access: 'userCenter:cs:configuration:edit',
  summary: 'Link a mailbox to a user (it becomes one of their common mailboxes)',
  tags,
  write: true,
  query: linkQuery,
  data: z.null(),
});

export const removeMailboxUser = defineEndpoint({
  method: 'DELETE',
  path: `${base}/mail-box-users`,
  access: 'userCenter:cs:configuration:edit',
  summary: 'Unlink a mailbox from a user',
  tags,
  write: true,
  query: linkQuery,
  data: z.null(),
});
