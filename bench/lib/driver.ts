/**
 * The same database work as each benchmarked endpoint, through node-postgres alone: no
 * HTTP, no Fastify, no zod, no drizzle. Each scenario issues the statements the server
 * issues for one request, in the same order and the same way (one pool.query per
 * statement; a transaction on one client where the server opens one), so the ratio
 * API req/s ÷ driver req/s is the API's own overhead.
 *
 * The SQL is copied from the server. When the server's queries change, change them here
 * too; every copy names its source.
 */
import { createHash, randomBytes } from 'node:crypto';
import { verify } from '@node-rs/argon2';
import pg from 'pg';
import { LatencyRecorder, measureCpu, type RunStats } from './stats';

/** Server defaults (apps/server/src/config.ts): SESSION_IDLE_SECONDS, SESSION_ABSOLUTE_SECONDS. */
const IDLE_SECONDS = 30 * 60;
const ABSOLUTE_SECONDS = 12 * 60 * 60;
/** apps/server/src/platform/auth/throttle.ts */
const MAX_CONSECUTIVE = 10;
const LOCK_SECONDS = 15 * 60;
const MAX_PER_HOUR = 100;

/** apps/server/src/platform/auth/token.ts */
const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Copied from resolveSession() in apps/server/src/platform/auth/sessions.service.ts: the
 * session resolution every signed-in request runs before its handler.
 * $1 idle seconds, $2 touch seconds, $3 token hash.
 */
const SESSION_SQL = `
    SELECT s.id, s.user_id, s.impersonator_user_id,
           s.revoked_at IS NOT NULL AS revoked,
           s.expires_at <= now() AS expired,
           s.last_seen_at <= now() - make_interval(secs => $1) AS idle,
           s.last_seen_at <= now() - make_interval(secs => $2) AS touch,
           u.account_id, u.login_name, u.user_name, u.user_type, u.builtin, u.enabled AND u.state = 'active' AS enabled,
           (s.impersonator_user_id IS NULL OR EXISTS (
              SELECT 1 FROM users iu JOIN sessions ps ON ps.id = s.parent_session_id
               WHERE iu.id = s.impersonator_user_id AND iu.enabled AND ps.revoked_at IS NULL
                 AND ps.expires_at > now())) AS impersonator_ok,
           COALESCE((SELECT array_agg(DISTINCT pi.auth_pattern) FROM user_roles ur
                      JOIN role_permissions rp ON rp.role_id = ur.role_id
                      JOIN permission_items pi ON pi.id = rp.permission_id AND pi.active
                     WHERE ur.user_id = u.id), '{}') AS perms,
           COALESCE((SELECT array_agg(us.shop_id ORDER BY us.shop_id) FROM user_shops us
                      JOIN shops sh ON sh.id = us.shop_id AND sh.mws_auth_state <> 2
                     WHERE us.user_id = u.id), '{}') AS shop_ids
      FROM sessions s JOIN users u ON u.id = s.user_id
     WHERE s.token_hash = $3`;
/** resolveSession(): the coarse touch, at most once per half minute per session. */
const TOUCH_SQL = 'UPDATE sessions SET last_seen_at = now() WHERE id = $1';

/** Copied from assertNotThrottled() in apps/server/src/platform/auth/throttle.ts. $1..$3 limits, $4 $5 keys. */
const THROTTLE_SQL = `
    SELECT GREATEST(
      CASE WHEN consecutive >= $1
        THEN EXTRACT(EPOCH FROM (last_failure_at + make_interval(secs => $2) - now())) ELSE 0 END,
      CASE WHEN key LIKE 'acct:%' AND window_count >= $3
        THEN EXTRACT(EPOCH FROM (window_start + interval '1 hour' - now())) ELSE 0 END
    )::int AS retry
    FROM login_failures WHERE key IN ($4, $5)`;
/** findUserByLoginName() in apps/server/src/modules/access/users/users.repository.ts (drizzle lists the columns). */
const USER_BY_LOGIN_SQL = 'SELECT * FROM users WHERE lower(login_name) = lower($1) LIMIT 1';
/** recordSuccess() in throttle.ts. */
const THROTTLE_SUCCESS_SQL = 'UPDATE login_failures SET consecutive = 0 WHERE key IN ($1, $2)';
/** createSession() in apps/server/src/platform/auth/sessions.service.ts. */
const INSERT_SESSION_SQL = `INSERT INTO sessions (token_hash, user_id, impersonator_user_id, parent_session_id, expires_at, ip, user_agent)
  VALUES ($1, $2, NULL, NULL, now() + make_interval(secs => $3), $4, NULL) RETURNING id`;
/** audit() in apps/server/src/platform/audit/audit.service.ts, as login() calls it. */
const INSERT_AUDIT_SQL = `INSERT INTO audit_log (actor_user_id, impersonator_user_id, account_id, action, entity, entity_id, before, after, ip)
  VALUES ($1, NULL, $2, 'session.login', 'user', $3, NULL, NULL, $4)`;

/** findUserById() in users.repository.ts. */
const USER_BY_ID_SQL = 'SELECT * FROM users WHERE id = $1 LIMIT 1';
/** subsystemIdsOfUser() in users.repository.ts. */
const SUBSYSTEM_IDS_SQL = 'SELECT subsystem_id AS id FROM user_subsystems WHERE user_id = $1';
/** subsystemsForUser() in apps/server/src/modules/access/subsystems/subsystems.service.ts. */
const ALL_SUBSYSTEMS_SQL = 'SELECT id, code, name, name_en, url FROM subsystems ORDER BY sort';
const SOME_SUBSYSTEMS_SQL = 'SELECT id, code, name, name_en, url FROM subsystems WHERE id = ANY($1) ORDER BY sort';

/** Copied from permissionItemsOfUser() in apps/server/src/modules/access/roles/permissions.repository.ts. */
const PERMISSIONS_SQL = `
    SELECT DISTINCT pi.id, pi.name, pi.description, pi.url, pi.auth_pattern AS "authPattern", pi.type
      FROM user_roles ur
      JOIN role_permissions rp ON rp.role_id = ur.role_id
      JOIN permission_items pi ON pi.id = rp.permission_id AND pi.active
     WHERE ur.user_id = $1
     ORDER BY pi.id`;

interface SessionRow {
  id: string;
  user_id: number;
  account_id: number;
  revoked: boolean;
  expired: boolean;
  idle: boolean;
  touch: boolean;
  enabled: boolean;
  impersonator_ok: boolean;
  user_type: number;
}

/** resolveSession() without the HTTP around it; throws like the server when the session is not usable. */
async function resolveSession(pool: pg.Pool, hash: string): Promise<SessionRow> {
  const r = await pool.query<SessionRow>(SESSION_SQL, [IDLE_SECONDS, Math.min(30, IDLE_SECONDS / 4), hash]);
  const row = r.rows[0];
  if (!row || row.revoked || !row.enabled || !row.impersonator_ok || row.expired || row.idle) {
    throw new Error('driver: the session does not resolve');
  }
  if (row.touch) await pool.query(TOUCH_SQL, [row.id]);
  return row;
}

export type Scenario = (pool: pg.Pool) => Promise<void>;

export interface DriverScenarios {
  login: Scenario;
  currentUser: Scenario;
  permissions: Scenario;
  menu: Scenario;
  health: Scenario;
}

/** Scenarios for one user: `token` is a live session of `loginName` (signed in with `password`). */
export function scenarios(opts: { loginName: string; password: string; token: string; ip: string }): DriverScenarios {
  const hash = tokenHash(opts.token);
  const keys = [`acct:${opts.loginName.toLowerCase()}`, `ip:${opts.ip}`];
  return {
    // login() in apps/server/src/modules/access/session/session.service.ts.
    login: async (pool) => {
      const t = await pool.query<{ retry: number }>(THROTTLE_SQL, [MAX_CONSECUTIVE, LOCK_SECONDS, MAX_PER_HOUR, ...keys]);
      if (t.rows.some((r) => Number(r.retry) > 0)) throw new Error('driver: sign-in throttled');
      const u = await pool.query<{ id: number; account_id: number; password_hash: string; enabled: boolean }>(USER_BY_LOGIN_SQL, [
        opts.loginName,
      ]);
      const user = u.rows[0];
      if (!user || !(await verify(user.password_hash, opts.password))) throw new Error('driver: wrong password');
      if (!user.enabled) throw new Error('driver: account disabled');
      const c = await pool.connect();
      try {
        await c.query('BEGIN');
        await c.query(THROTTLE_SUCCESS_SQL, keys);
        await c.query(INSERT_SESSION_SQL, [tokenHash(randomBytes(32).toString('base64url')), user.id, ABSOLUTE_SECONDS, opts.ip]);
        await c.query(INSERT_AUDIT_SQL, [user.id, user.account_id, String(user.id), opts.ip]);
        await c.query('COMMIT');
      } catch (err) {
        await c.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        c.release();
      }
    },
    // currentUser() in session.service.ts: the user, their subsystems (no god view here).
    currentUser: async (pool) => {
      const s = await resolveSession(pool, hash);
      await pool.query(USER_BY_ID_SQL, [s.user_id]);
      const ids = (await pool.query<{ id: number }>(SUBSYSTEM_IDS_SQL, [s.user_id])).rows.map((r) => r.id);
      if (ids.length === 0) await pool.query(ALL_SUBSYSTEMS_SQL);
      else await pool.query(SOME_SUBSYSTEMS_SQL, [ids]);
    },
    // permissionsOf() in session.service.ts.
    permissions: async (pool) => {
      const s = await resolveSession(pool, hash);
      await pool.query(PERMISSIONS_SQL, [s.user_id]);
    },
    // menuOf() builds the menu in memory from the session's permissions: only the session read.
    menu: async (pool) => {
      await resolveSession(pool, hash);
    },
    // The health route in apps/server/src/app.ts.
    health: async (pool) => {
      await pool.query('SELECT 1');
    },
  };
}

/**
 * Runs `scenario` from `connections` concurrent loops on a pool of that size for
 * `seconds`, bounded in time and in count; stops early after repeated errors.
 */
export async function runDriver(
  url: string,
  connections: number,
  seconds: number,
  scenario: Scenario,
  /** Connections in the pool, when a scenario uses several at once (default: one per loop). */
  poolSize = connections,
): Promise<RunStats> {
  const MAX_ITERATIONS = 20_000_000;
  const MAX_ERRORS = 50;
  // The server's connection settings (apps/server/src/db/client.ts): no JIT.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5_000, options: '-c jit=off' });
  pool.on('error', () => {});
  const rec = new LatencyRecorder();
  let iterations = 0;
  let errors = 0;
  let firstProblem: string | undefined;
  try {
    // Open every connection first, as the server's pool is warm when the HTTP run starts.
    const clients = await Promise.all(Array.from({ length: poolSize }, () => pool.connect()));
    for (const c of clients) c.release();
    const cpu = measureCpu();
    const t0 = performance.now();
    const end = t0 + seconds * 1000;
    const loop = async () => {
      while (performance.now() < end && iterations < MAX_ITERATIONS && errors < MAX_ERRORS) {
        iterations++;
        const s = performance.now();
        try {
          await scenario(pool);
          rec.record(performance.now() - s);
        } catch (err) {
          errors++;
          firstProblem ??= err instanceof Error ? err.message : String(err);
        }
      }
    };
    await Promise.all(Array.from({ length: connections }, loop));
    const elapsed = (performance.now() - t0) / 1000;
    const cpuUse = cpu();
    return {
      connections,
      seconds: elapsed,
      ok: rec.count,
      non2xx: 0,
      errors,
      reqPerSec: rec.count / elapsed,
      ...rec.summary(),
      firstProblem,
      cpu: cpuUse,
    };
  } finally {
    await pool.end().catch(() => {});
  }
}
