/**
 * Related problems: a dialogue links to nodes of the account's problem tree. Only enabled
 * nodes of the caller's account may be linked; a node stays linked when it is disabled
 * later (history), and a linked node cannot be deleted (cs-trees.service.ts).
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { intSet } from '../../../db/sql';
import { audit } from '../../../platform/audit/audit.service';
import type { RequestActor } from '../../../platform/auth/actor';
import type { AppContext } from '../../../platform/context';
import { codedFieldError, notFound } from '../../../platform/errors';
import { loadDialogue } from '../dialogues/dialogues.service';

type NodeRaw = { id: number; parent_id: number | null; name: string; name_en: string; enabled: boolean };

async function problemTree(db: DbOrTx, actor: RequestActor) {
  return (
    await db.execute<NodeRaw>(
      sql`SELECT id, parent_id, name, name_en, enabled FROM cs_tree_nodes
           WHERE account_id = ${actor.accountId} AND kind = 'problem' ORDER BY parent_id NULLS FIRST, sort, id`,
    )
  ).rows;
}

async function answer(db: DbOrTx, actor: RequestActor, dialogueId: number) {
  const tree = await problemTree(db, actor);
  const byId = new Map(tree.map((n) => [n.id, n]));
  const linked = (
    await db.execute<{ node_id: number }>(
      sql`SELECT node_id FROM mail_dialogue_problems WHERE dialogue_id = ${dialogueId} ORDER BY created_at, node_id`,
    )
  ).rows;
  const pathOf = (id: number) => {
    const out: NodeRaw[] = [];
    for (let n = byId.get(id); n && out.length < 10; n = n.parent_id === null ? undefined : byId.get(n.parent_id)) out.unshift(n);
    return out;
  };
  // A node is offered when it and every ancestor are enabled (disabling a node disables its subtree).
  const offered = tree.filter((n) => pathOf(n.id).every((p) => p.enabled));
  return {
    dialogueId,
    problems: linked
      .filter((l) => byId.has(l.node_id))
      .map((l) => {
        const n = byId.get(l.node_id) as NodeRaw;
        const path = pathOf(n.id);
        return {
          nodeId: n.id,
          name: n.name,
          nameEn: n.name_en,
          path: path.map((p) => p.name),
          pathEn: path.map((p) => p.name_en || p.name),
          enabled: path.every((p) => p.enabled),
        };
      }),
    options: offered.map((n) => ({ id: n.id, parentId: n.parent_id, name: n.name, nameEn: n.name_en })),
  };
}

export async function list(ctx: AppContext, actor: RequestActor, dialogueId: number) {
  await loadDialogue(ctx.db, actor, dialogueId);
  return answer(ctx.db, actor, dialogueId);
}

export async function add(ctx: AppContext, actor: RequestActor, dialogueId: number, nodeIds: number[]) {
  return ctx.db.transaction(async (tx) => {
    await loadDialogue(tx, actor, dialogueId, true);
    const ids = [...new Set(nodeIds)];
    const current = await answer(tx, actor, dialogueId);
    const offered = new Set(current.options.map((o) => o.id));
    const known = new Set(
      (
        await tx.execute<{ id: number }>(
          sql`SELECT id FROM cs_tree_nodes WHERE id IN ${intSet(ids)} AND account_id = ${actor.accountId} AND kind = 'problem'`,
        )
      ).rows.map((r) => r.id),
    );
    const missing = ids.filter((id) => !known.has(id));
    if (missing.length) throw notFound(`problem node ${missing.join(', ')} not found`);
    const linked = new Set(current.problems.map((p) => p.nodeId));
    const fresh = ids.filter((id) => !linked.has(id));
    const disabled = fresh.filter((id) => !offered.has(id));
    if (disabled.length) throw codedFieldError('nodeIds', 'mail.nodeDisabled', { ids: disabled.join(', ') });
    if (fresh.length) {
      await tx.execute(
        sql`INSERT INTO mail_dialogue_problems (dialogue_id, node_id, user_id)
            SELECT ${dialogueId}, x, ${actor.userId} FROM unnest(${`{${fresh.join(',')}}`}::int[]) AS x ON CONFLICT DO NOTHING`,
      );
      await audit(tx, actor, {
        action: 'relatedProblem.add',
        entity: 'mail_dialogue',
        entityId: dialogueId,
        after: { nodeIds: fresh },
      });
    }
    return answer(tx, actor, dialogueId);
  });
}

export async function remove(ctx: AppContext, actor: RequestActor, dialogueId: number, nodeId: number) {
  return ctx.db.transaction(async (tx) => {
    await loadDialogue(tx, actor, dialogueId, true);
    const r = await tx.execute(sql`DELETE FROM mail_dialogue_problems WHERE dialogue_id = ${dialogueId} AND node_id = ${nodeId}`);
    if (!r.rowCount) throw notFound('this problem is not linked to the dialogue');
    await audit(tx, actor, {
      action: 'relatedProblem.remove',
      entity: 'mail_dialogue',
      entityId: dialogueId,
      before: { nodeId },
    });
    return answer(tx, actor, dialogueId);
  });
}
