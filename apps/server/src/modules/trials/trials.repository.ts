/** Every query of the trial activities (docs/trials.md). */
import type { SelectionRules, TrialState } from '@bo/contract/trials/trials';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { likeContains, orderBy, pageOf } from '../../db/sql';
import { userDirectory } from '../access/access.reads';

/** A text[] from a JS list (drizzle spreads an array parameter into a list, so it goes as JSON). */
export const textArray = (xs: readonly string[]): SQL =>
  sql`ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(xs)}::jsonb))`;
/** An integer[] from a JS list, in its order. */
export const intArray = (xs: readonly number[]): SQL =>
  sql`ARRAY(SELECT (x.v)::int FROM jsonb_array_elements_text(${JSON.stringify(xs)}::jsonb) WITH ORDINALITY x(v, n) ORDER BY x.n)`;

export const ts = (col: string) => sql.raw(`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

// ---- questionnaires ----

export interface QuestionnaireRow extends Record<string, unknown> {
  id: number;
  name: string;
  description_zh: string;
  description_en: string;
  questions: unknown;
  used_by: number;
  locked: boolean;
  version: number;
  updated_at: string;
}

const Q_SELECT = sql`
  SELECT q.id, q.name, q.description_zh, q.description_en, q.questions, q.version, ${ts('q.updated_at')} AS updated_at,
         (SELECT count(*)::int FROM trials t WHERE t.questionnaire_id = q.id) AS used_by,
         EXISTS (SELECT 1 FROM trials t WHERE t.questionnaire_id = q.id AND t.state NOT IN ('draft', 'cancelled')) AS locked`;

export async function pageOfQuestionnaires(db: DbOrTx, q: { keyword?: string | undefined; pageNum: number; pageSize: number }) {
  const k = likeContains(q.keyword);
  return pageOf<QuestionnaireRow>(
    db,
    {
      select: Q_SELECT,
      from: sql`FROM trial_questionnaires q WHERE ${k ? sql`q.name ILIKE ${k}` : sql`TRUE`}`,
      orderBy: sql`q.updated_at DESC, q.id DESC`,
    },
    q,
  );
}

export async function questionnaireById(db: DbOrTx, id: number, lock = false): Promise<QuestionnaireRow | undefined> {
  if (lock) await db.execute(sql`SELECT id FROM trial_questionnaires WHERE id = ${id} FOR UPDATE`);
  return (await db.execute<QuestionnaireRow>(sql`${Q_SELECT} FROM trial_questionnaires q WHERE q.id = ${id}`)).rows[0];
}

export async function questionnaireChoices(db: DbOrTx) {
  return (
    await db.execute<{ id: number; name: string; questions: number }>(
      sql`SELECT id, name, jsonb_array_length(questions)::int AS questions FROM trial_questionnaires ORDER BY name, id`,
    )
  ).rows;
}

// ---- trials ----

export interface TrialRow extends Record<string, unknown> {
  id: number;
  code: string;
  sku: string;
  title_zh: string;
  title_en: string;
  description_zh: string;
  description_en: string;
  units: number;
  countries: string[];
  apply_start: string;
  apply_end: string;
  fields: unknown;
  questionnaire_id: number | null;
  questionnaire_name: string | null;
  questions: unknown;
  state: TrialState;
  applications: number;
  winners: number;
  shipped: number;
  winners_published: boolean;
  draw_seed: string | null;
  draw_selection_id: number | null;
  draw_order: number[] | null;
  drawn_at: string | null;
  drawn_by: string | null;
  version: number;
  updated_at: string;
}

const T_SELECT = sql`
  SELECT t.id, t.code, t.sku, t.title_zh, t.title_en, t.description_zh, t.description_en, t.units, t.countries,
         ${ts('t.apply_start')} AS apply_start, ${ts('t.apply_end')} AS apply_end, t.fields, t.questionnaire_id,
         q.name AS questionnaire_name, q.questions, t.state, t.winners_published, t.draw_seed, t.draw_selection_id,
         t.draw_order, ${ts('t.drawn_at')} AS drawn_at, u.user_name AS drawn_by, t.version, ${ts('t.updated_at')} AS updated_at,
         (SELECT count(*)::int FROM trial_applications a WHERE a.trial_id = t.id) AS applications,
         (SELECT count(*)::int FROM trial_winners w WHERE w.trial_id = t.id AND w.state <> 'replaced') AS winners,
         (SELECT count(*)::int FROM trial_winners w WHERE w.trial_id = t.id AND w.state = 'shipped') AS shipped`;
const T_FROM = sql`FROM trials t LEFT JOIN trial_questionnaires q ON q.id = t.questionnaire_id
  LEFT JOIN ${userDirectory} u ON u.id = t.drawn_by`;

export interface TrialQuery {
  keyword?: string | undefined;
  state?: TrialState | undefined;
  sortField: 'applyStart' | 'updatedAt';
  sortOrder: 'asc' | 'desc';
  pageNum: number;
  pageSize: number;
}

export async function pageOfTrials(db: DbOrTx, q: TrialQuery) {
  const where: SQL[] = [sql`TRUE`];
  const k = likeContains(q.keyword);
  if (k) where.push(sql`(t.code ILIKE ${k} OR t.sku ILIKE ${k} OR t.title_zh ILIKE ${k} OR t.title_en ILIKE ${k})`);
  if (q.state) where.push(sql`t.state = ${q.state}`);
  return pageOf<TrialRow>(
    db,
    {
      select: T_SELECT,
      from: sql`${T_FROM} WHERE ${sql.join(where, sql` AND `)}`,
      orderBy: orderBy(q.sortField, q.sortOrder, { applyStart: sql`t.apply_start`, updatedAt: sql`t.updated_at` }, sql`t.id`),
    },
    q,
  );
}

export async function trialById(db: DbOrTx, id: number, lock = false): Promise<TrialRow | undefined> {
  if (lock) await db.execute(sql`SELECT id FROM trials WHERE id = ${id} FOR UPDATE`);
  return (await db.execute<TrialRow>(sql`${T_SELECT} ${T_FROM} WHERE t.id = ${id}`)).rows[0];
}

export async function trialByCode(db: DbOrTx, code: string, lock = false): Promise<TrialRow | undefined> {
  const row = (await db.execute<{ id: number }>(sql`SELECT id FROM trials WHERE code = ${code.toLowerCase()}`)).rows[0];
  return row ? trialById(db, Number(row.id), lock) : undefined;
}

export async function codeTaken(db: DbOrTx, code: string, exceptId: number | null): Promise<boolean> {
  return (await db.execute(sql`SELECT 1 FROM trials WHERE code = ${code} AND id <> ${exceptId ?? 0}`)).rows.length > 0;
}

// ---- applications ----

export interface ApplicationRow extends Record<string, unknown> {
  id: number;
  name: string;
  email: string;
  country: string;
  fields: Record<string, string>;
  answers: Record<string, string | string[] | number>;
  created_at: string;
  winner: 'selected' | 'shipped' | 'replaced' | null;
}

export interface ApplicationFilter {
  keyword?: string | undefined;
  country?: string | undefined;
}

const applicationWhere = (trialId: number, f: ApplicationFilter): SQL => {
  const where: SQL[] = [sql`a.trial_id = ${trialId}`];
  const k = likeContains(f.keyword);
  if (k) where.push(sql`(a.name ILIKE ${k} OR a.email ILIKE ${k})`);
  if (f.country) where.push(sql`a.country = ${f.country}`);
  return sql.join(where, sql` AND `);
};

export const applicationsQuery = (trialId: number, f: ApplicationFilter): SQL => sql`
  SELECT a.id, a.name, a.email, a.country, a.fields, a.answers, ${ts('a.created_at')} AS created_at,
         (SELECT w.state FROM trial_winners w WHERE w.trial_id = a.trial_id AND w.application_id = a.id) AS winner
    FROM trial_applications a WHERE ${applicationWhere(trialId, f)} ORDER BY a.id`;

export async function pageOfApplications(
  db: DbOrTx,
  trialId: number,
  q: ApplicationFilter & { pageNum: number; pageSize: number },
) {
  return pageOf<ApplicationRow>(
    db,
    {
      select: sql`SELECT a.id, a.name, a.email, a.country, a.fields, a.answers, ${ts('a.created_at')} AS created_at,
        (SELECT w.state FROM trial_winners w WHERE w.trial_id = a.trial_id AND w.application_id = a.id) AS winner`,
      from: sql`FROM trial_applications a WHERE ${applicationWhere(trialId, q)}`,
      orderBy: sql`a.id`,
    },
    q,
  );
}

/** The applications these rules take, by id: the live count and a selection's applicants. */
export function matchingIds(trialId: number, r: SelectionRules): SQL {
  const where: SQL[] = [sql`a.trial_id = ${trialId}`];
  if (r.countries.length) where.push(sql`a.country = ANY(${textArray(r.countries)})`);
  for (const a of r.answers) {
    where.push(sql`(CASE jsonb_typeof(a.answers -> ${a.questionKey})
        WHEN 'string' THEN (a.answers ->> ${a.questionKey}) = ANY(${textArray(a.values)})
        WHEN 'array' THEN (a.answers -> ${a.questionKey}) ?| ${textArray(a.values)}
        ELSE FALSE END)`);
  }
  for (const g of r.ratings)
    where.push(
      sql`(jsonb_typeof(a.answers -> ${g.questionKey}) = 'number' AND (a.answers ->> ${g.questionKey})::int >= ${g.min})`,
    );
  if (r.appliedFrom) where.push(sql`a.created_at >= ${r.appliedFrom}::timestamptz`);
  if (r.appliedTo) where.push(sql`a.created_at < ${r.appliedTo}::timestamptz`);
  if (r.excludeWinnersDays)
    where.push(sql`NOT EXISTS (
      SELECT 1 FROM trial_winners w JOIN trial_applications o ON o.id = w.application_id JOIN trials ot ON ot.id = w.trial_id
       WHERE o.email = a.email AND w.trial_id <> a.trial_id AND w.state <> 'replaced'
         AND ot.drawn_at >= now() - make_interval(days => ${r.excludeWinnersDays}))`);
  return sql`SELECT a.id FROM trial_applications a WHERE ${sql.join(where, sql` AND `)} ORDER BY a.id`;
}

export async function idsMatching(db: DbOrTx, trialId: number, r: SelectionRules): Promise<number[]> {
  return (await db.execute<{ id: number }>(matchingIds(trialId, r))).rows.map((x) => Number(x.id));
}

export async function applicantCount(db: DbOrTx, trialId: number): Promise<number> {
  const [r] = (
    await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM trial_applications WHERE trial_id = ${trialId}`)
  ).rows;
  return Number(r?.n ?? 0);
}

// ---- selections ----

export interface SelectionRow extends Record<string, unknown> {
  id: number;
  trial_id: number;
  trial_code: string;
  trial_state: TrialState;
  name: string;
  rules: SelectionRules;
  application_ids: number[];
  frozen_at: string | null;
  version: number;
  updated_at: string;
}

const S_SELECT = sql`SELECT s.id, s.trial_id, t.code AS trial_code, t.state AS trial_state, s.name, s.rules, s.application_ids,
  ${ts('s.frozen_at')} AS frozen_at, s.version, ${ts('s.updated_at')} AS updated_at`;

export async function pageOfSelections(db: DbOrTx, q: { trialId?: number | undefined; pageNum: number; pageSize: number }) {
  return pageOf<SelectionRow>(
    db,
    {
      select: S_SELECT,
      from: sql`FROM trial_selections s JOIN trials t ON t.id = s.trial_id WHERE ${q.trialId ? sql`s.trial_id = ${q.trialId}` : sql`TRUE`}`,
      orderBy: sql`s.updated_at DESC, s.id DESC`,
    },
    q,
  );
}

export async function selectionById(db: DbOrTx, id: number, lock = false): Promise<SelectionRow | undefined> {
  if (lock) await db.execute(sql`SELECT id FROM trial_selections WHERE id = ${id} FOR UPDATE`);
  return (
    await db.execute<SelectionRow>(sql`${S_SELECT} FROM trial_selections s JOIN trials t ON t.id = s.trial_id WHERE s.id = ${id}`)
  ).rows[0];
}

// ---- winners ----

export interface WinnerRow extends Record<string, unknown> {
  id: number;
  trial_id: number;
  application_id: number;
  rank: number;
  name: string;
  email: string;
  country: string;
  fields: Record<string, string>;
  state: 'selected' | 'shipped' | 'replaced';
  reason: string | null;
  carrier: string | null;
  tracking_no: string | null;
  shipped_at: string | null;
  version: number;
}

const W_SELECT = sql`SELECT w.id, w.trial_id, w.application_id, w.rank, a.name, a.email, a.country, a.fields, w.state, w.reason,
  w.carrier, w.tracking_no, ${ts('w.shipped_at')} AS shipped_at, w.version
  FROM trial_winners w JOIN trial_applications a ON a.id = w.application_id`;

export async function winnersOf(db: DbOrTx, trialId: number): Promise<WinnerRow[]> {
  return (await db.execute<WinnerRow>(sql`${W_SELECT} WHERE w.trial_id = ${trialId} ORDER BY w.rank`)).rows;
}

export async function winnerById(db: DbOrTx, id: number, lock = false): Promise<WinnerRow | undefined> {
  if (lock) await db.execute(sql`SELECT id FROM trial_winners WHERE id = ${id} FOR UPDATE`);
  return (await db.execute<WinnerRow>(sql`${W_SELECT} WHERE w.id = ${id}`)).rows[0];
}
