/**
 * Nodes and bonuses (docs/projects.md "Nodes and bonuses"). A node is a stage gate with a plan
 * day and a bonus; the bonus is earned when the node is reached. Planning a node (its day, its
 * bonus) is an `edit` of the project; reporting it reached is `reportNode` and only up to the
 * project's current stage. The RESULT node carries the result bonus: earned when the project
 * completes (OVER_COMPLETE), forfeited when it is closed or canceled. Every change is logged.
 */
import type { EndpointBody, projects as ep, Lang } from '@bo/contract';
import { type ProjectNode, STAGES, type Stage } from '@bo/contract/projects/projects';
import type { DbOrTx } from '../../db/client';
import { audit } from '../../platform/audit/audit.service';
import type { RequestActor } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';
import { codedFieldError, notFound, staleVersion } from '../../platform/errors';
import { type NodeRaw, nodesOf, upsertNode } from './project-nodes.repository';
import { coreOf, findProject, type ProjectRaw, writeLog } from './projects.repository';
import { enforce } from './projects.rules';

const today = () => new Date().toISOString().slice(0, 10);
const round2 = (n: number) => Math.round(n * 100) / 100;

const toNode = (stage: Stage, r: NodeRaw | undefined): ProjectNode => {
  const bonus = r ? Number(r.bonus) : 0;
  const reached = r?.reached_date ?? null;
  return {
    stage,
    planDate: r?.plan_date ?? null,
    reachedDate: reached,
    bonus,
    earned: reached ? bonus : 0,
    overdue: !reached && !!r?.plan_date && r.plan_date < today(),
    remark: r?.remark ?? '',
    reportedBy: r?.reported_by ? { id: Number(r.reported_by), name: r.reporter_name ?? `#${r.reported_by}` } : null,
    version: r ? Number(r.version) : 0,
  };
};

async function project(db: DbOrTx, actor: RequestActor, id: number, lock = false): Promise<ProjectRaw> {
  const p = await findProject(db, actor.accountId, id, lock);
  if (!p) throw notFound(`no project ${id}`);
  return p;
}

async function nodeView(db: DbOrTx, p: ProjectRaw) {
  const rows = await nodesOf(db, Number(p.id));
  const nodes = STAGES.map((s) => toNode(s, rows.get(s)));
  return {
    nodes,
    planned: round2(nodes.reduce((a, n) => a + n.bonus, 0)),
    earned: round2(nodes.reduce((a, n) => a + n.earned, 0)),
    issueDate: p.dates.NODE_BONUS_TIME ?? null,
  };
}

export async function nodeBonus(ctx: AppContext, actor: RequestActor, id: number) {
  return nodeView(ctx.db, await project(ctx.db, actor, id));
}

export async function resultBonus(ctx: AppContext, actor: RequestActor, id: number) {
  const p = await project(ctx.db, actor, id);
  const r = (await nodesOf(ctx.db, id)).get('RESULT');
  const planned = r ? Number(r.bonus) : 0;
  const state =
    p.run_status === 'OVER_COMPLETE' ? 'earned' : ['CLOSED', 'CANCELED'].includes(p.run_status) ? 'forfeited' : 'pending';
  return {
    planned,
    earned: state === 'earned' ? planned : 0,
    state,
    runStatus: p.run_status,
    reachedDate: state === 'earned' ? (p.dates.CLOSING_TIME ?? null) : null,
    remark: r?.remark ?? '',
    version: r ? Number(r.version) : 0,
  } as const;
}

const fields = (r: NodeRaw | undefined) => ({
  planDate: r?.plan_date ?? null,
  bonus: r ? Number(r.bonus) : 0,
  reachedDate: r?.reached_date ?? null,
  remark: r?.remark ?? '',
});

export async function report(ctx: AppContext, actor: RequestActor, b: EndpointBody<typeof ep.nodeReport>, lang: Lang) {
  return ctx.db.transaction(async (tx) => {
    const p = await project(tx, actor, b.projectId, true);
    const before = (await nodesOf(tx, b.projectId, true)).get(b.node);
    if ((before ? Number(before.version) : 0) !== b.version) throw staleVersion();
    const core = coreOf(p);
    const prior = fields(before);
    const planChanged = prior.planDate !== b.planDate || prior.bonus !== b.bonus;
    const reachChanged = prior.reachedDate !== b.reachedDate;
    if (b.node === 'RESULT' && b.reachedDate !== null) throw codedFieldError('reachedDate', 'projects.resultReached');
    if (planChanged) await enforce(tx, core, 'edit', actor, lang);
    if (reachChanged || (!planChanged && prior.remark !== b.remark)) await enforce(tx, core, 'reportNode', actor, lang);
    // A node is reached only once the project has got there, and not in the future.
    if (b.reachedDate !== null && b.node !== 'RESULT') {
      if (STAGES.indexOf(b.node) > STAGES.indexOf(p.stage)) throw codedFieldError('node', 'projects.nodeAhead');
      if (b.reachedDate > today()) throw codedFieldError('reachedDate', 'projects.futureDay');
    }
    await upsertNode(tx, b.projectId, { ...b, userId: actor.userId });
    const after = (await nodesOf(tx, b.projectId)).get(b.node);
    await writeLog(tx, b.projectId, actor, 'node.report', { node: b.node, ...prior }, { node: b.node, ...fields(after) });
    await audit(tx, actor, {
      action: 'update',
      entity: 'project',
      entityId: b.projectId,
      before: { node: b.node, ...prior },
      after: { node: b.node, ...fields(after) },
    });
    return nodeView(tx, p);
  });
}
