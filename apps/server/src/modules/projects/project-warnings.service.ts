/**
 * Project warnings (docs/projects.md "Warnings"). Reading: everyone with the page. Writing one,
 * moving its status, deleting it: whoever may `work` on the project (the table). A raised
 * warning (source set by the job) is not changed nor deleted, only moved through its status.
 * Every change is a line in the project log. The job raises and settles them (raiseWarnings).
 */
import type { EndpointBody, EndpointQuery, projects as ep, Lang } from '@bo/contract';
import { type ProjectWarning, WARNING_MACHINE } from '@bo/contract/projects/projects';
import type { Db } from '../../db/client';
import { audit } from '../../platform/audit/audit.service';
import type { RequestActor } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';
import { conflict, notFound, staleVersion } from '../../platform/errors';
import { notify } from '../../platform/notify/notifications';
import {
  deleteWarningRow,
  findWarning,
  insertWarning,
  raiseOverdue,
  settleRaised,
  setWarningStatus,
  updateWarning,
  warningPage,
} from './project-warnings.repository';
import { coreOf, findProject, writeLog } from './projects.repository';
import { enforce } from './projects.rules';
import { viewLink } from './projects.service';

export async function infos(ctx: AppContext, actor: RequestActor, q: EndpointQuery<typeof ep.warningInfos>) {
  const { rows, total } = await warningPage(ctx.db, actor.accountId, q, q);
  return { list: rows, total, pageNum: q.pageNum, pageSize: q.pageSize };
}

const fields = (w: ProjectWarning) => ({
  kind: w.kind,
  level: w.level,
  message: w.message,
  dueDate: w.dueDate,
  status: w.status,
});

async function load(db: Db | Parameters<typeof findWarning>[0], actor: RequestActor, id: number, lock = false) {
  const w = await findWarning(db, actor.accountId, id, lock);
  if (!w) throw notFound(`no warning ${id}`);
  return w;
}

/** The project locked, and the caller allowed to work on it. */
async function workOn(tx: Parameters<typeof findProject>[0], actor: RequestActor, projectId: number, lang: Lang) {
  const p = await findProject(tx, actor.accountId, projectId, true);
  if (!p) throw notFound(`no project ${projectId}`);
  await enforce(tx, coreOf(p), 'work', actor, lang);
  return p;
}

const raisedText = (lang: Lang) =>
  lang === 'zh-CN' ? '系统预警不能修改或删除，处理后请更新状态' : 'a raised warning is not changed nor deleted: move its status';

export async function save(ctx: AppContext, actor: RequestActor, b: EndpointBody<typeof ep.saveWarning>, lang: Lang) {
  return ctx.db.transaction(async (tx) => {
    if (b.id === undefined) {
      await workOn(tx, actor, b.projectId, lang);
      const id = await insertWarning(tx, { ...b, createdBy: actor.userId });
      const w = await load(tx, actor, id);
      await writeLog(tx, b.projectId, actor, 'warning.create', null, { warning: id, ...fields(w) });
      await audit(tx, actor, { action: 'create', entity: 'project_warning', entityId: id, after: fields(w) });
      return w;
    }
    const first = await load(tx, actor, b.id);
    await workOn(tx, actor, first.projectId, lang);
    const before = await load(tx, actor, b.id, true);
    if (before.version !== b.version) throw staleVersion();
    if (before.auto) throw conflict(raisedText(lang));
    if (before.projectId !== b.projectId) throw notFound(`no warning ${b.id} on project ${b.projectId}`);
    await updateWarning(tx, b.id, b);
    const after = await load(tx, actor, b.id);
    await writeLog(
      tx,
      before.projectId,
      actor,
      'warning.update',
      { warning: b.id, ...fields(before) },
      { warning: b.id, ...fields(after) },
    );
    await audit(tx, actor, {
      action: 'update',
      entity: 'project_warning',
      entityId: b.id,
      before: fields(before),
      after: fields(after),
    });
    return after;
  });
}

export async function updateStatus(ctx: AppContext, actor: RequestActor, b: EndpointBody<typeof ep.warningStatus>, lang: Lang) {
  return ctx.db.transaction(async (tx) => {
    const first = await load(tx, actor, b.id);
    await workOn(tx, actor, first.projectId, lang);
    const before = await load(tx, actor, b.id, true);
    if (before.version !== b.version) throw staleVersion();
    const t = WARNING_MACHINE.transitions.find((x) => x.to === b.status && x.from.includes(before.status));
    if (!t) {
      const from = WARNING_MACHINE.states[before.status].label;
      const to = WARNING_MACHINE.states[b.status].label;
      throw conflict(
        lang === 'zh-CN'
          ? `预警当前为「${from.zh}」，不能改为「${to.zh}」`
          : `the warning is ${from.en.toLowerCase()}: it cannot become ${to.en.toLowerCase()}`,
        { status: before.status },
      );
    }
    await setWarningStatus(tx, b.id, b.status);
    const after = await load(tx, actor, b.id);
    await writeLog(
      tx,
      before.projectId,
      actor,
      'warning.status',
      { warning: b.id, status: before.status },
      { warning: b.id, status: after.status },
    );
    await audit(tx, actor, {
      action: 'update',
      entity: 'project_warning',
      entityId: b.id,
      before: { status: before.status },
      after: { status: after.status },
    });
    return after;
  });
}

export async function remove(ctx: AppContext, actor: RequestActor, id: number, lang: Lang): Promise<null> {
  return ctx.db.transaction(async (tx) => {
    const first = await load(tx, actor, id);
    await workOn(tx, actor, first.projectId, lang);
    const before = await load(tx, actor, id, true);
    if (before.auto) throw conflict(raisedText(lang));
    await deleteWarningRow(tx, id);
    await writeLog(tx, before.projectId, actor, 'warning.delete', { warning: id, ...fields(before) }, null);
    await audit(tx, actor, { action: 'delete', entity: 'project_warning', entityId: id, before: fields(before) });
    return null;
  });
}

export const WARNINGS_JOB = 'projects.warnings';

/** The job: raise warnings for overdue todos and nodes (telling the project's owner), settle the raised ones. */
export async function raiseWarnings(db: Db): Promise<{ raised: number; resolved: number }> {
  return db.transaction(async (tx) => {
    const raised = await raiseOverdue(tx);
    for (const w of raised)
      await notify(tx, {
        accountId: w.accountId,
        userIds: [w.ownerId],
        kind: 'project.warning',
        title:
          w.kind === 'todo'
            ? { zh: `预警：项目 ${w.code} 有待办逾期`, en: `Warning: a todo of project ${w.code} is overdue` }
            : { zh: `预警：项目 ${w.code} 有节点逾期`, en: `Warning: a node of project ${w.code} is overdue` },
        link: viewLink(w.type, w.projectId),
        dedupeKey: `project.warning:${w.id}`,
      });
    const resolved = await settleRaised(tx);
    return { raised: raised.length, resolved };
  });
}
