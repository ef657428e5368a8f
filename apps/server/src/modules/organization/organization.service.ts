/**
 * The spec's four reads of the organisation (§7, digitize/rest/v1): the departments, the
 * employees as of today, and the two trees. `enabledOnly` is the fixed argument '1'.
 */
import type { Department, DeptTreeNode, OrgTreeNode } from '@bo/contract/organization/organization';
import type { RequestActor } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';
import { listDepartments } from './departments.service';
import { employeesAsOfToday } from './employees.service';

/** Nests a parents-first list: each node under its parent, a node whose parent is left out at the top. */
function nest<T extends Department, N extends T & { children: N[] }>(list: readonly T[], make: (d: T) => N): N[] {
  const byId = new Map<number, N>();
  const roots: N[] = [];
  for (const d of list) {
    const node = make(d);
    byId.set(d.id, node);
    const parent = d.parentId === null ? undefined : byId.get(d.parentId);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

export async function deptTree(ctx: AppContext, actor: RequestActor, enabledOnly: boolean): Promise<DeptTreeNode[]> {
  const list = await listDepartments(ctx.db, actor.accountId, enabledOnly);
  return nest(list, (d) => ({ ...d, children: [] as DeptTreeNode[] }));
}

export async function organizationTree(ctx: AppContext, actor: RequestActor, enabledOnly: boolean): Promise<OrgTreeNode[]> {
  const [list, people] = await Promise.all([
    listDepartments(ctx.db, actor.accountId, enabledOnly),
    employeesAsOfToday(ctx.db, actor.accountId, {}),
  ]);
  const byDept = new Map<number, typeof people>();
  for (const p of people) if (p.deptId !== null) byDept.set(p.deptId, [...(byDept.get(p.deptId) ?? []), p]);
  return nest(list, (d) => ({ ...d, members: byDept.get(d.id) ?? [], children: [] as OrgTreeNode[] }));
}
