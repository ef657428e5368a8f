/**
 * Public share links (apps/server/README.md "Share links", decisions.md "Share links are
 * random tokens checked against the database"): a link is 32 random bytes handed to its
 * creator once; the table keeps their SHA-256. Every public read looks the hash up with the
 * link's life in the same statement, so an unknown, expired and revoked token take the same
 * path to the same 404, and a revocation holds from the very next request.
 */
import type { ShareLink } from '@bo/contract/share/share';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { audit } from '../audit/audit.service';
import type { RequestActor } from '../auth/actor';
import { assertNotThrottled, recordFailure, recordSuccess, shareAddressKey } from '../auth/throttle';
import { newToken, tokenHash } from '../auth/token';
import type { AppContext } from '../context';
import { codedFieldError, forbidden, notFound, permissionDenied } from '../errors';
import type { ShareKind } from './share.registry';

interface LinkRow {
  [column: string]: unknown;
  id: number;
  kind: string;
  entity_id: string;
  state: ShareLink['state'];
  created_by: number;
  created_by_name: string;
  created_at: Date | string;
  expires_at: Date | string;
  revoked_at: Date | string | null;
  revoked_by: number | null;
  revoked_by_name: string | null;
  last_used_at: Date | string | null;
  use_count: number | string;
}

const iso = (d: Date | string) => new Date(d).toISOString();

const toLink = (r: LinkRow): ShareLink => ({
  id: Number(r.id),
  kind: r.kind,
  entityId: r.entity_id,
  state: r.state,
  createdBy: { id: Number(r.created_by), name: r.created_by_name },
  createdAt: iso(r.created_at),
  expiresAt: iso(r.expires_at),
  revokedAt: r.revoked_at === null ? null : iso(r.revoked_at),
  revokedBy: r.revoked_by === null ? null : { id: Number(r.revoked_by), name: r.revoked_by_name ?? '' },
  lastUsedAt: r.last_used_at === null ? null : iso(r.last_used_at),
  useCount: Number(r.use_count),
});

/** A link's columns, with the names of who made and revoked it and its state now. */
const LINK_COLUMNS = sql`
  l.id, l.kind, l.entity_id, l.created_by, cu.user_name AS created_by_name, l.created_at, l.expires_at,
  l.revoked_at, l.revoked_by, ru.user_name AS revoked_by_name, l.last_used_at, l.use_count,
  CASE WHEN l.revoked_at IS NOT NULL THEN 'revoked' WHEN l.expires_at <= now() THEN 'expired' ELSE 'active' END AS state`;
const LINK_FROM = sql`share_links l JOIN users cu ON cu.id = l.created_by LEFT JOIN users ru ON ru.id = l.revoked_by`;

/** The links matching `where`, newest first, one page. */
async function pageOfLinks(db: DbOrTx, where: SQL, page: { pageNum: number; pageSize: number }) {
  const rows = await db.execute<LinkRow>(sql`
    SELECT ${LINK_COLUMNS}
      FROM ${LINK_FROM}
     WHERE ${where}
     ORDER BY l.id DESC
     LIMIT ${page.pageSize} OFFSET ${(page.pageNum - 1) * page.pageSize}`);
  const total = await db.execute<{ n: number | string }>(sql`SELECT count(*) AS n FROM share_links l WHERE ${where}`);
  return {
    list: rows.rows.map(toLink),
    total: Number(total.rows[0]?.n ?? 0),
    pageNum: page.pageNum,
    pageSize: page.pageSize,
  };
}

/**
 * The kind the caller manages links of: registered, its permission held, and the record
 * seen by the caller's account. `unknownAs` says how an unknown kind is refused: a body field
 * (400, coded) or a path segment (404).
 */
async function managedKind(
  ctx: AppContext,
  actor: RequestActor,
  name: string,
  entityId: string,
  unknownAs: 'field' | 'path',
): Promise<ShareKind> {
  const kind = ctx.share.get(name);
  if (!kind) {
    if (unknownAs === 'path') throw notFound('no such share kind');
    throw codedFieldError('kind', 'invalidOption', { values: ctx.share.names().join(', ') });
  }
  if (!actor.permissions.has(kind.permission)) throw permissionDenied(kind.permission);
  if ((await kind.read(ctx.db, actor.accountId, entityId)) === null) throw notFound('no such record');
  return kind;
}

export async function createLink(
  ctx: AppContext,
  actor: RequestActor,
  input: { kind: string; entityId: string; expiresInHours: number },
): Promise<{ id: number; token: string; url: string; expiresAt: string }> {
  const kind = await managedKind(ctx, actor, input.kind, input.entityId, 'field');
  const token = newToken();
  return ctx.db.transaction(async (tx) => {
    const r = await tx.execute<{ id: number; expires_at: Date | string }>(sql`
      INSERT INTO share_links (token_hash, kind, entity_id, account_id, created_by, expires_at)
      VALUES (${tokenHash(token)}, ${input.kind}, ${input.entityId}, ${actor.accountId}, ${actor.userId},
              now() + make_interval(hours => ${input.expiresInHours}))
      RETURNING id, expires_at`);
    const row = r.rows[0];
    if (!row) throw new Error('share_links: the insert answered no row');
    const expiresAt = iso(row.expires_at);
    await audit(tx, actor, {
      action: 'share.create',
      entity: 'share_link',
      entityId: Number(row.id),
      // Never the token: the log would open the link.
      after: { kind: input.kind, entityId: input.entityId, expiresAt },
    });
    return { id: Number(row.id), token, url: `${kind.path}?share=${token}`, expiresAt };
  });
}

/** The links the caller made (in the caller's account). */
export const myLinks = (ctx: AppContext, actor: RequestActor, page: { pageNum: number; pageSize: number }) =>
  pageOfLinks(ctx.db, sql`l.created_by = ${actor.userId} AND l.account_id = ${actor.accountId}`, page);

/** One record's links made in the caller's account: for whoever may make them. */
export async function entityLinks(
  ctx: AppContext,
  actor: RequestActor,
  kind: string,
  entityId: string,
  page: { pageNum: number; pageSize: number },
) {
  await managedKind(ctx, actor, kind, entityId, 'path');
  return pageOfLinks(ctx.db, sql`l.account_id = ${actor.accountId} AND l.kind = ${kind} AND l.entity_id = ${entityId}`, page);
}

/**
 * Revokes a link of the caller's account: its creator may, and so may a holder of the
 * kind's permission. Revoking a revoked link changes nothing (the first revocation stays).
 */
export async function revokeLink(ctx: AppContext, actor: RequestActor, id: number): Promise<ShareLink> {
  return ctx.db.transaction(async (tx) => {
    const locked = await tx.execute<{ kind: string; created_by: number; revoked_at: Date | null }>(sql`
      SELECT kind, created_by, revoked_at FROM share_links WHERE id = ${id} AND account_id = ${actor.accountId} FOR UPDATE`);
    const link = locked.rows[0];
    if (!link) throw notFound('no such share link');
    const kind = ctx.share.get(link.kind);
    const mine = Number(link.created_by) === actor.userId;
    if (!mine && !(kind && actor.permissions.has(kind.permission))) {
      throw kind ? permissionDenied(kind.permission) : forbidden('only the creator may revoke this link');
    }
    if (link.revoked_at === null) {
      await tx.execute(sql`UPDATE share_links SET revoked_at = now(), revoked_by = ${actor.userId} WHERE id = ${id}`);
      await audit(tx, actor, { action: 'share.revoke', entity: 'share_link', entityId: id });
    }
    const r = await tx.execute<LinkRow>(sql`SELECT ${LINK_COLUMNS} FROM ${LINK_FROM} WHERE l.id = ${id}`);
    const row = r.rows[0];
    if (!row) throw new Error(`share link ${id} vanished under its lock`);
    return toLink(row);
  });
}

/**
 * The view a token opens, for anyone. The token is hashed and the hash looked up together
 * with the link's life (one indexed equality on hashes, never a comparison of tokens); whatever is wrong with the token
 * (unknown, altered, expired, revoked), or with its record (gone, kind no longer
 * registered), the answer is the same 404. An address's misses are throttled like its
 * failed sign-ins (throttle.ts).
 */
export async function readShared(ctx: AppContext, token: string, ip: string) {
  const key = shareAddressKey(ip);
  await assertNotThrottled(ctx.db, [key]);
  const hash = tokenHash(token);
  const view = await ctx.db.transaction(async (tx) => {
    const found = await tx.execute<{
      id: number;
      kind: string;
      entity_id: string;
      account_id: number;
      expires_at: Date | string;
    }>(sql`
      SELECT id, kind, entity_id, account_id, expires_at FROM share_links
       WHERE token_hash = ${hash} AND revoked_at IS NULL AND expires_at > now()`);
    const link = found.rows[0];
    const kind = link ? ctx.share.get(link.kind) : undefined;
    if (!link || !kind) return null;
    const data = await kind.read(tx, Number(link.account_id), link.entity_id);
    if (data === null) return null;
    // Counted only while the link still opens: a revocation committed meanwhile wins.
    const used = await tx.execute(sql`
      UPDATE share_links SET last_used_at = now(), use_count = use_count + 1
       WHERE id = ${link.id} AND revoked_at IS NULL AND expires_at > now()`);
    if (used.rowCount !== 1) return null;
    return { kind: link.kind, entityId: link.entity_id, expiresAt: iso(link.expires_at), data: kind.schema.parse(data) };
  });
  if (!view) {
    await recordFailure(ctx.db, [key]);
    throw notFound('no such share link');
  }
  await recordSuccess(ctx.db, [key]);
  return view;
}
