/** View logic of the mail operations: the problem picker, the board's period and figures. */
import type { MailListBody } from '@bo/contract/mail/dialogues';
import { BOARD_MAX_DAYS, DUE_SOON_HOURS, REPLY_DUE_HOURS } from '@bo/contract/mail/operations';

export interface PickerNode {
  value: number;
  title: string;
  disabled: boolean;
  children: PickerNode[];
}

/** The enabled problem nodes as TreeSelect data; linked nodes cannot be picked again. */
export function problemPickerData(
  options: readonly { id: number; parentId: number | null; name: string; nameEn: string }[],
  lang: 'zh-CN' | 'en-US',
  linked: ReadonlySet<number>,
): PickerNode[] {
  const byId = new Map<number, PickerNode>();
  for (const o of options)
    byId.set(o.id, {
      value: o.id,
      title: lang === 'en-US' && o.nameEn ? o.nameEn : o.name,
      disabled: linked.has(o.id),
      children: [],
    });
  const roots: PickerNode[] = [];
  for (const o of options) {
    const node = byId.get(o.id) as PickerNode;
    const parent = o.parentId === null ? undefined : byId.get(o.parentId);
    (parent ? parent.children : o.parentId === null ? roots : []).push(node);
  }
  return roots;
}

export const BOARD_URL = { from: '', to: '', box: '', market: '-1' } as const;
export type BoardUrl = { [K in keyof typeof BOARD_URL]: string };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The period of the board from the query string: both ends valid dates, from ≤ to, at
 * most BOARD_MAX_DAYS days; otherwise the last 14 UTC days up to today.
 */
export function readBoardPeriod(u: BoardUrl, now: Date = new Date()) {
  const to = isoDay(now);
  const fallback = { from: isoDay(new Date(now.getTime() - 13 * 86_400_000)), to };
  const ok =
    DAY.test(u.from) &&
    DAY.test(u.to) &&
    !Number.isNaN(Date.parse(u.from)) &&
    !Number.isNaN(Date.parse(u.to)) &&
    u.from <= u.to &&
    (Date.parse(u.to) - Date.parse(u.from)) / 86_400_000 < BOARD_MAX_DAYS;
  const box = Number(u.box);
  const market = Number(u.market);
  return {
    ...(ok ? { from: u.from, to: u.to } : fallback),
    ...(Number.isInteger(box) && box > 0 ? { mailBoxId: box } : {}),
    marketId: Number.isInteger(market) && market >= -1 && market <= 12 ? market : -1,
  };
}

/** "3 h 20 min" style text for a duration in hours (null: a dash). */
export function formatHours(h: number | null, lang: 'zh-CN' | 'en-US'): string {
  if (h === null) return '—';
  const mins = Math.round(h * 60);
  const d = Math.floor(mins / 1440);
  const hh = Math.floor((mins % 1440) / 60);
  const mm = mins % 60;
  const u = lang === 'zh-CN' ? { d: '天', h: '小时', m: '分' } : { d: ' d', h: ' h', m: ' min' };
  const parts = [d ? `${d}${u.d}` : '', hh ? `${hh}${u.h}` : '', !d && mm ? `${mm}${u.m}` : ''].filter(Boolean);
  return parts.length ? parts.join(' ') : `0${u.m}`;
}

/** Time left until a reply is due (negative: overdue by), from the dialogue's awaiting-since. */
export function dueLeftHours(awaitingSince: string, now: Date = new Date()): number {
  return (Date.parse(awaitingSince) + REPLY_DUE_HOURS * 3_600_000 - now.getTime()) / 3_600_000;
}

export { DUE_SOON_HOURS, REPLY_DUE_HOURS };

export const ASSIGN_URL = { tab: '0', asg: '0', agent: '', status: '-1', q: '', pageNum: '1', pageSize: '20' } as const;
export type AssignUrl = { [K in keyof typeof ASSIGN_URL]: string };

/** The assignment list's mailList body from the query string: open dialogues, the assignment filter of spec §3. */
export function assignListBody(u: AssignUrl): MailListBody & { type: number; status: number; pageNum: number; pageSize: number } {
  const num = (v: string, d: number, min: number, max: number) => {
    const n = Number(v);
    return Number.isInteger(n) && n >= min && n <= max ? n : d;
  };
  const agent = num(u.agent, 0, 1, 2_147_483_647);
  const asg = u.asg === '1' || u.asg === '0' ? (Number(u.asg) as 0 | 1) : undefined;
  return {
    type: num(u.tab, 0, 0, 4),
    marketId: -1,
    status: num(u.status, -1, -1, 2),
    dialogueType: 0,
    archived: false,
    ...(agent ? { assigneeId: agent } : asg === undefined ? {} : { assigned: asg }),
    ...(u.q.trim() ? { search: u.q.trim().slice(0, 200) } : {}),
    pageNum: num(u.pageNum, 1, 1, 100000),
    pageSize: [10, 20, 50, 100].includes(Number(u.pageSize)) ? Number(u.pageSize) : 20,
  };
}
