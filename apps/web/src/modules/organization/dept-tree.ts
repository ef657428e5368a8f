/** The flat department list (parents first, siblings in order) as tree data, and what may not become a parent. */
import type { Department } from '@bo/contract/organization/organization';

export interface DeptView {
  key: number;
  dept: Department;
  children: DeptView[];
}

export function buildDeptTree(list: readonly Department[]): DeptView[] {
  const byId = new Map<number, DeptView>();
  const roots: DeptView[] = [];
  for (const d of list) {
    const v: DeptView = { key: d.id, dept: d, children: [] };
    byId.set(d.id, v);
    const parent = d.parentId === null ? undefined : byId.get(d.parentId);
    (parent ? parent.children : roots).push(v);
  }
  return roots;
}

/** A department and all below it. */
export function deptSubtree(list: readonly Department[], id: number): Set<number> {
  const out = new Set([id]);
  // Parents come before children, so one pass collects the subtree.
  for (const d of list) if (d.parentId !== null && out.has(d.parentId)) out.add(d.id);
  return out;
}

/** A department's name in the reader's language (the other one when it is empty). */
export const deptName = (d: Pick<Department, 'name' | 'nameEn'>, lang: string) =>
  lang === 'en-US' && d.nameEn ? d.nameEn : d.name;

/** Select options of the departments, indented by depth; `exclude` left out (a subtree), disabled ones marked. */
export function deptOptions(list: readonly Department[], lang: string, exclude: ReadonlySet<number> = new Set()) {
  const depth = new Map<number, number>();
  const out: { value: number; label: string; disabled?: boolean }[] = [];
  for (const d of list) {
    const level = d.parentId === null ? 0 : (depth.get(d.parentId) ?? 0) + 1;
    depth.set(d.id, level);
    if (exclude.has(d.id)) continue;
    out.push({ value: d.id, label: `${'\u3000'.repeat(level)}${deptName(d, lang)}`, disabled: !d.enabled });
  }
  return out;
}
