/**
 * The brand's KOLs and their cooperation records (docs/brand.md). Rules, in one place:
 * - Company data: the internal account only (an external shop account is refused 403; the
 *   binder has checked the page digitize:brandKol or the button the endpoint names).
 * - Contact (email, phone) is answered only to holders of digitize:brandKol:edit (and the
 *   administrator); the others get null and `contactHidden` (the list, one KOL, the export).
 * - A handle is unique per platform in the account, case-insensitively (409 on the field).
 * - States follow KOL_MACHINE (409 naming the state otherwise); blacklisting needs a remark (400).
 * - A cooperation is recorded only for a contacted, cooperating or paused KOL (409); its project,
 *   when given, is a brand exposure project the caller may read (the projects area's published
 *   read and rule), else 400 on projectId.
 * - A KOL with cooperation records is not deleted (409: blacklist it or keep it).
 * - Every write is one transaction with a version check where it edits, audited as brand_kol /
 *   brand_cooperation (the HistoryDrawer reads them).
 */
import type { Lang } from '@bo/contract';
import { refusalText, transitionFrom } from '@bo/contract';
import {
  COOPERATION_STATES,
  type Cooperation,
  type CooperationBody,
  type CooperationUpdateBody,
  KOL_CATEGORY_LABEL,
  KOL_MACHINE,
  type Kol,
  type KolAction,
  type KolBody,
  type KolCategory,
  type KolFilter,
  type KolState,
  type KolUpdateBody,
} from '@bo/contract/brand/kols';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, poolOf } from '../../db/client';
import { likeContains, orderBy, pageOf } from '../../db/sql';
import { audit } from '../../platform/audit/audit.service';
import { isInternal, type RequestActor } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';
import { codedFieldError, conflict, fieldConflict, notFound, permissionDenied, staleVersion } from '../../platform/errors';
import { type ExportLang, tr } from '../../platform/export/lang';
import { streamXlsx } from '../../platform/export/xlsx-stream';
import { userDirectory } from '../access/access.reads';
import { projectMetricsDirectory, readsProjects } from '../projects/projects.reads';

export const BRAND_PROJECT = 'BRAND_EXPOSURE_PROJECT';

export function requireCompany(actor: RequestActor, pattern: string) {
  if (!isInternal(actor)) throw permissionDenied(pattern);
}
export const seesContact = (a: RequestActor) => a.builtin || a.permissions.has('digitize:brandKol:edit');

interface KolRow extends Record<string, unknown> {
  id: number;
  name: string;
  handles: { platform: string; handle: string; followers: number }[];
  followers: string;
  country: string;
  language: string;
  category: KolCategory;
  rate: string | null;
  currency: string;
  email: string | null;
  phone: string | null;
  owner_id: number | null;
  owner_name: string | null;
  state: KolState;
  note: string;
  cooperations: number;
  spent: string;
  last_publish_day: string | null;
  version: number;
  updated_at: string;
}

const COLUMNS = sql`
  SELECT k.id, k.name, k.handles, k.followers::text AS followers, k.country, k.language, k.category, k.rate::text AS rate,
         k.currency, k.email, k.phone, k.owner_id, o.user_name AS owner_name, k.state, k.note,
         coalesce(c.n, 0)::int AS cooperations, coalesce(c.spent, 0)::text AS spent, to_char(c.last_day, 'YYYY-MM-DD') AS last_publish_day,
         k.version, to_char(k.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS updated_at`;
const FROM = sql`
    FROM brand_kols k
    LEFT JOIN ${userDirectory} o ON o.id = k.owner_id
    LEFT JOIN LATERAL (SELECT count(*) AS n, sum(cost) AS spent, max(publish_day) AS last_day
                         FROM brand_cooperations bc WHERE bc.kol_id = k.id) c ON true`;

function toKol(actor: RequestActor, r: KolRow): Kol {
  const contact = seesContact(actor);
  return {
    id: Number(r.id),
    name: r.name,
    handles: (r.handles ?? []).map((h) => ({ ...h, followers: Number(h.followers) })) as Kol['handles'],
    followers: Number(r.followers),
    country: r.country,
    language: r.language,
    category: r.category,
    rate: r.rate === null ? null : Number(r.rate),
    currency: r.currency as Kol['currency'],
    email: contact ? r.email : null,
    phone: contact ? r.phone : null,
    contactHidden: !contact,
    owner: r.owner_id === null ? null : { id: Number(r.owner_id), name: r.owner_name ?? '' },
    state: r.state,
    note: r.note,
    cooperations: Number(r.cooperations),
    spent: Number(r.spent),
    lastPublishDay: r.last_publish_day,
    version: Number(r.version),
    updatedAt: r.updated_at,
  };
}

async function kolRow(db: DbOrTx, accountId: number, id: number, lock = false): Promise<KolRow | null> {
  if (lock) await db.execute(sql`SELECT id FROM brand_kols WHERE id = ${id} AND account_id = ${accountId} FOR UPDATE`);
  const r = await db.execute<KolRow>(sql`${COLUMNS} ${FROM} WHERE k.id = ${id} AND k.account_id = ${accountId}`);
  return r.rows[0] ?? null;
}

async function lockedKol(db: DbOrTx, actor: RequestActor, id: number, version: number | null) {
  const row = await kolRow(db, actor.accountId, id, true);
  if (!row) throw notFound(`no KOL ${id}`);
  if (version !== null && Number(row.version) !== version) throw staleVersion();
  return row;
}

function whereOf(actor: RequestActor, f: KolFilter): SQL {
  const where: SQL[] = [sql`k.account_id = ${actor.accountId}`];
  if (f.state) where.push(sql`k.state = ${f.state}`);
  if (f.category) where.push(sql`k.category = ${f.category}`);
  if (f.country) where.push(sql`k.country = ${f.country}`);
  if (f.ownerId) where.push(sql`k.owner_id = ${f.ownerId}`);
  if (f.platform) where.push(sql`k.handles @> ${JSON.stringify([{ platform: f.platform }])}::jsonb`);
  const like = likeContains(f.keyword);
  if (like)
    where.push(
      sql`(k.name ILIKE ${like} OR EXISTS (SELECT 1 FROM jsonb_array_elements(k.handles) h WHERE h->>'handle' ILIKE ${like}))`,
    );
  return sql.join(where, sql` AND `);
}

const SORT: Record<string, SQL> = {
  name: sql`lower(k.name)`,
  followers: sql`k.followers`,
  rate: sql`k.rate`,
  lastPublishDay: sql`c.last_day`,
  updatedAt: sql`k.updated_at`,
};

export async function list(
  ctx: AppContext,
  actor: RequestActor,
  q: KolFilter & { sortField: string; sortOrder: 'asc' | 'desc'; pageNum: number; pageSize: number },
) {
  requireCompany(actor, 'digitize:brandKol');
  const { rows, total } = await pageOf<KolRow>(
    ctx.db,
    {
      select: COLUMNS,
      from: sql`${FROM} WHERE ${whereOf(actor, q)}`,
      orderBy: orderBy(q.sortField, q.sortOrder, SORT, sql`k.id DESC`),
    },
    q,
  );
  return { list: rows.map((r) => toKol(actor, r)), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

export async function get(ctx: AppContext, actor: RequestActor, id: number): Promise<Kol> {
  requireCompany(actor, 'digitize:brandKol');
  const row = await kolRow(ctx.db, actor.accountId, id);
  if (!row) throw notFound(`no KOL ${id}`);
  return toKol(actor, row);
}

/** The brand exposure projects the caller may read, newest first (none without the projects' page). */
export async function readableProjects(db: DbOrTx, actor: RequestActor) {
  if (!readsProjects(actor)) return [];
  const r = await db.execute<{ id: number; code: string; name: string }>(sql`
    SELECT p.id, p.code, p.name FROM ${projectMetricsDirectory} p
     WHERE p.account_id = ${actor.accountId} AND p.type = ${BRAND_PROJECT} ORDER BY p.id DESC`);
  return r.rows.map((p) => ({ id: Number(p.id), code: p.code, name: p.name }));
}

export async function options(ctx: AppContext, actor: RequestActor) {
  requireCompany(actor, 'digitize:brandKol');
  const owners = await ctx.db.execute<{ id: number; name: string }>(sql`
    SELECT u.id, u.user_name AS name FROM ${userDirectory} u WHERE u.account_id = ${actor.accountId} AND u.enabled
     ORDER BY lower(u.user_name), u.id`);
  return {
    owners: owners.rows.map((o) => ({ id: Number(o.id), name: o.name })),
    projects: await readableProjects(ctx.db, actor),
    canEdit: seesContact(actor),
  };
}

const snapshot = (r: KolRow) => ({
  name: r.name,
  handles: r.handles,
  country: r.country,
  language: r.language,
  category: r.category,
  rate: r.rate === null ? null : Number(r.rate),
  currency: r.currency,
  email: r.email,
  phone: r.phone,
  ownerId: r.owner_id === null ? null : Number(r.owner_id),
  state: r.state,
  note: r.note,
});

async function checkKol(db: DbOrTx, accountId: number, b: KolBody, id: number | null) {
  for (const [i, h] of b.handles.entries()) {
    const taken = await db.execute(sql`
      SELECT 1 FROM brand_kols k, jsonb_array_elements(k.handles) h
       WHERE k.account_id = ${accountId} AND k.id <> ${id ?? 0} AND h->>'platform' = ${h.platform}
         AND lower(h->>'handle') = lower(${h.handle}) LIMIT 1`);
    if (taken.rows.length) throw fieldConflict(`${h.platform} ${h.handle} is taken`, `handles.${i}.handle`, 'brand.handleTaken');
  }
  if (b.ownerId !== null) {
    const o = await db.execute(sql`SELECT 1 FROM ${userDirectory} u WHERE u.id = ${b.ownerId} AND u.account_id = ${accountId}`);
    if (!o.rows.length) throw codedFieldError('ownerId', 'invalid');
  }
}
const followersOf = (b: KolBody) => b.handles.reduce((n, h) => n + h.followers, 0);

export async function create(ctx: AppContext, actor: RequestActor, b: KolBody): Promise<Kol> {
  requireCompany(actor, 'digitize:brandKol:create');
  return ctx.db.transaction(async (tx) => {
    await checkKol(tx, actor.accountId, b, null);
    const r = await tx.execute<{ id: number }>(sql`
      INSERT INTO brand_kols (account_id, name, handles, followers, country, language, category, rate, currency, email, phone, owner_id, note)
      VALUES (${actor.accountId}, ${b.name}, ${JSON.stringify(b.handles)}::jsonb, ${followersOf(b)}, ${b.country}, ${b.language},
              ${b.category}, ${b.rate}, ${b.currency}, ${b.email}, ${b.phone}, ${b.ownerId ?? actor.userId}, ${b.note})
      RETURNING id`);
    const row = (await kolRow(tx, actor.accountId, Number(r.rows[0]?.id))) as KolRow;
    await audit(tx, actor, { action: 'create', entity: 'brand_kol', entityId: Number(row.id), after: snapshot(row) });
    return toKol(actor, row);
  });
}

export async function update(ctx: AppContext, actor: RequestActor, id: number, b: KolUpdateBody): Promise<Kol> {
  requireCompany(actor, 'digitize:brandKol:edit');
  return ctx.db.transaction(async (tx) => {
    const before = await lockedKol(tx, actor, id, b.version);
    await checkKol(tx, actor.accountId, b, id);
    await tx.execute(sql`
      UPDATE brand_kols SET name = ${b.name}, handles = ${JSON.stringify(b.handles)}::jsonb, followers = ${followersOf(b)},
             country = ${b.country}, language = ${b.language}, category = ${b.category}, rate = ${b.rate}, currency = ${b.currency},
             email = ${b.email}, phone = ${b.phone}, owner_id = ${b.ownerId}, note = ${b.note}, updated_at = now(), version = version + 1
       WHERE id = ${id}`);
    const after = (await kolRow(tx, actor.accountId, id)) as KolRow;
    await audit(tx, actor, {
      action: 'update',
      entity: 'brand_kol',
      entityId: id,
      before: snapshot(before),
      after: snapshot(after),
    });
    return toKol(actor, after);
  });
}

export async function act(
  ctx: AppContext,
  actor: RequestActor,
  id: number,
  b: { action: KolAction; version: number; remark: string },
  lang: Lang,
): Promise<Kol> {
  requireCompany(actor, 'digitize:brandKol:edit');
  return ctx.db.transaction(async (tx) => {
    const before = await lockedKol(tx, actor, id, b.version);
    const step = transitionFrom(KOL_MACHINE, before.state, b.action);
    if (!step) throw conflict(refusalText(KOL_MACHINE, before.state, b.action, lang), { state: before.state });
    await tx.execute(sql`UPDATE brand_kols SET state = ${step.to}, updated_at = now(), version = version + 1 WHERE id = ${id}`);
    await audit(tx, actor, {
      action: 'brand.kol.move',
      entity: 'brand_kol',
      entityId: id,
      before: { state: before.state },
      after: { state: step.to, ...(b.remark ? { remark: b.remark } : {}) },
    });
    return toKol(actor, (await kolRow(tx, actor.accountId, id)) as KolRow);
  });
}

export async function remove(ctx: AppContext, actor: RequestActor, id: number, lang: Lang): Promise<null> {
  requireCompany(actor, 'digitize:brandKol:delete');
  return ctx.db.transaction(async (tx) => {
    const before = await lockedKol(tx, actor, id, null);
    if (Number(before.cooperations) > 0)
      throw conflict(
        lang === 'zh-CN'
          ? `该 KOL 有 ${before.cooperations} 条合作记录，不能删除：可以拉黑或保留`
          : `the KOL has ${before.cooperations} cooperation records: blacklist or keep it instead`,
      );
    await tx.execute(sql`DELETE FROM brand_kols WHERE id = ${id}`);
    await audit(tx, actor, { action: 'delete', entity: 'brand_kol', entityId: id, before: snapshot(before) });
    return null;
  });
}

export async function exportFile(ctx: AppContext, actor: RequestActor, f: KolFilter, lang: ExportLang) {
  requireCompany(actor, 'digitize:brandKol');
  const t = (zh: string, en: string) => tr(lang, zh, en);
  const text = (k: string) => (r: Record<string, unknown>) => (r[k] == null ? null : String(r[k]));
  const contact = seesContact(actor);
  const handles = (r: Record<string, unknown>) =>
    ((r.handles as KolRow['handles']) ?? []).map((h) => `${h.platform} ${h.handle} (${h.followers})`).join('; ');
  return streamXlsx(poolOf(ctx.db), {
    fileName: `${t('品牌KOL', 'brand-kols')}_${new Date().toISOString().slice(0, 10)}.xlsx`,
    sheetName: t('品牌 KOL', 'Brand KOLs'),
    columns: [
      { header: t('名称', 'Name'), width: 24, value: text('name') },
      { header: t('平台账号（粉丝）', 'Handles (followers)'), width: 48, value: handles },
      { header: t('总粉丝', 'Followers'), width: 12, numFmt: '#,##0', value: (r) => Number(r.followers) },
      { header: t('国家', 'Country'), width: 8, value: text('country') },
      { header: t('语言', 'Language'), width: 10, value: text('language') },
      {
        header: t('类别', 'Category'),
        width: 12,
        value: (r) => {
          const l = KOL_CATEGORY_LABEL[r.category as KolCategory];
          return l ? t(l.zh, l.en) : null;
        },
      },
      { header: t('报价', 'Rate'), width: 10, numFmt: '#,##0.00', value: (r) => (r.rate == null ? null : Number(r.rate)) },
      { header: t('币种', 'Currency'), width: 8, value: text('currency') },
      ...(contact
        ? [
            { header: t('邮箱', 'E-mail'), width: 26, value: text('email') },
            { header: t('电话', 'Phone'), width: 16, value: text('phone') },
          ]
        : []),
      { header: t('负责人', 'Owner'), width: 16, value: text('owner_name') },
      {
        header: t('状态', 'State'),
        width: 10,
        value: (r) => {
          const l = KOL_MACHINE.states[r.state as KolState]?.label;
          return l ? t(l.zh, l.en) : null;
        },
      },
      { header: t('合作次数', 'Cooperations'), width: 10, value: (r) => Number(r.cooperations) },
      { header: t('合作花费 (USD)', 'Spent (USD)'), width: 12, numFmt: '#,##0.00', value: (r) => Number(r.spent) },
      { header: t('最近发布', 'Last published'), width: 12, value: text('last_publish_day') },
      { header: t('备注', 'Note'), width: 30, value: text('note') },
    ],
    query: sql`${COLUMNS} ${FROM} WHERE ${whereOf(actor, f)} ORDER BY lower(k.name), k.id`,
    map: (raw) => raw,
  });
}

// ---- cooperation records ----

interface CoopRow extends Record<string, unknown> {
  id: number;
  kol_id: number;
  project_id: number | null;
  project_code: string | null;
  project_name: string | null;
  platform: Cooperation['platform'];
  deliverable: string;
  cost: string;
  publish_day: string | null;
  exposure: string;
  interactions: string;
  link: string | null;
  version: number;
  updated_at: string;
}

/** A record's project is shown only to a caller who reads projects (its code and name come from the projects area's read). */
const coopSelect = (actor: RequestActor) => sql`
  SELECT bc.id, bc.kol_id, bc.project_id, ${readsProjects(actor) ? sql`p.code` : sql`NULL`} AS project_code,
         ${readsProjects(actor) ? sql`p.name` : sql`NULL`} AS project_name, bc.platform, bc.deliverable, bc.cost::text AS cost,
         to_char(bc.publish_day, 'YYYY-MM-DD') AS publish_day, bc.exposure::text AS exposure, bc.interactions::text AS interactions,
         bc.link, bc.version, to_char(bc.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS updated_at
    FROM brand_cooperations bc LEFT JOIN ${projectMetricsDirectory} p ON p.id = bc.project_id`;

const toCoop = (r: CoopRow): Cooperation => ({
  id: Number(r.id),
  kolId: Number(r.kol_id),
  project:
    r.project_id === null || r.project_code === null
      ? null
      : { id: Number(r.project_id), code: r.project_code, name: r.project_name ?? '' },
  platform: r.platform,
  deliverable: r.deliverable,
  cost: Number(r.cost),
  publishDay: r.publish_day,
  exposure: Number(r.exposure),
  interactions: Number(r.interactions),
  link: r.link,
  version: Number(r.version),
  updatedAt: r.updated_at,
});

async function coopRow(db: DbOrTx, actor: RequestActor, id: number, lock = false): Promise<CoopRow | null> {
  if (lock)
    await db.execute(sql`SELECT id FROM brand_cooperations WHERE id = ${id} AND account_id = ${actor.accountId} FOR UPDATE`);
  const r = await db.execute<CoopRow>(sql`${coopSelect(actor)} WHERE bc.id = ${id} AND bc.account_id = ${actor.accountId}`);
  return r.rows[0] ?? null;
}

async function lockedCoop(db: DbOrTx, actor: RequestActor, id: number, version: number | null): Promise<CoopRow> {
  const row = await coopRow(db, actor, id, true);
  if (!row) throw notFound(`no cooperation ${id}`);
  if (version !== null && Number(row.version) !== version) throw staleVersion();
  return row;
}

export async function cooperations(ctx: AppContext, actor: RequestActor, kolId: number): Promise<Cooperation[]> {
  await get(ctx, actor, kolId);
  const r = await ctx.db.execute<CoopRow>(sql`
    ${coopSelect(actor)} WHERE bc.kol_id = ${kolId} AND bc.account_id = ${actor.accountId}
     ORDER BY bc.publish_day DESC NULLS FIRST, bc.id DESC`);
  return r.rows.map(toCoop);
}

async function checkProject(db: DbOrTx, actor: RequestActor, projectId: number | null) {
  if (projectId === null) return;
  if (!(await readableProjects(db, actor)).some((p) => p.id === projectId))
    throw codedFieldError('projectId', 'brand.projectUnknown');
}

/** What an audit row keeps of a record: its fields, the project by id whoever reads it. */
const coopSnapshot = (r: CoopRow) => {
  const { id: _id, version: _v, updatedAt: _u, project: _p, ...fields } = toCoop(r);
  return { ...fields, projectId: r.project_id === null ? null : Number(r.project_id) };
};

export async function createCooperation(
  ctx: AppContext,
  actor: RequestActor,
  kolId: number,
  b: CooperationBody,
  lang: Lang,
): Promise<Cooperation> {
  requireCompany(actor, 'digitize:brandKol:edit');
  return ctx.db.transaction(async (tx) => {
    const kol = await lockedKol(tx, actor, kolId, null);
    if (!COOPERATION_STATES.includes(kol.state)) {
      const label = KOL_MACHINE.states[kol.state].label;
      throw conflict(
        lang === 'zh-CN'
          ? `KOL 当前为「${label.zh}」，只能为已联系、合作中或暂停的 KOL 记录合作`
          : `the KOL is ${label.en.toLowerCase()}: cooperations are recorded for a contacted, cooperating or paused KOL`,
        { state: kol.state },
      );
    }
    await checkProject(tx, actor, b.projectId);
    const r = await tx.execute<{ id: number }>(sql`
      INSERT INTO brand_cooperations (account_id, kol_id, project_id, platform, deliverable, cost, publish_day, exposure, interactions, link)
      VALUES (${actor.accountId}, ${kolId}, ${b.projectId}, ${b.platform}, ${b.deliverable}, ${b.cost}, ${b.publishDay}, ${b.exposure},
              ${b.interactions}, ${b.link})
      RETURNING id`);
    const row = (await coopRow(tx, actor, Number(r.rows[0]?.id))) as CoopRow;
    await audit(tx, actor, { action: 'create', entity: 'brand_cooperation', entityId: Number(row.id), after: coopSnapshot(row) });
    return toCoop(row);
  });
}

export async function updateCooperation(
  ctx: AppContext,
  actor: RequestActor,
  id: number,
  b: CooperationUpdateBody,
): Promise<Cooperation> {
  requireCompany(actor, 'digitize:brandKol:edit');
  return ctx.db.transaction(async (tx) => {
    const before = await lockedCoop(tx, actor, id, b.version);
    // A project the caller cannot read stays as it is when they do not change it.
    if (b.projectId !== (before.project_id === null ? null : Number(before.project_id)))
      await checkProject(tx, actor, b.projectId);
    await tx.execute(sql`
      UPDATE brand_cooperations SET project_id = ${b.projectId}, platform = ${b.platform}, deliverable = ${b.deliverable}, cost = ${b.cost},
             publish_day = ${b.publishDay}, exposure = ${b.exposure}, interactions = ${b.interactions}, link = ${b.link},
             updated_at = now(), version = version + 1
       WHERE id = ${id}`);
    const after = (await coopRow(tx, actor, id)) as CoopRow;
    await audit(tx, actor, {
      action: 'update',
      entity: 'brand_cooperation',
      entityId: id,
      before: coopSnapshot(before),
      after: coopSnapshot(after),
    });
    return toCoop(after);
  });
}

export async function removeCooperation(ctx: AppContext, actor: RequestActor, id: number): Promise<null> {
  requireCompany(actor, 'digitize:brandKol:delete');
  return ctx.db.transaction(async (tx) => {
    const before = await lockedCoop(tx, actor, id, null);
    await tx.execute(sql`DELETE FROM brand_cooperations WHERE id = ${id}`);
    await audit(tx, actor, { action: 'delete', entity: 'brand_cooperation', entityId: id, before: coopSnapshot(before) });
    return null;
  });
}
