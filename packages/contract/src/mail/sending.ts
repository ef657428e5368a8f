/**
 * Sending (spec §7 "Sending"): drafts per dialogue and user, their attachments, and the
 * reply, which is queued as a job and sent over the mailbox's SMTP account with
 * In-Reply-To and References of the thread. At most once: see docs/decisions.md.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idParam, idValue } from '../envelope';
import { fieldCode } from '../validation';
import { attachmentSchema, OUTGOING_STATES } from './dialogues';

const tags = ['mail sending'];

/** Per attachment and per mail (incoming and outgoing). */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
export const MAX_ATTACHMENTS_TOTAL_BYTES = 20 * 1024 * 1024;
export const MAX_ATTACHMENTS = 10;
/** Never stored or sent: types that run code when opened. */
export const BLOCKED_EXTENSIONS = [
  'exe',
  'bat',
  'cmd',
  'com',
  'scr',
  'pif',
  'msi',
  'msp',
  'vbs',
  'vbe',
  'js',
  'jse',
  'wsf',
  'wsh',
  'ps1',
  'jar',
  'dll',
  'cpl',
  'hta',
  'lnk',
  'reg',
  'sh',
] as const;

/** The reply editor's content: HTML (sanitised before it is stored or sent). */
const content = z.string().max(200_000);

export const draftSchema = z.object({
  dialogueId: z.number().int(),
  subject: z.string(),
  content: z.string(),
  attachments: z.array(attachmentSchema),
  updatedAt: z.string().nullable(),
});
export type MailDraft = z.infer<typeof draftSchema>;

/** JSON body of a draft save; as multipart, the same fields plus files named `files`. */
export const saveDraftBody = z.object({
  dialogueId: z.coerce.number().int().positive().max(2_147_483_647),
  subject: z.string().trim().max(500).optional(),
  content,
});

export const getDraft = defineEndpoint({
  method: 'GET',
  path: 'email/rest/v1/emailSender/drafts',
  access: 'email:emails',
  summary: "The caller's draft reply of a dialogue (empty when none)",
  tags,
  query: z.object({ dialogueId: idParam }),
  data: draftSchema,
});

export const saveDraft = defineEndpoint({
  method: 'POST',
  path: 'email/rest/v2/email-sender/drafts',
  access: 'email:emails',
  summary:
    'Save the draft reply (JSON: dialogueId, subject, content; or multipart with the same fields and attachment files named "files", each at most 10 MB, no executables)',
  tags,
  write: true,
  data: draftSchema,
});

export const deleteDraftAttachment = defineEndpoint({
  method: 'DELETE',
  path: 'email/rest/v1/emailSender/drafts/attachments',
  access: 'email:emails',
  summary: 'Remove an attachment from the caller’s draft',
  tags,
  write: true,
  query: z.object({ uri: z.string().min(1).max(200) }),
  data: draftSchema,
});

export const getAttachment = defineEndpoint({
  method: 'GET',
  path: 'email/rest/v1/emailSender/attachments',
  access: 'email:emails',
  summary: 'An attachment’s facts',
  tags,
  query: z.object({ uri: z.string().min(1).max(200) }),
  data: attachmentSchema,
});

export const downloadAttachment = defineEndpoint({
  method: 'GET',
  path: 'email/rest/v1/emailSender/attachments/binary',
  access: 'email:emails',
  summary: 'An attachment’s bytes (always as a download, never rendered inline)',
  tags,
  query: z.object({ uri: z.string().min(1).max(200) }),
  binary: true,
  keep: false,
});

/**
 * A reply whose text equals the dialogue's last reply queued within these minutes is
 * refused (409, code DUPLICATE_REPLY) unless `force`: an agent does not send the same
 * answer twice by a second click or a stale editor.
 */
export const DUPLICATE_REPLY_MINUTES = 10;

export const replyBody = z.object({
  dialogueId: idValue,
  /** Default: "Re: " and the dialogue's subject. */
  subject: z.string().trim().min(1).max(500).optional(),
  content: content.refine((s) => s.replace(/<[^>]*>/g, '').trim().length > 0, fieldCode('mail.replyEmpty')),
  /** Send even when the same text went to this dialogue within DUPLICATE_REPLY_MINUTES. */
  force: z.boolean().optional(),
});

export const reply = defineEndpoint({
  method: 'POST',
  path: 'email/rest/v1/emailSender/reply',
  access: 'email:emails:send',
  summary:
    'Reply to the buyer with the content and the attachments of the caller’s draft; queued and sent over SMTP in the background. The draft is removed in the same transaction (the queued mail holds its text and attachments; a reply that fails comes back as the draft). 409 (code 40902) when the same text was replied to this dialogue within the last 10 minutes, unless force is true',
  tags,
  write: true,
  body: replyBody,
  data: z.object({ id: z.number().int(), messageId: z.string(), state: z.enum(OUTGOING_STATES) }),
});
