import { asc, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import type { RequestActor } from '../../../platform/auth/actor';
import { isInternal } from '../../../platform/auth/actor';
import { subsystemIdsOfUser } from '../users/users.repository';
import { subsystems } from './subsystems.table';

/** The subsystems linked to the user; internal users with none linked see them all. */
export async function subsystemsForUser(db: DbOrTx, actor: RequestActor) {
  const ids = await subsystemIdsOfUser(db, actor.userId);
  const cols = {
    id: subsystems.id,
    code: subsystems.code,
    name: subsystems.name,
    nameEn: subsystems.nameEn,
    url: subsystems.url,
  };
  if (ids.length === 0) {
    return isInternal(actor) ? db.select(cols).from(subsystems).orderBy(asc(subsystems.sort)) : [];
  }
  return db.select(cols).from(subsystems).where(inArray(subsystems.id, ids)).orderBy(asc(subsystems.sort));
}
