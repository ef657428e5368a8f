/**
 * Stored exports (issue #21, docs/files.md "Stored exports"). While the binder streams an
 * export to the user it hands every chunk to an `ExportCopy` as well, which writes it into the
 * file store piece by piece (one chunk in memory, `FileStore.begin`); when the export ends
 * whole, one transaction names the blob, writes the file row (purpose 'export') and the
 * `stored_exports` row. An export the client abandoned or that failed is not kept.
 *
 * A download re-checks what the export needed: the endpoint's permission, and every shop its
 * filters named must still be in the caller's shop scope. Expired exports are deleted by the
 * job `files.exports-expire`; their files are released to the collector (files.gc).
 */

import { type EndpointDef, ERROR_CODES, fieldErrorOf, STATUS } from '@bo/contract';
import { STORED_EXPORT_DAYS, type StoredExport } from '@bo/contract/files/exports';
import { FILE_TYPES, type FileType } from '@bo/contract/files/files';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { RequestActor } from '../auth/actor';
import { AppError, notFound } from '../errors';
import type { ExportCopy, FileReply } from '../http/file-reply';
import type { FileStore } from './file-store';
import { downloadFile } from './files.service';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the binder knows of one export request. */
export interface ExportRun {
  actor: RequestActor;
  endpoint: EndpointDef;
  /** The requested path without the query. */
  path: string;
  /** The query as the endpoint's schema parsed it. */
  query: Record<string, unknown>;
}

/** The summaries of the export endpoints bound in this process (the list shows them). */
const summaries = new Map<string, string>();
export const endpointKey = (ep: Pick<EndpointDef, 'method' | 'path'>) => `${ep.method} ${ep.path}`;

/** Whether the binder keeps this endpoint's replies: a binary GET that does not opt out. */
export function keepsExports(ep: EndpointDef): boolean {
  const keep = ep.binary === true && ep.method === 'GET' && ep.keep !== false;
  if (keep) summaries.set(endpointKey(ep), ep.summary);
  return keep;
}

const SHOP_KEYS = /^shop(Id)?s?$/;
/** The shops a parsed query names (`shopId`, `shopIds`, `shop`, `shops` holding ids); null when none. */
export function shopsNamed(query: Record<string, unknown>): number[] | null {
  const ids = new Set<number>();
  for (const [key, value] of Object.entries(query)) {
    if (!SHOP_KEYS.test(key)) continue;
    for (const v of Array.isArray(value) ? value : [value]) {
      const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : Number.NaN;
      if (Number.isSafeInteger(n) && n > 0) ids.add(n);
    }
  }
  return ids.size > 0 ? [...ids].sort((a, b) => a - b) : null;
}

const typeOf = (contentType: string): FileType => {
  const base = contentType.split(';')[0]?.trim();
  const hit = (Object.entries(FILE_TYPES) as [FileType, string][]).find(([, t]) => t.split(';')[0] === base);
  return hit && (hit[0] === 'xlsx' || hit[0] === 'csv' || hit[0] === 'zip') ? hit[0] : 'text';
};

/** A copy on its way into the store; `finish` answers the stored export's id. */
export interface StoredExportCopy extends ExportCopy {
  finish(rows: number | null): Promise<number>;
}

/** A copy of one export on its way into the store. */
export function startExportCopy(
  db: Db,
  store: FileStore,
  run: ExportRun,
  file: { fileName: string; contentType: string },
): StoredExportCopy {
  const blob = store.begin();
  const { actor, endpoint } = run;
  return {
    write: (bytes) => blob.write(bytes),
    finish: (rows) =>
      db.transaction(async (tx) => {
        const { sha256, size } = await blob.finish(tx, typeOf(file.contentType));
        const f = await tx.execute<{ id: number }>(sql`
          INSERT INTO files (account_id, purpose, blob_sha, name, owner_id)
          VALUES (${actor.accountId}, 'export', ${sha256}, ${file.fileName}, ${actor.userId}) RETURNING id`);
        const shops = shopsNamed(run.query);
        const stored = await tx.execute<{ id: number }>(sql`
          INSERT INTO stored_exports (account_id, user_id, file_id, endpoint, path, query, permission, shop_ids,
                                      file_name, content_type, row_count, size, expires_at)
          VALUES (${actor.accountId}, ${actor.userId}, ${f.rows[0]?.id}, ${endpointKey(endpoint)}, ${run.path},
                  ${JSON.stringify(run.query)}::jsonb, ${endpoint.access},
                  ${
                    shops
                      ? sql`ARRAY[${sql.join(
                          shops.map((s) => sql`${s}`),
                          sql`, `,
                        )}]::int[]`
                      : null
                  },
                  ${file.fileName}, ${file.contentType}, ${rows}, ${size},
                  now() + make_interval(days => ${STORED_EXPORT_DAYS}))
          RETURNING id`);
        return Number(stored.rows[0]?.id);
      }),
    abort: () => blob.abort(),
  };
}

interface Row {
  [column: string]: unknown;
  id: number;
  file_id: number;
  endpoint: string;
  query: Record<string, unknown>;
  permission: string;
  shop_ids: number[] | null;
  file_name: string;
  content_type: string;
  row_count: number | null;
  size: number;
  created_at: string | Date;
  expires_at: string | Date;
}

const toStoredExport = (r: Row): StoredExport => ({
  id: Number(r.id),
  fileName: r.file_name,
  endpoint: r.endpoint,
  summary: summaries.get(r.endpoint) ?? r.endpoint,
  filters: r.query,
  permission: r.permission,
  rows: r.row_count === null ? null : Number(r.row_count),
  size: Number(r.size),
  contentType: r.content_type,
  createdAt: new Date(r.created_at).toISOString(),
  expiresAt: new Date(r.expires_at).toISOString(),
});

/** The caller's own live stored exports, newest first. */
export async function listStoredExports(db: Db, actor: RequestActor, pageNum: number, pageSize: number) {
  const res = await db.execute<Row & { total: number }>(sql`
    SELECT *, count(*) OVER ()::int AS total FROM stored_exports
     WHERE user_id = ${actor.userId} AND account_id = ${actor.accountId} AND expires_at > now()
     ORDER BY created_at DESC, id DESC
     LIMIT ${pageSize} OFFSET ${(pageNum - 1) * pageSize}`);
  let total = Number(res.rows[0]?.total ?? 0);
  if (res.rows.length === 0 && pageNum > 1) {
    const c = await db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM stored_exports WHERE user_id = ${actor.userId} AND expires_at > now()`,
    );
    total = Number(c.rows[0]?.n ?? 0);
  }
  return { list: res.rows.map(toStoredExport), total, pageNum, pageSize };
}

const refused = (code: 'exports.permissionGone' | 'exports.shopGone', message: string, params?: { permission: string }) =>
  new AppError(STATUS.FORBIDDEN, ERROR_CODES.PERMISSION_DENIED, message, { fields: [fieldErrorOf('export', code, params)] });

async function ownRow(db: Db, actor: RequestActor, id: number): Promise<Row> {
  const res = await db.execute<Row>(sql`
    SELECT * FROM stored_exports
     WHERE id = ${id} AND user_id = ${actor.userId} AND account_id = ${actor.accountId} AND expires_at > now()`);
  const row = res.rows[0];
  if (!row) throw notFound('no such stored export');
  return row;
}

/**
 * One of the caller's stored exports, streamed again. The export's own permission and every
 * shop its filters named are checked against the caller as they are now.
 */
export async function downloadStoredExport(
  db: Db,
  store: FileStore,
  actor: RequestActor,
  id: number,
  visibleShops: () => Promise<readonly number[]>,
  range?: string,
): Promise<FileReply> {
  const row = await ownRow(db, actor, id);
  if (row.permission !== 'login' && row.permission !== 'public' && !actor.permissions.has(row.permission)) {
    throw refused('exports.permissionGone', `permission ${row.permission} required`, { permission: row.permission });
  }
  if (row.shop_ids && row.shop_ids.length > 0) {
    const visible = new Set(await visibleShops());
    if (row.shop_ids.some((s) => !visible.has(Number(s))))
      throw refused('exports.shopGone', 'a shop of its filters is no longer visible');
  }
  // The caller is the file's owner; the checks above are this area's rule.
  return downloadFile(db, store, actor, Number(row.file_id), { range, rule: () => false });
}

/** Deletes one of the caller's stored exports; its file goes to the collector. */
export async function deleteStoredExport(db: Db, actor: RequestActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const res = await tx.execute<{ file_id: number }>(sql`
      DELETE FROM stored_exports WHERE id = ${id} AND user_id = ${actor.userId} AND account_id = ${actor.accountId}
      RETURNING file_id`);
    const fileId = res.rows[0]?.file_id;
    if (fileId === undefined) throw notFound('no such stored export');
    await tx.execute(sql`UPDATE files SET deleted_at = now() WHERE id = ${fileId} AND deleted_at IS NULL`);
  });
}

/** The expiry job: deletes stored exports past their day and releases their files to the collector. */
export async function expireStoredExports(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const res = await tx.execute<{ file_id: number }>(
      sql`DELETE FROM stored_exports WHERE expires_at <= now() RETURNING file_id`,
    );
    const ids = res.rows.map((r) => Number(r.file_id));
    if (ids.length > 0) {
      await tx.execute(
        sql`UPDATE files SET deleted_at = now() WHERE id = ANY(${`{${ids.join(',')}}`}::int[]) AND deleted_at IS NULL`,
      );
    }
    return ids.length;
  });
}

export const STORED_EXPORTS_EXPIRY = { everyMs: DAY_MS / 24 } as const;
