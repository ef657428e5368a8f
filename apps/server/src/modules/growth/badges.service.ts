/**
 * Growth badges (docs/growth.md "Badges"). Rules, in one place:
 * - Who reaches them: staff of the company account holding user:info (requireStaff: 403 for an
 *   external shop account before any row is read).
 * - Definitions: read by every staff member; added, changed, retired / restored (BADGE_MACHINE)
 *   and deleted by HR (user:organization:edit) and the administrator (managesCycles), never under
 *   god view. Names unique per account in each language (409 on the field); a badge once awarded
 *   is retired, not deleted (409).
 * - Awarding: an active badge (400 on badgeId otherwise), to an enabled user of the account, for a
 *   reason, on a day not in the future. HR and the administrator award anyone but themself; a
 *   leader the people up whose chain they stand (the organisation's leaderOf, walked up); anyone
 *   else 403 with the field code growth.notAwardable. Never under god view. The employee is told.
 * - Revoking (AWARD_MACHINE): its awarder, HR or the administrator, with a reason; stale 409,
 *   already revoked 409.
 * - Reading: the company list of awards (awarded ones) is every staff member's: recognition is
 *   public. Revoked awards in that list are HR's and the administrator's. A wall (with its
 *   revoked awards and their reasons) is the employee's, a leader's up their chain, HR's and the
 *   administrator's, as a study record.
 * - Every write is one transaction, audited (growth_badge, growth_badge_award) for the HistoryDrawer.
 */
import type { Lang } from '@bo/contract';
import { refusalText, transitionFrom } from '@bo/contract';
import {
  AWARD_MACHINE,
  type Award,
  type AwardBody,
  type AwardState,
  BADGE_MACHINE,
  type Badge,
  type BadgeAccess,
  type BadgeAction,
  type BadgeBody,
  type BadgeIcon,
  type BadgeState,
  type BadgeUpdateBody,
  type BadgeWall,
  type RevokeBody,
} from '@bo/contract/growth/badges';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { likeContains, orderBy, pageOf } from '../../db/sql';
import { audit } from '../../platform/audit/audit.service';
import type { RequestActor } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';
import {
  codedFieldError,
  conflict,
  fieldConflict,
  forbidden,
  notFound,
  permissionDenied,
  staleVersion,
} from '../../platform/errors';
import { notify } from '../../platform/notify/notifications';
import { userDirectory } from '../access/access.reads';
import { leadersOfAccount, userDepartmentsToday } from '../organization/organization.reads';
import { managesCycles, requireStaff } from './reviews.service';
import { chainOf } from './study.service';

const ISO = (col: SQL) => sql`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
const noGodView = (a: RequestActor) => a.impersonatorUserId === null;

// ---- definitions ----

interface BadgeRow extends Record<string, unknown> {
  id: number;
  name_zh: string;
  name_en: string;
  description: string;
  icon: BadgeIcon;
  value_id: number | null;
  value_zh: string | null;
  value_en: string | null;
  state: BadgeState;
  awarded: number;
  version: number;
  updated_by: string | null;
  updated_at: string;
}

const BADGE_COLUMNS = sql`
  SELECT b.id, b.name_zh, b.name_en, b.description, b.icon, b.value_id, v.name_zh AS value_zh, v.name_en AS value_en, b.state,
         (SELECT count(*)::int FROM growth_badge_awards a WHERE a.badge_id = b.id AND a.state = 'awarded') AS awarded,
         b.version, ub.user_name AS updated_by, ${ISO(sql`b.updated_at`)} AS updated_at`;
const BADGE_FROM = sql`
    FROM growth_badges b
    LEFT JOIN growth_values v ON v.id = b.value_id
    LEFT JOIN ${userDirectory} ub ON ub.id = b.updated_by`;
const BADGE_SELECT = sql`${BADGE_COLUMNS} ${BADGE_FROM}`;

const toBadge = (r: BadgeRow): Badge => ({
  id: Number(r.id),
  nameZh: r.name_zh,
  nameEn: r.name_en,
  description: r.description,
  icon: r.icon,
  value: r.value_id === null ? null : { id: Number(r.value_id), nameZh: r.value_zh ?? '', nameEn: r.value_en ?? '' },
  state: r.state,
  awarded: Number(r.awarded),
  version: Number(r.version),
  updatedBy: r.updated_by,
  updatedAt: r.updated_at,
});

async function badgeOf(db: DbOrTx, accountId: number, id: number, lock = false): Promise<Badge | null> {
  if (lock) await db.execute(sql`SELECT id FROM growth_badges WHERE id = ${id} AND account_id = ${accountId} FOR UPDATE`);
  const r = await db.execute<BadgeRow>(sql`${BADGE_SELECT} WHERE b.id = ${id} AND b.account_id = ${accountId}`);
  return r.rows[0] ? toBadge(r.rows[0]) : null;
}

function requireManager(actor: RequestActor) {
  requireStaff(actor);
  if (!managesCycles(actor)) throw forbidden('only HR and the administrator keep the badges');
}

const badgeSnapshot = (b: Badge) => ({
  nameZh: b.nameZh,
  nameEn: b.nameEn,
  description: b.description,
  icon: b.icon,
  valueId: b.value?.id ?? null,
  state: b.state,
});

async function checkBadge(db: DbOrTx, accountId: number, b: BadgeBody, id: number | null) {
  const r = await db.execute<{ zh: boolean; en: boolean }>(sql`
    SELECT bool_or(lower(name_zh) = lower(${b.nameZh})) AS zh, bool_or(lower(name_en) = lower(${b.nameEn})) AS en
      FROM growth_badges WHERE account_id = ${accountId} AND id <> ${id ?? 0}`);
  if (r.rows[0]?.zh) throw fieldConflict(`a badge named ${b.nameZh} exists`, 'nameZh', 'growth.badgeNameTaken');
  if (r.rows[0]?.en) throw fieldConflict(`a badge named ${b.nameEn} exists`, 'nameEn', 'growth.badgeNameTaken');
  if (b.valueId !== null) {
    const v = await db.execute(sql`SELECT 1 FROM growth_values WHERE id = ${b.valueId} AND account_id = ${accountId}`);
    if (!v.rows.length) throw codedFieldError('valueId', 'invalid');
  }
}

export async function listBadges(
  ctx: AppContext,
  actor: RequestActor,
  q: { keyword?: string | undefined; state?: BadgeState | undefined; pageNum: number; pageSize: number },
) {
  requireStaff(actor);
  const like = likeContains(q.keyword);
  const where = [sql`b.account_id = ${actor.accountId}`];
  if (q.state) where.push(sql`b.state = ${q.state}`);
  if (like) where.push(sql`(b.name_zh ILIKE ${like} OR b.name_en ILIKE ${like} OR b.description ILIKE ${like})`);
  const { rows, total } = await pageOf<BadgeRow>(
    ctx.db,
    {
      select: BADGE_COLUMNS,
      from: sql`${BADGE_FROM} WHERE ${sql.join(where, sql` AND `)}`,
      orderBy: sql`b.state, lower(b.name_en), b.id`,
    },
    q,
  );
  return { list: rows.map(toBadge), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

export async function createBadge(ctx: AppContext, actor: RequestActor, b: BadgeBody): Promise<Badge> {
  requireManager(actor);
  return ctx.db.transaction(async (tx) => {
    await checkBadge(tx, actor.accountId, b, null);
    const r = await tx.execute<{ id: number }>(sql`
      INSERT INTO growth_badges (account_id, name_zh, name_en, description, icon, value_id, updated_by)
      VALUES (${actor.accountId}, ${b.nameZh}, ${b.nameEn}, ${b.description}, ${b.icon}, ${b.valueId}, ${actor.userId})
      RETURNING id`);
    const after = (await badgeOf(tx, actor.accountId, Number(r.rows[0]?.id))) as Badge;
    await audit(tx, actor, { action: 'create', entity: 'growth_badge', entityId: after.id, after: badgeSnapshot(after) });
    return after;
  });
}

async function lockedBadge(tx: DbOrTx, actor: RequestActor, id: number, version: number | null) {
  const row = await badgeOf(tx, actor.accountId, id, true);
  if (!row) throw notFound(`no badge ${id}`);
  if (version !== null && row.version !== version) throw staleVersion();
  return row;
}

export async function updateBadge(ctx: AppContext, actor: RequestActor, id: number, b: BadgeUpdateBody): Promise<Badge> {
  requireManager(actor);
  return ctx.db.transaction(async (tx) => {
    const before = await lockedBadge(tx, actor, id, b.version);
    await checkBadge(tx, actor.accountId, b, id);
    await tx.execute(sql`
      UPDATE growth_badges SET name_zh = ${b.nameZh}, name_en = ${b.nameEn}, description = ${b.description}, icon = ${b.icon},
             value_id = ${b.valueId}, updated_by = ${actor.userId}, updated_at = now(), version = version + 1
       WHERE id = ${id}`);
    const after = (await badgeOf(tx, actor.accountId, id)) as Badge;
    await audit(tx, actor, {
      action: 'update',
      entity: 'growth_badge',
      entityId: id,
      before: badgeSnapshot(before),
      after: badgeSnapshot(after),
    });
    return after;
  });
}

export async function actOnBadge(
  ctx: AppContext,
  actor: RequestActor,
  id: number,
  b: { action: BadgeAction; version: number },
  lang: Lang,
): Promise<Badge> {
  requireManager(actor);
  return ctx.db.transaction(async (tx) => {
    const before = await lockedBadge(tx, actor, id, b.version);
    const step = transitionFrom(BADGE_MACHINE, before.state, b.action);
    if (!step) throw conflict(refusalText(BADGE_MACHINE, before.state, b.action, lang), { state: before.state });
    await tx.execute(sql`
      UPDATE growth_badges SET state = ${step.to}, updated_by = ${actor.userId}, updated_at = now(), version = version + 1
       WHERE id = ${id}`);
    await audit(tx, actor, {
      action: `growth.badge.${b.action}`,
      entity: 'growth_badge',
      entityId: id,
      before: { state: before.state },
      after: { state: step.to },
    });
    return (await badgeOf(tx, actor.accountId, id)) as Badge;
  });
}

export async function deleteBadge(ctx: AppContext, actor: RequestActor, id: number, lang: Lang): Promise<null> {
  requireManager(actor);
  return ctx.db.transaction(async (tx) => {
    const before = await lockedBadge(tx, actor, id, null);
    const used = await tx.execute(sql`SELECT 1 FROM growth_badge_awards WHERE badge_id = ${id} LIMIT 1`);
    if (used.rows.length)
      throw conflict(
        lang === 'zh-CN' ? '该徽章已颁发过，不能删除：请停用它' : 'the badge has been awarded: retire it instead of deleting it',
      );
    await tx.execute(sql`DELETE FROM growth_badges WHERE id = ${id}`);
    await audit(tx, actor, { action: 'delete', entity: 'growth_badge', entityId: id, before: badgeSnapshot(before) });
    return null;
  });
}

// ---- who may award and read ----

/** The people up whose chain of leaders `leaderId` stands (enabled users of the account). */
async function reportingLine(db: DbOrTx, accountId: number, leaderId: number): Promise<number[]> {
  const people = await db.execute<{ id: number }>(
    sql`SELECT id FROM ${userDirectory} u WHERE u.account_id = ${accountId} AND u.enabled AND u.id <> ${leaderId}`,
  );
  // Every leader read at once: the chains below walk the map, not the database.
  const memo = await leadersOfAccount(db, accountId);
  const out: number[] = [];
  for (const p of people.rows) if ((await chainOf(db, Number(p.id), memo)).includes(leaderId)) out.push(Number(p.id));
  return out;
}

/** A wall's readers: the employee, a leader up their chain, HR and the administrator. */
async function mayReadWall(db: DbOrTx, actor: RequestActor, employeeId: number) {
  return employeeId === actor.userId || managesCycles(actor) || (await chainOf(db, employeeId)).includes(actor.userId);
}

/** Awards: HR and the administrator anyone, a leader their reporting line; never oneself, never under god view. */
async function mayAward(db: DbOrTx, actor: RequestActor, employeeId: number) {
  if (employeeId === actor.userId || !noGodView(actor)) return false;
  return managesCycles(actor) || (await chainOf(db, employeeId)).includes(actor.userId);
}

export async function access(ctx: AppContext, actor: RequestActor): Promise<BadgeAccess> {
  requireStaff(actor);
  const manager = managesCycles(actor);
  const ids = manager || !noGodView(actor) ? null : await reportingLine(ctx.db, actor.accountId, actor.userId);
  const people =
    !noGodView(actor) || (ids !== null && ids.length === 0)
      ? []
      : (
          await ctx.db.execute<{ id: number; name: string; dept: string | null }>(sql`
            SELECT u.id, u.user_name AS name, d.dept_name AS dept
              FROM ${userDirectory} u LEFT JOIN ${userDepartmentsToday(actor.accountId)} d ON d.user_id = u.id
             WHERE u.account_id = ${actor.accountId} AND u.enabled AND u.id <> ${actor.userId}
               ${ids ? sql`AND u.id = ANY(${`{${ids.join(',')}}`}::int[])` : sql``}
             ORDER BY lower(u.user_name), u.id`)
        ).rows.map((p) => ({ id: Number(p.id), name: p.name, dept: p.dept }));
  return { canManage: manager, canSeeRevoked: manager, people };
}

// ---- awards ----

interface AwardRow extends Record<string, unknown> {
  id: number;
  badge_id: number;
  badge_zh: string;
  badge_en: string;
  icon: BadgeIcon;
  employee_id: number;
  employee_name: string | null;
  dept_name: string | null;
  reason: string;
  day: string;
  awarded_by: number;
  awarded_by_name: string | null;
  state: AwardState;
  revoked_by_name: string | null;
  revoked_at: string | null;
  revoke_reason: string | null;
  version: number;
}

const AWARD_SELECT = sql`
  SELECT a.id, a.badge_id, b.name_zh AS badge_zh, b.name_en AS badge_en, b.icon, a.employee_id, e.user_name AS employee_name,
         d.dept_name, a.reason, to_char(a.day, 'YYYY-MM-DD') AS day, a.awarded_by, ab.user_name AS awarded_by_name, a.state,
         rb.user_name AS revoked_by_name, ${ISO(sql`a.revoked_at`)} AS revoked_at, a.revoke_reason, a.version`;
const awardFrom = (accountId: number) => sql`
    FROM growth_badge_awards a
    JOIN growth_badges b ON b.id = a.badge_id
    LEFT JOIN ${userDirectory} e ON e.id = a.employee_id
    LEFT JOIN ${userDirectory} ab ON ab.id = a.awarded_by
    LEFT JOIN ${userDirectory} rb ON rb.id = a.revoked_by
    LEFT JOIN ${userDepartmentsToday(accountId)} d ON d.user_id = a.employee_id`;

const mayRevoke = (actor: RequestActor, r: AwardRow) =>
  r.state === 'awarded' && noGodView(actor) && (Number(r.awarded_by) === actor.userId || managesCycles(actor));

const toAward = (actor: RequestActor, r: AwardRow): Award => ({
  id: Number(r.id),
  badge: { id: Number(r.badge_id), nameZh: r.badge_zh, nameEn: r.badge_en, icon: r.icon },
  employee: { id: Number(r.employee_id), name: r.employee_name ?? '' },
  dept: r.dept_name,
  reason: r.reason,
  day: r.day,
  awardedBy: { id: Number(r.awarded_by), name: r.awarded_by_name ?? '' },
  state: r.state,
  revokedBy: r.revoked_by_name,
  revokedAt: r.revoked_at,
  revokeReason: r.revoke_reason,
  canRevoke: mayRevoke(actor, r),
  version: Number(r.version),
});

async function awardRow(db: DbOrTx, accountId: number, id: number, lock = false): Promise<AwardRow | null> {
  if (lock) await db.execute(sql`SELECT id FROM growth_badge_awards WHERE id = ${id} AND account_id = ${accountId} FOR UPDATE`);
  const r = await db.execute<AwardRow>(
    sql`${AWARD_SELECT} ${awardFrom(accountId)} WHERE a.id = ${id} AND a.account_id = ${accountId}`,
  );
  return r.rows[0] ?? null;
}

const AWARD_SORT: Record<string, SQL> = { day: sql`a.day`, createdAt: sql`a.created_at` };

export async function listAwards(
  ctx: AppContext,
  actor: RequestActor,
  q: {
    badgeId?: number | undefined;
    state: AwardState;
    keyword?: string | undefined;
    sortField: string;
    sortOrder: 'asc' | 'desc';
    pageNum: number;
    pageSize: number;
  },
) {
  requireStaff(actor);
  if (q.state === 'revoked' && !managesCycles(actor)) throw permissionDenied('user:organization:edit');
  const where = [sql`a.account_id = ${actor.accountId}`, sql`a.state = ${q.state}`];
  if (q.badgeId) where.push(sql`a.badge_id = ${q.badgeId}`);
  const like = likeContains(q.keyword);
  if (like)
    where.push(sql`(e.user_name ILIKE ${like} OR a.reason ILIKE ${like} OR b.name_zh ILIKE ${like} OR b.name_en ILIKE ${like})`);
  const { rows, total } = await pageOf<AwardRow>(
    ctx.db,
    {
      select: AWARD_SELECT,
      from: sql`${awardFrom(actor.accountId)} WHERE ${sql.join(where, sql` AND `)}`,
      orderBy: orderBy(q.sortField, q.sortOrder, AWARD_SORT, sql`a.id DESC`),
    },
    q,
  );
  return { list: rows.map((r) => toAward(actor, r)), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

export async function wall(ctx: AppContext, actor: RequestActor, employeeId: number | undefined): Promise<BadgeWall> {
  requireStaff(actor);
  const id = employeeId ?? actor.userId;
  const who = await ctx.db.execute<{ name: string; dept: string | null }>(sql`
    SELECT u.user_name AS name, d.dept_name AS dept
      FROM ${userDirectory} u LEFT JOIN ${userDepartmentsToday(actor.accountId)} d ON d.user_id = u.id
     WHERE u.id = ${id} AND u.account_id = ${actor.accountId}`);
  const person = who.rows[0];
  if (!person) throw notFound(`no employee ${id}`);
  if (!(await mayReadWall(ctx.db, actor, id)))
    throw forbidden("only the employee, a leader up their chain and HR open an employee's badge wall");
  const rows = await ctx.db.execute<AwardRow>(sql`
    ${AWARD_SELECT} ${awardFrom(actor.accountId)}
     WHERE a.account_id = ${actor.accountId} AND a.employee_id = ${id} ORDER BY a.day DESC, a.id DESC`);
  const awards = rows.rows.map((r) => toAward(actor, r));
  const defs = await ctx.db.execute<BadgeRow>(sql`
    ${BADGE_SELECT} WHERE b.account_id = ${actor.accountId}
       AND b.id IN (SELECT badge_id FROM growth_badge_awards WHERE employee_id = ${id} AND state = 'awarded')`);
  const badges = defs.rows.map(toBadge).map((b) => {
    const mine = awards.filter((a) => a.badge.id === b.id && a.state === 'awarded');
    const { awarded: _a, version: _v, updatedBy: _u, updatedAt: _t, ...badge } = b;
    return { badge, count: mine.length, lastDay: mine[0]?.day ?? '', awards: mine };
  });
  badges.sort((x, y) => y.count - x.count || y.lastDay.localeCompare(x.lastDay) || x.badge.id - y.badge.id);
  return {
    employee: { id, name: person.name },
    dept: person.dept,
    badges,
    revoked: awards.filter((a) => a.state === 'revoked'),
    total: badges.reduce((n, b) => n + b.count, 0),
  };
}

export async function award(ctx: AppContext, actor: RequestActor, b: AwardBody): Promise<Award> {
  requireStaff(actor);
  if (!noGodView(actor)) throw forbidden('nobody awards a badge under god view');
  const today = new Date().toISOString().slice(0, 10);
  const day = b.day ?? today;
  if (day > today) throw codedFieldError('day', 'growth.futureDay');
  return ctx.db.transaction(async (tx) => {
    const badge = await badgeOf(tx, actor.accountId, b.badgeId);
    if (!badge) throw codedFieldError('badgeId', 'invalid');
    if (badge.state !== 'active') throw codedFieldError('badgeId', 'growth.badgeRetired');
    const emp = await tx.execute(
      sql`SELECT 1 FROM ${userDirectory} u WHERE u.id = ${b.employeeId} AND u.account_id = ${actor.accountId} AND u.enabled`,
    );
    if (!emp.rows.length) throw codedFieldError('employeeId', 'invalid');
    if (!(await mayAward(tx, actor, b.employeeId)))
      throw forbidden('a leader awards the people in their reporting line, HR and the administrator anyone; nobody themself');
    const r = await tx.execute<{ id: number }>(sql`
      INSERT INTO growth_badge_awards (account_id, badge_id, employee_id, reason, day, awarded_by)
      VALUES (${actor.accountId}, ${b.badgeId}, ${b.employeeId}, ${b.reason}, ${day}, ${actor.userId}) RETURNING id`);
    const id = Number(r.rows[0]?.id);
    const row = (await awardRow(tx, actor.accountId, id)) as AwardRow;
    await audit(tx, actor, {
      action: 'growth.badge.award',
      entity: 'growth_badge_award',
      entityId: id,
      after: { badge: badge.nameEn, employeeId: b.employeeId, reason: b.reason, day, state: 'awarded' },
    });
    await notify(tx, {
      accountId: actor.accountId,
      userIds: [b.employeeId],
      kind: 'growth.badge',
      title: {
        zh: `你获得了徽章「${badge.nameZh}」：${b.reason}`,
        en: `You earned the "${badge.nameEn}" badge: ${b.reason}`,
      },
      link: '/badge',
    });
    return toAward(actor, row);
  });
}

export async function revoke(ctx: AppContext, actor: RequestActor, id: number, b: RevokeBody, lang: Lang): Promise<Award> {
  requireStaff(actor);
  if (!noGodView(actor)) throw forbidden('nobody revokes a badge under god view');
  return ctx.db.transaction(async (tx) => {
    const row = await awardRow(tx, actor.accountId, id, true);
    if (!row) throw notFound(`no award ${id}`);
    if (Number(row.awarded_by) !== actor.userId && !managesCycles(actor))
      throw forbidden('only its awarder, HR and the administrator revoke an award');
    if (Number(row.version) !== b.version) throw staleVersion();
    const step = transitionFrom(AWARD_MACHINE, row.state, 'revoke');
    if (!step) throw conflict(refusalText(AWARD_MACHINE, row.state, 'revoke', lang), { state: row.state });
    await tx.execute(sql`
      UPDATE growth_badge_awards SET state = ${step.to}, revoked_by = ${actor.userId}, revoked_at = now(),
             revoke_reason = ${b.reason}, updated_at = now(), version = version + 1
       WHERE id = ${id}`);
    await audit(tx, actor, {
      action: 'growth.badge.revoke',
      entity: 'growth_badge_award',
      entityId: id,
      before: { state: row.state },
      after: { state: step.to, reason: b.reason },
    });
    return toAward(actor, (await awardRow(tx, actor.accountId, id)) as AwardRow);
  });
}

/** History: a definition's is every staff member's; an award's whoever may open its employee's wall. */
export async function canReadAward(db: DbOrTx, actor: RequestActor, id: number): Promise<boolean> {
  const r = await db.execute<{ employee_id: number }>(
    sql`SELECT employee_id FROM growth_badge_awards WHERE id = ${id} AND account_id = ${actor.accountId}`,
  );
  const row = r.rows[0];
  return row ? mayReadWall(db, actor, Number(row.employee_id)) : false;
}
