/**
 * Questionnaires (/user-platform/h5ActivityMaking/trialQuestionnaire, editTrialQuestionnaire):
 * reusable question sets. One that a trial past its draft names is read-only (409: copy it
 * instead), since applications answered it; one any trial names is not deleted (409).
 */
import type { Lang } from '@bo/contract';
import type { Question } from '@bo/contract/trials/forms';
import type { Questionnaire } from '@bo/contract/trials/trials';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { audit } from '../../platform/audit/audit.service';
import type { RequestActor } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';
import { conflict, notFound, staleVersion } from '../../platform/errors';
import * as repo from './trials.repository';
import { assertCompany } from './trials.service';

interface QuestionnaireBody {
  name: string;
  descriptionZh: string;
  descriptionEn: string;
  questions: Question[];
}

const toQuestionnaire = (r: repo.QuestionnaireRow): Questionnaire => ({
  id: Number(r.id),
  name: r.name,
  descriptionZh: r.description_zh,
  descriptionEn: r.description_en,
  questions: r.questions as Question[],
  usedBy: Number(r.used_by),
  locked: r.locked,
  version: Number(r.version),
  updatedAt: r.updated_at,
});

const terms = (q: Questionnaire) => ({
  name: q.name,
  descriptionZh: q.descriptionZh,
  descriptionEn: q.descriptionEn,
  questions: q.questions.map((x) => `${x.key}:${x.type}${x.required ? '*' : ''}`).join(', '),
});

async function questionnaireOf(db: DbOrTx, id: number, lock = false) {
  const r = await repo.questionnaireById(db, id, lock);
  if (!r) throw notFound(`no questionnaire ${id}`);
  return toQuestionnaire(r);
}

export async function listQuestionnaires(
  ctx: AppContext,
  actor: RequestActor,
  q: { keyword?: string | undefined; pageNum: number; pageSize: number },
) {
  assertCompany(actor);
  const { rows, total } = await repo.pageOfQuestionnaires(ctx.db, q);
  return { list: rows.map(toQuestionnaire), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

export async function getQuestionnaire(ctx: AppContext, actor: RequestActor, id: number) {
  assertCompany(actor);
  return questionnaireOf(ctx.db, id);
}

export async function questionnaireChoices(ctx: AppContext, actor: RequestActor) {
  assertCompany(actor);
  return (await repo.questionnaireChoices(ctx.db)).map((r) => ({
    id: Number(r.id),
    name: r.name,
    questions: Number(r.questions),
  }));
}

async function insert(tx: DbOrTx, actor: RequestActor, b: QuestionnaireBody) {
  const [row] = (
    await tx.execute<{ id: number }>(sql`
      INSERT INTO trial_questionnaires (name, description_zh, description_en, questions, updated_by)
      VALUES (${b.name}, ${b.descriptionZh}, ${b.descriptionEn}, ${JSON.stringify(b.questions)}::jsonb, ${actor.userId}) RETURNING id`)
  ).rows;
  const q = await questionnaireOf(tx, Number(row?.id));
  await audit(tx, actor, { action: 'create', entity: 'trial_questionnaire', entityId: q.id, after: terms(q) });
  return q;
}

export async function createQuestionnaire(ctx: AppContext, actor: RequestActor, b: QuestionnaireBody) {
  assertCompany(actor);
  return ctx.db.transaction((tx) => insert(tx, actor, b));
}

export async function copyQuestionnaire(ctx: AppContext, actor: RequestActor, id: number, lang: Lang) {
  assertCompany(actor);
  return ctx.db.transaction(async (tx) => {
    const q = await questionnaireOf(tx, id);
    return insert(tx, actor, { ...q, name: `${q.name}${lang === 'zh-CN' ? '（副本）' : ' (copy)'}`.slice(0, 100) });
  });
}

export async function updateQuestionnaire(
  ctx: AppContext,
  actor: RequestActor,
  id: number,
  b: QuestionnaireBody & { version: number },
  lang: Lang,
) {
  assertCompany(actor);
  return ctx.db.transaction(async (tx) => {
    const before = await questionnaireOf(tx, id, true);
    if (before.version !== b.version) throw staleVersion();
    if (before.locked)
      throw conflict(
        lang === 'zh-CN'
          ? '已开放的试用活动在使用这份问卷，不能修改：请复制后修改副本'
          : 'a trial that went out uses this questionnaire: it no longer changes; copy it instead',
        { state: 'locked' },
      );
    await tx.execute(sql`UPDATE trial_questionnaires SET name = ${b.name}, description_zh = ${b.descriptionZh},
      description_en = ${b.descriptionEn}, questions = ${JSON.stringify(b.questions)}::jsonb, updated_by = ${actor.userId},
      version = version + 1, updated_at = now() WHERE id = ${id}`);
    const after = await questionnaireOf(tx, id);
    await audit(tx, actor, {
      action: 'update',
      entity: 'trial_questionnaire',
      entityId: id,
      before: terms(before),
      after: terms(after),
    });
    return after;
  });
}

export async function deleteQuestionnaire(ctx: AppContext, actor: RequestActor, id: number, lang: Lang): Promise<null> {
  assertCompany(actor);
  return ctx.db.transaction(async (tx) => {
    const before = await questionnaireOf(tx, id, true);
    if (before.usedBy > 0)
      throw conflict(
        lang === 'zh-CN'
          ? `有 ${before.usedBy} 个试用活动在使用这份问卷，不能删除`
          : `${before.usedBy} trial(s) use this questionnaire: it is not deleted`,
        { usedBy: before.usedBy },
      );
    await tx.execute(sql`DELETE FROM trial_questionnaires WHERE id = ${id}`);
    await audit(tx, actor, { action: 'delete', entity: 'trial_questionnaire', entityId: id, before: terms(before) });
    return null;
  });
}
