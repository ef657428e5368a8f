/**
 * The reads the projects area publishes for other areas (see catalog/catalog.reads.ts for the
 * convention): a project's name, type, SKUs and start day, for OKR objectives that link a
 * project and the advertising figures of a project's SKUs (PPC's `project/skuPerform`); the
 * GTM projects with the caller's right to work on them, for the GTM steps.
 */
import type { Lang } from '@bo/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { RequestActor } from '../../platform/auth/actor';
import { AppError } from '../../platform/errors';
import { startDaySql } from './project-data.repository';
import { coreOf, findProject } from './projects.repository';
import { enforce } from './projects.rules';

/**
 * One row per project: id, account_id, code, name, type, priority, skus (text[]: SKUs or
 * models), start_day (date: launch day, listing day, else open day; null without one).
 */
export const projectDirectory: SQL = sql`(SELECT id, account_id, code, name, type, priority, skus,
       ${startDaySql('projects')} AS start_day FROM projects)`;

/** One GTM project as the go-to-market steps (modules/gtm) read it. */
export interface GtmProjectRef {
  id: number;
  code: string;
  name: string;
  /** `details.launchDate` (yyyy-MM-dd) or null. */
  launchDate: string | null;
  ownerId: number;
  ownerName: string;
  runStatus: string;
  /** Why the caller may not `work` on it (docs/projects.md's table), in the caller's language; null: they may. */
  workRefusal: AppError | null;
}

/**
 * The account's GTM projects (all, or those of `ids`) with the caller's right to `work` on each,
 * decided by this area's rules (projects.rules.ts `enforce`): the GTM steps are written by
 * whoever may work on the project.
 */
export async function gtmProjectsFor(
  db: DbOrTx,
  actor: RequestActor,
  lang: Lang,
  ids?: readonly number[],
): Promise<GtmProjectRef[]> {
  const r = await db.execute<{ id: number }>(sql`
    SELECT id FROM projects WHERE account_id = ${actor.accountId} AND type = 'GTM_PROJECT'
       ${ids ? sql`AND id = ANY(${`{${ids.join(',')}}`}::int[])` : sql``}
     ORDER BY id`);
  const out: GtmProjectRef[] = [];
  for (const { id } of r.rows) {
    const p = await findProject(db, actor.accountId, Number(id));
    if (!p) continue;
    let workRefusal: AppError | null = null;
    try {
      await enforce(db, coreOf(p), 'work', actor, lang);
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      workRefusal = e;
    }
    const launch = p.details.launchDate;
    out.push({
      id: Number(p.id),
      code: p.code,
      name: p.name,
      launchDate: typeof launch === 'string' ? launch : null,
      ownerId: Number(p.owner_id),
      ownerName: p.owner_name ?? `#${p.owner_id}`,
      runStatus: p.run_status,
      workRefusal,
    });
  }
  return out;
}

/**
 * One row per project with what the brand exposure board reads (modules/brand): id, account_id,
 * code, name, type, run_status, metrics (jsonb of spec §9's codes). Who may read projects is this
 * area's rule: `readsProjects`.
 */
export const projectMetricsDirectory: SQL = sql`(SELECT id, account_id, code, name, type, run_status, metrics FROM projects)`;

/** Whether the caller reads the account's projects: the project pages' permission (docs/projects.md "Who: the roles"). */
export const readsProjects = (actor: RequestActor) => actor.builtin || actor.permissions.has('digitize:projectborard');
