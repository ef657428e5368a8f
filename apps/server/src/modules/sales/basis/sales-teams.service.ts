/**
 * Sales teams of /salesBasisInfo. Rules:
 * - A team has a unique name (case-insensitive), an optional director (an enabled user of
 *   the company account) and owns product lines; a line belongs to at most one team
 *   (409 naming the line and its team). Only lines with a category code that group no
 *   other line can be owned: the sales facts carry those.
 * - The director breakdown of /salesProfit joins ownership at read time, so a change shows
 *   in the next read; nothing is rebuilt.
 * - Edits carry the team's version (409 when stale); team writes queue on one lock so the
 *   ownership check and the write agree.
 */
import type { SalesTeam } from '@bo/contract/sales/sales-basis';
import { sql } from 'drizzle-orm';
import { poolOf } from '../../../db/client';
import { audit } from '../../../platform/audit/audit.service';
import type { RequestActor } from '../../../platform/auth/actor';
import type { AppContext } from '../../../platform/context';
import { codedFieldError, fieldConflict, notFound, staleVersion } from '../../../platform/errors';
import { exportLang as langOf } from '../../../platform/export/lang';
import { streamXlsx } from '../../../platform/export/xlsx-stream';
import { todayUtc } from './exchange-rates.service';
import * as repo from './sales-teams.repository';

type Tx = Parameters<Parameters<AppContext['db']['transaction']>[0]>[0];
type TeamBody = { name: string; directorId: number | null; productLineIds: number[] };

const toTeam = (r: repo.TeamRow): SalesTeam => ({
  id: Number(r.id),
  name: r.name,
  directorId: r.director_id === null ? null : Number(r.director_id),
  directorName: r.director_name,
  productLines: r.lines.map((l) => ({ id: Number(l.id), name: l.name, nameEn: l.nameEn })),
  version: Number(r.version),
  updatedAt: r.updated_at,
});

export async function list(
  ctx: AppContext,
  q: { keyword?: string; sortField: string; sortOrder: 'asc' | 'desc'; pageNum: number; pageSize: number },
) {
  const { rows, total } = await repo.listTeams(ctx.db, q);
  return { list: rows.map(toTeam), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

export async function productLines(ctx: AppContext) {
  return (await repo.ownableLines(ctx.db)).map((r) => ({
    ...r,
    id: Number(r.id),
    parentId: r.parentId === null ? null : Number(r.parentId),
    teamId: r.teamId === null ? null : Number(r.teamId),
  }));
}

/** Checks a body against the rules above; answers the line ids without duplicates. */
async function checkBody(tx: Tx, body: TeamBody, teamId: number | null): Promise<number[]> {
  const ids = [...new Set(body.productLineIds)].sort((a, b) => a - b);
  if (body.directorId !== null && !(await repo.directorOk(tx, body.directorId)))
    throw codedFieldError('directorId', 'sales.directorNotEnabled');
  const bad = await repo.notOwnable(tx, ids);
  if (bad.length) throw codedFieldError('productLineIds', 'sales.lineNotOwnable', { ids: bad.join(', ') });
  if (await repo.nameTaken(tx, body.name, teamId)) throw fieldConflict(`a team named ${body.name} exists`, 'name', 'nameTaken');
  const taken = await repo.ownedElsewhere(tx, ids, teamId);
  if (taken.length) {
    const list = taken.map((t) => `${t.line_name_en} (${t.line_name}) → ${t.team_name}`).join('; ');
    throw fieldConflict(
      `a product line belongs to at most one team; already owned: ${list}`,
      'productLineIds',
      'sales.lineOwnedElsewhere',
      { list },
      {
        owned: taken.map((t) => ({ productLineId: Number(t.line_id), teamId: Number(t.team_id), teamName: t.team_name })),
      },
    );
  }
  return ids;
}

export async function create(ctx: AppContext, actor: RequestActor, body: TeamBody) {
  return ctx.db.transaction(async (tx) => {
    await repo.lockTeams(tx);
    const ids = await checkBody(tx, body, null);
    const id = await repo.insertTeam(tx, body.name, body.directorId);
    await repo.setLines(tx, id, ids);
    await audit(tx, actor, {
      action: 'salesTeam.create',
      entity: 'sales_team',
      entityId: id,
      after: { name: body.name, directorId: body.directorId, productLineIds: ids },
    });
    return { id, version: 1 };
  });
}

async function lockedTeam(tx: Tx, id: number) {
  await repo.lockTeams(tx);
  const team = await repo.findTeam(tx, id);
  if (!team) throw notFound(`no sales team ${id}`);
  return team;
}

export async function update(ctx: AppContext, actor: RequestActor, id: number, body: TeamBody & { version: number }) {
  return ctx.db.transaction(async (tx) => {
    const before = await lockedTeam(tx, id);
    if (Number(before.version) !== body.version) throw staleVersion();
    const ids = await checkBody(tx, body, id);
    await repo.updateTeam(tx, id, body.name, body.directorId);
    await repo.setLines(tx, id, ids);
    await audit(tx, actor, {
      action: 'salesTeam.update',
      entity: 'sales_team',
      entityId: id,
      before: { name: before.name, directorId: before.director_id, productLineIds: before.line_ids.map(Number) },
      after: { name: body.name, directorId: body.directorId, productLineIds: ids },
    });
    return { version: Number(before.version) + 1 };
  });
}

export async function remove(ctx: AppContext, actor: RequestActor, id: number) {
  await ctx.db.transaction(async (tx) => {
    const before = await lockedTeam(tx, id);
    await repo.deleteTeam(tx, id);
    await audit(tx, actor, {
      action: 'salesTeam.delete',
      entity: 'sales_team',
      entityId: id,
      before: { name: before.name, directorId: before.director_id, productLineIds: before.line_ids.map(Number) },
    });
  });
  return null;
}

/** One row per owned line (a team without lines: one row), so the sheet filters and pivots. */
export async function exportExcel(ctx: AppContext, q: { keyword?: string }, acceptLanguage: string | undefined) {
  const zh = langOf(acceptLanguage) === 'zh';
  const t = (a: string, b: string) => (zh ? a : b);
  const text = (k: string) => (r: Record<string, unknown>) => (r[k] as string | null) ?? null;
  return streamXlsx(poolOf(ctx.db), {
    fileName: `${t('销售团队', 'sales-teams')}_${todayUtc()}.xlsx`,
    sheetName: t('销售团队', 'Sales teams'),
    columns: [
      { header: t('团队', 'Team'), width: 26, value: text('name') },
      { header: t('销售总监', 'Director'), width: 26, value: text('director_name') },
      {
        header: t('产品线', 'Product line'),
        width: 22,
        value: (r) => (zh ? (r.line_name as string | null) : (r.line_name_en as string | null)),
      },
      { header: t('类目编码', 'Line code'), width: 12, value: text('line_code') },
      { header: t('版本', 'Version'), width: 9, value: (r) => Number(r.version) },
      { header: t('修改时间 (UTC)', 'Changed at (UTC)'), width: 22, value: text('updated_at') },
    ],
    query: sql`
      SELECT x.name, x.director_name, x.version, x.updated_at, pl.name AS line_name, pl.name_en AS line_name_en, pl.code AS line_code
        FROM (${repo.teamsQuery(q.keyword)}) x
        LEFT JOIN sales_team_lines tl ON tl.team_id = x.id
        LEFT JOIN product_lines pl ON pl.id = tl.product_line_id
       ORDER BY lower(x.name), x.id, pl.code, pl.id`,
    map: (r) => r,
  });
}
