/**
 * Sessions: random bearer tokens, stored hashed, 30 minutes idle and 12 hours in all.
 * Every request re-reads the user, the permissions and the shops, so a disabled user, a
 * removed permission or a changed password takes effect on the very next request.
 */
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, poolOf } from '../../db/client';
import { sessionExpired, unauthenticated } from '../errors';
import type { RequestActor } from './actor';
import { sessions } from './auth.table';
import { newToken, tokenHash } from './token';

export interface SessionPolicy {
  idleSeconds: number;
  absoluteSeconds: number;
}

export async function createSession(
  db: DbOrTx,
  policy: SessionPolicy,
  input: { userId: number; ip: string; userAgent?: string; impersonatorUserId?: number; parentSessionId?: number },
): Promise<{ token: string; sessionId: number }> {
  const token = newToken();
  const [row] = await db
    .insert(sessions)
    .values({
      tokenHash: tokenHash(token),
      userId: input.userId,
      impersonatorUserId: input.impersonatorUserId ?? null,
      parentSessionId: input.parentSessionId ?? null,
      expiresAt: sql`now() + make_interval(secs => ${policy.absoluteSeconds})`,
      ip: input.ip,
      userAgent: input.userAgent?.slice(0, 256) ?? null,
    })
    .returning({ id: sessions.id });
  if (!row) throw new Error('session insert returned nothing');
  return { token, sessionId: row.id };
}

interface SessionRow extends Record<string, unknown> {
  id: number;
  user_id: number;
  impersonator_user_id: number | null;
  revoked: boolean;
  expired: boolean;
  idle: boolean;
  touch: boolean;
  account_id: number;
  login_name: string;
  user_name: string;
  user_type: number;
  builtin: boolean;
  enabled: boolean;
  impersonator_ok: boolean;
  epoch: string;
}

interface Grants {
  permissions: ReadonlySet<string>;
  shopIds: readonly number[];
  /** The permission items themselves, loaded when first asked for (GET permissions). */
  items?: readonly unknown[];
}

/**
 * Permissions and shops of users, per authorisation epoch. The epoch (table authz_epoch)
 * is moved by triggers on every table these derive from, and read with the session on
 * every request, so a change is obeyed on the very next request in every process while
 * unchanged grants are not recomputed. One cache per app: never shared across databases.
 */
export class GrantsCache {
  private epoch = '';
  private readonly byUser = new Map<number, Grants>();
  /** Replies derived from a user's grants (serialised permissions, menus), by `userId:key`. */
  private readonly derivedByKey = new Map<string, unknown>();
  constructor(
    private readonly max = 10_000,
    /** Serialised replies are large (about 90 kB for 868 permission items): fewer of them are kept. */
    private readonly maxDerived = 1_000,
  ) {}
  get(epoch: string, userId: number): Grants | undefined {
    if (epoch !== this.epoch) {
      this.epoch = epoch;
      this.byUser.clear();
      this.derivedByKey.clear();
    }
    return this.byUser.get(userId);
  }
  set(epoch: string, userId: number, grants: Grants): void {
    if (epoch !== this.epoch) return;
    if (this.byUser.size >= this.max) this.byUser.clear();
    this.byUser.set(userId, grants);
  }
  /**
   * A value derived from the user's grants alone (and `key`), computed once per epoch;
   * computed afresh, not kept, when the user's grants are not cached for this epoch.
   */
  async derived<T>(epoch: string, userId: number, key: string, compute: () => Promise<T> | T): Promise<T> {
    const grants = this.get(epoch, userId);
    const at = `${userId}:${key}`;
    if (grants && this.derivedByKey.has(at)) return this.derivedByKey.get(at) as T;
    const value = await compute();
    // Kept only while the grants it came from are still the cached ones of this epoch.
    if (grants && this.get(epoch, userId) === grants) {
      if (this.derivedByKey.size >= this.maxDerived) this.derivedByKey.clear();
      this.derivedByKey.set(at, value);
    }
    return value;
  }

  /** Something derived from a user's grants, computed once per epoch. */
  async items<T>(epoch: string, userId: number, load: () => Promise<readonly T[]>): Promise<readonly T[]> {
    const grants = this.get(epoch, userId);
    if (grants?.items) return grants.items as readonly T[];
    const items = await load();
    if (grants) grants.items = items;
    return items;
  }
}

async function loadGrants(db: DbOrTx, userId: number): Promise<Grants> {
  const res = await db.execute<{ perms: string[]; shop_ids: number[] }>(sql`
    SELECT COALESCE((SELECT array_agg(DISTINCT pi.auth_pattern) FROM user_roles ur
                      JOIN role_permissions rp ON rp.role_id = ur.role_id
                      JOIN permission_items pi ON pi.id = rp.permission_id AND pi.active
                     WHERE ur.user_id = ${userId}), '{}') AS perms,
           COALESCE((SELECT array_agg(us.shop_id ORDER BY us.shop_id) FROM user_shops us
                      JOIN shops sh ON sh.id = us.shop_id AND sh.mws_auth_state <> 2
                     WHERE us.user_id = ${userId}), '{}') AS shop_ids`);
  const row = res.rows[0];
  return { permissions: new Set(row?.perms ?? []), shopIds: (row?.shop_ids ?? []).map(Number) };
}

/**
 * The session statement, run on every signed-in request. Through the pool it is a named
 * prepared statement (PostgreSQL parses and plans it once per connection, which was about
 * half of its time).
 */
const SESSION_SQL = `
    SELECT s.id, s.user_id, s.impersonator_user_id,
           s.revoked_at IS NOT NULL AS revoked,
           s.expires_at <= now() AS expired,
           s.last_seen_at <= now() - make_interval(secs => $1::float8) AS idle,
           s.last_seen_at <= now() - make_interval(secs => $2::float8) AS touch,
           u.account_id, u.login_name, u.user_name, u.user_type, u.builtin, u.enabled AND u.state = 'active' AS enabled,
           (s.impersonator_user_id IS NULL OR EXISTS (
              SELECT 1 FROM users iu JOIN sessions ps ON ps.id = s.parent_session_id
               WHERE iu.id = s.impersonator_user_id AND iu.enabled AND ps.revoked_at IS NULL
                 AND ps.expires_at > now())) AS impersonator_ok,
           (SELECT epoch::text FROM authz_epoch WHERE id = 1) AS epoch
      FROM sessions s JOIN users u ON u.id = s.user_id
     WHERE s.token_hash = $3`;

async function readSession(db: Db, policy: SessionPolicy, hash: string): Promise<SessionRow | undefined> {
  const values = [policy.idleSeconds, Math.min(30, policy.idleSeconds / 4), hash];
  const res = await poolOf(db).query<SessionRow>({ name: 'resolve-session', text: SESSION_SQL, values });
  return res.rows[0];
}

/** Resolves a bearer token into the actor, or throws 401. */
export async function resolveSession(
  db: Db,
  policy: SessionPolicy,
  token: string,
  ip: string,
  cache: GrantsCache,
): Promise<RequestActor> {
  const row = await readSession(db, policy, tokenHash(token));
  if (!row || row.revoked || !row.enabled || !row.impersonator_ok) throw unauthenticated('session ended, sign in again');
  if (row.expired || row.idle) throw sessionExpired();
  if (row.touch) {
    // Coarse touch: one write per half minute (or a quarter of a short idle limit) per session.
    await db.execute(sql`UPDATE sessions SET last_seen_at = now() WHERE id = ${row.id}`);
  }
  let grants = cache.get(row.epoch, row.user_id);
  if (!grants) {
    grants = await loadGrants(db, row.user_id);
    cache.set(row.epoch, row.user_id, grants);
  }
  return {
    sessionId: Number(row.id),
    userId: row.user_id,
    accountId: row.account_id,
    loginName: row.login_name,
    userName: row.user_name,
    userType: row.user_type,
    builtin: row.builtin,
    impersonatorUserId: row.impersonator_user_id,
    permissions: grants.permissions,
    shopIds: grants.shopIds,
    authzEpoch: row.epoch,
    ip,
  };
}

/**
 * A user's rights as they are now, without a session: for work that runs on a user's behalf
 * in the background (a background export, a scheduled report). Null when the user cannot sign
 * in any more (disabled, not active, gone): such work is refused.
 */
export async function actorOfUser(db: Db, userId: number): Promise<RequestActor | null> {
  const res = await db.execute<{
    id: number;
    account_id: number;
    login_name: string;
    user_name: string;
    user_type: number;
    builtin: boolean;
    epoch: string;
  }>(sql`
    SELECT u.id, u.account_id, u.login_name, u.user_name, u.user_type, u.builtin,
           (SELECT epoch::text FROM authz_epoch WHERE id = 1) AS epoch
      FROM users u WHERE u.id = ${userId} AND u.enabled AND u.state = 'active'`);
  const row = res.rows[0];
  if (!row) return null;
  const grants = await loadGrants(db, userId);
  return {
    sessionId: 0,
    userId: Number(row.id),
    accountId: Number(row.account_id),
    loginName: row.login_name,
    userName: row.user_name,
    userType: Number(row.user_type),
    builtin: row.builtin,
    impersonatorUserId: null,
    permissions: grants.permissions,
    shopIds: grants.shopIds,
    authzEpoch: row.epoch ?? '',
    ip: '',
  };
}

export async function revokeSession(db: DbOrTx, sessionId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every session of a user (and god-view sessions into them), except one when given. */
export async function revokeUserSessions(db: DbOrTx, userId: number, exceptSessionId?: number): Promise<void> {
  const cond = exceptSessionId
    ? and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.id, exceptSessionId))
    : and(eq(sessions.userId, userId), isNull(sessions.revokedAt));
  await db.update(sessions).set({ revokedAt: sql`now()` }).where(cond);
  // God-view sessions started by this user end with them.
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.impersonatorUserId, userId), isNull(sessions.revokedAt)));
}
