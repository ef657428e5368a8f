/**
 * Finds internal-only data in a reply of an external account: canary markers and ids in
 * the raw bytes (JSON, csv, the cells of an .xlsx), and, in JSON, ids under keys that name
 * users, shops, teams, roles, product lines, mailboxes or accounts that are not the caller's.
 */
import ExcelJS from 'exceljs';
import type { Pool } from 'pg';
import { CANARY_IDS, CANARY_MARKERS } from './canaries';

export interface Reply {
  headers: Record<string, unknown>;
  body: string;
  rawPayload: Buffer;
}

/** The text of a reply as a reader sees it: the cells of a workbook, else the bytes. */
export async function readableText(res: Reply): Promise<{ text: string; kind: 'json' | 'xlsx' | 'other' }> {
  const type = String(res.headers['content-type'] ?? '');
  if (type.includes('spreadsheetml')) {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const cells: string[] = [];
    for (const ws of wb.worksheets) ws.eachRow((row) => cells.push(JSON.stringify(row.values)));
    // The raw bytes too: a name in a sheet title or a shared string nobody uses is still sent.
    return { text: `${cells.join('\n')}\n${res.rawPayload.toString('latin1')}`, kind: 'xlsx' };
  }
  return { text: res.rawPayload.toString('utf8'), kind: type.includes('application/json') ? 'json' : 'other' };
}

/** Ids the caller owns, read again before each reply is checked (a call may have made new ones). */
export interface Allowed {
  users: Set<number>;
  shops: Set<number>;
  roles: Set<number>;
  lines: Set<number>;
  mailboxes: Set<number>;
  account: number;
}

export async function allowedNow(pool: Pool, accountId: number, productLineIds: readonly number[]): Promise<Allowed> {
  const set = async (text: string) => new Set((await pool.query(text, [accountId])).rows.map((r) => Number(r.id)));
  return {
    users: await set(`SELECT id FROM users WHERE account_id = $1`),
    shops: await set(`SELECT id FROM shops WHERE account_id = $1`),
    roles: await set(
      `SELECT id FROM roles WHERE account_id = $1 UNION SELECT role_id FROM user_roles ur JOIN users u ON u.id = ur.user_id WHERE u.account_id = $1`,
    ),
    lines: new Set(productLineIds),
    mailboxes: await set(`SELECT m.id FROM mail_mailboxes m JOIN shops s ON s.id = m.shop_id WHERE s.account_id = $1`),
    account: accountId,
  };
}

/** Markers and canary ids in the text. */
export function canariesIn(text: string): string[] {
  const found: string[] = [];
  const lower = text.toLowerCase();
  for (const [what, marker] of Object.entries(CANARY_MARKERS)) {
    if (lower.includes(marker.toLowerCase())) found.push(`marker ${what} (${marker})`);
  }
  for (const [what, id] of Object.entries(CANARY_IDS)) {
    if (new RegExp(`(?<![\\d.])${id}(?![\\d])`).test(text)) found.push(`canary id ${what} (${id})`);
  }
  return found;
}

const USER_KEY = /^(userId|userIds|directorId|assigneeId|agentId|authorId|ownerId|operatorId|createdById|updatedById)$|UserId$/;
type Rule = { test: RegExp; allowed: (a: Allowed) => Set<number> | null; what: string };
const RULES: Rule[] = [
  { test: USER_KEY, allowed: (a) => new Set([...a.users, 0]), what: 'a user of another account' },
  { test: /^shopIds?$/, allowed: (a) => a.shops, what: 'a shop the caller does not own' },
  { test: /^teamIds?$/, allowed: () => null, what: 'a sales team' },
  { test: /^roleIds?$/, allowed: (a) => a.roles, what: 'a role of another account' },
  { test: /^productLineIds?$/, allowed: (a) => a.lines, what: 'a product line outside its listings' },
  { test: /^mailboxIds?$/, allowed: (a) => a.mailboxes, what: 'a mailbox of another shop' },
  { test: /^accountId$/, allowed: (a) => new Set([a.account]), what: 'another account' },
];

/** Ids under the keys of RULES that are not the caller's, and team names, anywhere in a JSON value. */
export function foreignIds(value: unknown, allowed: Allowed, path = '$'): string[] {
  const out: string[] = [];
  if (Array.isArray(value)) {
    value.forEach((v, i) => {
      out.push(...foreignIds(v, allowed, `${path}[${i}]`));
    });
    return out;
  }
  if (value === null || typeof value !== 'object') return out;
  for (const [k, v] of Object.entries(value)) {
    const at = `${path}.${k}`;
    if (k === 'teamNames' && Array.isArray(v) && v.length) out.push(`${at}: team names ${JSON.stringify(v)}`);
    const rule = RULES.find((r) => r.test.test(k));
    const nums = (Array.isArray(v) ? v : [v]).filter((x): x is number => typeof x === 'number');
    if (rule) {
      const ok = rule.allowed(allowed);
      for (const n of nums) if (!ok?.has(n)) out.push(`${at} = ${n}: ${rule.what}`);
    }
    if (typeof v === 'object') out.push(...foreignIds(v, allowed, at));
  }
  return out;
}
