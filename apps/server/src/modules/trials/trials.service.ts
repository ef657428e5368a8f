/**
 * Trials (/user-platform/h5ActivityMaking/trialApply, editTrialApply; docs/trials.md). Rules:
 * - the SKU is one of the catalogue's (checked through catalog.reads, stored as it spells it);
 *   the code is unique; the questionnaire exists;
 * - a draft changes entirely; an open trial all but its code, SKU, form and questionnaire (400
 *   `trials.frozen` on the field), since applications were taken against them; later states 409;
 * - states move by TRIAL_MACHINE (409 naming the state); `draw` runs winners.service's draw;
 * - only a draft is deleted; every write is audited under the trial.
 */
import { type Lang, refusalText, transitionFrom } from '@bo/contract';
import type { FormField, Question } from '@bo/contract/trials/forms';
import { TRIAL_MACHINE, type Trial, type TrialAction, type TrialBody } from '@bo/contract/trials/trials';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { audit } from '../../platform/audit/audit.service';
import { isInternal, type RequestActor } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';
import { codedFieldError, conflict, fieldConflict, forbidden, notFound, staleVersion } from '../../platform/errors';
import { catalogSkus } from '../catalog/catalog.reads';
import * as repo from './trials.repository';
import { runDraw } from './winners.service';

export function assertCompany(actor: RequestActor): void {
  if (!isInternal(actor)) throw forbidden('trial activities are company data');
}

export const toTrial = (r: repo.TrialRow): Trial => ({
  id: Number(r.id),
  code: r.code,
  sku: r.sku,
  titleZh: r.title_zh,
  titleEn: r.title_en,
  descriptionZh: r.description_zh,
  descriptionEn: r.description_en,
  units: Number(r.units),
  countries: r.countries,
  applyStart: r.apply_start,
  applyEnd: r.apply_end,
  fields: r.fields as FormField[],
  questionnaireId: r.questionnaire_id === null ? null : Number(r.questionnaire_id),
  questionnaireName: r.questionnaire_name,
  state: r.state,
  applications: Number(r.applications),
  winners: Number(r.winners),
  shipped: Number(r.shipped),
  winnersPublished: r.winners_published,
  draw:
    r.draw_seed && r.drawn_at
      ? {
          seed: r.draw_seed,
          poolSize: r.draw_order?.length ?? 0,
          selectionId: Number(r.draw_selection_id),
          drawnAt: r.drawn_at,
          drawnBy: r.drawn_by,
        }
      : null,
  version: Number(r.version),
  updatedAt: r.updated_at,
});

/** JSON with sorted keys: jsonb gives keys back in its own order. */
const canonical = (v: unknown): string =>
  JSON.stringify(v, (_k, x: unknown) =>
    x && typeof x === 'object' && !Array.isArray(x)
      ? Object.fromEntries(Object.entries(x as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : x,
  );

export const questionsOf = (r: repo.TrialRow): Question[] => (r.questions as Question[] | null) ?? [];

/** What an audit row keeps of a trial. */
const terms = (t: Trial) => ({
  code: t.code,
  sku: t.sku,
  titleZh: t.titleZh,
  titleEn: t.titleEn,
  units: t.units,
  countries: t.countries,
  applyStart: t.applyStart,
  applyEnd: t.applyEnd,
  fields: t.fields.map((f) => `${f.key}:${f.type}${f.required ? '*' : ''}`).join(', '),
  questionnaire: t.questionnaireName,
  state: t.state,
});

export async function trialRowOf(db: DbOrTx, id: number, lock = false): Promise<repo.TrialRow> {
  const r = await repo.trialById(db, id, lock);
  if (!r) throw notFound(`no trial ${id}`);
  return r;
}

export async function listTrials(ctx: AppContext, actor: RequestActor, q: repo.TrialQuery) {
  assertCompany(actor);
  const { rows, total } = await repo.pageOfTrials(ctx.db, q);
  return { list: rows.map(toTrial), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

export async function getTrial(ctx: AppContext, actor: RequestActor, id: number) {
  assertCompany(actor);
  return toTrial(await trialRowOf(ctx.db, id));
}

/** The body checked against the catalogue and the other trials; the SKU as the catalogue spells it. */
async function checkBody(tx: DbOrTx, b: TrialBody, id: number | null): Promise<string> {
  const [sku] = (
    await tx.execute<{ sku: string }>(sql`SELECT s.sku FROM ${catalogSkus} s WHERE lower(s.sku) = lower(${b.sku}) LIMIT 1`)
  ).rows;
  if (!sku) throw codedFieldError('sku', 'trials.unknownSku', { sku: b.sku });
  if (b.questionnaireId !== null && !(await repo.questionnaireById(tx, b.questionnaireId)))
    throw codedFieldError('questionnaireId', 'trials.unknownQuestionnaire');
  if (await repo.codeTaken(tx, b.code, id)) throw fieldConflict(`trial code ${b.code} is taken`, 'code', 'trials.codeTaken');
  return sku.sku;
}

export async function createTrial(ctx: AppContext, actor: RequestActor, b: TrialBody): Promise<Trial> {
  assertCompany(actor);
  return ctx.db.transaction(async (tx) => {
    const sku = await checkBody(tx, b, null);
    const [row] = (
      await tx.execute<{ id: number }>(sql`
        INSERT INTO trials (code, sku, title_zh, title_en, description_zh, description_en, units, countries, apply_start,
               apply_end, fields, questionnaire_id, updated_by)
        VALUES (${b.code}, ${sku}, ${b.titleZh}, ${b.titleEn}, ${b.descriptionZh}, ${b.descriptionEn}, ${b.units},
               ${repo.textArray(b.countries)}, ${b.applyStart}, ${b.applyEnd}, ${JSON.stringify(b.fields)}::jsonb,
               ${b.questionnaireId}, ${actor.userId})
        RETURNING id`)
    ).rows;
    const t = toTrial(await trialRowOf(tx, Number(row?.id)));
    await audit(tx, actor, { action: 'create', entity: 'trial', entityId: t.id, after: terms(t) });
    return t;
  });
}

/** The trial locked for a change, as the caller read it (409 stale otherwise). */
async function lockedTrial(tx: DbOrTx, id: number, version: number): Promise<repo.TrialRow> {
  const r = await trialRowOf(tx, id, true);
  if (Number(r.version) !== version) throw staleVersion();
  return r;
}

const stateRefusal = (lang: Lang, state: string, what: { zh: string; en: string }) =>
  conflict(
    lang === 'zh-CN' ? `活动${TRIAL_MACHINE.states[state as 'draft'].label.zh}，${what.zh}` : `the trial is ${state}: ${what.en}`,
    {
      state,
    },
  );

export async function updateTrial(
  ctx: AppContext,
  actor: RequestActor,
  id: number,
  b: TrialBody & { version: number },
  lang: Lang,
): Promise<Trial> {
  assertCompany(actor);
  return ctx.db.transaction(async (tx) => {
    const row = await lockedTrial(tx, id, b.version);
    const before = toTrial(row);
    if (before.state !== 'draft' && before.state !== 'open')
      throw stateRefusal(lang, before.state, { zh: '不能再修改', en: 'it no longer changes' });
    if (before.state === 'open') {
      if (b.code !== before.code) throw codedFieldError('code', 'trials.frozen');
      if (b.sku.toLowerCase() !== before.sku.toLowerCase()) throw codedFieldError('sku', 'trials.frozen');
      if (canonical(b.fields) !== canonical(before.fields)) throw codedFieldError('fields', 'trials.frozen');
      if (b.questionnaireId !== before.questionnaireId) throw codedFieldError('questionnaireId', 'trials.frozen');
    }
    const sku = await checkBody(tx, b, id);
    await tx.execute(sql`
      UPDATE trials SET code = ${b.code}, sku = ${sku}, title_zh = ${b.titleZh}, title_en = ${b.titleEn},
             description_zh = ${b.descriptionZh}, description_en = ${b.descriptionEn}, units = ${b.units},
             countries = ${repo.textArray(b.countries)}, apply_start = ${b.applyStart}, apply_end = ${b.applyEnd},
             fields = ${JSON.stringify(b.fields)}::jsonb, questionnaire_id = ${b.questionnaireId}, updated_by = ${actor.userId},
             version = version + 1, updated_at = now()
       WHERE id = ${id}`);
    const after = toTrial(await trialRowOf(tx, id));
    await audit(tx, actor, { action: 'update', entity: 'trial', entityId: id, before: terms(before), after: terms(after) });
    return after;
  });
}

export async function actOnTrial(
  ctx: AppContext,
  actor: RequestActor,
  id: number,
  b: { action: TrialAction; version: number; selectionId?: number | undefined },
  lang: Lang,
): Promise<Trial> {
  assertCompany(actor);
  return ctx.db.transaction(async (tx) => {
    const row = await lockedTrial(tx, id, b.version);
    const step = transitionFrom(TRIAL_MACHINE, row.state, b.action);
    if (!step) throw conflict(refusalText(TRIAL_MACHINE, row.state, b.action, lang), { state: row.state });
    let drawn: Record<string, unknown> = {};
    if (b.action === 'draw') drawn = await runDraw(tx, actor, row, b.selectionId as number);
    await tx.execute(sql`UPDATE trials SET state = ${step.to}, updated_by = ${actor.userId}, version = version + 1,
      updated_at = now() WHERE id = ${id}`);
    const after = toTrial(await trialRowOf(tx, id));
    await audit(tx, actor, {
      action: `trial.${b.action}`,
      entity: 'trial',
      entityId: id,
      before: { state: row.state },
      after: { state: after.state, ...drawn },
    });
    return after;
  });
}

export async function publishWinners(
  ctx: AppContext,
  actor: RequestActor,
  id: number,
  b: { published: boolean; version: number },
  lang: Lang,
): Promise<Trial> {
  assertCompany(actor);
  return ctx.db.transaction(async (tx) => {
    const row = await lockedTrial(tx, id, b.version);
    if (row.state !== 'drawn' && row.state !== 'finished')
      throw stateRefusal(lang, row.state, { zh: '抽奖后才能公布中奖名单', en: 'winners are published after the draw' });
    await tx.execute(sql`UPDATE trials SET winners_published = ${b.published}, updated_by = ${actor.userId},
      version = version + 1, updated_at = now() WHERE id = ${id}`);
    await audit(tx, actor, {
      action: b.published ? 'trial.publishWinners' : 'trial.unpublishWinners',
      entity: 'trial',
      entityId: id,
      before: { winnersPublished: row.winners_published },
      after: { winnersPublished: b.published },
    });
    return toTrial(await trialRowOf(tx, id));
  });
}

export async function deleteTrial(ctx: AppContext, actor: RequestActor, id: number, lang: Lang): Promise<null> {
  assertCompany(actor);
  return ctx.db.transaction(async (tx) => {
    const before = toTrial(await trialRowOf(tx, id, true));
    if (before.state !== 'draft')
      throw stateRefusal(lang, before.state, {
        zh: '只能删除草稿，请改为取消',
        en: 'only a draft is deleted; cancel it instead',
      });
    await tx.execute(sql`DELETE FROM trials WHERE id = ${id}`);
    await audit(tx, actor, { action: 'delete', entity: 'trial', entityId: id, before: terms(before) });
    return null;
  });
}
