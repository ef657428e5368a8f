/**
 * The rules of the permission tree (groups → pages → buttons) as pure functions, so the
 * checkbox behaviour is unit-tested without a browser:
 * - checking a group checks everything visible beneath it; checking a page checks the page
 *   alone (its buttons are chosen one by one); checking a button checks its page too (a
 *   button without its page grants nothing);
 * - unchecking a node unchecks it and everything beneath it, hidden or not;
 * - a group shows checked when every permission beneath it is, half-checked when some are.
 */
import type { PermissionTreeNode } from '@bo/contract/access/roles';

export interface TreeIndex {
  readonly byKey: ReadonlyMap<string, PermissionTreeNode>;
  readonly parentOf: ReadonlyMap<string, string>;
  /** Every permission id the tree offers (what the caller may grant). */
  readonly grantable: ReadonlySet<number>;
  /** The ids of permissions that open a built screen (or belong to none). */
  readonly builtIds: ReadonlySet<number>;
}

export function indexTree(roots: readonly PermissionTreeNode[]): TreeIndex {
  const byKey = new Map<string, PermissionTreeNode>();
  const parentOf = new Map<string, string>();
  const grantable = new Set<number>();
  const builtIds = new Set<number>();
  const walk = (node: PermissionTreeNode, parent: string | null) => {
    byKey.set(node.key, node);
    if (parent) parentOf.set(node.key, parent);
    if (node.id !== null) grantable.add(node.id);
    if (node.id !== null && node.built) builtIds.add(node.id);
    for (const child of node.children) walk(child, node.key);
  };
  for (const root of roots) walk(root, null);
  return { byKey, parentOf, grantable, builtIds };
}

/** Permission ids of a node and everything beneath it. */
export function idsUnder(node: PermissionTreeNode): number[] {
  const out: number[] = [];
  const walk = (n: PermissionTreeNode) => {
    if (n.id !== null) out.push(n.id);
    for (const child of n.children) walk(child);
  };
  walk(node);
  return out;
}

const matches = (node: PermissionTreeNode, needle: string) =>
  node.title['zh-CN'].toLowerCase().includes(needle) ||
  node.title['en-US'].toLowerCase().includes(needle) ||
  (node.authPattern ?? '').toLowerCase().includes(needle) ||
  node.screens.some((s) => s.title['zh-CN'].toLowerCase().includes(needle) || s.title['en-US'].toLowerCase().includes(needle));

/** The tree without what opens no built screen yet (pages, their buttons, and groups left empty). */
export function builtOnly(roots: readonly PermissionTreeNode[]): PermissionTreeNode[] {
  const keep = (node: PermissionTreeNode): PermissionTreeNode | null => {
    if (!node.built) return null;
    if (node.id !== null) return { ...node, children: node.children.filter((c) => c.built) };
    const children = node.children.map(keep).filter((c): c is PermissionTreeNode => c !== null);
    return children.length ? { ...node, children } : null;
  };
  return roots.map(keep).filter((n): n is PermissionTreeNode => n !== null);
}

/** The other screens a page permission opens, besides the one its title names. */
export function alsoOpens(node: PermissionTreeNode, lang: 'zh-CN' | 'en-US'): string[] {
  const own = node.title[lang];
  return node.screens.map((s) => s.title[lang]).filter((t, i, all) => t !== own && all.indexOf(t) === i);
}

/** The nodes matching `text` (either language's title, or the pattern) with their ancestors; a match keeps its subtree. */
export function filterTree(roots: readonly PermissionTreeNode[], text: string): PermissionTreeNode[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [...roots];
  const keep = (node: PermissionTreeNode): PermissionTreeNode | null => {
    if (matches(node, needle)) return node;
    const children = node.children.map(keep).filter((c): c is PermissionTreeNode => c !== null);
    return children.length ? { ...node, children } : null;
  };
  return roots.map(keep).filter((n): n is PermissionTreeNode => n !== null);
}

/** Every key of a (filtered) tree: used to expand all while searching. */
export function allKeys(roots: readonly PermissionTreeNode[]): string[] {
  const out: string[] = [];
  const walk = (n: PermissionTreeNode) => {
    out.push(n.key);
    for (const child of n.children) walk(child);
  };
  for (const root of roots) walk(root);
  return out;
}

/**
 * The checked ids after the user (un)checks `node`, a node of the tree as shown (maybe
 * filtered): checking covers what is shown, unchecking covers the whole subtree.
 */
export function toggle(checked: ReadonlySet<number>, node: PermissionTreeNode, on: boolean, index: TreeIndex): Set<number> {
  const next = new Set(checked);
  if (on) {
    if (node.type === 2 && node.id !== null) next.add(node.id);
    else for (const id of idsUnder(node)) next.add(id);
    for (let key = index.parentOf.get(node.key); key; key = index.parentOf.get(key)) {
      const ancestor = index.byKey.get(key);
      if (ancestor?.id != null) next.add(ancestor.id);
    }
  } else {
    const full = index.byKey.get(node.key) ?? node;
    for (const id of idsUnder(full)) next.delete(id);
  }
  return next;
}

/** What antd's Tree (checkStrictly) shows for the checked ids. */
export function checkState(index: TreeIndex, checked: ReadonlySet<number>): { checked: string[]; halfChecked: string[] } {
  const on: string[] = [];
  const half: string[] = [];
  for (const [key, node] of index.byKey) {
    if (node.id !== null && checked.has(node.id)) {
      on.push(key);
      continue;
    }
    const below = idsUnder(node).filter((id) => id !== node.id);
    const held = below.filter((id) => checked.has(id)).length;
    if (node.id === null && below.length > 0 && held === below.length) on.push(key);
    else if (held > 0) half.push(key);
  }
  return { checked: on, halfChecked: half };
}
