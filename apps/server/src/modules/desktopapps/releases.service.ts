/**
 * Desktop app releases (/user-platform/desktopAppUpdate; docs/desktop-updates.md). Rules:
 * - a release's platform is one its product is built for (400 on `platform`);
 * - its version is above every other release of the product, channel and platform that went out
 *   (any state but draft; 400 on `version` naming it), checked again when a draft goes out; the
 *   same version twice in a lane is a 409 on `version`;
 * - once out, only the notes and the minimum version change (400 on the frozen field); a rolled
 *   back release changes no more (409, it is final); only a draft is deleted;
 * - the state moves by RELEASE_MACHINE (409 naming the state otherwise); a rollout's percentage,
 *   a release (100 %), a pause and a rollback are each audited with before and after.
 * Writes lock the product row first, so two writers of one product cannot both pass the checks.
 */
import { type Lang, refusalText, transitionFrom } from '@bo/contract';
import { compareVersions } from '@bo/contract/appcontent/semver';
import {
  type DesktopRelease,
  RELEASE_MACHINE,
  type ReleaseAction,
  type ReleaseBody,
} from '@bo/contract/desktopapps/desktop-apps';
import { parseReleaseVersion } from '@bo/contract/desktopapps/rollout';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { audit } from '../../platform/audit/audit.service';
import type { RequestActor } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';
import { codedFieldError, conflict, fieldConflict, notFound, staleVersion } from '../../platform/errors';
import * as repo from './desktopapps.repository';
import { assertCompany, productOf } from './products.service';

export const toRelease = (r: repo.ReleaseRow): DesktopRelease => ({
  id: Number(r.id),
  productId: Number(r.product_id),
  productCode: r.product_code,
  productNameZh: r.product_name_zh,
  productNameEn: r.product_name_en,
  version: r.release_version,
  channel: r.channel,
  platform: r.platform,
  downloadUrl: r.download_url,
  sha256: r.sha256,
  notesZh: r.notes_zh,
  notesEn: r.notes_en,
  minimumVersion: r.minimum_version,
  state: r.state,
  percentage: Number(r.percentage),
  firstLiveAt: r.first_live_at,
  rowVersion: Number(r.version),
  updatedBy: r.updated_by,
  updatedAt: r.updated_at,
});

/** What an audit row keeps of a release. */
const terms = (r: DesktopRelease) => ({
  version: r.version,
  channel: r.channel,
  platform: r.platform,
  downloadUrl: r.downloadUrl,
  sha256: r.sha256,
  notesZh: r.notesZh,
  notesEn: r.notesEn,
  minimumVersion: r.minimumVersion,
  state: r.state,
  percentage: r.percentage,
});

export async function listReleases(ctx: AppContext, actor: RequestActor, q: repo.ReleaseQuery) {
  assertCompany(actor);
  const { rows, total } = await repo.pageOfReleases(ctx.db, q);
  return { list: rows.map(toRelease), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

async function releaseOf(db: DbOrTx, id: number, lock = false): Promise<DesktopRelease> {
  const r = await repo.releaseById(db, id, lock);
  if (!r) throw notFound(`no desktop release ${id}`);
  return toRelease(r);
}

const numbersOf = (version: string) => {
  const v = parseReleaseVersion(version);
  if (!v) throw codedFieldError('version', 'desktop.releaseVersion');
  return v;
};

/** 400 on version unless it is above every other release of its lane that went out. */
async function checkAbove(
  db: DbOrTx,
  lane: { productId: number; channel: string; platform: string; version: string },
  id: number | null,
) {
  const highest = await repo.highestOutVersion(db, lane, id);
  const top = highest ? parseReleaseVersion(highest) : null;
  if (top && compareVersions(numbersOf(lane.version), top) <= 0)
    throw codedFieldError('version', 'desktop.versionNotAbove', { latest: highest as string });
}

/** The body's own checks against its product and lane. */
async function checkBody(tx: DbOrTx, b: ReleaseBody, id: number | null) {
  if (!(await repo.productById(tx, b.productId))) throw codedFieldError('productId', 'desktop.unknownProduct');
  const product = await productOf(tx, b.productId, true);
  if (!(product.platforms as string[]).includes(b.platform)) throw codedFieldError('platform', 'desktop.platformNotOffered');
  const v = numbersOf(b.version);
  const min = b.minimumVersion ? parseReleaseVersion(b.minimumVersion) : null;
  if (min && compareVersions(min, v) > 0) throw codedFieldError('minimumVersion', 'desktop.minimumAbove');
  const lane = { productId: b.productId, channel: b.channel, platform: b.platform, version: b.version };
  if (await repo.versionTaken(tx, lane, id))
    throw fieldConflict(`version ${b.version} exists in this lane`, 'version', 'desktop.versionTaken');
  await checkAbove(tx, lane, id);
  return v;
}

export async function createRelease(ctx: AppContext, actor: RequestActor, b: ReleaseBody): Promise<DesktopRelease> {
  assertCompany(actor);
  return ctx.db.transaction(async (tx) => {
    const [major, minor, patch] = await checkBody(tx, b, null);
    const [row] = (
      await tx.execute<{ id: number }>(sql`
        INSERT INTO desktop_app_releases (product_id, release_version, v_major, v_minor, v_patch, channel, platform,
               download_url, sha256, notes_zh, notes_en, minimum_version, updated_by)
        VALUES (${b.productId}, ${b.version}, ${major}, ${minor}, ${patch}, ${b.channel}, ${b.platform}, ${b.downloadUrl},
               ${b.sha256}, ${b.notesZh}, ${b.notesEn}, ${b.minimumVersion}, ${actor.userId})
        RETURNING id`)
    ).rows;
    const r = await releaseOf(tx, Number(row?.id));
    await audit(tx, actor, { action: 'create', entity: 'desktop_app_release', entityId: r.id, after: terms(r) });
    return r;
  });
}

/**
 * The release locked for a change, its product locked first (the order every release write
 * takes), as the caller read it: 409 when it changed since.
 */
async function lockedRelease(tx: DbOrTx, id: number, rowVersion: number): Promise<DesktopRelease> {
  const current = await releaseOf(tx, id);
  await productOf(tx, current.productId, true);
  const before = await releaseOf(tx, id, true);
  if (before.rowVersion !== rowVersion) throw staleVersion();
  return before;
}

const FROZEN = ['productId', 'version', 'channel', 'platform', 'downloadUrl', 'sha256'] as const;

export async function updateRelease(
  ctx: AppContext,
  actor: RequestActor,
  id: number,
  b: ReleaseBody & { rowVersion: number },
  lang: Lang,
): Promise<DesktopRelease> {
  assertCompany(actor);
  return ctx.db.transaction(async (tx) => {
    const before = await lockedRelease(tx, id, b.rowVersion);
    if (before.state === 'rolledBack')
      throw conflict(
        lang === 'zh-CN' ? '版本已回滚，不能再修改' : 'a rolled-back release is final: it does not change any more',
        { state: before.state },
      );
    if (before.state !== 'draft') {
      const changed = FROZEN.find((f) => String(b[f]) !== String(before[f]));
      if (changed) throw codedFieldError(changed, 'desktop.frozen');
    }
    const [major, minor, patch] = await checkBody(tx, b, id);
    await tx.execute(sql`
      UPDATE desktop_app_releases SET product_id = ${b.productId}, release_version = ${b.version}, v_major = ${major},
             v_minor = ${minor}, v_patch = ${patch}, channel = ${b.channel}, platform = ${b.platform},
             download_url = ${b.downloadUrl}, sha256 = ${b.sha256}, notes_zh = ${b.notesZh}, notes_en = ${b.notesEn},
             minimum_version = ${b.minimumVersion}, updated_by = ${actor.userId}, version = version + 1, updated_at = now()
       WHERE id = ${id}`);
    const after = await releaseOf(tx, id);
    await audit(tx, actor, {
      action: 'update',
      entity: 'desktop_app_release',
      entityId: id,
      before: terms(before),
      after: terms(after),
    });
    return after;
  });
}

const AUDIT_OF = {
  rollout: 'desktopRelease.rollout',
  release: 'desktopRelease.release',
  pause: 'desktopRelease.pause',
  rollBack: 'desktopRelease.rollBack',
} as const satisfies Record<ReleaseAction, string>;

export async function actOnRelease(
  ctx: AppContext,
  actor: RequestActor,
  id: number,
  b: { action: ReleaseAction; rowVersion: number; percentage?: number | undefined },
  lang: Lang,
): Promise<DesktopRelease> {
  assertCompany(actor);
  return ctx.db.transaction(async (tx) => {
    const before = await lockedRelease(tx, id, b.rowVersion);
    const step = transitionFrom(RELEASE_MACHINE, before.state, b.action);
    if (!step) throw conflict(refusalText(RELEASE_MACHINE, before.state, b.action, lang), { state: before.state });
    // A draft going out must still be above what went out since it was written.
    if (before.state === 'draft') await checkAbove(tx, before, id);
    const percentage = step.to === 'released' ? 100 : step.to === 'rolling' ? (b.percentage as number) : before.percentage;
    await tx.execute(sql`
      UPDATE desktop_app_releases SET state = ${step.to}, percentage = ${String(percentage)},
             first_live_at = CASE WHEN ${step.to} IN ('rolling', 'released') THEN coalesce(first_live_at, now()) ELSE first_live_at END,
             updated_by = ${actor.userId}, version = version + 1, updated_at = now()
       WHERE id = ${id}`);
    const after = await releaseOf(tx, id);
    await audit(tx, actor, {
      action: AUDIT_OF[b.action],
      entity: 'desktop_app_release',
      entityId: id,
      before: { state: before.state, percentage: before.percentage },
      after: { state: after.state, percentage: after.percentage },
    });
    return after;
  });
}

export async function deleteRelease(ctx: AppContext, actor: RequestActor, id: number, lang: Lang): Promise<null> {
  assertCompany(actor);
  return ctx.db.transaction(async (tx) => {
    const before = await releaseOf(tx, id, true);
    if (before.state !== 'draft')
      throw conflict(
        lang === 'zh-CN'
          ? '只能删除草稿版本：这个版本已发出，请改为回滚'
          : 'only a draft release is deleted: this one went out; roll it back instead',
        { state: before.state },
      );
    await tx.execute(sql`DELETE FROM desktop_app_releases WHERE id = ${id}`);
    await audit(tx, actor, { action: 'delete', entity: 'desktop_app_release', entityId: id, before: terms(before) });
    return null;
  });
}
