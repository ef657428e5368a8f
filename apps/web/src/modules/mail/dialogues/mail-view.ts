/**
 * The /mail screen's state, mirrored in the query string: tab = mailbox type (default 1),
 * market -1, status -1, dialogue type 0 (spec §3), archived, search, page, the open
 * dialogue. Picking another mailbox or tab resets market, status and dialogue type
 * (spec §4).
 */
import type { MailListBody } from '@bo/contract/mail/dialogues';

export const MAIL_URL = {
  /** Empty: the preset's tab (1 on /mail/index). */
  tab: '',
  box: '',
  market: '-1',
  status: '-1',
  dtype: '0',
  archived: '0',
  q: '',
  page: '1',
  d: '',
  /** Assignment filter: '' any, 'me' assigned to the caller, '1' assigned, '0' unassigned (spec §3). */
  asg: '',
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
  assigned: '' | 'me' | '1' | '0';
}

/**
 * The mail screens of spec §2.9 are one client with a preset: the top tabs of /mail/index
 * (and /mail/qaReply, /mail/market, /mail/workOrder, which open their tab), the order and
 * support views (buyer messages of some dialogue types) and /mail/mail (one mailbox's mail
 * of every type).
 */
export type MailPreset = 'index' | 'qaReply' | 'market' | 'workOrder' | 'order' | 'support' | 'mail';

export interface PresetRule {
  /** Opens on this tab; null: no tabs (the view fixes the type). */
  tab: number | null;
  /** Fixed mailbox type for views without tabs; 0 every type. */
  type?: number;
  /** The dialogue types the view shows. */
  dialogueTypes?: number[];
}

export const PRESETS: Record<MailPreset, PresetRule> = {
  index: { tab: 1 },
  qaReply: { tab: 2 },
  market: { tab: 3 },
  workOrder: { tab: 4 },
  order: { tab: null, type: 1, dialogueTypes: [2, 3] },
  support: { tab: null, type: 1, dialogueTypes: [1, 4, 5] },
  mail: { tab: null, type: 0 },
};

export function readMailView(u: MailUrl, preset: MailPreset = 'index'): MailView {
  const box = int(u.box, 0, 1, 2_147_483_647);
  const d = int(u.d, 0, 1, 2_147_483_647);
  const rule = PRESETS[preset];
  const allowed = rule.dialogueTypes;
  const dialogueType = int(u.dtype, 0, 0, 5);
  return {
    type: rule.tab === null ? (rule.type ?? 1) : int(u.tab, rule.tab, 1, 4),
    mailBoxId: box || null,
    marketId: int(u.market, -1, -1, 12),
    status: int(u.status, -1, -1, 2),
    dialogueType: allowed && !allowed.includes(dialogueType) ? 0 : dialogueType,
    archived: u.archived === '1',
    search: u.q.trim().slice(0, 200),
    pageNum: int(u.page, 1, 1, 100000),
    dialogueId: d || null,
    assigned: u.asg === 'me' || u.asg === '1' || u.asg === '0' ? u.asg : '',
  };
}

export function mailListBody(v: MailView, preset: MailPreset = 'index'): MailListBody {
  const types = PRESETS[preset].dialogueTypes;
  return {
    ...(v.mailBoxId ? { mailBoxId: v.mailBoxId } : {}),
    type: v.type,
    ...(types ? { dialogueTypes: types } : {}),
    ...(v.assigned === 'me' ? { mine: true } : v.assigned ? { assigned: v.assigned === '1' ? 1 : 0 } : {}),
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

const TAG = /\{\{\s*([A-Za-z]*)\s*\}\}/g;
const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * A reply template's body for one buyer: the merge tags the dialogue knows are filled in
 * (escaped), the others stay as `{{tag}}` for the agent to complete before sending.
 */
export function fillTemplate(body: string, values: Record<string, string | null | undefined>): string {
  return body.replace(TAG, (whole, name: string) => {
    const v = values[name];
    return v ? escapeHtml(v) : whole;
  });
}

/** Merge tags still in a reply: it must not go out like that. */
export function unfilledTags(html: string): string[] {
  return [...new Set([...html.matchAll(TAG)].map((m) => m[1] ?? ''))];
}
