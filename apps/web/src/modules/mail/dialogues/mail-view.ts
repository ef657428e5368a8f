/**
 * The /mail screen's state, mirrored in the query string: tab = mailbox type (default 1),
 * market -1, status -1, dialogue type 0 (spec §3), archived, search, page, the open
 * dialogue. Picking another mailbox or tab resets market, status and dialogue type
 * (spec §4).
 */
import type { MailListBody } from '@bo/contract/mail/dialogues';

export const MAIL_URL = {
  tab: '1',
  box: '',
  market: '-1',
  status: '-1',
  dtype: '0',
  archived: '0',
  q: '',
  page: '1',
  d: '',
} as const;
export type MailUrl = { [K in keyof typeof MAIL_URL]: string };

export const PAGE_SIZE = 20;

const int = (v: string, fallback: number, min: number, max: number) => {
  const n = Number(v);
  return Number.isInteger(n) && n >= min && n <= max ? n : fallback;
};

export interface MailView {
  type: number;
  mailBoxId: number | null;
  marketId: number;
  status: number;
  dialogueType: number;
  archived: boolean;
  search: string;
  pageNum: number;
  dialogueId: number | null;
}

export function readMailView(u: MailUrl): MailView {
  const box = int(u.box, 0, 1, 2_147_483_647);
  const d = int(u.d, 0, 1, 2_147_483_647);
  return {
    type: int(u.tab, 1, 1, 4),
    mailBoxId: box || null,
    marketId: int(u.market, -1, -1, 12),
    status: int(u.status, -1, -1, 2),
    dialogueType: int(u.dtype, 0, 0, 5),
    archived: u.archived === '1',
    search: u.q.trim().slice(0, 200),
    pageNum: int(u.page, 1, 1, 100000),
    dialogueId: d || null,
  };
}

export function mailListBody(v: MailView): MailListBody {
  return {
    ...(v.mailBoxId ? { mailBoxId: v.mailBoxId } : {}),
    type: v.type,
    marketId: v.marketId,
    status: v.status,
    dialogueType: v.dialogueType,
    archived: v.archived,
    ...(v.search ? { search: v.search } : {}),
    pageNum: v.pageNum,
    pageSize: PAGE_SIZE,
  };
}

/** The URL patch of the reset rule (spec §4), applied when the mailbox or the tab changes. */
export const RESET_PATCH = { market: '-1', status: '-1', dtype: '0', page: '1', d: '' } as const;

/** The reply editor's plain text as the HTML the API takes (escaped, one paragraph per line). */
export function textToHtml(text: string): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return text
    .split(/\r?\n/)
    .map((line) => `<p>${line.trim() ? esc(line) : '<br>'}</p>`)
    .join('');
}

/** The draft's HTML back to editable text. */
export function htmlToEditable(html: string): string {
  const doc = new DOMParser().parseFromString(html.replace(/<\/p>/gi, '</p>\n').replace(/<br\s*\/?>/gi, '\n'), 'text/html');
  return (doc.body.textContent ?? '').replace(/\n{2,}/g, '\n').replace(/\n$/, '');
}
