/**
 * OKR objectives, key results and check-ins (docs/projects.md "OKR"). Rules, in one place:
 * - Reading: a list type's objectives need its page (okr:gtm, okr:keyProject, okr:development,
 *   okr:improvement); one objective also reads with the key results' page (okr:kr) or the
 *   dashboard's (okr:dashboard). Everyone with the page reads every objective of the account.
 * - Writing (create, edit, publish, close, delete, check-in): the page's button
 *   (`<page>:create`, `:edit`, `:delete`; a check-in `okr:kr:edit` or the list's `:edit`) and,
 *   on an existing objective, its owner or the administrator (not under god view). A new
 *   objective is the caller's unless the administrator names another owner.
 * - States: OBJECTIVE_MACHINE (draft → published → closed). Edits while draft or published,
 *   check-ins only while published, delete only a draft; anything else is 409 naming the state.
 * - Every write carries the version it read (409 stale otherwise), runs in one transaction and
 *   is audited on the objective (entity okr_objective), which the HistoryDrawer reads.
 */
import type { Lang } from '@bo/contract';
import { type ActionOf, type Permission, refusalText, transitionFrom } from '@bo/contract';
import {
  type CheckinBody,
  type CreateObjectiveBody,
  type KeyResult,
  type KeyResultRow,
  krScore,
  meanScore,
  OBJECTIVE_MACHINE,
  type Objective,
  type ObjectiveState,
  OKR_LIST_PAGE,
  OKR_LIST_TYPES,
  type OkrDashboard,
  type OkrListType,
  objectiveScore,
  type UpdateObjectiveBody,
} from '@bo/contract/okr/okr';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { anyInt, likeContains } from '../../db/sql';
import { audit } from '../../platform/audit/audit.service';
import type { RequestActor } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';
import { codedFieldError, conflict, forbidden, notFound, permissionDenied, staleVersion } from '../../platform/errors';
import { departmentOf } from '../organization/organization.reads';
import type { ShopScope } from '../shops/shops/shop-scope';
import * as repo from './okr.repository';
import { figureCache } from './okr-figures';

type Action = ActionOf<typeof OBJECTIVE_MACHINE>;
type Figures = ReturnType<typeof figureCache>;

const isAdmin = (a: RequestActor) => a.builtin && a.impersonatorUserId === null;
const pageOf = (t: OkrListType) => OKR_LIST_PAGE[t];
const holds = (a: RequestActor, p: string) => a.permissions.has(p);

function requirePage(actor: RequestActor, listType: OkrListType) {
  if (!holds(actor, pageOf(listType))) throw permissionDenied(pageOf(listType));
}
function requireButton(actor: RequestActor, p: Permission) {
  if (!holds(actor, p)) throw permissionDenied(p);
}
/** May the caller read one objective of this list type? */
const readsObjective = (a: RequestActor, t: OkrListType) =>
  holds(a, pageOf(t)) || holds(a, 'okr:kr') || holds(a, 'okr:dashboard');
/** Owner or administrator: who changes an objective. */
const ownsOrAdmin = (a: RequestActor, ownerId: number) => isAdmin(a) || (a.userId === ownerId && a.impersonatorUserId === null);
const mayEdit = (a: RequestActor, row: { owner_id: number; list_type: OkrListType }) =>
  ownsOrAdmin(a, Number(row.owner_id)) && holds(a, `${pageOf(row.list_type)}:edit`);
const mayCheckIn = (a: RequestActor, row: { owner_id: number; list_type: OkrListType }) =>
  ownsOrAdmin(a, Number(row.owner_id)) && (holds(a, 'okr:kr:edit') || holds(a, `${pageOf(row.list_type)}:edit`));

function stateRefusal(state: ObjectiveState, what: 'edit' | 'checkin' | 'delete', lang: Lang) {
  const label = OBJECTIVE_MACHINE.states[state].label;
  const zh = {
    edit: '只有草稿或进行中的目标可以修改',
    checkin: '只有进行中的目标可以打卡',
    delete: '只能删除草稿；进行中的目标请关闭',
  }[what];
  const en = {
    edit: 'only a draft or published objective is changed',
    checkin: 'check-ins are taken while the objective is published',
    delete: 'only a draft is deleted; close a published objective instead',
  }[what];
  return conflict(lang === 'zh-CN' ? `目标当前为「${label.zh}」，${zh}` : `the objective is ${label.en.toLowerCase()}: ${en}`, {
    state,
  });
}

const num = (v: string | null) => (v === null ? null : Number(v));

/** A key result with its live figure (measurable) and score. */
async function toKeyResult(k: repo.KrRow, o: repo.ObjectiveRow, figures: Figures): Promise<KeyResult> {
  const skus = o.project_skus ?? [];
  const figure = k.kind === 'measurable' && skus.length > 0 ? await figures(skus, o.quarter) : null;
  const actual = k.kind === 'manual' ? num(k.current) : figure && k.metric ? figure[k.metric] : null;
  const target = Number(k.target);
  return {
    id: Number(k.id),
    objectiveId: Number(k.objective_id),
    title: k.title,
    weight: Number(k.weight),
    kind: k.kind,
    metric: k.metric,
    target,
    unit: k.unit,
    actual,
    figure,
    score: krScore(k.kind, k.metric, target, actual, num(k.hand_score)),
    checkins: Number(k.checkins),
    lastCheckinAt: k.last_checkin_at,
    version: Number(k.version),
  };
}

async function hydrate(db: DbOrTx, actor: RequestActor, rows: repo.ObjectiveRow[], figures: Figures): Promise<Objective[]> {
  const krs = await repo.keyResultsOf(
    db,
    rows.map((r) => Number(r.id)),
  );
  return Promise.all(
    rows.map(async (o) => {
      const keyResults = await Promise.all(
        krs.filter((k) => Number(k.objective_id) === Number(o.id)).map((k) => toKeyResult(k, o, figures)),
      );
      return {
        id: Number(o.id),
        listType: Number(o.list_type) as OkrListType,
        quarter: o.quarter,
        title: o.title,
        description: o.description,
        owner: { id: Number(o.owner_id), name: o.owner_name ?? '' },
        dept: o.dept_id === null ? null : { id: Number(o.dept_id), name: o.dept_name ?? '' },
        project:
          o.project_id === null
            ? null
            : { id: Number(o.project_id), code: o.project_code ?? '', name: o.project_name ?? '', skus: o.project_skus ?? [] },
        state: o.state,
        score: objectiveScore(keyResults),
        keyResults,
        editable: mayEdit(actor, o) && o.state !== 'closed',
        version: Number(o.version),
        updatedBy: o.updated_by,
        updatedAt: o.updated_at,
      };
    }),
  );
}

interface ListQuery {
  listType: OkrListType;
  quarter?: string | undefined;
  ownerId?: number | undefined;
  deptId?: number | undefined;
  state?: ObjectiveState | undefined;
  keyword?: string | undefined;
  sortField: 'updatedAt' | 'quarter' | 'title';
  sortOrder: 'asc' | 'desc' | 'ascend' | 'descend';
  pageNum: number;
  pageSize: number;
}

const SORTS = { updatedAt: 'o.updated_at', quarter: 'o.quarter', title: 'o.title' } as const;

export async function list(ctx: AppContext, actor: RequestActor, scope: ShopScope, q: ListQuery) {
  requirePage(actor, q.listType);
  const where: SQL[] = [sql`o.account_id = ${actor.accountId}`, sql`o.list_type = ${q.listType}`];
  if (q.quarter) where.push(sql`o.quarter = ${q.quarter}`);
  if (q.ownerId) where.push(sql`o.owner_id = ${q.ownerId}`);
  if (q.deptId) where.push(sql`o.dept_id = ${q.deptId}`);
  if (q.state) where.push(sql`o.state = ${q.state}`);
  if (q.keyword) {
    const k = likeContains(q.keyword);
    where.push(
      sql`(o.title ILIKE ${k} OR o.description ILIKE ${k} OR EXISTS (SELECT 1 FROM okr_key_results kk WHERE kk.objective_id = o.id AND kk.title ILIKE ${k}))`,
    );
  }
  const filter = sql.join(where, sql` AND `);
  const dir = q.sortOrder === 'asc' || q.sortOrder === 'ascend' ? sql`ASC` : sql`DESC`;
  const [count, page] = await Promise.all([
    ctx.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM okr_objectives o WHERE ${filter}`),
    repo.objectiveRows(
      ctx.db,
      sql`${filter}`,
      sql`${sql.raw(SORTS[q.sortField])} ${dir}, o.id DESC LIMIT ${q.pageSize} OFFSET ${(q.pageNum - 1) * q.pageSize}`,
    ),
  ]);
  return {
    list: await hydrate(ctx.db, actor, page, figureCache(ctx.db, scope)),
    total: Number(count.rows[0]?.n ?? 0),
    pageNum: q.pageNum,
    pageSize: q.pageSize,
  };
}

const OKR_PAGES: readonly string[] = ['okr:kr', 'okr:dashboard', ...Object.values(OKR_LIST_PAGE)];
/** A caller without any OKR page is refused before any record is looked up (403, not 404). */
function requireAnyPage(actor: RequestActor) {
  if (!OKR_PAGES.some((p) => holds(actor, p))) throw permissionDenied('okr:kr');
}

async function loaded(db: DbOrTx, actor: RequestActor, id: number, lock = false): Promise<repo.ObjectiveRow> {
  requireAnyPage(actor);
  const row = await repo.objectiveRow(db, actor.accountId, id, lock);
  if (!row) throw notFound(`no objective ${id}`);
  return row;
}

async function one(db: DbOrTx, actor: RequestActor, scope: ShopScope, id: number): Promise<Objective> {
  const [o] = await hydrate(db, actor, [await loaded(db, actor, id)], figureCache(db, scope));
  return o as Objective;
}

export async function get(ctx: AppContext, actor: RequestActor, scope: ShopScope, id: number): Promise<Objective> {
  const row = await loaded(ctx.db, actor, id);
  if (!readsObjective(actor, Number(row.list_type) as OkrListType)) throw permissionDenied(pageOf(row.list_type));
  return one(ctx.db, actor, scope, id);
}

/** What an audit row keeps of an objective: its fields and its key results. */
const snapshot = (o: Objective) => ({
  quarter: o.quarter,
  title: o.title,
  description: o.description,
  owner: o.owner.name,
  dept: o.dept?.name ?? null,
  project: o.project ? `${o.project.code} ${o.project.name}` : null,
  state: o.state,
  keyResults: o.keyResults.map((k) =>
    `${k.title} · ${k.weight} · ${k.kind === 'manual' ? '' : `${k.metric} `}${k.target} ${k.unit}`.trim(),
  ),
});

async function checkBody(db: DbOrTx, actor: RequestActor, b: { ownerId?: number | undefined; projectId: number | null }) {
  const ownerId = b.ownerId ?? actor.userId;
  if (ownerId !== actor.userId && !isAdmin(actor)) throw codedFieldError('ownerId', 'okr.ownerSelf');
  if (!(await repo.isUserOf(db, actor.accountId, ownerId))) throw codedFieldError('ownerId', 'projects.unknownUser');
  if (b.projectId !== null && !(await repo.isProjectOf(db, actor.accountId, b.projectId)))
    throw codedFieldError('projectId', 'okr.unknownProject');
  const dept = await departmentOf(db, ownerId);
  return { ownerId, deptId: dept?.id ?? null };
}

async function writeKeyResults(tx: DbOrTx, objectiveId: number, krs: CreateObjectiveBody['keyResults']) {
  const existing = await tx.execute<{ id: number }>(sql`SELECT id FROM okr_key_results WHERE objective_id = ${objectiveId}`);
  const have = new Set(existing.rows.map((r) => Number(r.id)));
  krs.forEach((k, i) => {
    if (k.id !== undefined && !have.has(k.id)) throw codedFieldError(`keyResults.${i}.title`, 'okr.unknownKeyResult');
  });
  const kept = new Set(krs.flatMap((k) => (k.id === undefined ? [] : [k.id])));
  for (const id of have) if (!kept.has(id)) await tx.execute(sql`DELETE FROM okr_key_results WHERE id = ${id}`);
  for (const [i, k] of krs.entries()) {
    const metric = k.kind === 'measurable' ? k.metric : null;
    if (k.id === undefined)
      await tx.execute(sql`
        INSERT INTO okr_key_results (objective_id, position, title, weight, kind, metric, target, unit)
        VALUES (${objectiveId}, ${i}, ${k.title}, ${k.weight}, ${k.kind}, ${metric}, ${k.target}, ${k.unit})`);
    else
      await tx.execute(sql`
        UPDATE okr_key_results SET position = ${i}, title = ${k.title}, weight = ${k.weight}, kind = ${k.kind}, metric = ${metric},
               target = ${k.target}, unit = ${k.unit},
               hand_score = CASE WHEN ${k.kind} = 'manual' THEN hand_score END,
               current = CASE WHEN ${k.kind} = 'manual' THEN current END,
               version = version + CASE WHEN (title, weight, kind, metric, target, unit) IS DISTINCT FROM
                                               (${k.title}, ${k.weight}::smallint, ${k.kind}, ${metric}::text, ${k.target}::numeric, ${k.unit})
                                         THEN 1 ELSE 0 END,
               updated_at = now()
         WHERE id = ${k.id}`);
  }
}

export async function create(ctx: AppContext, actor: RequestActor, scope: ShopScope, b: CreateObjectiveBody): Promise<Objective> {
  requirePage(actor, b.listType);
  requireButton(actor, `${pageOf(b.listType)}:create` as Permission);
  return ctx.db.transaction(async (tx) => {
    const { ownerId, deptId } = await checkBody(tx, actor, b);
    const r = await tx.execute<{ id: number }>(sql`
      INSERT INTO okr_objectives (account_id, list_type, quarter, title, description, owner_id, dept_id, project_id, created_by, updated_by)
      VALUES (${actor.accountId}, ${b.listType}, ${b.quarter}, ${b.title}, ${b.description}, ${ownerId}, ${deptId}, ${b.projectId},
              ${actor.userId}, ${actor.userId})
      RETURNING id`);
    const id = Number(r.rows[0]?.id);
    await writeKeyResults(tx, id, b.keyResults);
    const after = await one(tx, actor, scope, id);
    await audit(tx, actor, { action: 'create', entity: 'okr_objective', entityId: id, after: snapshot(after) });
    return after;
  });
}

/** Locks the objective, checks the caller, the version and (for edits) the state. */
async function forWrite(tx: DbOrTx, actor: RequestActor, id: number, version: number | null, button: 'edit' | 'delete') {
  const row = await loaded(tx, actor, id, true);
  const t = Number(row.list_type) as OkrListType;
  if (!readsObjective(actor, t)) throw permissionDenied(pageOf(t));
  requireButton(actor, `${pageOf(t)}:${button}` as Permission);
  if (!ownsOrAdmin(actor, Number(row.owner_id))) throw forbidden('only the objective’s owner or the administrator changes it');
  if (version !== null && Number(row.version) !== version) throw staleVersion();
  return row;
}

export async function update(
  ctx: AppContext,
  actor: RequestActor,
  scope: ShopScope,
  id: number,
  b: UpdateObjectiveBody,
  lang: Lang,
): Promise<Objective> {
  return ctx.db.transaction(async (tx) => {
    const row = await forWrite(tx, actor, id, b.version, 'edit');
    if (row.state === 'closed') throw stateRefusal(row.state, 'edit', lang);
    const before = await one(tx, actor, scope, id);
    const { ownerId, deptId } = await checkBody(tx, actor, {
      ownerId: b.ownerId ?? Number(row.owner_id),
      projectId: b.projectId,
    });
    await tx.execute(sql`
      UPDATE okr_objectives SET quarter = ${b.quarter}, title = ${b.title}, description = ${b.description}, owner_id = ${ownerId},
             dept_id = ${deptId}, project_id = ${b.projectId}, updated_by = ${actor.userId}, updated_at = now(), version = version + 1
       WHERE id = ${id}`);
    await writeKeyResults(tx, id, b.keyResults);
    const after = await one(tx, actor, scope, id);
    await audit(tx, actor, {
      action: 'update',
      entity: 'okr_objective',
      entityId: id,
      before: snapshot(before),
      after: snapshot(after),
    });
    return after;
  });
}

export async function act(
  ctx: AppContext,
  actor: RequestActor,
  scope: ShopScope,
  id: number,
  action: Action,
  version: number,
  lang: Lang,
): Promise<Objective> {
  return ctx.db.transaction(async (tx) => {
    const row = await forWrite(tx, actor, id, version, 'edit');
    const step = transitionFrom(OBJECTIVE_MACHINE, row.state, action);
    if (!step) throw conflict(refusalText(OBJECTIVE_MACHINE, row.state, action, lang), { state: row.state });
    await tx.execute(
      sql`UPDATE okr_objectives SET state = ${step.to}, updated_by = ${actor.userId}, updated_at = now(), version = version + 1 WHERE id = ${id}`,
    );
    await audit(tx, actor, {
      action: action === 'publish' ? 'okr.publish' : 'okr.close',
      entity: 'okr_objective',
      entityId: id,
      before: { state: row.state },
      after: { state: step.to },
    });
    return one(tx, actor, scope, id);
  });
}

export async function remove(ctx: AppContext, actor: RequestActor, scope: ShopScope, id: number, lang: Lang): Promise<null> {
  return ctx.db.transaction(async (tx) => {
    const row = await forWrite(tx, actor, id, null, 'delete');
    if (row.state !== 'draft') throw stateRefusal(row.state, 'delete', lang);
    const before = await one(tx, actor, scope, id);
    await tx.execute(sql`DELETE FROM okr_objectives WHERE id = ${id}`);
    await audit(tx, actor, { action: 'delete', entity: 'okr_objective', entityId: id, before: snapshot(before) });
    return null;
  });
}

interface KrQuery {
  quarter?: string | undefined;
  ownerId?: number | undefined;
  kind?: 'measurable' | 'manual' | undefined;
  listType?: OkrListType | undefined;
  keyword?: string | undefined;
  pageNum: number;
  pageSize: number;
}

export async function listKeyResults(ctx: AppContext, actor: RequestActor, scope: ShopScope, q: KrQuery) {
  const where: SQL[] = [sql`o.account_id = ${actor.accountId}`];
  if (q.quarter) where.push(sql`o.quarter = ${q.quarter}`);
  if (q.ownerId) where.push(sql`o.owner_id = ${q.ownerId}`);
  if (q.kind) where.push(sql`k.kind = ${q.kind}`);
  if (q.listType !== undefined) where.push(sql`o.list_type = ${q.listType}`);
  if (q.keyword) {
    const k = likeContains(q.keyword);
    where.push(sql`(k.title ILIKE ${k} OR o.title ILIKE ${k})`);
  }
  const { ids, total } = await repo.keyResultPage(ctx.db, sql.join(where, sql` AND `), q);
  const objectiveIds = [...new Set(ids.map((i) => i.objectiveId))];
  const objectives =
    objectiveIds.length === 0
      ? []
      : await hydrate(
          ctx.db,
          actor,
          await repo.objectiveRows(ctx.db, sql`o.id = ${anyInt(objectiveIds)}`),
          figureCache(ctx.db, scope),
        );
  const rows: KeyResultRow[] = ids.flatMap(({ id, objectiveId }) => {
    const o = objectives.find((x) => x.id === objectiveId);
    const k = o?.keyResults.find((x) => x.id === id);
    if (!o || !k) return [];
    return [
      {
        ...k,
        objective: { id: o.id, title: o.title, listType: o.listType, quarter: o.quarter, state: o.state, version: o.version },
        owner: o.owner,
        canCheckIn: o.state === 'published' && mayCheckIn(actor, { owner_id: o.owner.id, list_type: o.listType }),
      },
    ];
  });
  return { list: rows, total, pageNum: q.pageNum, pageSize: q.pageSize };
}

async function keyResultOf(db: DbOrTx, actor: RequestActor, id: number, lock = false) {
  requireAnyPage(actor);
  const k = await repo.keyResultRow(db, id, lock);
  const o = k ? await repo.objectiveRow(db, actor.accountId, Number(k.objective_id), lock) : null;
  if (!k || !o) throw notFound(`no key result ${id}`);
  return { k, o };
}

const readsKeyResults = (a: RequestActor, t: OkrListType) => holds(a, 'okr:kr') || holds(a, pageOf(t));

export async function checkIn(
  ctx: AppContext,
  actor: RequestActor,
  scope: ShopScope,
  id: number,
  b: CheckinBody,
  lang: Lang,
): Promise<KeyResult> {
  return ctx.db.transaction(async (tx) => {
    const { k, o } = await keyResultOf(tx, actor, id, true);
    const t = Number(o.list_type) as OkrListType;
    if (!readsKeyResults(actor, t)) throw permissionDenied('okr:kr');
    if (!holds(actor, 'okr:kr:edit') && !holds(actor, `${pageOf(t)}:edit`)) throw permissionDenied('okr:kr:edit');
    if (!ownsOrAdmin(actor, Number(o.owner_id))) throw forbidden('only the objective’s owner or the administrator checks in');
    if (Number(k.version) !== b.version) throw staleVersion();
    if (o.state !== 'published') throw stateRefusal(o.state, 'checkin', lang);
    const figures = figureCache(tx, scope);
    let value = b.value;
    let score = b.score;
    if (k.kind === 'manual') {
      if (score === null) throw codedFieldError('score', 'okr.scoreRequired');
    } else {
      // A measurable key result records the figure it reached at the check-in and the score that gave.
      const live = await toKeyResult(k, o, figures);
      value = live.actual;
      score = live.score;
    }
    await tx.execute(sql`
      INSERT INTO okr_checkins (key_result_id, user_id, impersonator_user_id, value, score, comment)
      VALUES (${id}, ${actor.userId}, ${actor.impersonatorUserId}, ${value}, ${score}, ${b.comment})`);
    await tx.execute(sql`
      UPDATE okr_key_results SET version = version + 1, updated_at = now()
             ${k.kind === 'manual' ? sql`, hand_score = ${score}, current = ${value}` : sql``}
       WHERE id = ${id}`);
    await audit(tx, actor, {
      action: 'okr.checkin',
      entity: 'okr_objective',
      entityId: Number(o.id),
      before: { keyResult: k.title, value: num(k.current), score: num(k.hand_score) },
      after: { keyResult: k.title, value, score, comment: b.comment },
    });
    const after = await repo.keyResultRow(tx, id);
    return toKeyResult(after as repo.KrRow, o, figures);
  });
}

export async function listCheckins(ctx: AppContext, actor: RequestActor, id: number) {
  const { o } = await keyResultOf(ctx.db, actor, id);
  if (!readsObjective(actor, Number(o.list_type) as OkrListType)) throw permissionDenied('okr:kr');
  return repo.checkinsOf(ctx.db, id);
}

const TYPE_NAMES: Record<OkrListType, string> = { 1: 'GTM', 0: 'Key project', 21: 'Development', 31: 'Improvement' };

export async function dashboard(ctx: AppContext, actor: RequestActor, scope: ShopScope, quarter: string): Promise<OkrDashboard> {
  const rows = await repo.objectiveRows(
    ctx.db,
    sql`o.account_id = ${actor.accountId} AND o.quarter = ${quarter} AND o.state IN ('published', 'closed')`,
    sql`o.list_type, o.id`,
  );
  const objectives = await hydrate(ctx.db, actor, rows, figureCache(ctx.db, scope));
  const group = <K extends string>(keyOf: (o: Objective) => K, nameOf: (o: Objective) => string) => {
    const m = new Map<K, Objective[]>();
    for (const o of objectives) m.set(keyOf(o), [...(m.get(keyOf(o)) ?? []), o]);
    return [...m.entries()].map(([key, os]) => ({
      key,
      name: nameOf(os[0] as Objective),
      objectives: os.length,
      score: meanScore(os.map((o) => o.score)),
    }));
  };
  return {
    quarter,
    score: meanScore(objectives.map((o) => o.score)),
    objectives: objectives.length,
    byDept: group(
      (o) => String(o.dept?.id ?? 0),
      (o) => o.dept?.name ?? '',
    ),
    byType: OKR_LIST_TYPES.map((t) => {
      const os = objectives.filter((o) => o.listType === t);
      return { key: String(t), name: TYPE_NAMES[t], objectives: os.length, score: meanScore(os.map((o) => o.score)) };
    }),
    rows: objectives.map((o) => ({
      id: o.id,
      listType: o.listType,
      title: o.title,
      owner: o.owner.name,
      dept: o.dept?.name ?? null,
      state: o.state,
      score: o.score,
      keyResults: o.keyResults.length,
    })),
  };
}

export async function options(ctx: AppContext, actor: RequestActor, listType: OkrListType | undefined) {
  requireAnyPage(actor);
  return repo.options(ctx.db, actor.accountId, listType);
}
