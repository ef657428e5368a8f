/**
 * The playbook (/gtm/mgr; docs/gtm.md "Playbook"). Rules:
 * - names are unique per account in each language, case-insensitively (409 on the field);
 * - the department must be one of the account's (400 on `deptId`);
 * - a new step goes to the end; a move swaps it with its neighbour; a delete closes the gap;
 * - edits name the version they read (409 when stale); every write is audited (`gtm_playbook_step`).
 * Writes of one account's playbook are serialised by an advisory lock (names and order).
 */
import type { EndpointQuery } from '@bo/contract';
import type { GtmPhase, listPlaybook, PlaybookStep, PlaybookStepBody } from '@bo/contract/gtm/playbook';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { audit } from '../../platform/audit/audit.service';
import type { RequestActor } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';
import { codedFieldError, fieldConflict, notFound, staleVersion } from '../../platform/errors';
import * as repo from './gtm.repository';

export const toPlaybookStep = (r: repo.PlaybookRow): PlaybookStep => ({
  id: Number(r.id),
  sort: Number(r.sort),
  nameZh: r.name_zh,
  nameEn: r.name_en,
  phase: r.phase as GtmPhase,
  offsetDays: Number(r.offset_days),
  deptId: r.dept_id === null ? null : Number(r.dept_id),
  deptName: r.dept_name,
  deptNameEn: r.dept_name_en,
  required: r.required,
  description: r.description,
  version: Number(r.version),
  updatedBy: r.updated_by,
  updatedAt: r.updated_at,
});

/** What an audit row keeps of a step. */
const terms = (s: PlaybookStep) => ({
  sort: s.sort,
  nameZh: s.nameZh,
  nameEn: s.nameEn,
  phase: s.phase,
  offsetDays: s.offsetDays,
  deptId: s.deptId,
  required: s.required,
  description: s.description,
});

export async function list(ctx: AppContext, actor: RequestActor, q: EndpointQuery<typeof listPlaybook>) {
  const { rows, total } = await repo.pageOfPlaybook(ctx.db, actor.accountId, q);
  return { list: rows.map(toPlaybookStep), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

async function stepOf(db: DbOrTx, actor: RequestActor, id: number, lock = false): Promise<PlaybookStep> {
  const r = await repo.playbookStep(db, actor.accountId, id, lock);
  if (!r) throw notFound(`no playbook step ${id}`);
  return toPlaybookStep(r);
}

async function check(db: DbOrTx, actor: RequestActor, b: PlaybookStepBody, exceptId: number | null) {
  const taken = await repo.takenNames(db, actor.accountId, b.nameZh, b.nameEn, exceptId);
  if (taken.zh) throw fieldConflict(`another step is named ${b.nameZh}`, 'nameZh', 'gtm.stepNameTaken');
  if (taken.en) throw fieldConflict(`another step is named ${b.nameEn}`, 'nameEn', 'gtm.stepNameTaken');
  if (b.deptId !== null && !(await repo.deptExists(db, actor.accountId, b.deptId)))
    throw codedFieldError('deptId', 'gtm.unknownDept');
}

export async function create(ctx: AppContext, actor: RequestActor, b: PlaybookStepBody): Promise<PlaybookStep> {
  return ctx.db.transaction(async (tx) => {
    await repo.lockPlaybook(tx, actor.accountId);
    await check(tx, actor, b, null);
    const r = await tx.execute<{ id: number }>(sqlInsert(actor, b));
    const s = await stepOf(tx, actor, Number(r.rows[0]?.id));
    await audit(tx, actor, { action: 'create', entity: 'gtm_playbook_step', entityId: s.id, after: terms(s) });
    return s;
  });
}

function sqlInsert(actor: RequestActor, b: PlaybookStepBody) {
  return sql`
    INSERT INTO gtm_playbook_steps (account_id, sort, name_zh, name_en, phase, offset_days, dept_id, required, description, updated_by)
    VALUES (${actor.accountId},
            (SELECT coalesce(max(sort), 0) + 1 FROM gtm_playbook_steps WHERE account_id = ${actor.accountId}),
            ${b.nameZh}, ${b.nameEn}, ${b.phase}, ${b.offsetDays}, ${b.deptId}, ${b.required}, ${b.description}, ${actor.userId})
    RETURNING id`;
}

export async function update(
  ctx: AppContext,
  actor: RequestActor,
  id: number,
  b: PlaybookStepBody & { version: number },
): Promise<PlaybookStep> {
  return ctx.db.transaction(async (tx) => {
    await repo.lockPlaybook(tx, actor.accountId);
    const before = await stepOf(tx, actor, id, true);
    if (before.version !== b.version) throw staleVersion();
    await check(tx, actor, b, id);
    await tx.execute(sql`
      UPDATE gtm_playbook_steps SET name_zh = ${b.nameZh}, name_en = ${b.nameEn}, phase = ${b.phase},
             offset_days = ${b.offsetDays}, dept_id = ${b.deptId}, required = ${b.required}, description = ${b.description},
             updated_by = ${actor.userId}, version = version + 1, updated_at = now()
       WHERE id = ${id}`);
    const after = await stepOf(tx, actor, id);
    await audit(tx, actor, {
      action: 'update',
      entity: 'gtm_playbook_step',
      entityId: id,
      before: terms(before),
      after: terms(after),
    });
    return after;
  });
}

/** Swaps the step with its neighbour above or below (a step already first or last stays); answers the whole playbook. */
export async function move(
  ctx: AppContext,
  actor: RequestActor,
  id: number,
  b: { direction: 'up' | 'down'; version: number },
): Promise<PlaybookStep[]> {
  return ctx.db.transaction(async (tx) => {
    await repo.lockPlaybook(tx, actor.accountId);
    const before = await stepOf(tx, actor, id, true);
    if (before.version !== b.version) throw staleVersion();
    const ids = (await repo.playbookOf(tx, actor.accountId)).map((r) => Number(r.id));
    const at = ids.indexOf(id);
    const to = b.direction === 'up' ? at - 1 : at + 1;
    if (to >= 0 && to < ids.length) {
      const other = ids[to] as number;
      ids[to] = id;
      ids[at] = other;
      await repo.renumber(tx, actor.accountId, ids);
      await tx.execute(sql`UPDATE gtm_playbook_steps SET version = version + 1, updated_at = now(), updated_by = ${actor.userId}
        WHERE id = ${id}`);
      await audit(tx, actor, {
        action: 'update',
        entity: 'gtm_playbook_step',
        entityId: id,
        before: { sort: at + 1 },
        after: { sort: to + 1 },
      });
    }
    return (await repo.playbookOf(tx, actor.accountId)).map(toPlaybookStep);
  });
}

export async function remove(ctx: AppContext, actor: RequestActor, id: number): Promise<null> {
  return ctx.db.transaction(async (tx) => {
    await repo.lockPlaybook(tx, actor.accountId);
    const before = await stepOf(tx, actor, id, true);
    await tx.execute(sql`DELETE FROM gtm_playbook_steps WHERE id = ${id}`);
    await repo.renumber(tx, actor.accountId);
    await audit(tx, actor, { action: 'delete', entity: 'gtm_playbook_step', entityId: id, before: terms(before) });
    return null;
  });
}
