/**
 * System notices (/backMgr/notice) and their readers. Rules:
 * - The back-office user writes them; a new one is a draft. NOTICE_MACHINE moves the state
 *   (publish: draft | withdrawn → published; withdraw: published → withdrawn); any other move
 *   is a 409 naming the state. Only a draft is deleted; a notice once published is withdrawn.
 * - A user sees a notice when it is published, now is inside its window (from ≤ now < to),
 *   they are in its audience (everyone; a role they hold; their user id), and they have not
 *   acknowledged it. Acknowledging is per user, once; the notice's changes keep the rows.
 * - Under god view nobody sees notices, and nobody acknowledges one for the person looked at.
 * - Every write is audited.
 */
import { type ActionOf, type backMgrNotices, type EndpointQuery, type Lang, refusalText, transitionFrom } from '@bo/contract';
import { type MyNotice, NOTICE_MACHINE, type Notice, type NoticeBody } from '@bo/contract/backmgr/notices';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { likeContains, orderBy, pageOf } from '../../../db/sql';
import { audit } from '../../../platform/audit/audit.service';
import type { RequestActor } from '../../../platform/auth/actor';
import type { AppContext } from '../../../platform/context';
import { conflict, forbidden, notFound } from '../../../platform/errors';
import { roleDirectory, rolesOfUser, userDirectory } from '../../access/access.reads';

type ListQuery = EndpointQuery<typeof backMgrNotices.list>;
type NoticeAction = ActionOf<typeof NOTICE_MACHINE>;

const ts = (col: string) => sql.raw(`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`);

const SELECT = sql`
  SELECT n.id, n.title_zh, n.title_en, n.body_zh, n.body_en, n.level, n.audience, n.role_ids, n.user_ids,
         ${ts('n.publish_from')} AS publish_from, ${ts('n.publish_to')} AS publish_to, n.state,
         (SELECT count(*)::int FROM system_notice_acks a WHERE a.notice_id = n.id) AS acknowledged,
         u.user_name AS updated_by, ${ts('n.updated_at')} AS updated_at`;
const FROM = sql`FROM system_notices n LEFT JOIN ${userDirectory} u ON u.id = n.updated_by`;

interface Raw extends Record<string, unknown> {
  id: number;
  title_zh: string;
  title_en: string;
  body_zh: string;
  body_en: string;
  level: Notice['level'];
  audience: Notice['audience'];
  role_ids: number[];
  user_ids: number[];
  publish_from: string;
  publish_to: string | null;
  state: Notice['state'];
  acknowledged: number;
  updated_by: string | null;
  updated_at: string;
}

/** What a reader sees of a notice (the upkeep list shows it too, with the rest). */
const toMyNotice = (r: Raw): MyNotice => ({
  id: Number(r.id),
  titleZh: r.title_zh,
  titleEn: r.title_en,
  bodyZh: r.body_zh,
  bodyEn: r.body_en,
  level: r.level,
  publishFrom: r.publish_from,
});

const toNotice = (r: Raw): Notice => ({
  ...toMyNotice(r),
  audience: r.audience,
  roleIds: r.role_ids.map(Number),
  userIds: r.user_ids.map(Number),
  publishTo: r.publish_to,
  state: r.state,
  acknowledged: Number(r.acknowledged),
  updatedBy: r.updated_by,
  updatedAt: r.updated_at,
});

const SORTS = { updatedAt: sql`n.updated_at`, publishFrom: sql`n.publish_from` };

export async function list(ctx: AppContext, q: ListQuery) {
  const where: SQL[] = [sql`TRUE`];
  if (q.keyword) {
    const k = likeContains(q.keyword);
    where.push(sql`(n.title_zh ILIKE ${k} OR n.title_en ILIKE ${k} OR n.body_zh ILIKE ${k} OR n.body_en ILIKE ${k})`);
  }
  if (q.state) where.push(sql`n.state = ${q.state}`);
  if (q.level) where.push(sql`n.level = ${q.level}`);
  const { rows, total } = await pageOf<Raw>(
    ctx.db,
    {
      select: SELECT,
      from: sql`${FROM} WHERE ${sql.join(where, sql` AND `)}`,
      orderBy: orderBy(q.sortField, q.sortOrder, SORTS, sql`n.id DESC`),
    },
    q,
  );
  return { list: rows.map(toNotice), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

/** The roles and users of the internal account and of every other one: a notice is system-wide. */
export async function audience(ctx: AppContext) {
  const [roles, users] = await Promise.all([
    ctx.db.execute<{ id: number; name: string }>(sql`SELECT id, name FROM ${roleDirectory} r ORDER BY account_id, name`),
    ctx.db.execute<{ id: number; login_name: string; user_name: string }>(
      sql`SELECT id, login_name, user_name FROM ${userDirectory} u ORDER BY login_name`,
    ),
  ]);
  return {
    roles: roles.rows.map((r) => ({ id: Number(r.id), name: r.name })),
    users: users.rows.map((u) => ({ id: Number(u.id), loginName: u.login_name, userName: u.user_name })),
  };
}

async function find(db: DbOrTx, id: number, lock = false): Promise<Raw> {
  const [row] = (await db.execute<Raw>(sql`${SELECT} ${FROM} WHERE n.id = ${id}`)).rows;
  if (!row) throw notFound(`no notice ${id}`);
  if (lock) await db.execute(sql`SELECT id FROM system_notices WHERE id = ${id} FOR UPDATE`);
  return row;
}

/** What is stored of a body: only the list its audience uses. */
const stored = (b: NoticeBody) => ({
  ...b,
  roleIds: b.audience === 'roles' ? [...new Set(b.roleIds)] : [],
  userIds: b.audience === 'users' ? [...new Set(b.userIds)] : [],
});
const intArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

export async function create(ctx: AppContext, actor: RequestActor, body: NoticeBody): Promise<Notice> {
  const b = stored(body);
  return ctx.db.transaction(async (tx) => {
    const [row] = (
      await tx.execute<{ id: number }>(sql`
        INSERT INTO system_notices (title_zh, title_en, body_zh, body_en, level, audience, role_ids, user_ids,
                                    publish_from, publish_to, created_by, updated_by)
        VALUES (${b.titleZh}, ${b.titleEn}, ${b.bodyZh}, ${b.bodyEn}, ${b.level}, ${b.audience}, ${intArray(b.roleIds)},
                ${intArray(b.userIds)}, ${b.publishFrom}, ${b.publishTo}, ${actor.userId}, ${actor.userId})
        RETURNING id`)
    ).rows;
    const id = Number(row?.id);
    await audit(tx, actor, { action: 'create', entity: 'system_notice', entityId: id, after: b });
    return toNotice(await find(tx, id));
  });
}

export async function update(ctx: AppContext, actor: RequestActor, id: number, body: NoticeBody): Promise<Notice> {
  const b = stored(body);
  return ctx.db.transaction(async (tx) => {
    const before = toNotice(await find(tx, id, true));
    await tx.execute(sql`
      UPDATE system_notices SET title_zh = ${b.titleZh}, title_en = ${b.titleEn}, body_zh = ${b.bodyZh}, body_en = ${b.bodyEn},
             level = ${b.level}, audience = ${b.audience}, role_ids = ${intArray(b.roleIds)}, user_ids = ${intArray(b.userIds)},
             publish_from = ${b.publishFrom}, publish_to = ${b.publishTo}, updated_by = ${actor.userId}, updated_at = now()
       WHERE id = ${id}`);
    const after = toNotice(await find(tx, id));
    await audit(tx, actor, { action: 'update', entity: 'system_notice', entityId: id, before, after });
    return after;
  });
}

export async function act(ctx: AppContext, actor: RequestActor, id: number, action: NoticeAction, lang: Lang): Promise<Notice> {
  return ctx.db.transaction(async (tx) => {
    const before = await find(tx, id, true);
    const step = transitionFrom(NOTICE_MACHINE, before.state, action);
    if (!step) throw conflict(refusalText(NOTICE_MACHINE, before.state, action, lang), { state: before.state });
    await tx.execute(
      sql`UPDATE system_notices SET state = ${step.to}, updated_by = ${actor.userId}, updated_at = now() WHERE id = ${id}`,
    );
    await audit(tx, actor, {
      action: action === 'publish' ? 'backMgr.noticePublish' : 'backMgr.noticeWithdraw',
      entity: 'system_notice',
      entityId: id,
      before: { state: before.state },
      after: { state: step.to },
    });
    return toNotice(await find(tx, id));
  });
}

export async function remove(ctx: AppContext, actor: RequestActor, id: number, lang: Lang): Promise<null> {
  return ctx.db.transaction(async (tx) => {
    const before = toNotice(await find(tx, id, true));
    if (before.state !== 'draft') {
      const state = NOTICE_MACHINE.states[before.state].label;
      throw conflict(
        lang === 'zh-CN'
          ? `公告当前为「${state.zh}」，只能删除草稿；请改为撤回`
          : `only a draft is deleted: the notice is ${state.en.toLowerCase()}; withdraw it instead`,
        { state: before.state },
      );
    }
    await tx.execute(sql`DELETE FROM system_notices WHERE id = ${id}`);
    await audit(tx, actor, { action: 'delete', entity: 'system_notice', entityId: id, before });
    return null;
  });
}

/** The notices shown to `actor` now: published, in their window and audience, not acknowledged. */
const shownTo = (actor: RequestActor) => sql`
  n.state = 'published' AND n.publish_from <= now() AND (n.publish_to IS NULL OR n.publish_to > now())
  AND (n.audience = 'everyone'
       OR (n.audience = 'users' AND ${actor.userId} = ANY (n.user_ids))
       OR (n.audience = 'roles' AND n.role_ids && ARRAY${rolesOfUser(actor.userId)}))
  AND NOT EXISTS (SELECT 1 FROM system_notice_acks a WHERE a.notice_id = n.id AND a.user_id = ${actor.userId})`;

export async function mine(ctx: AppContext, actor: RequestActor): Promise<MyNotice[]> {
  if (actor.impersonatorUserId !== null) return [];
  const res = await ctx.db.execute<Raw>(sql`
    SELECT n.id, n.title_zh, n.title_en, n.body_zh, n.body_en, n.level, ${ts('n.publish_from')} AS publish_from
      FROM system_notices n WHERE ${shownTo(actor)}
     ORDER BY CASE n.level WHEN 'important' THEN 0 WHEN 'warning' THEN 1 ELSE 2 END, n.publish_from, n.id`);
  return res.rows.map(toMyNotice);
}

export async function acknowledge(ctx: AppContext, actor: RequestActor, id: number): Promise<null> {
  if (actor.impersonatorUserId !== null) throw forbidden('a notice is acknowledged by its reader, not under god view');
  return ctx.db.transaction(async (tx) => {
    const [shown] = (await tx.execute(sql`SELECT n.id FROM system_notices n WHERE n.id = ${id} AND ${shownTo(actor)}`)).rows;
    if (!shown) {
      const [done] = (
        await tx.execute(sql`SELECT 1 AS x FROM system_notice_acks WHERE notice_id = ${id} AND user_id = ${actor.userId}`)
      ).rows;
      if (done) return null;
      throw notFound(`no notice ${id} to acknowledge`);
    }
    await tx.execute(
      sql`INSERT INTO system_notice_acks (notice_id, user_id) VALUES (${id}, ${actor.userId}) ON CONFLICT DO NOTHING`,
    );
    return null;
  });
}
