/**
 * Problem and demand trees. Rules:
 * - A node lives in one tree (kind) of one company account; names are unique among its
 *   siblings (409 naming the field); depth is at most TREE_MAX_DEPTH.
 * - A move never puts a node under itself or a descendant (400); siblings keep a dense
 *   order 0..n-1 after every add, move and delete.
 * - Disabling a node disables its descendants; a node cannot be enabled under a disabled
 *   parent. A node with children cannot be deleted (409): disable it instead.
 * - Writes of one tree queue on one lock; edits carry the version (409 when stale); every
 *   write has an audit row.
 */
import { TREE_MAX_DEPTH, type TreeKind, type TreeNode } from '@bo/contract/mail/cs-trees';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { audit } from '../../../platform/audit/audit.service';
import type { RequestActor } from '../../../platform/auth/actor';
import type { AppContext } from '../../../platform/context';
import { codedFieldError, conflict, fieldConflict, notFound, staleVersion } from '../../../platform/errors';

interface Raw extends Record<string, unknown> {
  id: number;
  parent_id: number | null;
  name: string;
  name_en: string;
  sort: number;
  enabled: boolean;
  version: number;
  child_count: number;
}

const toNode = (r: Raw): TreeNode => ({
  id: Number(r.id),
  parentId: r.parent_id === null ? null : Number(r.parent_id),
  name: r.name,
  nameEn: r.name_en,
  sort: Number(r.sort),
  enabled: r.enabled,
  version: Number(r.version),
  childCount: Number(r.child_count),
});

const COLUMNS = sql`n.id, n.parent_id, n.name, n.name_en, n.sort, n.enabled, n.version,
  (SELECT count(*)::int FROM cs_tree_nodes c WHERE c.parent_id = n.id) AS child_count`;

export async function list(ctx: AppContext, actor: RequestActor, kind: TreeKind) {
  const res = await ctx.db.execute<Raw>(sql`
    WITH RECURSIVE t AS (
      SELECT id, ARRAY[sort, id] AS path FROM cs_tree_nodes
       WHERE account_id = ${actor.accountId} AND kind = ${kind} AND parent_id IS NULL
      UNION ALL
      SELECT c.id, t.path || ARRAY[c.sort, c.id] FROM cs_tree_nodes c JOIN t ON c.parent_id = t.id)
    SELECT ${COLUMNS} FROM t JOIN cs_tree_nodes n ON n.id = t.id ORDER BY t.path`);
  return res.rows.map(toNode);
}

const lockTree = (tx: DbOrTx, actor: RequestActor, kind: TreeKind) =>
  tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`cs_tree_nodes:${kind}`}), ${actor.accountId})`);

async function find(tx: DbOrTx, actor: RequestActor, kind: TreeKind, id: number) {
  const res = await tx.execute<Raw>(
    sql`SELECT ${COLUMNS} FROM cs_tree_nodes n WHERE n.id = ${id} AND n.account_id = ${actor.accountId} AND n.kind = ${kind}`,
  );
  return res.rows[0] ?? null;
}

async function mustFind(tx: DbOrTx, actor: RequestActor, kind: TreeKind, id: number) {
  const row = await find(tx, actor, kind, id);
  if (!row) throw notFound(`no ${kind} tree node ${id}`);
  return row;
}

/** Depth of a node (a root is 1). */
async function depthOf(tx: DbOrTx, id: number): Promise<number> {
  const res = await tx.execute<{ d: number }>(sql`
    WITH RECURSIVE up AS (SELECT id, parent_id, 1 AS d FROM cs_tree_nodes WHERE id = ${id}
      UNION ALL SELECT p.id, p.parent_id, up.d + 1 FROM cs_tree_nodes p JOIN up ON p.id = up.parent_id)
    SELECT max(d)::int AS d FROM up`);
  return Number(res.rows[0]?.d ?? 0);
}

/** Ids of a node and all its descendants, with the subtree's height (the node alone: 1). */
async function subtree(tx: DbOrTx, id: number) {
  const res = await tx.execute<{ id: number; d: number }>(sql`
    WITH RECURSIVE down AS (SELECT id, 1 AS d FROM cs_tree_nodes WHERE id = ${id}
      UNION ALL SELECT c.id, down.d + 1 FROM cs_tree_nodes c JOIN down ON c.parent_id = down.id)
    SELECT id, d FROM down`);
  return { ids: res.rows.map((r) => Number(r.id)), height: Math.max(...res.rows.map((r) => Number(r.d))) };
}

async function parentOk(tx: DbOrTx, actor: RequestActor, kind: TreeKind, parentId: number | null) {
  if (parentId === null) return null;
  const p = await find(tx, actor, kind, parentId);
  if (!p) throw codedFieldError('parentId', 'mail.noTreeNode', { kind, id: parentId });
  return p;
}

async function nameFree(
  tx: DbOrTx,
  actor: RequestActor,
  kind: TreeKind,
  parentId: number | null,
  name: string,
  exceptId: number | null,
) {
  const res = await tx.execute(sql`
    SELECT 1 FROM cs_tree_nodes WHERE account_id = ${actor.accountId} AND kind = ${kind}
       AND coalesce(parent_id, 0) = ${parentId ?? 0} AND lower(name) = lower(${name})
       ${exceptId === null ? sql`` : sql`AND id <> ${exceptId}`}`);
  if (res.rows.length) throw fieldConflict(`a sibling named ${name} exists`, 'name', 'mail.siblingNameTaken');
}

/** Dense sibling order 0..n-1, keeping the current order. */
const renumber = (tx: DbOrTx, actor: RequestActor, kind: TreeKind, parentId: number | null) =>
  tx.execute(sql`
    UPDATE cs_tree_nodes n SET sort = o.rn FROM (
      SELECT id, (row_number() OVER (ORDER BY sort, id) - 1)::int AS rn FROM cs_tree_nodes
       WHERE account_id = ${actor.accountId} AND kind = ${kind} AND coalesce(parent_id, 0) = ${parentId ?? 0}) o
     WHERE n.id = o.id AND n.sort <> o.rn`);

const snapshot = (r: Raw) => ({ parentId: r.parent_id, name: r.name, nameEn: r.name_en, sort: r.sort, enabled: r.enabled });

export async function create(
  ctx: AppContext,
  actor: RequestActor,
  kind: TreeKind,
  b: { parentId: number | null; name: string; nameEn: string },
) {
  return ctx.db.transaction(async (tx) => {
    await lockTree(tx, actor, kind);
    const parent = await parentOk(tx, actor, kind, b.parentId);
    if (parent && (await depthOf(tx, Number(parent.id))) >= TREE_MAX_DEPTH)
      throw codedFieldError('parentId', 'mail.treeDepth', { max: TREE_MAX_DEPTH });
    await nameFree(tx, actor, kind, b.parentId, b.name, null);
    const res = await tx.execute<{ id: number }>(sql`
      INSERT INTO cs_tree_nodes (account_id, kind, parent_id, name, name_en, enabled, sort)
      SELECT ${actor.accountId}, ${kind}, ${b.parentId}, ${b.name}, ${b.nameEn}, ${parent ? parent.enabled : true},
             coalesce(max(sort) + 1, 0)
        FROM cs_tree_nodes WHERE account_id = ${actor.accountId} AND kind = ${kind} AND coalesce(parent_id, 0) = ${b.parentId ?? 0}
      RETURNING id`);
    const id = Number(res.rows[0]?.id);
    const node = await mustFind(tx, actor, kind, id);
    await audit(tx, actor, { action: 'csTree.create', entity: `cs_tree_${kind}`, entityId: id, after: snapshot(node) });
    return toNode(node);
  });
}

export async function update(
  ctx: AppContext,
  actor: RequestActor,
  kind: TreeKind,
  b: { id: number; version: number; name: string; nameEn: string; enabled: boolean },
) {
  return ctx.db.transaction(async (tx) => {
    await lockTree(tx, actor, kind);
    const old = await mustFind(tx, actor, kind, b.id);
    if (Number(old.version) !== b.version) throw staleVersion();
    const parentId = old.parent_id === null ? null : Number(old.parent_id);
    await nameFree(tx, actor, kind, parentId, b.name, b.id);
    if (b.enabled && !old.enabled && parentId !== null) {
      const parent = await mustFind(tx, actor, kind, parentId);
      if (!parent.enabled) throw codedFieldError('enabled', 'mail.parentDisabled');
    }
    await tx.execute(sql`UPDATE cs_tree_nodes SET name = ${b.name}, name_en = ${b.nameEn}, enabled = ${b.enabled},
                          version = version + 1, updated_at = now() WHERE id = ${b.id}`);
    if (!b.enabled && old.enabled) {
      const { ids } = await subtree(tx, b.id);
      await tx.execute(sql`UPDATE cs_tree_nodes SET enabled = false, version = version + 1, updated_at = now()
                            WHERE id = ANY(${`{${ids.filter((i) => i !== b.id).join(',')}}`}::int[]) AND enabled`);
    }
    const node = await mustFind(tx, actor, kind, b.id);
    await audit(tx, actor, {
      action: 'csTree.update',
      entity: `cs_tree_${kind}`,
      entityId: b.id,
      before: snapshot(old),
      after: snapshot(node),
    });
    return toNode(node);
  });
}

export async function move(
  ctx: AppContext,
  actor: RequestActor,
  kind: TreeKind,
  b: { id: number; version: number; parentId: number | null; index: number },
) {
  return ctx.db.transaction(async (tx) => {
    await lockTree(tx, actor, kind);
    const old = await mustFind(tx, actor, kind, b.id);
    if (Number(old.version) !== b.version) throw staleVersion();
    const { ids, height } = await subtree(tx, b.id);
    if (b.parentId !== null && ids.includes(b.parentId)) throw codedFieldError('parentId', 'mail.moveUnderSelf');
    const parent = await parentOk(tx, actor, kind, b.parentId);
    const parentDepth = parent ? await depthOf(tx, Number(parent.id)) : 0;
    if (parentDepth + height > TREE_MAX_DEPTH) throw codedFieldError('parentId', 'mail.treeDepth', { max: TREE_MAX_DEPTH });
    const oldParent = old.parent_id === null ? null : Number(old.parent_id);
    if (oldParent !== b.parentId) await nameFree(tx, actor, kind, b.parentId, old.name, b.id);
    // Make room at the index among the new siblings (without the node itself), then place it there.
    await tx.execute(sql`UPDATE cs_tree_nodes SET sort = sort + 1
                          WHERE account_id = ${actor.accountId} AND kind = ${kind} AND coalesce(parent_id, 0) = ${b.parentId ?? 0}
                            AND id <> ${b.id} AND sort >= ${b.index}`);
    await tx.execute(sql`UPDATE cs_tree_nodes SET parent_id = ${b.parentId}, sort = ${b.index}, version = version + 1,
                          updated_at = now() WHERE id = ${b.id}`);
    if (parent && !parent.enabled)
      await tx.execute(sql`UPDATE cs_tree_nodes SET enabled = false WHERE id = ANY(${`{${ids.join(',')}}`}::int[])`);
    await renumber(tx, actor, kind, b.parentId);
    if (oldParent !== b.parentId) await renumber(tx, actor, kind, oldParent);
    const node = await mustFind(tx, actor, kind, b.id);
    await audit(tx, actor, {
      action: 'csTree.move',
      entity: `cs_tree_${kind}`,
      entityId: b.id,
      before: snapshot(old),
      after: snapshot(node),
    });
    return toNode(node);
  });
}

export async function remove(ctx: AppContext, actor: RequestActor, kind: TreeKind, id: number) {
  await ctx.db.transaction(async (tx) => {
    await lockTree(tx, actor, kind);
    const old = await mustFind(tx, actor, kind, id);
    if (Number(old.child_count) > 0)
      throw conflict(`${old.name} has ${old.child_count} child node(s): delete or move them first, or disable the node`);
    const used = await tx.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM mail_dialogue_problems WHERE node_id = ${id}`,
    );
    const n = used.rows[0]?.n ?? 0;
    if (n > 0) throw conflict(`${old.name} is a related problem of ${n} mail dialogue(s): disable the node instead`);
    await tx.execute(sql`DELETE FROM cs_tree_nodes WHERE id = ${id}`);
    await renumber(tx, actor, kind, old.parent_id === null ? null : Number(old.parent_id));
    await audit(tx, actor, { action: 'csTree.delete', entity: `cs_tree_${kind}`, entityId: id, before: snapshot(old) });
  });
  return null;
}
