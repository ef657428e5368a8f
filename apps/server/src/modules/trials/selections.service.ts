/**
 * Selections (/user-platform/h5ActivityMaking/selectUser, editSelectUser): rules over one
 * trial's applicants. The rules name the trial's own questions (400 `trials.unknownQuestion`
 * otherwise; an answer rule needs a choice question, a rating rule a rating one). Saving takes
 * the applicants the rules match now; the draw freezes them (409 on any change after).
 */
import type { Lang } from '@bo/contract';
import { type Selection, type SelectionRules, selectionRulesSchema } from '@bo/contract/trials/trials';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { audit } from '../../platform/audit/audit.service';
import type { RequestActor } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';
import { codedFieldError, conflict, notFound, staleVersion } from '../../platform/errors';
import * as repo from './trials.repository';
import { assertCompany, questionsOf } from './trials.service';

/** Stored rules read through the schema (its defaults fill what an older row lacks). */
const rulesOf = (raw: unknown): SelectionRules => {
  const parsed = selectionRulesSchema.safeParse(raw ?? {});
  return parsed.success ? parsed.data : selectionRulesSchema.parse({});
};

const toSelection = (r: repo.SelectionRow): Selection => ({
  id: Number(r.id),
  trialId: Number(r.trial_id),
  trialCode: r.trial_code,
  trialState: r.trial_state,
  name: r.name,
  rules: rulesOf(r.rules),
  matched: r.application_ids.length,
  frozen: r.frozen_at !== null,
  version: Number(r.version),
  updatedAt: r.updated_at,
});

/** 400 when a rule names a question the trial's questionnaire lacks or of the wrong type. */
async function checkRules(db: DbOrTx, trialId: number, r: SelectionRules) {
  const trial = await repo.trialById(db, trialId);
  if (!trial) throw codedFieldError('trialId', 'trials.selectionOtherTrial');
  const questions = new Map(questionsOf(trial).map((q) => [q.key, q]));
  r.answers.forEach((a, i) => {
    const q = questions.get(a.questionKey);
    if (!q) throw codedFieldError(`rules.answers.${i}.questionKey`, 'trials.unknownQuestion', { key: a.questionKey });
    if (q.type !== 'single' && q.type !== 'multiple')
      throw codedFieldError(`rules.answers.${i}.questionKey`, 'trials.notChoiceQuestion', { key: a.questionKey });
  });
  r.ratings.forEach((g, i) => {
    const q = questions.get(g.questionKey);
    if (!q) throw codedFieldError(`rules.ratings.${i}.questionKey`, 'trials.unknownQuestion', { key: g.questionKey });
    if (q.type !== 'rating')
      throw codedFieldError(`rules.ratings.${i}.questionKey`, 'trials.notRatingQuestion', { key: g.questionKey });
  });
  return trial;
}

export async function countMatching(ctx: AppContext, actor: RequestActor, b: { trialId: number; rules: SelectionRules }) {
  assertCompany(actor);
  await checkRules(ctx.db, b.trialId, b.rules);
  const ids = await repo.idsMatching(ctx.db, b.trialId, b.rules);
  return { matched: ids.length, applicants: await repo.applicantCount(ctx.db, b.trialId) };
}

export async function listSelections(
  ctx: AppContext,
  actor: RequestActor,
  q: { trialId?: number | undefined; pageNum: number; pageSize: number },
) {
  assertCompany(actor);
  const { rows, total } = await repo.pageOfSelections(ctx.db, q);
  return { list: rows.map(toSelection), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

async function selectionOf(db: DbOrTx, id: number, lock = false) {
  const r = await repo.selectionById(db, id, lock);
  if (!r) throw notFound(`no selection ${id}`);
  return toSelection(r);
}

export async function getSelection(ctx: AppContext, actor: RequestActor, id: number) {
  assertCompany(actor);
  return selectionOf(ctx.db, id);
}

const terms = (s: Selection) => ({ trialId: s.trialId, name: s.name, rules: s.rules, matched: s.matched });

interface SelectionBody {
  trialId: number;
  name: string;
  rules: SelectionRules;
}

export async function createSelection(ctx: AppContext, actor: RequestActor, b: SelectionBody) {
  assertCompany(actor);
  return ctx.db.transaction(async (tx) => {
    await checkRules(tx, b.trialId, b.rules);
    const ids = await repo.idsMatching(tx, b.trialId, b.rules);
    const [row] = (
      await tx.execute<{ id: number }>(sql`INSERT INTO trial_selections (trial_id, name, rules, application_ids, updated_by)
        VALUES (${b.trialId}, ${b.name}, ${JSON.stringify(b.rules)}::jsonb, ${repo.intArray(ids)}, ${actor.userId}) RETURNING id`)
    ).rows;
    const s = await selectionOf(tx, Number(row?.id));
    await audit(tx, actor, { action: 'create', entity: 'trial_selection', entityId: s.id, after: terms(s) });
    return s;
  });
}

const frozenRefusal = (lang: Lang) =>
  conflict(lang === 'zh-CN' ? '抽奖已使用这个人群，不能再修改或删除' : 'a draw used this selection: it is frozen', {
    state: 'frozen',
  });

export async function updateSelection(
  ctx: AppContext,
  actor: RequestActor,
  id: number,
  b: SelectionBody & { version: number },
  lang: Lang,
) {
  assertCompany(actor);
  return ctx.db.transaction(async (tx) => {
    const before = await selectionOf(tx, id, true);
    if (before.version !== b.version) throw staleVersion();
    if (before.frozen) throw frozenRefusal(lang);
    if (b.trialId !== before.trialId) throw codedFieldError('trialId', 'trials.selectionOtherTrial');
    await checkRules(tx, b.trialId, b.rules);
    const ids = await repo.idsMatching(tx, b.trialId, b.rules);
    await tx.execute(sql`UPDATE trial_selections SET name = ${b.name}, rules = ${JSON.stringify(b.rules)}::jsonb,
      application_ids = ${repo.intArray(ids)}, updated_by = ${actor.userId}, version = version + 1, updated_at = now() WHERE id = ${id}`);
    const after = await selectionOf(tx, id);
    await audit(tx, actor, {
      action: 'update',
      entity: 'trial_selection',
      entityId: id,
      before: terms(before),
      after: terms(after),
    });
    return after;
  });
}

export async function deleteSelection(ctx: AppContext, actor: RequestActor, id: number, lang: Lang): Promise<null> {
  assertCompany(actor);
  return ctx.db.transaction(async (tx) => {
    const before = await selectionOf(tx, id, true);
    if (before.frozen) throw frozenRefusal(lang);
    await tx.execute(sql`DELETE FROM trial_selections WHERE id = ${id}`);
    await audit(tx, actor, { action: 'delete', entity: 'trial_selection', entityId: id, before: terms(before) });
    return null;
  });
}
