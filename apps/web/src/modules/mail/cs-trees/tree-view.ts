/** The flat node list as antd tree data, and where a drop puts a node. */
import type { TreeNode } from '@bo/contract/mail/cs-trees';

export interface ViewNode {
  key: number;
  node: TreeNode;
  children: ViewNode[];
}

export function buildTree(nodes: readonly TreeNode[]): ViewNode[] {
  const byId = new Map<number, ViewNode>();
  for (const n of nodes) byId.set(n.id, { key: n.id, node: n, children: [] });
  const roots: ViewNode[] = [];
  for (const n of nodes) {
    const v = byId.get(n.id) as ViewNode;
    const parent = n.parentId === null ? undefined : byId.get(n.parentId);
    (parent ? parent.children : roots).push(v);
  }
  const sort = (list: ViewNode[]) => {
    list.sort((a, b) => a.node.sort - b.node.sort || a.node.id - b.node.id);
    for (const v of list) sort(v.children);
  };
  sort(roots);
  return roots;
}

/** Ids of a node and its descendants (they cannot become its parent). */
export function subtreeIds(nodes: readonly TreeNode[], id: number): Set<number> {
  const out = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const n of nodes)
      if (n.parentId !== null && out.has(n.parentId) && !out.has(n.id)) {
        out.add(n.id);
        grew = true;
      }
  }
  return out;
}

/**
 * A drop as the server's move: onto a node → its first child; into the gap before or after
 * a node → that node's parent at its position. The index counts the new siblings without
 * the moved node.
 */
export function dropTarget(
  nodes: readonly TreeNode[],
  dragId: number,
  targetId: number,
  dropToGap: boolean,
  side: -1 | 1,
): { parentId: number | null; index: number } {
  const target = nodes.find((n) => n.id === targetId);
  if (!target) return { parentId: null, index: 0 };
  if (!dropToGap) return { parentId: target.id, index: 0 };
  const siblings = nodes
    .filter((n) => n.parentId === target.parentId && n.id !== dragId)
    .sort((a, b) => a.sort - b.sort || a.id - b.id);
  const at = siblings.findIndex((n) => n.id === target.id);
  return { parentId: target.parentId, index: side < 0 ? at : at + 1 };
}
