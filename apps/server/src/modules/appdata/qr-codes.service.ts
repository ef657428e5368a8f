/**
 * Joint QR codes (/user-platform/jointQrCode; docs/app-data.md "Joint QR codes"). The short code
 * is drawn at random from an alphabet without look-alikes and never changes; edits carry the
 * version read; a code once scanned is not deleted (409 `appData.qrScanned`: end its window). The
 * public redirect counts a scan per day, and a unique scanner per day by sha256(salt, day,
 * address), the address itself never kept. Every write is audited (app_data_qr_code).
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import {
  QR_ALPHABET,
  QR_CODE,
  QR_CODE_LENGTH,
  type QrBody,
  type QrCodeRecord,
  type QrStatus,
  qrPath,
} from '@bo/contract/appdata/qr-codes';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { likeContains, orderBy, pageOf } from '../../db/sql';
import { audit } from '../../platform/audit/audit.service';
import type { RequestActor } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';
import { fieldConflict, notFound, staleVersion } from '../../platform/errors';
import { userDirectory } from '../access/access.reads';
import { ts } from './actions.repository';
import { assertCompany } from './actions.service';

interface QrRow extends Record<string, unknown> {
  id: number;
  code: string;
  partner: string;
  campaign: string;
  target: string;
  starts_at: string;
  ends_at: string;
  note: string;
  status: QrStatus;
  scans: string | number;
  uniques: string | number;
  version: number;
  updated_by: string | null;
  updated_at: string;
}

const STATUS = sql`CASE WHEN now() < q.starts_at THEN 'upcoming' WHEN now() >= q.ends_at THEN 'ended' ELSE 'active' END`;
const SELECT = sql`
  SELECT q.id, q.code, q.partner, q.campaign, q.target, ${ts('q.starts_at')} AS starts_at, ${ts('q.ends_at')} AS ends_at,
         q.note, ${STATUS} AS status, coalesce(s.scans, 0) AS scans, coalesce(s.uniques, 0) AS uniques, q.version,
         u.user_name AS updated_by, ${ts('q.updated_at')} AS updated_at`;
const FROM = sql`FROM app_data_qr_codes q
  LEFT JOIN (SELECT qr_id, sum(scans) AS scans, sum(uniques) AS uniques FROM app_data_qr_scans GROUP BY qr_id) s ON s.qr_id = q.id
  LEFT JOIN ${userDirectory} u ON u.id = q.updated_by`;

const toQr = (r: QrRow): QrCodeRecord => ({
  id: Number(r.id),
  code: r.code,
  path: qrPath(r.code),
  partner: r.partner,
  campaign: r.campaign,
  target: r.target,
  startsAt: r.starts_at,
  endsAt: r.ends_at,
  note: r.note,
  status: r.status,
  scans: Number(r.scans),
  uniques: Number(r.uniques),
  version: Number(r.version),
  updatedBy: r.updated_by,
  updatedAt: r.updated_at,
});

const terms = (q: QrCodeRecord) => ({
  code: q.code,
  partner: q.partner,
  campaign: q.campaign,
  target: q.target,
  startsAt: q.startsAt,
  endsAt: q.endsAt,
  note: q.note,
});

export interface QrQuery {
  keyword?: string | undefined;
  status?: QrStatus | undefined;
  sortField: 'startsAt' | 'scans' | 'updatedAt';
  sortOrder: 'asc' | 'desc';
  pageNum: number;
  pageSize: number;
}

export async function listQrCodes(ctx: AppContext, actor: RequestActor, q: QrQuery) {
  assertCompany(actor);
  const where: SQL[] = [sql`TRUE`];
  const k = likeContains(q.keyword);
  if (k) where.push(sql`(q.code ILIKE ${k} OR q.partner ILIKE ${k} OR q.campaign ILIKE ${k})`);
  if (q.status) where.push(sql`${STATUS} = ${q.status}`);
  const { rows, total } = await pageOf<QrRow>(
    ctx.db,
    {
      select: SELECT,
      from: sql`${FROM} WHERE ${sql.join(where, sql` AND `)}`,
      orderBy: orderBy(
        q.sortField,
        q.sortOrder,
        { startsAt: sql`q.starts_at`, scans: sql`coalesce(s.scans, 0)`, updatedAt: sql`q.updated_at` },
        sql`q.id`,
      ),
    },
    q,
  );
  return { list: rows.map(toQr), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

async function qrOf(db: DbOrTx, id: number, lock = false): Promise<QrCodeRecord> {
  if (lock) await db.execute(sql`SELECT id FROM app_data_qr_codes WHERE id = ${id} FOR UPDATE`);
  const r = (await db.execute<QrRow>(sql`${SELECT} ${FROM} WHERE q.id = ${id}`)).rows[0];
  if (!r) throw notFound(`no QR code ${id}`);
  return toQr(r);
}

/** A fresh short code: 31^8 ≈ 8.5e11 codes, so a clash is rare; one is retried. */
export const newShortCode = () =>
  Array.from({ length: QR_CODE_LENGTH }, () => QR_ALPHABET[randomInt(QR_ALPHABET.length)]).join('');

/** Inserts a code with a fresh short code (another drawn on the rare clash); the id. */
export async function insertQr(db: DbOrTx, b: QrBody, by: number | null): Promise<number> {
  for (;;) {
    const res = await db.execute<{ id: number }>(sql`
      INSERT INTO app_data_qr_codes (code, partner, campaign, target, starts_at, ends_at, note, salt, updated_by)
      VALUES (${newShortCode()}, ${b.partner}, ${b.campaign}, ${b.target}, ${b.startsAt}, ${b.endsAt}, ${b.note},
              ${randomBytes(16).toString('hex')}, ${by})
      ON CONFLICT (code) DO NOTHING RETURNING id`);
    if (res.rows[0]) return Number(res.rows[0].id);
  }
}

export async function createQr(ctx: AppContext, actor: RequestActor, b: QrBody): Promise<QrCodeRecord> {
  assertCompany(actor);
  return ctx.db.transaction(async (tx) => {
    const id = await insertQr(tx, b, actor.userId);
    const q = await qrOf(tx, id);
    await audit(tx, actor, { action: 'create', entity: 'app_data_qr_code', entityId: id, after: terms(q) });
    return q;
  });
}

export async function updateQr(
  ctx: AppContext,
  actor: RequestActor,
  id: number,
  b: QrBody & { version: number },
): Promise<QrCodeRecord> {
  assertCompany(actor);
  return ctx.db.transaction(async (tx) => {
    const before = await qrOf(tx, id, true);
    if (before.version !== b.version) throw staleVersion();
    await tx.execute(sql`
      UPDATE app_data_qr_codes SET partner = ${b.partner}, campaign = ${b.campaign}, target = ${b.target},
             starts_at = ${b.startsAt}, ends_at = ${b.endsAt}, note = ${b.note}, updated_by = ${actor.userId},
             version = version + 1, updated_at = now()
       WHERE id = ${id}`);
    const after = await qrOf(tx, id);
    await audit(tx, actor, {
      action: 'update',
      entity: 'app_data_qr_code',
      entityId: id,
      before: terms(before),
      after: terms(after),
    });
    return after;
  });
}

export async function deleteQr(ctx: AppContext, actor: RequestActor, id: number): Promise<null> {
  assertCompany(actor);
  return ctx.db.transaction(async (tx) => {
    const before = await qrOf(tx, id, true);
    if (before.scans > 0)
      throw fieldConflict(`QR code ${before.code} was scanned ${before.scans} times`, 'id', 'appData.qrScanned', {
        count: before.scans,
      });
    await tx.execute(sql`DELETE FROM app_data_qr_codes WHERE id = ${id}`);
    await audit(tx, actor, { action: 'delete', entity: 'app_data_qr_code', entityId: id, before: terms(before) });
    return null;
  });
}

export async function qrScans(ctx: AppContext, actor: RequestActor, id: number) {
  assertCompany(actor);
  await qrOf(ctx.db, id);
  const res = await ctx.db.execute<{ day: string; scans: number; uniques: number }>(sql`
    SELECT to_char(d.day, 'YYYY-MM-DD') AS day, coalesce(s.scans, 0) AS scans, coalesce(s.uniques, 0) AS uniques
      FROM app_data_qr_codes q
      CROSS JOIN LATERAL generate_series((q.starts_at AT TIME ZONE 'UTC')::date,
                   least((q.ends_at AT TIME ZONE 'UTC')::date, (now() AT TIME ZONE 'UTC')::date), interval '1 day') AS d(day)
      LEFT JOIN app_data_qr_scans s ON s.qr_id = q.id AND s.day = d.day::date
     WHERE q.id = ${id}
     ORDER BY d.day`);
  return { days: res.rows.map((r) => ({ day: r.day, scans: Number(r.scans), uniques: Number(r.uniques) })) };
}

export type ScanOutcome = { kind: 'redirect'; target: string } | { kind: 'ended' | 'upcoming' } | { kind: 'unknown' };

/** A scan of `/q/{code}`: counted and sent on while the code's window is on. */
export async function scan(db: Db, code: string, address: string, now = new Date()): Promise<ScanOutcome> {
  const c = code.toUpperCase();
  if (!QR_CODE.test(c)) return { kind: 'unknown' };
  const q = (
    await db.execute<{ id: number; target: string; salt: string; starts_at: Date | string; ends_at: Date | string }>(
      sql`SELECT id, target, salt, starts_at, ends_at FROM app_data_qr_codes WHERE code = ${c}`,
    )
  ).rows[0];
  if (!q) return { kind: 'unknown' };
  const t = now.getTime();
  if (t < new Date(q.starts_at).getTime()) return { kind: 'upcoming' };
  if (t >= new Date(q.ends_at).getTime()) return { kind: 'ended' };
  const day = now.toISOString().slice(0, 10);
  const hash = createHash('sha256').update(`${q.salt}|${day}|${address}`).digest('hex');
  await db.transaction(async (tx) => {
    const fresh = await tx.execute(sql`
      INSERT INTO app_data_qr_scanners (qr_id, day, hash) VALUES (${q.id}, ${day}, ${hash}) ON CONFLICT DO NOTHING RETURNING hash`);
    const unique = fresh.rows.length > 0 ? 1 : 0;
    await tx.execute(sql`
      INSERT INTO app_data_qr_scans (qr_id, day, scans, uniques) VALUES (${q.id}, ${day}, 1, ${unique})
      ON CONFLICT (qr_id, day) DO UPDATE SET scans = app_data_qr_scans.scans + 1,
                                            uniques = app_data_qr_scans.uniques + excluded.uniques`);
  });
  return { kind: 'redirect', target: q.target };
}
