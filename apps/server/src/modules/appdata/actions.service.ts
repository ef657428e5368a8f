/**
 * The action list (/user-platform/actionList; docs/app-data.md "Action list"). A key is unique
 * (409 on `key`); once the app has reported the action its key stays (409 `appData.actionKeyInUse`)
 * and it is not deleted (409 `appData.actionReported`, naming how often: disable it instead, so
 * the square keeps its history and the app's events are refused). Edits carry the version read;
 * every write is audited (app_data_action). Company data: external accounts are refused.
 */
import type { ActionBody, AppAction } from '@bo/contract/appdata/actions';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { audit } from '../../platform/audit/audit.service';
import { isInternal, type RequestActor } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';
import { fieldConflict, forbidden, notFound, staleVersion } from '../../platform/errors';
import * as repo from './actions.repository';

/** What the app reports is the company's: refused to external accounts whatever their roles. */
export function assertCompany(actor: RequestActor): void {
  if (!isInternal(actor)) throw forbidden('what the app reports is company data');
}

const toAction = (r: repo.ActionRow): AppAction => ({
  id: Number(r.id),
  key: r.key,
  nameZh: r.name_zh,
  nameEn: r.name_en,
  descriptionZh: r.description_zh,
  descriptionEn: r.description_en,
  params: r.params.map((p) => ({ name: p.name, type: p.type, values: p.values ?? [], required: p.required ?? false })),
  enabled: r.enabled,
  reported: Number(r.reported),
  firstReportedAt: r.first_reported_at,
  lastDay: r.last_day,
  version: Number(r.version),
  updatedBy: r.updated_by,
  updatedAt: r.updated_at,
});

/** What an audit row keeps of an action. */
const terms = (a: AppAction) => ({
  key: a.key,
  nameZh: a.nameZh,
  nameEn: a.nameEn,
  descriptionZh: a.descriptionZh,
  descriptionEn: a.descriptionEn,
  params: a.params.map(
    (p) => `${p.name}: ${p.type}${p.values.length ? ` (${p.values.join('|')})` : ''}${p.required ? ' *' : ''}`,
  ),
  enabled: a.enabled,
});

export async function listActions(ctx: AppContext, actor: RequestActor, q: repo.ActionQuery) {
  assertCompany(actor);
  const { rows, total } = await repo.pageOfActions(ctx.db, q);
  return { list: rows.map(toAction), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

async function actionOf(db: DbOrTx, id: number, lock = false): Promise<AppAction> {
  const r = await repo.actionById(db, id, lock);
  if (!r) throw notFound(`no action ${id}`);
  return toAction(r);
}

async function checkKey(db: DbOrTx, key: string, exceptId: number | null) {
  if (await repo.keyTaken(db, key, exceptId)) throw fieldConflict(`action key ${key} is taken`, 'key', 'appData.actionKeyTaken');
}

const lockKeys = (db: DbOrTx) => db.execute(sql`SELECT pg_advisory_xact_lock(hashtext('app_data_actions.key'))`);

export async function createAction(ctx: AppContext, actor: RequestActor, b: ActionBody): Promise<AppAction> {
  assertCompany(actor);
  return ctx.db.transaction(async (tx) => {
    await lockKeys(tx);
    await checkKey(tx, b.key, null);
    const id = await repo.insertAction(tx, b, actor.userId);
    const a = await actionOf(tx, id);
    await audit(tx, actor, { action: 'create', entity: 'app_data_action', entityId: id, after: terms(a) });
    return a;
  });
}

export async function updateAction(
  ctx: AppContext,
  actor: RequestActor,
  id: number,
  b: ActionBody & { version: number },
): Promise<AppAction> {
  assertCompany(actor);
  return ctx.db.transaction(async (tx) => {
    await lockKeys(tx);
    const before = await actionOf(tx, id, true);
    if (before.version !== b.version) throw staleVersion();
    if (b.key !== before.key && before.firstReportedAt)
      throw fieldConflict(`action ${before.key} has been reported: its key stays`, 'key', 'appData.actionKeyInUse');
    await checkKey(tx, b.key, id);
    await repo.updateAction(tx, id, b, actor.userId);
    const after = await actionOf(tx, id);
    await audit(tx, actor, {
      action: 'update',
      entity: 'app_data_action',
      entityId: id,
      before: terms(before),
      after: terms(after),
    });
    return after;
  });
}

export async function deleteAction(ctx: AppContext, actor: RequestActor, id: number): Promise<null> {
  assertCompany(actor);
  return ctx.db.transaction(async (tx) => {
    const before = await actionOf(tx, id, true);
    if (before.firstReportedAt)
      throw fieldConflict(`action ${before.key} was reported ${before.reported} times`, 'id', 'appData.actionReported', {
        count: before.reported,
      });
    await repo.deleteAction(tx, id);
    await audit(tx, actor, { action: 'delete', entity: 'app_data_action', entityId: id, before: terms(before) });
    return null;
  });
}
