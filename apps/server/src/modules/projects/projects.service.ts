/**
 * The project core (docs/projects.md): drafts saved and changed under an optimistic version,
 * submitted to the approval engine, released, run and moved through the stages. Every write
 * locks the project row, checks the version the caller saw, asks `enforce` (projects.rules.ts,
 * the one place of the transition table), writes the change, one log line with the fields
 * before and after, and an audit row, in one transaction.
 */
import type { EndpointBody, projects as ep, Lang } from '@bo/contract';
import { APPROVAL_STATUS, type ApprovalState } from '@bo/contract/approvals/approval-flow';
import {
  DETAILS_OF,
  PROJECT_FLOW,
  PROJECT_SCREENS,
  type Project,
  type ProjectAction,
  type ProjectType,
  RUN_MACHINE,
  type RunAction,
  STAGE_MACHINE,
  TYPE_SEGMENTS,
} from '@bo/contract/projects/projects';
import { sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { actOnApproval, approvalFor, readApproval, timelineOf } from '../../platform/approvals/approvals';
import { approversFor } from '../../platform/approvals/approvers';
import { audit } from '../../platform/audit/audit.service';
import type { RequestActor } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';
import { codedFieldError, notFound, staleVersion } from '../../platform/errors';
import { notify } from '../../platform/notify/notifications';
import { reachNode } from './project-nodes.repository';
import {
  approvalCode,
  assignCode,
  coreOf,
  deptExists,
  findProject,
  type ListQuery,
  listPage,
  logPage,
  namesOf,
  type ProjectRaw,
  textArray,
  toListItem,
  unknownUsers,
  writeLog,
} from './projects.repository';
import { enforce, rolesOf } from './projects.rules';

type SaveBody = EndpointBody<typeof ep.save>;
type TypeBody = EndpointBody<typeof ep.updateGtm>;

/** Where a project opens in the web (notifications' links). */
export const viewLink = (type: ProjectType, id: number) => `${PROJECT_SCREENS[type].view}?id=${id}`;

/** The fields a log line compares. */
function snapshot(r: ProjectRaw): Record<string, unknown> {
  return {
    name: r.name,
    ownerId: Number(r.owner_id),
    memberIds: r.member_ids.map(Number),
    deptId: r.dept_id === null ? null : Number(r.dept_id),
    priority: r.priority,
    stage: r.stage,
    scheduleStatus: r.schedule_status,
    runStatus: r.run_status,
    approvalStatus: Number(r.approval_status),
    description: r.description,
    dates: r.dates,
    skus: r.skus,
    metrics: r.metrics,
    details: r.details,
    ccIds: r.cc_ids.map(Number),
    externalLink: r.external_link,
  };
}

/** The changed fields only, before and after. */
function diff(before: Record<string, unknown>, after: Record<string, unknown>) {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const k of Object.keys(after)) {
    if (JSON.stringify(before[k]) !== JSON.stringify(after[k])) {
      b[k] = before[k] ?? null;
      a[k] = after[k];
    }
  }
  return { before: b, after: a, changed: Object.keys(a).length > 0 };
}

const approvalView = (a: ApprovalState | null, ownerId: number): Project['approval'] => ({
  status: a?.status ?? 'not',
  submitterId: a?.submitterId ?? ownerId,
  step: a?.step ?? 0,
  approvers: (a?.approvers ?? []).map((s) => [...s]),
  round: a?.round ?? 0,
  votes: (a?.votes ?? []).map((v) => ({ ...v })),
  version: a?.version ?? 0,
});

async function present(db: DbOrTx, actor: RequestActor, r: ProjectRaw, lang: Lang): Promise<Project> {
  const approval = await readApproval(db, PROJECT_FLOW, String(r.id));
  const core = coreOf(r);
  const view = approvalView(approval, core.ownerId);
  const ids = [core.ownerId, ...core.memberIds, ...r.cc_ids.map(Number), ...view.approvers.flat(), view.submitterId];
  const names = await namesOf(db, actor.accountId, ids);
  const person = (id: number) => ({ id, name: names.get(id) ?? `#${id}` });
  return {
    ...toListItem(r, lang === 'zh-CN' ? 'zh' : 'en'),
    members: core.memberIds.map(person),
    description: r.description,
    skus: r.skus,
    metrics: r.metrics,
    details: r.details,
    ccIds: r.cc_ids.map(Number),
    approval: view,
    myRoles: await rolesOf(db, core, actor),
    people: [...names.keys()].map(person),
    version: Number(r.version),
    createdAt: r.created_at,
    externalLink: r.external_link,
  };
}

async function load(db: DbOrTx, actor: RequestActor, id: number, lock = false): Promise<ProjectRaw> {
  const r = await findProject(db, actor.accountId, id, lock);
  if (!r) throw notFound(`no project ${id}`);
  return r;
}

export async function get(ctx: AppContext, actor: RequestActor, id: number, lang: Lang): Promise<Project> {
  return present(ctx.db, actor, await load(ctx.db, actor, id), lang);
}

export async function list(
  ctx: AppContext,
  actor: RequestActor,
  q: ListQuery & { pageNum: number; pageSize: number },
  lang: Lang,
) {
  const { rows, total } = await listPage(ctx.db, actor.accountId, actor.userId, q);
  return {
    list: rows.map((r) => toListItem(r, lang === 'zh-CN' ? 'zh' : 'en')),
    total,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
  };
}

export async function log(ctx: AppContext, actor: RequestActor, projectId: number, page: { pageNum: number; pageSize: number }) {
  await load(ctx.db, actor, projectId);
  const { rows, total } = await logPage(ctx.db, projectId, page);
  return {
    list: rows.map((x) => ({
      id: Number(x.id),
      action: x.action,
      user: { id: Number(x.user_id), name: x.user_name ?? `#${x.user_id}` },
      impersonatorName: x.impersonator_name,
      before: x.before,
      after: x.after,
      at: x.at,
    })),
    total,
    pageNum: page.pageNum,
    pageSize: page.pageSize,
  };
}

/** The people and the department a body names must exist in the caller's account (coded 400s). */
async function checkRefs(tx: DbOrTx, actor: RequestActor, b: { ownerId: number; memberIds: number[]; deptId: number | null }) {
  if ((await unknownUsers(tx, actor.accountId, [b.ownerId])).length > 0) throw codedFieldError('ownerId', 'projects.unknownUser');
  if ((await unknownUsers(tx, actor.accountId, b.memberIds)).length > 0)
    throw codedFieldError('memberIds', 'projects.unknownUser');
  if (b.deptId !== null && !(await deptExists(tx, actor.accountId, b.deptId)))
    throw codedFieldError('deptId', 'projects.unknownDept');
}

const json = (v: unknown) => sql`${JSON.stringify(v)}::jsonb`;
const ints = (ids: readonly number[]) => sql`${`{${[...new Set(ids)].join(',')}}`}::int[]`;

function cleanDetails(type: ProjectType, details: Record<string, unknown>) {
  return DETAILS_OF[type].parse(details) as Record<string, unknown>;
}

async function create(tx: Tx, actor: RequestActor, b: SaveBody, lang: Lang): Promise<number> {
  await checkRefs(tx, actor, b);
  const memberIds = [...new Set(b.memberIds)].filter((id) => id !== b.ownerId);
  // The creator must take part (or be the administrator): nobody writes a project they could not change.
  const roles = await rolesOf(
    tx,
    { ...b, memberIds, schedule: 'DRAFT', run: 'NOT_START', stage: b.stage, approval: 'not', approverIds: [] },
    actor,
  );
  if (roles.length === 0)
    throw codedFieldError('ownerId', 'projects.creatorTakesPart', undefined, {
      message: lang === 'zh-CN' ? '创建人需是负责人或成员' : 'the creator must be the owner or a member',
    });
  const details = cleanDetails(b.type, b.details);
  const r = await tx.execute<{ id: number }>(sql`
    INSERT INTO projects (account_id, code, name, type, owner_id, member_ids, dept_id, priority, stage, description, dates,
                          skus, metrics, details, created_by)
    VALUES (${actor.accountId}, ${`tmp-${Date.now()}-${Math.random()}`}, ${b.name}, ${b.type}, ${b.ownerId}, ${ints(memberIds)},
            ${b.deptId}, ${b.priority}, ${b.stage}, ${b.description}, ${json(b.dates)}, ${textArray(b.skus)}, ${json(b.metrics)},
            ${json(details)}, ${actor.userId})
    RETURNING id`);
  const id = Number(r.rows[0]?.id);
  await assignCode(tx, id, b.type);
  await approvalFor(tx, PROJECT_FLOW, String(id), { accountId: actor.accountId, submitterId: b.ownerId });
  const after = snapshot(await load(tx, actor, id));
  await writeLog(tx, id, actor, 'create', null, after);
  await audit(tx, actor, { action: 'create', entity: 'project', entityId: id, after });
  return id;
}

/** Changes the fields of a project the caller may edit (and, when owner or members change, hand over). */
async function update(tx: Tx, actor: RequestActor, id: number, b: Omit<SaveBody, 'id'> & { version: number }, lang: Lang) {
  const before = await load(tx, actor, id, true);
  if (Number(before.version) !== b.version) throw staleVersion();
  const core = coreOf(before);
  await enforce(tx, core, 'edit', actor, lang);
  if (b.type !== before.type) throw codedFieldError('type', 'projects.typeFixed');
  await checkRefs(tx, actor, b);
  const memberIds = [...new Set(b.memberIds)].filter((id) => id !== b.ownerId);
  const handsOver =
    b.ownerId !== core.ownerId || JSON.stringify([...memberIds].sort()) !== JSON.stringify([...core.memberIds].sort());
  if (handsOver) await enforce(tx, core, 'replaceMember', actor, lang);
  // The stage moves by `advance` once the project is scheduled; a draft may be placed at any stage.
  const stage = before.schedule_status === 'DRAFT' ? b.stage : before.stage;
  const details = cleanDetails(b.type, b.details);
  await tx.execute(sql`
    UPDATE projects SET name = ${b.name}, owner_id = ${b.ownerId}, member_ids = ${ints(memberIds)}, dept_id = ${b.deptId},
           priority = ${b.priority}, stage = ${stage}, description = ${b.description}, dates = ${json(b.dates)},
           skus = ${textArray(b.skus)}, metrics = ${json(b.metrics)}, details = ${json(details)},
           version = version + 1, updated_at = now()
     WHERE id = ${id}`);
  if (b.ownerId !== core.ownerId) await handOverApproval(tx, id, b.ownerId);
  await logged(tx, actor, id, before, 'update');
}

/** A new owner submits the next round: the approval's submitter follows the owner while it is not in review. */
async function handOverApproval(tx: Tx, id: number, ownerId: number) {
  await tx.execute(sql`
    UPDATE approvals SET submitter_id = ${ownerId}
     WHERE flow = ${PROJECT_FLOW.key} AND entity_id = ${String(id)} AND status IN (${APPROVAL_STATUS.not}, ${APPROVAL_STATUS.rejected})`);
}

/** The log line and the audit row of a change, from the row before and the row now. */
async function logged(tx: Tx, actor: RequestActor, id: number, before: ProjectRaw, action: string) {
  const d = diff(snapshot(before), snapshot(await load(tx, actor, id)));
  if (!d.changed) return;
  await writeLog(tx, id, actor, action, d.before, d.after);
  await audit(tx, actor, { action: 'update', entity: 'project', entityId: id, before: d.before, after: d.after });
}

export async function save(ctx: AppContext, actor: RequestActor, b: SaveBody, lang: Lang): Promise<Project> {
  return ctx.db.transaction(async (tx) => {
    let id = b.id;
    if (id === undefined) id = await create(tx, actor, b, lang);
    else await update(tx, actor, id, { ...b, version: b.version ?? 0 }, lang);
    return present(tx, actor, await load(tx, actor, id), lang);
  });
}

/** PUT {segment}/project/{projectId}: the same change, the type fixed by the path. */
export async function typeUpdate(
  ctx: AppContext,
  actor: RequestActor,
  segment: keyof typeof TYPE_SEGMENTS,
  id: number,
  b: TypeBody,
  lang: Lang,
): Promise<Project> {
  if (b.type !== TYPE_SEGMENTS[segment]) throw codedFieldError('type', 'projects.typeFixed');
  return ctx.db.transaction(async (tx) => {
    await update(tx, actor, id, b, lang);
    return present(tx, actor, await load(tx, actor, id), lang);
  });
}

/** Locks the row, checks the version, applies the table; the callers then write. */
async function guarded(tx: Tx, actor: RequestActor, id: number, version: number | null, action: ProjectAction, lang: Lang) {
  const before = await load(tx, actor, id, true);
  if (version !== null && Number(before.version) !== version) throw staleVersion();
  await enforce(tx, coreOf(before), action, actor, lang);
  return before;
}

const subjectOf = (r: ProjectRaw) => ({
  title: { zh: `项目 ${r.code} ${r.name}`, en: `project ${r.code} ${r.name}` },
  link: viewLink(r.type, Number(r.id)),
});

export async function commit(
  ctx: AppContext,
  actor: RequestActor,
  b: EndpointBody<typeof ep.commit>,
  lang: Lang,
): Promise<Project> {
  return ctx.db.transaction(async (tx) => {
    const before = await guarded(tx, actor, b.id, b.version, 'commit', lang);
    const ownerId = Number(before.owner_id);
    const approverIds = b.approverIds.length > 0 ? [...new Set(b.approverIds)] : await approversFor(tx, 'leader', ownerId);
    if (approverIds.length === 0) throw codedFieldError('approverIds', 'projects.noApprover');
    if (approverIds.includes(ownerId)) throw codedFieldError('approverIds', 'projects.ownerApproves');
    if ((await unknownUsers(tx, actor.accountId, approverIds)).length > 0)
      throw codedFieldError('approverIds', 'projects.unknownUser');
    const ccIds = [...new Set(b.ccIds)];
    if ((await unknownUsers(tx, actor.accountId, ccIds)).length > 0) throw codedFieldError('ccIds', 'projects.unknownUser');
    const approval = await approvalFor(tx, PROJECT_FLOW, String(b.id), { accountId: actor.accountId, submitterId: ownerId });
    const { approval: next } = await actOnApproval(
      tx,
      PROJECT_FLOW,
      String(b.id),
      { userId: actor.userId, impersonatorUserId: actor.impersonatorUserId, lang },
      { action: 'submit', version: approval.version, approvers: [approverIds], ...(b.remark ? { remark: b.remark } : {}) },
      subjectOf(before),
    );
    await tx.execute(sql`
      UPDATE projects SET schedule_status = 'PENDING', approval_status = ${approvalCode(next.status)}, cc_ids = ${ints(ccIds)},
             version = version + 1, updated_at = now() WHERE id = ${b.id}`);
    const cc = ccIds.filter((id) => id !== actor.userId && !approverIds.includes(id));
    if (cc.length > 0)
      await notify(tx, {
        accountId: actor.accountId,
        userIds: cc,
        kind: 'project.cc',
        title: {
          zh: `抄送：项目 ${before.code} ${before.name} 已提交审批`,
          en: `Cc: project ${before.code} ${before.name} was submitted`,
        },
        link: viewLink(before.type, b.id),
        dedupeKey: `project.cc:${b.id}:${next.version}`,
      });
    await logged(tx, actor, b.id, before, 'commit');
    return present(tx, actor, await load(tx, actor, b.id), lang);
  });
}

/** Approve, reject or withdraw through the approval engine; the project's scheduling follows its outcome. */
export async function approvalAct(
  ctx: AppContext,
  actor: RequestActor,
  b: EndpointBody<typeof ep.approvalAct>,
  lang: Lang,
): Promise<Project> {
  return ctx.db.transaction(async (tx) => {
    const before = await guarded(tx, actor, b.id, null, b.action, lang);
    const { approval } = await actOnApproval(
      tx,
      PROJECT_FLOW,
      String(b.id),
      { userId: actor.userId, impersonatorUserId: actor.impersonatorUserId, lang },
      { action: b.action, version: b.approvalVersion, ...(b.remark ? { remark: b.remark } : {}) },
      subjectOf(before),
    );
    // Rejected or withdrawn: back to a draft the team changes and submits again.
    const schedule = approval.status === 'rejected' || approval.status === 'not' ? 'DRAFT' : 'PENDING';
    await tx.execute(sql`
      UPDATE projects SET schedule_status = ${schedule}, approval_status = ${approvalCode(approval.status)},
             version = version + 1, updated_at = now() WHERE id = ${b.id}`);
    await logged(tx, actor, b.id, before, b.action);
    return present(tx, actor, await load(tx, actor, b.id), lang);
  });
}

const today = () => new Date().toISOString().slice(0, 10);

export async function release(ctx: AppContext, actor: RequestActor, b: { id: number; version: number }, lang: Lang) {
  return ctx.db.transaction(async (tx) => {
    const before = await guarded(tx, actor, b.id, b.version, 'release', lang);
    const dates = { ...before.dates, SCHEDULING_TIME: before.dates.SCHEDULING_TIME ?? today() };
    await tx.execute(sql`
      UPDATE projects SET schedule_status = 'RELEASED', dates = ${json(dates)}, version = version + 1, updated_at = now()
       WHERE id = ${b.id}`);
    await logged(tx, actor, b.id, before, 'release');
    return present(tx, actor, await load(tx, actor, b.id), lang);
  });
}

/** A run status move, or the stage one step forward; the open and closing days are set when first reached. */
export async function runAct(
  ctx: AppContext,
  actor: RequestActor,
  b: { id: number; version: number; action: RunAction | 'advance' },
  lang: Lang,
): Promise<Project> {
  return ctx.db.transaction(async (tx) => {
    const before = await guarded(tx, actor, b.id, b.version, b.action, lang);
    if (b.action === 'advance') {
      const t = STAGE_MACHINE.transitions.find((x) => x.from.includes(before.stage));
      if (!t) throw new Error(`no stage after ${before.stage}`);
      await tx.execute(sql`UPDATE projects SET stage = ${t.to}, version = version + 1, updated_at = now() WHERE id = ${b.id}`);
    } else {
      const t = RUN_MACHINE.transitions.find((x) => x.action === b.action && x.from.includes(before.run_status));
      if (!t) throw new Error(`${b.action} from ${before.run_status}`);
      const dates = { ...before.dates };
      if (b.action === 'start') dates.OPEN_TIME = dates.OPEN_TIME ?? today();
      if (RUN_MACHINE.states[t.to].final) dates.CLOSING_TIME = dates.CLOSING_TIME ?? today();
      await tx.execute(sql`
        UPDATE projects SET run_status = ${t.to}, dates = ${json(dates)}, version = version + 1, updated_at = now() WHERE id = ${b.id}`);
    }
    await logged(tx, actor, b.id, before, b.action);
    return present(tx, actor, await load(tx, actor, b.id), lang);
  });
}

/**
 * PUT project/approve: a development project's stage-gate review. Pass moves it one stage on
 * and reports that node reached today; fail keeps the stage and tells the owner why. Both land
 * in the log with the remark.
 */
export async function gateReview(
  ctx: AppContext,
  actor: RequestActor,
  b: EndpointBody<typeof ep.gateReview>,
  lang: Lang,
): Promise<Project> {
  return ctx.db.transaction(async (tx) => {
    const before = await load(tx, actor, b.id, true);
    if (before.type !== 'NEW_PRODUCT_DEV_PROJECT') throw codedFieldError('id', 'projects.notResearch');
    if (Number(before.version) !== b.version) throw staleVersion();
    await enforce(tx, coreOf(before), 'gateReview', actor, lang);
    if (b.decision === 'pass') {
      const t = STAGE_MACHINE.transitions.find((x) => x.from.includes(before.stage));
      if (!t) throw new Error(`no stage after ${before.stage}`);
      await tx.execute(sql`UPDATE projects SET stage = ${t.to}, version = version + 1, updated_at = now() WHERE id = ${b.id}`);
      await reachNode(tx, b.id, t.to, b.remark, actor.userId);
    } else {
      await tx.execute(sql`UPDATE projects SET version = version + 1, updated_at = now() WHERE id = ${b.id}`);
      if (Number(before.owner_id) !== actor.userId)
        await notify(tx, {
          accountId: actor.accountId,
          userIds: [Number(before.owner_id)],
          kind: 'project.gate',
          title: {
            zh: `阶段评审未通过：项目 ${before.code}（${before.stage}）`,
            en: `Gate review failed: project ${before.code} (${before.stage})`,
          },
          link: viewLink(before.type, b.id),
          dedupeKey: `project.gate:${b.id}:${Number(before.version)}`,
        });
    }
    await writeLog(
      tx,
      b.id,
      actor,
      `gate.${b.decision}`,
      { stage: before.stage },
      { stage: (await load(tx, actor, b.id)).stage, remark: b.remark },
    );
    await audit(tx, actor, {
      action: 'update',
      entity: 'project',
      entityId: b.id,
      before: { stage: before.stage },
      after: { gate: b.decision, remark: b.remark },
    });
    return present(tx, actor, await load(tx, actor, b.id), lang);
  });
}

export async function replaceMember(
  ctx: AppContext,
  actor: RequestActor,
  b: EndpointBody<typeof ep.replaceMember>,
  lang: Lang,
): Promise<Project> {
  return ctx.db.transaction(async (tx) => {
    const before = await guarded(tx, actor, b.id, b.version, 'replaceMember', lang);
    await checkRefs(tx, actor, { ownerId: b.ownerId, memberIds: b.memberIds, deptId: null });
    const memberIds = [...new Set(b.memberIds)].filter((id) => id !== b.ownerId);
    await tx.execute(sql`
      UPDATE projects SET owner_id = ${b.ownerId}, member_ids = ${ints(memberIds)}, version = version + 1, updated_at = now()
       WHERE id = ${b.id}`);
    if (b.ownerId !== Number(before.owner_id)) await handOverApproval(tx, b.id, b.ownerId);
    await logged(tx, actor, b.id, before, 'replaceMember');
    return present(tx, actor, await load(tx, actor, b.id), lang);
  });
}

export async function remove(ctx: AppContext, actor: RequestActor, id: number, lang: Lang): Promise<null> {
  return ctx.db.transaction(async (tx) => {
    const before = await guarded(tx, actor, id, null, 'delete', lang);
    await tx.execute(sql`DELETE FROM project_todos WHERE project_id = ${id}`);
    await tx.execute(sql`DELETE FROM project_events WHERE project_id = ${id}`);
    await tx.execute(sql`DELETE FROM gtm_goal_months WHERE project_id = ${id}`);
    await tx.execute(sql`DELETE FROM gtm_goal_plans WHERE project_id = ${id}`);
    await tx.execute(sql`DELETE FROM project_warnings WHERE project_id = ${id}`);
    await tx.execute(sql`DELETE FROM projects WHERE id = ${id}`);
    // The log and the approval's timeline stay: the audit trail outlives the draft.
    await writeLog(tx, id, actor, 'delete', snapshot(before), null);
    await audit(tx, actor, { action: 'delete', entity: 'project', entityId: id, before: snapshot(before) });
    return null;
  });
}

export async function approvers(ctx: AppContext, actor: RequestActor, id: number) {
  await load(ctx.db, actor, id);
  const a = await readApproval(ctx.db, PROJECT_FLOW, String(id));
  if (!a) return [];
  const names = await namesOf(ctx.db, actor.accountId, a.approvers.flat());
  return a.approvers.flatMap((ids, step) =>
    ids.map((uid) => ({
      id: uid,
      name: names.get(uid) ?? `#${uid}`,
      step,
      decision: a.votes.find((v) => v.round === a.round && v.step === step && v.userId === uid)?.decision ?? null,
    })),
  );
}

export async function ccList(ctx: AppContext, actor: RequestActor, id: number) {
  const r = await load(ctx.db, actor, id);
  const names = await namesOf(ctx.db, actor.accountId, r.cc_ids.map(Number));
  return r.cc_ids.map((uid) => ({ id: Number(uid), name: names.get(Number(uid)) ?? `#${uid}` }));
}

export async function remarks(ctx: AppContext, actor: RequestActor, id: number) {
  await load(ctx.db, actor, id);
  const a = await readApproval(ctx.db, PROJECT_FLOW, String(id));
  return a ? timelineOf(ctx.db, a.id) : [];
}

export { load as loadProject };

/**
 * POST teambition/relevance-project: links the project to an external project tool's project
 * (its id and address) or unlinks it (null). Only stored: no call goes out (there is no network
 * to the tool); whoever may work on the project sets it, under the version they saw, logged.
 */
export async function relate(ctx: AppContext, actor: RequestActor, b: EndpointBody<typeof ep.relevanceProject>, lang: Lang) {
  return ctx.db.transaction(async (tx) => {
    const before = await guarded(tx, actor, b.projectId, b.version, 'work', lang);
    const link =
      b.externalId === null
        ? null
        : { externalId: b.externalId, url: b.url ?? '', linkedBy: actor.userId, linkedAt: new Date().toISOString() };
    await tx.execute(sql`
      UPDATE projects SET external_link = ${link === null ? null : json(link)}, version = version + 1, updated_at = now()
       WHERE id = ${b.projectId}`);
    await logged(tx, actor, b.projectId, before, b.externalId === null ? 'unlink' : 'link');
    const after = await load(tx, actor, b.projectId);
    return { projectId: Number(after.id), version: Number(after.version), externalLink: after.external_link };
  });
}
