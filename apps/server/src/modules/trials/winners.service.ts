/**
 * The draw and the winners (/user-platform/h5ActivityMaking/trialWinners, editTrialWinners;
 * docs/trials.md "The draw"). The draw takes a selection of the trial, freezes it, records a new
 * seed and the pool's draw order (draw.ts), and makes the first `units` of it winners (fewer when
 * the pool is smaller). A winner who declines or cannot be reached is replaced by the next
 * applicant of the draw order nobody took yet (reason required); a winner is shipped with a
 * tracking number. Only while the trial is drawn (409 otherwise); every change audited under the trial.
 */
import type { Lang } from '@bo/contract';
import type { TrialWinner } from '@bo/contract/trials/trials';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { audit } from '../../platform/audit/audit.service';
import type { RequestActor } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';
import { codedFieldError, conflict, notFound, staleVersion } from '../../platform/errors';
import { drawOrder, newSeed } from './draw';
import * as repo from './trials.repository';
import { assertCompany } from './trials.service';

const ADDRESS_TYPES = ['addressLine1', 'addressLine2', 'city', 'region', 'postalCode'] as const;

export function toWinner(r: repo.WinnerRow, fieldTypes: Map<string, string>): TrialWinner {
  const address = Object.entries(r.fields)
    .filter(([k]) => (ADDRESS_TYPES as readonly string[]).includes(fieldTypes.get(k) ?? ''))
    .sort(([a], [b]) => ADDRESS_TYPES.indexOf(fieldTypes.get(a) as 'city') - ADDRESS_TYPES.indexOf(fieldTypes.get(b) as 'city'))
    .map(([, v]) => v)
    .join(', ');
  return {
    id: Number(r.id),
    trialId: Number(r.trial_id),
    applicationId: Number(r.application_id),
    rank: Number(r.rank),
    name: r.name,
    email: r.email,
    country: r.country,
    address,
    state: r.state,
    reason: r.reason,
    carrier: r.carrier,
    trackingNo: r.tracking_no,
    shippedAt: r.shipped_at,
    version: Number(r.version),
  };
}

const typesOf = (t: repo.TrialRow) => new Map((t.fields as { key: string; type: string }[]).map((f) => [f.key, f.type]));

/** Runs the draw of a trial (locked by the caller, moving to drawn): what the audit row records. */
export async function runDraw(tx: DbOrTx, actor: RequestActor, trial: repo.TrialRow, selectionId: number) {
  const sel = await repo.selectionById(tx, selectionId, true);
  if (!sel) throw codedFieldError('selectionId', 'trials.selectionOtherTrial');
  if (Number(sel.trial_id) !== Number(trial.id)) throw codedFieldError('selectionId', 'trials.selectionOtherTrial');
  const pool = sel.application_ids.map(Number);
  if (pool.length === 0) throw codedFieldError('selectionId', 'trials.emptySelection');
  const seed = newSeed();
  const order = drawOrder(seed, pool);
  const chosen = order.slice(0, Number(trial.units));
  await tx.execute(
    sql`UPDATE trial_selections SET frozen_at = now(), version = version + 1, updated_at = now() WHERE id = ${selectionId}`,
  );
  await tx.execute(sql`UPDATE trials SET draw_seed = ${seed}, draw_selection_id = ${selectionId}, draw_order = ${repo.intArray(order)},
    drawn_at = now(), drawn_by = ${actor.userId} WHERE id = ${trial.id}`);
  await tx.execute(sql`
    INSERT INTO trial_winners (trial_id, application_id, rank)
    SELECT ${trial.id}, x.id, x.n FROM unnest(${repo.intArray(chosen)}) WITH ORDINALITY x(id, n)`);
  return { seed, poolSize: pool.length, selectionId, winners: chosen.length };
}

export async function listWinners(ctx: AppContext, actor: RequestActor, trialId: number) {
  assertCompany(actor);
  const t = await repo.trialById(ctx.db, trialId);
  if (!t) throw notFound(`no trial ${trialId}`);
  const rows = await repo.winnersOf(ctx.db, trialId);
  const types = typesOf(t);
  return { list: rows.map((r) => toWinner(r, types)), remaining: (t.draw_order?.length ?? 0) - rows.length };
}

/** The winner and its trial locked (the trial first, the order every winner write takes), as the caller read it. */
async function lockedWinner(tx: DbOrTx, id: number, version: number, lang: Lang) {
  const w0 = await repo.winnerById(tx, id);
  if (!w0) throw notFound(`no winner ${id}`);
  const trial = await repo.trialById(tx, Number(w0.trial_id), true);
  const w = await repo.winnerById(tx, id, true);
  if (!trial || !w) throw notFound(`no winner ${id}`);
  if (Number(w.version) !== version) throw staleVersion();
  if (trial.state !== 'drawn')
    throw conflict(
      lang === 'zh-CN' ? '只有已抽奖的活动才能修改中奖者' : `the trial is ${trial.state}: winners change only while it is drawn`,
      { state: trial.state },
    );
  return { trial, w };
}

export async function replaceWinner(
  ctx: AppContext,
  actor: RequestActor,
  id: number,
  b: { reason: string; version: number },
  lang: Lang,
): Promise<TrialWinner> {
  assertCompany(actor);
  return ctx.db.transaction(async (tx) => {
    const { trial, w } = await lockedWinner(tx, id, b.version, lang);
    if (w.state !== 'selected')
      throw conflict(
        lang === 'zh-CN' ? '只能替换未发货的中奖者' : `this winner is ${w.state}: only a winner not shipped is replaced`,
        {
          state: w.state,
        },
      );
    const taken = new Set((await repo.winnersOf(tx, Number(trial.id))).map((x) => Number(x.application_id)));
    const order = (trial.draw_order ?? []).map(Number);
    const at = order.findIndex((appId) => !taken.has(appId));
    if (at < 0)
      throw conflict(
        lang === 'zh-CN' ? '抽奖顺序中已没有可替补的报名者' : 'nobody is left in the draw order to take this place',
        {
          state: trial.state,
        },
      );
    const next = order[at] as number;
    await tx.execute(sql`UPDATE trial_winners SET state = 'replaced', reason = ${b.reason}, version = version + 1, updated_at = now()
      WHERE id = ${id}`);
    const [row] = (
      await tx.execute<{ id: number }>(sql`INSERT INTO trial_winners (trial_id, application_id, rank)
        VALUES (${trial.id}, ${next}, ${at + 1}) RETURNING id`)
    ).rows;
    await audit(tx, actor, {
      action: 'trial.replaceWinner',
      entity: 'trial',
      entityId: Number(trial.id),
      before: { applicationId: Number(w.application_id), rank: Number(w.rank) },
      after: { applicationId: next, rank: at + 1, reason: b.reason },
    });
    const created = await repo.winnerById(tx, Number(row?.id));
    return toWinner(created as repo.WinnerRow, typesOf(trial));
  });
}

export async function shipWinner(
  ctx: AppContext,
  actor: RequestActor,
  id: number,
  b: { carrier: string; trackingNo: string; version: number },
  lang: Lang,
): Promise<TrialWinner> {
  assertCompany(actor);
  return ctx.db.transaction(async (tx) => {
    const { trial, w } = await lockedWinner(tx, id, b.version, lang);
    if (w.state === 'replaced')
      throw conflict(lang === 'zh-CN' ? '已被替换的中奖者不能发货' : 'a replaced winner is not shipped', { state: w.state });
    await tx.execute(sql`UPDATE trial_winners SET state = 'shipped', carrier = ${b.carrier}, tracking_no = ${b.trackingNo},
      shipped_at = coalesce(shipped_at, now()), version = version + 1, updated_at = now() WHERE id = ${id}`);
    await audit(tx, actor, {
      action: 'trial.ship',
      entity: 'trial',
      entityId: Number(trial.id),
      before: { applicationId: Number(w.application_id), carrier: w.carrier, trackingNo: w.tracking_no },
      after: { applicationId: Number(w.application_id), carrier: b.carrier, trackingNo: b.trackingNo },
    });
    return toWinner((await repo.winnerById(tx, id)) as repo.WinnerRow, typesOf(trial));
  });
}
