/**
 * Sign-in, sign-out, god view, the current user and what the user may see, registration
 * and password reset.
 * Rules: failed sign-ins are throttled per account and address and per address, never
 * per account alone (throttle.ts); god view only goes down (never into an equal or more
 * privileged account, never nested); every change of a session's identity is audited.
 * Registration and password reset answer the same, in the same time, whether or not
 * the login name exists (even-time.ts); registration is throttled per address.
 */
import { createHash, randomInt } from 'node:crypto';
import {
  buildMenu,
  type EndpointData,
  ERROR_CODES,
  fieldErrorOf,
  INTERNAL_ACCOUNT_ID,
  isStaffAccount,
  MENU_VERSION,
  type MenuEntry,
  STATUS,
  session as sessionEndpoints,
  USER_TYPE,
} from '@bo/contract';
import type { CurrentUser, MenuNode } from '@bo/contract/access/session';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { audit } from '../../../platform/audit/audit.service';
import { isInternal, type RequestActor } from '../../../platform/auth/actor';
import { captchas } from '../../../platform/auth/auth.table';
import { atLeast, EVEN_REPLY_MS } from '../../../platform/auth/even-time';
import { passwordGate } from '../../../platform/auth/hash-gate';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../../platform/auth/password';
import { createSession, revokeSession, revokeUserSessions } from '../../../platform/auth/sessions.service';
import {
  ACCOUNT_WARN_PER_HOUR,
  accountKey,
  assertNotThrottled,
  consume,
  recordFailure,
  recordSuccess,
  signInKeys,
  tryConsume,
} from '../../../platform/auth/throttle';
import type { AppContext } from '../../../platform/context';
import { AppError, badCredentials, badRequest } from '../../../platform/errors';
import { serializeReply, WithStatus } from '../../../platform/http/binder';
import { listProductLinesForUser } from '../../catalog/product-lines/product-lines.service';
import { isUniqueViolation } from '../../catalog/shared/catalog-sql';
import { permissionItemsOfUser } from '../roles/permissions.repository';
import { permissionsBeyond, permissionsOfUsers } from '../roles/privilege';
import { cellphoneExists, findUserById, findUserByLoginName, type UserRow } from '../users/users.repository';
import { accounts, users } from '../users/users.table';

const policy = (ctx: AppContext) => ({
  idleSeconds: ctx.config.SESSION_IDLE_SECONDS,
  absoluteSeconds: ctx.config.SESSION_ABSOLUTE_SECONDS,
});

export async function login(
  ctx: AppContext,
  input: { loginName: string; password: string },
  client: { ip: string; userAgent?: string },
): Promise<{ token: string }> {
  // Overloaded with password checks: a 503 now, before any database work (hash-gate.ts).
  passwordGate.assertRoom();
  const keys = signInKeys(input.loginName, client.ip);
  await assertNotThrottled(ctx.db, keys.checked);
  const user = await findUserByLoginName(ctx.db, input.loginName);
  let ok = false;
  if (user) ok = await verifyPassword(user.passwordHash, input.password);
  else await burnPasswordCheck(input.password);
  if (!user || !ok) {
    const counts = await recordFailure(ctx.db, keys.counted);
    if (counts.get(accountKey(input.loginName)) === ACCOUNT_WARN_PER_HOUR) {
      // Spread over many addresses, guessing is not refused (that would lock the owner out): an operator is told.
      ctx.log.warn({ loginName: input.loginName }, `${ACCOUNT_WARN_PER_HOUR} failed sign-ins on one account within an hour`);
    }
    throw badCredentials();
  }
  if (user.state === 'pending') {
    throw new AppError(STATUS.FORBIDDEN, ERROR_CODES.ACCOUNT_DISABLED, 'account awaiting approval by an administrator');
  }
  if (user.state === 'rejected') {
    throw new AppError(STATUS.FORBIDDEN, ERROR_CODES.ACCOUNT_DISABLED, 'this registration was not approved');
  }
  if (!user.enabled) throw new AppError(STATUS.FORBIDDEN, ERROR_CODES.ACCOUNT_DISABLED, 'account disabled');
  return ctx.db.transaction(async (tx) => {
    await recordSuccess(tx, keys.checked);
    const s = await createSession(tx, policy(ctx), { userId: user.id, ...client });
    await audit(
      tx,
      { userId: user.id, accountId: user.accountId, impersonatorUserId: null, ip: client.ip },
      {
        action: 'session.login',
        entity: 'user',
        entityId: user.id,
      },
    );
    return { token: s.token };
  });
}

export async function logout(ctx: AppContext, actor: RequestActor): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await revokeSession(tx, actor.sessionId);
    await audit(tx, actor, {
      action: actor.impersonatorUserId ? 'godview.stop' : 'session.logout',
      entity: 'user',
      entityId: actor.userId,
    });
  });
}

const godViewRefused = (msg: string) => new WithStatus(STATUS.OK, null, msg, ERROR_CODES.GOD_VIEW_REFUSED);

/**
 * Starts a god-view session. Business refusals answer 200 with a non-zero code and a
 * message (the screen shows the message), as the original system did.
 */
export async function startGodView(
  ctx: AppContext,
  actor: RequestActor,
  name: string,
  client: { ip: string; userAgent?: string },
): Promise<{ token: string } | WithStatus<null>> {
  const refuse = async (reason: string, targetId: number | null) => {
    await audit(ctx.db, actor, { action: 'godview.refused', entity: 'user', entityId: targetId, after: { name, reason } });
    return godViewRefused(reason);
  };
  if (actor.impersonatorUserId) return refuse('god view cannot be nested', null);
  const target = await findUserByLoginName(ctx.db, name);
  if (!target || target.state !== 'active') return refuse(`no active user named ${name}`, null);
  if (!target.enabled) return refuse(`${name} is disabled`, target.id);
  if (target.id === actor.userId) return refuse('cannot god-view yourself', target.id);
  if (target.builtin) return refuse('the administrator cannot be god-viewed', target.id);
  if (actor.accountId !== INTERNAL_ACCOUNT_ID && target.accountId !== actor.accountId) {
    return refuse(`no active user named ${name}`, null);
  }
  // The area's one privilege rule (roles/privilege.ts), and strictly less: fewer permissions, never god view.
  const targetPerms = (await permissionsOfUsers(ctx.db, [target.id]))[0]?.permissions ?? new Set<string>();
  const notHeld = permissionsBeyond(actor.permissions, targetPerms);
  if (notHeld.length > 0 || targetPerms.size >= actor.permissions.size || targetPerms.has('user:godView')) {
    return refuse(`${name} is not less privileged than you`, target.id);
  }
  return ctx.db.transaction(async (tx) => {
    const s = await createSession(tx, policy(ctx), {
      userId: target.id,
      impersonatorUserId: actor.userId,
      parentSessionId: actor.sessionId,
      ...client,
    });
    await audit(tx, actor, { action: 'godview.start', entity: 'user', entityId: target.id, after: { target: target.loginName } });
    return { token: s.token };
  });
}

interface CurrentUserRow extends Record<string, unknown> {
  id: number;
  account_id: number;
  login_name: string;
  user_name: string;
  email: string | null;
  employee_id: string | null;
  user_type: number;
  country: string;
  zone_id: string;
  default_subsystem: string | null;
  language: string | null;
  god_view_by: string | null;
  sub_systems: CurrentUser['subSystems'];
}

/**
 * The profile in one statement (it is read on every page load): the user, the
 * impersonator's login name under god view, and the user's subsystems (all of them for
 * the internal account when none is assigned, as `subsystemsForUser` does).
 */
export async function currentUser(ctx: AppContext, actor: RequestActor): Promise<CurrentUser> {
  const res = await ctx.db.execute<CurrentUserRow>(sql`
    SELECT u.id, u.account_id, u.login_name, u.user_name, u.email, u.employee_id, u.user_type, u.country, u.zone_id,
           u.default_subsystem, u.language,
           (SELECT iu.login_name FROM users iu WHERE iu.id = ${actor.impersonatorUserId}) AS god_view_by,
           COALESCE((
             SELECT json_agg(json_build_object('id', s.id, 'code', s.code, 'name', s.name, 'nameEn', s.name_en, 'url', s.url)
                             ORDER BY s.sort, s.id)
               FROM subsystems s
              WHERE CASE WHEN EXISTS (SELECT 1 FROM user_subsystems us WHERE us.user_id = u.id)
                         THEN s.id IN (SELECT us.subsystem_id FROM user_subsystems us WHERE us.user_id = u.id)
                         ELSE ${isInternal(actor)} END), '[]'::json) AS sub_systems
      FROM users u
     WHERE u.id = ${actor.userId}`);
  const user = res.rows[0];
  if (!user) throw new AppError(STATUS.UNAUTHORIZED, ERROR_CODES.UNAUTHENTICATED, 'session ended, sign in again');
  return {
    id: user.id,
    accountId: user.account_id,
    loginName: user.login_name,
    userName: user.user_name,
    email: user.email,
    employeeId: user.employee_id,
    userType: user.user_type,
    country: user.country,
    zoneId: user.zone_id,
    shopIds: [...actor.shopIds],
    defaultSubsystem: user.default_subsystem,
    subSystems: user.sub_systems,
    externalUser: actor.shopIds.length > 0 && user.account_id !== INTERNAL_ACCOUNT_ID,
    backMgr: canOpenBackMgr(ctx, actor),
    godViewBy: actor.impersonatorUserId ? user.god_view_by : null,
    language: user.language === 'zh-CN' || user.language === 'en-US' ? user.language : null,
  };
}

export const canOpenBackMgr = (ctx: AppContext, actor: RequestActor) =>
  actor.loginName === ctx.config.BACK_MGR_USER && actor.impersonatorUserId === null;

export const permissionsOf = (ctx: AppContext, actor: RequestActor) =>
  ctx.grants.items(actor.authzEpoch, actor.userId, () => permissionItemsOfUser(ctx.db, actor.userId));

/** The permissions reply, serialised once per user and authorisation epoch (868 items for admin). */
export const permissionsReply = (ctx: AppContext, actor: RequestActor) =>
  ctx.grants.derived(actor.authzEpoch, actor.userId, 'permissions-reply', async () =>
    serializeReply(sessionEndpoints.permissions, [...(await permissionsOf(ctx, actor))] as EndpointData<
      typeof sessionEndpoints.permissions
    >),
  );

const toMenuNode = (e: MenuEntry): MenuNode => ({
  menuCode: e.menuCode,
  menuName: e.title['zh-CN'],
  menuNameEn: e.title['en-US'],
  url: e.url,
  subMenuList: e.children.map(toMenuNode),
});

export function menuOf(ctx: AppContext, actor: RequestActor) {
  const menu = buildMenu({
    permissions: actor.permissions,
    backMgr: canOpenBackMgr(ctx, actor),
    staff: isStaffAccount(actor.accountId),
  });
  return { version: MENU_VERSION, menuVOS: menu.map(toMenuNode) };
}

/** The menu reply, built and serialised once per user, epoch and back-office flag. */
export const menuReply = (ctx: AppContext, actor: RequestActor) => {
  const backMgr = canOpenBackMgr(ctx, actor);
  return ctx.grants.derived(actor.authzEpoch, actor.userId, `menu-reply:${backMgr}`, () =>
    serializeReply(sessionEndpoints.userMenu, menuOf(ctx, actor)),
  );
};

export const productLinesOf = (ctx: AppContext, actor: RequestActor) => listProductLinesForUser(ctx.db, actor);

// ---- password reset -------------------------------------------------------------------

const CODE_TTL_SECONDS = 10 * 60;
const CODE_MAX_ATTEMPTS = 5;
const codeHash = (userId: number, code: string) => createHash('sha256').update(`${userId}:${code}`).digest('hex');

/**
 * Same reply, in the same time, whether or not the account exists: the code is delivered
 * after the reply (a mail server's round trip would otherwise tell).
 */
export const generateCaptcha = (ctx: AppContext, loginName: string) => atLeast(EVEN_REPLY_MS, () => issueCode(ctx, loginName));

async function issueCode(ctx: AppContext, loginName: string) {
  const reply = { sent: true as const, expiresInSeconds: CODE_TTL_SECONDS };
  const user = await findUserByLoginName(ctx.db, loginName);
  if (!user || !user.enabled || user.state !== 'active') return reply;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const fresh = await ctx.db.transaction(async (tx) => {
    // One code a minute per account: a flood of requests sends nothing more.
    const recent = await tx
      .select({ id: captchas.id })
      .from(captchas)
      .where(and(eq(captchas.userId, user.id), gt(captchas.createdAt, sql`now() - interval '60 seconds'`)))
      .limit(1);
    if (recent.length) return false;
    await tx
      .update(captchas)
      .set({ usedAt: sql`now()` })
      .where(and(eq(captchas.userId, user.id), isNull(captchas.usedAt)));
    await tx.insert(captchas).values({
      userId: user.id,
      codeHash: codeHash(user.id, code),
      expiresAt: sql`now() + make_interval(secs => ${CODE_TTL_SECONDS})`,
    });
    return true;
  });
  if (fresh) {
    ctx.codeSender
      .send({ loginName: user.loginName, email: user.email, code, expiresInSeconds: CODE_TTL_SECONDS })
      .catch((err) => ctx.log.warn({ err, loginName: user.loginName }, 'a password reset code could not be delivered'));
  }
  return reply;
}

async function checkCode(tx: DbOrTx, loginName: string, code: string): Promise<{ userId: number; captchaId: number } | null> {
  const user = await findUserByLoginName(tx, loginName);
  if (!user) return null;
  const [c] = await tx
    .select()
    .from(captchas)
    .where(and(eq(captchas.userId, user.id), isNull(captchas.usedAt), gt(captchas.expiresAt, sql`now()`)))
    .orderBy(desc(captchas.id))
    .limit(1);
  if (!c || c.attempts >= CODE_MAX_ATTEMPTS) return null;
  if (c.codeHash !== codeHash(user.id, code)) {
    await tx
      .update(captchas)
      .set({ attempts: sql`${captchas.attempts} + 1` })
      .where(eq(captchas.id, c.id));
    return null;
  }
  return { userId: user.id, captchaId: c.id };
}

export const checkUserCaptcha = (ctx: AppContext, loginName: string, code: string) =>
  atLeast(EVEN_REPLY_MS, async () => ({ valid: (await checkCode(ctx.db, loginName, code)) !== null }));

export const resetPassword = (ctx: AppContext, input: { loginName: string; captcha: string; password: string }, ip: string) =>
  atLeast(EVEN_REPLY_MS, () => resetWithCode(ctx, input, ip));

async function resetWithCode(ctx: AppContext, input: { loginName: string; captcha: string; password: string }, ip: string) {
  // Hashed first, for every request: the same work whether or not the account and code exist.
  const passwordHash = await hashPassword(input.password);
  const ok = await ctx.db.transaction(async (tx) => {
    const hit = await checkCode(tx, input.loginName, input.captcha);
    if (!hit) return false;
    await tx.update(captchas).set({ usedAt: sql`now()` }).where(eq(captchas.id, hit.captchaId));
    await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: sql`now()`, version: sql`${users.version} + 1`, updatedAt: sql`now()` })
      .where(eq(users.id, hit.userId));
    await revokeUserSessions(tx, hit.userId);
    await audit(
      tx,
      { userId: hit.userId, impersonatorUserId: null, accountId: null, ip },
      {
        action: 'user.password.reset',
        entity: 'user',
        entityId: hit.userId,
      },
    );
    return true;
  });
  if (!ok) throw badRequest('the code is wrong or has expired; ask for a new one');
  return null;
}

// ---- registration and own profile ---------------------------------------------------

/** Registrations one address may attempt in an hour (taken names, refused ones included). */
export const REGISTRATIONS_PER_HOUR = 10;

/**
 * Registers a pending shop account. A taken login name is answered exactly as a free one
 * (same reply, same hashing, same time) and creates nothing; the name's owner is told,
 * at most once an hour, after the reply.
 */
export async function register(
  ctx: AppContext,
  input: { loginName: string; userName: string; email: string; company: string; password: string },
  ip: string,
) {
  await consume(ctx.db, `register:${ip}`, REGISTRATIONS_PER_HOUR, 3600);
  return atLeast(EVEN_REPLY_MS, async () => {
    const passwordHash = await hashPassword(input.password);
    let owner: UserRow | undefined;
    try {
      owner = await createPending(ctx, input, passwordHash, ip);
    } catch (err) {
      // The same name registered at the same moment: taken after all.
      if (!isUniqueViolation(err)) throw err;
      owner = await findUserByLoginName(ctx.db, input.loginName);
    }
    if (owner) await tellOwner(ctx, owner);
    return { state: 'pending' as const };
  });
}

/** Creates the account and its pending owner; answers the existing user instead when the name is taken. */
async function createPending(
  ctx: AppContext,
  input: { loginName: string; userName: string; email: string; company: string },
  passwordHash: string,
  ip: string,
): Promise<UserRow | undefined> {
  return ctx.db.transaction(async (tx) => {
    const existing = await findUserByLoginName(tx, input.loginName);
    if (existing) return existing;
    const [acct] = await tx.insert(accounts).values({ name: input.company }).returning({ id: accounts.id });
    if (!acct) throw new Error('account insert returned nothing');
    const [u] = await tx
      .insert(users)
      .values({
        accountId: acct.id,
        loginName: input.loginName,
        userName: input.userName,
        email: input.email,
        passwordHash,
        userType: USER_TYPE.SHOP,
        enabled: false,
        state: 'pending',
        accountOwner: true,
      })
      .returning({ id: users.id });
    if (!u) throw new Error('user insert returned nothing');
    await audit(
      tx,
      { userId: u.id, accountId: acct.id, impersonatorUserId: null, ip },
      {
        action: 'user.register',
        entity: 'user',
        entityId: u.id,
        after: { loginName: input.loginName, userName: input.userName, email: input.email, company: input.company },
      },
    );
    return undefined;
  });
}

async function tellOwner(ctx: AppContext, owner: UserRow) {
  if ((await tryConsume(ctx.db, `notice:register:${owner.id}`, 1, 3600)) !== true) return;
  ctx.log.info({ loginName: owner.loginName }, 'registration attempted with a taken login name; its owner is told');
  ctx.codeSender
    .notify({ loginName: owner.loginName, email: owner.email, kind: 'registration-attempt' })
    .catch((err) => ctx.log.warn({ err, loginName: owner.loginName }, 'a notice to an account owner could not be delivered'));
}

/** Cellphone checks one address may make in ten minutes. */
export const CELLPHONE_CHECKS_PER_10_MIN = 30;

/**
 * Whether a user of the caller's own account uses a number (the user forms ask). Other
 * accounts' numbers are never answered for, and an address is throttled, so the check
 * cannot be used to sweep numbers. Registration asks for no number, so nothing public needs it.
 */
export async function cellphoneUsed(ctx: AppContext, actor: RequestActor, ip: string, cellphone: string) {
  await consume(ctx.db, `cellphone:${ip}`, CELLPHONE_CHECKS_PER_10_MIN, 600);
  return { exists: await cellphoneExists(ctx.db, actor.accountId, cellphone) };
}

export async function changeOwnPassword(
  ctx: AppContext,
  actor: RequestActor,
  input: { oldPassword: string; newPassword: string },
) {
  const user = await findUserById(ctx.db, actor.userId);
  if (!user || !(await verifyPassword(user.passwordHash, input.oldPassword))) {
    throw badRequest('the current password is wrong', { fields: [fieldErrorOf('oldPassword', 'access.wrongPassword')] });
  }
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: sql`now()`, version: sql`${users.version} + 1`, updatedAt: sql`now()` })
      .where(eq(users.id, actor.userId));
    await revokeUserSessions(tx, actor.userId, actor.sessionId);
    await audit(tx, actor, { action: 'user.password.change', entity: 'user', entityId: actor.userId });
  });
  return null;
}

export async function updateOwnProfile(
  ctx: AppContext,
  actor: RequestActor,
  input: { userName: string; email: string | null; zoneId: string; language: 'zh-CN' | 'en-US' | null },
) {
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ userName: users.userName, email: users.email, zoneId: users.zoneId, language: users.language })
      .from(users)
      .where(eq(users.id, actor.userId))
      .for('update');
    await tx
      .update(users)
      .set({ ...input, version: sql`${users.version} + 1`, updatedAt: sql`now()` })
      .where(eq(users.id, actor.userId));
    await audit(tx, actor, { action: 'user.profile.update', entity: 'user', entityId: actor.userId, before, after: input });
  });
  return null;
}
