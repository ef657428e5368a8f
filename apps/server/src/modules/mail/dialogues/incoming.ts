/**
 * The one door of fetched mail into the database (issue #18): every string a stranger
 * wrote — addresses and names, subject, Message-ID and reference headers, text and HTML,
 * attachment names and types — is made storable (`pgText`: no U+0000, no lone surrogate,
 * which PostgreSQL refuses in text and jsonb) and bounded (a b-tree key must stay under
 * 2.7 kB; a huge HTML part must not cost seconds to sanitise). `storeIncoming` reads a
 * parsed mail only through `incomingMail`.
 */
import type { AddressObject, ParsedMail } from 'mailparser';
import { pgText } from '../../../db/pg-text';

/** Longest Message-ID / In-Reply-To / reference kept (they are b-tree keys). */
const MAX_ID_CHARS = 500;
/** Longest address kept (RFC 5321's path limit); longer ones are dropped. */
const MAX_ADDRESS_CHARS = 254;
/** HTML beyond this is cut before it is sanitised (the cut is noted in the text). */
export const MAX_HTML_CHARS = 2_000_000;
export const MAX_TEXT_CHARS = 500_000;
/** Attachment rows kept per mail: the rest are counted in a note, not stored one by one. */
export const MAX_ATTACHMENT_ROWS = 50;

export interface IncomingAttachment {
  fileName: string;
  contentType: string;
  size: number;
  content: Buffer;
}

export interface IncomingMail {
  /** Null: the mail has none (the store derives one from the raw bytes). */
  messageId: string | null;
  fromEmail: string;
  fromName: string;
  to: string[];
  subject: string;
  /** The text part, or null when the mail has only HTML. */
  text: string | null;
  /** The HTML part, not yet sanitised; null when there is none. */
  html: string | null;
  inReplyTo: string | null;
  references: string[];
  /** When it was sent; a missing, invalid or implausible date is now. */
  sentAt: Date;
  attachments: IncomingAttachment[];
  /** Attachments beyond MAX_ATTACHMENT_ROWS, left out. */
  attachmentsLeftOut: number;
  /** Cuts made here, in words, for the stored text. */
  notes: string[];
}

const addressesOf = (a: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(a) ? a : a ? [a] : [])
    .flatMap((x) => x.value)
    .map((v) => ({ address: pgText(v.address ?? '').trim(), name: pgText(v.name ?? '', 200) }))
    .filter((v) => v.address && v.address.length <= MAX_ADDRESS_CHARS);

const idOrNull = (s: string | undefined) => {
  const v = s ? pgText(s, MAX_ID_CHARS).trim() : '';
  return v || null;
};

const refList = (r: string | string[] | undefined) =>
  (Array.isArray(r) ? r : r ? r.split(/\s+/) : [])
    .map((x) => pgText(x, MAX_ID_CHARS).trim())
    .filter(Boolean)
    .slice(-50);

/** A date a stranger cannot use to pin a dialogue to the top or the bottom of every list. */
function plausibleDate(d: Date | undefined, now = new Date()): Date {
  if (!d || Number.isNaN(d.getTime())) return now;
  if (d.getTime() > now.getTime() + 86_400_000 || d.getUTCFullYear() < 1990) return now;
  return d;
}

export function incomingMail(mail: ParsedMail): IncomingMail {
  const from = addressesOf(mail.from)[0];
  const notes: string[] = [];
  let html = typeof mail.html === 'string' && mail.html ? pgText(mail.html) : null;
  if (html && html.length > MAX_HTML_CHARS) {
    html = html.slice(0, MAX_HTML_CHARS);
    notes.push(`HTML cut at ${MAX_HTML_CHARS / 1_000_000} M characters`);
  }
  const all = mail.attachments ?? [];
  return {
    messageId: idOrNull(mail.messageId),
    fromEmail: (from?.address ?? '').toLowerCase(),
    fromName: from?.name ?? '',
    to: addressesOf(mail.to)
      .map((a) => a.address)
      .slice(0, 100),
    subject: pgText(mail.subject ?? '', 1000),
    text: typeof mail.text === 'string' ? pgText(mail.text, MAX_TEXT_CHARS) : null,
    html,
    inReplyTo: idOrNull(mail.inReplyTo),
    references: refList(mail.references),
    sentAt: plausibleDate(mail.date),
    attachments: all.slice(0, MAX_ATTACHMENT_ROWS).map((a) => ({
      fileName: pgText(a.filename ?? 'attachment', 255) || 'attachment',
      contentType: pgText(a.contentType ?? 'application/octet-stream', 200),
      size: a.size,
      content: a.content,
    })),
    attachmentsLeftOut: Math.max(0, all.length - MAX_ATTACHMENT_ROWS),
    notes,
  };
}
