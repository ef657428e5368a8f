/**
 * The history of one record. Rules:
 * - The entity's reader decides: no reader 404, without its permission 403, a record the
 *   caller does not see 404 (the same answer as a record that never existed).
 * - Secrets never leave: audit rows written before a write stripped them may hold
 *   passwords or tokens, so every key naming a password, secret, token or credential is
 *   removed from before/after (at any depth) before the fields are compared; a key whose
 *   value is only booleans stays (a flag that a password changed).
 * - An external caller sees the people of its own account; who acted from another account
 *   (the company's staff, an administrator in god view) is left blank.
 * - The fields of a change: a create lists every field of `after`, a delete every field
 *   of `before`; an update the fields of `after` (what the write set) whose value differs
 *   from `before` (which may hold the whole prior row), nested values compared as JSON and
 *   a number equal to its numeric text (PostgreSQL numerics are read as text).
 */

import type { AuditEntity } from '@bo/contract/access/audit-codes';
import type { HistoryChange, HistoryEntry } from '@bo/contract/access/history';
import type { ShopScope } from '../../modules/shops/shops/shop-scope';
import type { RequestActor } from '../auth/actor';
import { isInternal } from '../auth/actor';
import type { AppContext } from '../context';
import { notFound, permissionDenied } from '../errors';
import * as repo from './history.repository';

const SECRET_KEY = /password|secret|token|credential/i;

/** Only booleans: a flag that a secret changed (`passwordsChanged: { imap: true }`) tells nothing of it. */
const onlyFlags = (v: unknown): boolean =>
  typeof v === 'boolean' ||
  (v !== null && typeof v === 'object' && Object.values(v).length > 0 && Object.values(v).every(onlyFlags));

/** A copy of `value` without any key that names a secret (flags aside), at any depth. */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (!SECRET_KEY.test(k) || onlyFlags(v)) out[k] = redact(v);
    return out;
  }
  return value;
}

/** JSON with object keys sorted, so two equal values always read the same. */
const canonical = (v: unknown): string =>
  JSON.stringify(v, (_k, x: unknown) =>
    x !== null && typeof x === 'object' && !Array.isArray(x)
      ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : x,
  ) ?? 'null';

/** A number, or the plain decimal text PostgreSQL gives for a numeric ('19.99', '-3'). */
const asNumber = (v: unknown): number | null => {
  if (typeof v === 'number') return v;
  if (typeof v !== 'string' || v === '' || /[^\d.-]/.test(v)) return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
};

export function sameValue(a: unknown, b: unknown): boolean {
  const x = a ?? null;
  const y = b ?? null;
  if (typeof x !== typeof y) {
    const nx = asNumber(x);
    const ny = asNumber(y);
    if (nx !== null && ny !== null) return nx === ny;
  }
  return canonical(x) === canonical(y);
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The fields a change touched (before/after already redacted). */
export function diffFields(before: unknown, after: unknown): HistoryChange[] {
  const b = isRecord(before) ? before : null;
  const a = isRecord(after) ? after : null;
  if (a && !b) return Object.entries(a).map(([field, v]) => ({ field, before: null, after: v ?? null }));
  if (b && !a) return Object.entries(b).map(([field, v]) => ({ field, before: v ?? null, after: null }));
  if (!a || !b) {
    // A value that is not an object (a list, a number): the whole value is the one field.
    return sameValue(before, after) ? [] : [{ field: '', before: before ?? null, after: after ?? null }];
  }
  return Object.entries(a)
    .filter(([field, v]) => !sameValue(b[field], v))
    .map(([field, v]) => ({ field, before: b[field] ?? null, after: v ?? null }));
}

export async function recordHistory(
  ctx: AppContext,
  actor: RequestActor,
  entity: AuditEntity,
  entityId: string,
  page: { pageNum: number; pageSize: number },
  scope: () => Promise<ShopScope>,
) {
  const reader = ctx.history.get(entity);
  if (!reader) throw notFound(`no history is kept for ${entity}`);
  const held = typeof reader.permission === 'string' ? [reader.permission] : reader.permission;
  if (!held.some((p) => actor.permissions.has(p))) throw permissionDenied(held[0] ?? '');
  if (reader.canSee && !(await reader.canSee(ctx, actor, entityId, scope))) throw notFound(`no ${entity} ${entityId}`);

  const rows = await repo.pageOfHistory(ctx.db, entity, entityId, page.pageNum, page.pageSize);
  const total =
    rows.length > 0 ? (rows[0]?.total ?? 0) : page.pageNum > 1 ? await repo.countHistory(ctx.db, entity, entityId) : 0;
  const knows = (accountId: number | null) => isInternal(actor) || accountId === actor.accountId;
  const list: HistoryEntry[] = rows.map((r) => {
    const before = redact(r.before);
    const after = redact(r.after);
    const known = knows(r.actorAccountId);
    return {
      id: r.id,
      at: r.at,
      actor: known ? r.actor : null,
      actorName: known ? r.actorName : null,
      impersonator: isInternal(actor) ? r.impersonator : null,
      action: r.action,
      changes: diffFields(before, after),
      before,
      after,
    };
  });
  return { list, total, pageNum: page.pageNum, pageSize: page.pageSize };
}
