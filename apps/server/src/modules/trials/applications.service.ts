/**
 * Applications: the public call and page take them (checked against THAT trial's form and
 * questionnaire: `checkApplication`), the trial's edit page lists and exports them. One per
 * e-mail per trial (409, the unique index decides a race). Taken only while the trial is open and
 * `apply_start <= now < apply_end` (409 otherwise). Nothing about the request (its address) is kept.
 */
import { type ApplicationIssue, type ApplicationBody, checkApplication, maskEmail, maskName } from '@bo/contract/trials/forms';
import type { TrialApplication } from '@bo/contract/trials/trials';
import { AppError } from '../../platform/errors';
import { ERROR_CODES, fieldErrorOf, STATUS } from '@bo/contract';
import { sql } from 'drizzle-orm';
import { poolOf } from '../../db/client';
import { audit } from '../../platform/audit/audit.service';
import type { RequestActor } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';
import { conflict, notFound } from '../../platform/errors';
import { streamCsv } from '../ppc/shared/csv-stream';
import * as repo from './trials.repository';
import { assertCompany, questionsOf, toTrial, trialRowOf } from './trials.service';

const toApplication = (r: repo.ApplicationRow): TrialApplication => ({
  id: Number(r.id),
  name: r.name,
  email: r.email,
  country: r.country,
  fields: r.fields,
  answers: r.answers,
  createdAt: r.created_at,
  winner: r.winner,
});

export async function listApplications(
  ctx: AppContext,
  actor: RequestActor,
  id: number,
  q: repo.ApplicationFilter & { pageNum: number; pageSize: number },
) {
  assertCompany(actor);
  await trialRowOf(ctx.db, id);
  const { rows, total } = await repo.pageOfApplications(ctx.db, id, q);
  return { list: rows.map(toApplication), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

const answerText = (v: unknown) => (Array.isArray(v) ? v.join('; ') : v === undefined || v === null ? '' : String(v));

/** The filtered applications as a csv streamed from a cursor: id, applied at, each form field, each answer. */
export async function exportApplications(ctx: AppContext, actor: RequestActor, id: number, f: repo.ApplicationFilter) {
  assertCompany(actor);
  const trial = toTrial(await trialRowOf(ctx.db, id));
  const questions = questionsOf(await trialRowOf(ctx.db, id));
  const label = (x: { labelEn: string; labelZh: string; key: string }) => x.labelEn || x.labelZh || x.key;
  return streamCsv(poolOf(ctx.db), {
    fileName: `trial-${trial.code}-applications.csv`,
    query: repo.applicationsQuery(id, f),
    columns: [
      { header: 'id', value: (r) => Number(r.id) },
      { header: 'applied at', value: (r) => String(r.created_at) },
      ...trial.fields.map((fd) => ({
        header: label(fd),
        value: (r: Record<string, unknown>) => (r.fields as Record<string, string>)[fd.key] ?? '',
      })),
      ...questions.map((q) => ({
        header: label(q),
        value: (r: Record<string, unknown>) => answerText((r.answers as Record<string, unknown>)[q.key]),
      })),
      { header: 'winner', value: (r) => (r.winner as string | null) ?? '' },
    ],
  });
}

/** A 400 naming every field the application got wrong. */
function refusal(issues: ApplicationIssue[]): AppError {
  const fields = issues.map((i) => fieldErrorOf(i.path, i.code, i.params));
  return new AppError(STATUS.BAD_REQUEST, ERROR_CODES.VALIDATION, fields.map((f) => `${f.path}: ${f.message}`).join('; '), {
    fields,
  });
}

export type ApplyOutcome = { id: number };

/** Taking applications at `now`: open, and `applyStart <= now < applyEnd` (the start included, the end excluded). */
export const acceptingAt = (t: { state: string; applyStart: string; applyEnd: string }, now: Date): boolean =>
  t.state === 'open' && Date.parse(t.applyStart) <= now.getTime() && now.getTime() < Date.parse(t.applyEnd);

/** The public apply: 404 unknown code, 409 not taking applications or the e-mail applied, 400 per field. */
export async function apply(ctx: AppContext, code: string, body: ApplicationBody, now = new Date()): Promise<ApplyOutcome> {
  return ctx.db.transaction(async (tx) => {
    const row = await repo.trialByCode(tx, code);
    if (!row || row.state === 'draft') throw notFound('no such trial');
    // Share-locks the trial so a close or a draw waits for the application being written.
    await tx.execute(sql`SELECT id FROM trials WHERE id = ${row.id} FOR SHARE`);
    const trial = toTrial(row);
    if (!acceptingAt(trial, now)) throw conflict('this trial is not taking applications now', { state: row.state });
    const { issues, value } = checkApplication(trial.fields, questionsOf(row), trial.countries, body);
    if (issues.length) throw refusal(issues);
    const res = await tx.execute<{ id: number }>(sql`
      INSERT INTO trial_applications (trial_id, name, email, country, fields, answers)
      VALUES (${trial.id}, ${value.name}, ${value.email}, ${value.country}, ${JSON.stringify(value.fields)}::jsonb,
              ${JSON.stringify(value.answers)}::jsonb)
      ON CONFLICT (trial_id, email) DO NOTHING RETURNING id`);
    const id = res.rows[0]?.id;
    if (!id) {
      const emailField = trial.fields.find((f) => f.type === 'email');
      throw conflict('this e-mail has applied to this trial already', {
        fields: [fieldErrorOf(`fields.${emailField?.key ?? 'email'}`, 'trials.alreadyApplied')],
      });
    }
    await audit(tx, null, {
      action: 'trial.apply',
      entity: 'trial_application',
      entityId: Number(id),
      after: { trialId: trial.id },
    });
    return { id: Number(id) };
  });
}

const pick = (lang: 'zh' | 'en', zh: string, en: string) => (lang === 'zh' ? zh || en : en || zh);

/** The trial as the app and the public page show it; 404 for a draft or an unknown code. */
export async function publicTrial(ctx: AppContext, code: string, langTag: string | undefined, now = new Date()) {
  const row = await repo.trialByCode(ctx.db, code);
  if (!row || row.state === 'draft') throw notFound('no such trial');
  const t = toTrial(row);
  const lang = (langTag ?? '').toLowerCase().startsWith('zh') ? 'zh' : 'en';
  const winners = t.winnersPublished
    ? (await repo.winnersOf(ctx.db, t.id))
        .filter((w) => w.state !== 'replaced')
        .map((w) => ({ name: maskName(w.name), email: maskEmail(w.email), country: w.country }))
    : null;
  return {
    code: t.code,
    title: pick(lang, t.titleZh, t.titleEn),
    description: pick(lang, t.descriptionZh, t.descriptionEn),
    sku: t.sku,
    units: t.units,
    countries: t.countries,
    applyStart: t.applyStart,
    applyEnd: t.applyEnd,
    accepting: acceptingAt(t, now),
    fields: t.fields,
    questions: questionsOf(row),
    winners,
  };
}
