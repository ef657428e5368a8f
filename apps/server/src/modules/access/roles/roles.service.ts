/**
 * Roles of an account. Rules: a caller grants only permissions they hold; nobody edits
 * or deletes a role they hold themselves, nor the built-in administrator role; a role
 * that users hold is deleted only when the caller confirms (force), and the audit row
 * says who lost it; edits carry the version they were made on (409 when stale).
 */
import { ALL_ROUTES, GROUP_TITLES, ROUTE_GROUPS, type RouteGroup } from '@bo/contract';
import type { PermissionTreeNode } from '@bo/contract/access/roles';
import { sql } from 'drizzle-orm';
import { audit } from '../../../platform/audit/audit.service';
import type { RequestActor } from '../../../platform/auth/actor';
import type { AppContext } from '../../../platform/context';
import { codedFieldError, conflict, forbidden, notFound, staleVersion } from '../../../platform/errors';
import * as repo from './roles.repository';

type ListQuery = Parameters<typeof repo.listRoles>[2];

export async function list(ctx: AppContext, actor: RequestActor, q: ListQuery) {
  const { rows, total } = await repo.listRoles(ctx.db, actor.accountId, q);
  return { list: rows, total, pageNum: q.pageNum, pageSize: q.pageSize };
}

async function roleOr404(ctx: AppContext, actor: RequestActor, id: number) {
  const role = await repo.findRole(ctx.db, actor.accountId, id);
  if (!role) throw notFound(`no role ${id}`);
  return role;
}

export async function permissionsOf(ctx: AppContext, actor: RequestActor, id: number) {
  await roleOr404(ctx, actor, id);
  return repo.permissionsOfRole(ctx.db, id);
}

export async function usersOf(ctx: AppContext, actor: RequestActor, id: number) {
  await roleOr404(ctx, actor, id);
  return repo.usersOfRole(ctx.db, id);
}

type Screen = PermissionTreeNode['screens'][number];

/**
 * The screens each page permission opens, from the route catalogue: the menu screens
 * (redirects, mirrors and reached-from-elsewhere pages left out, unless that is all there is).
 */
const SCREENS_OF: ReadonlyMap<string, Screen[]> = (() => {
  const all = new Map<string, Screen[]>();
  const menu = new Map<string, Screen[]>();
  for (const r of ALL_ROUTES) {
    if (r.permission === 'public' || r.permission === 'login' || r.redirect || r.mirrorOf) continue;
    const s = { path: r.path, title: r.title, built: r.built };
    all.set(r.permission, [...(all.get(r.permission) ?? []), s]);
    if (r.menu !== false) menu.set(r.permission, [...(menu.get(r.permission) ?? []), s]);
  }
  return new Map([...all].map(([p, list]) => [p, menu.get(p) ?? list]));
})();

/** Groups → pages → buttons; only items the caller holds (what they may grant). */
export async function tree(ctx: AppContext, actor: RequestActor): Promise<PermissionTreeNode[]> {
  const items = (await repo.allActiveItems(ctx.db)).filter((i) => actor.permissions.has(i.authPattern));
  const node = (i: (typeof items)[number]): PermissionTreeNode => {
    const screens = SCREENS_OF.get(i.type === 2 ? i.authPattern : (i.parentPattern ?? '')) ?? [];
    return {
      key: i.authPattern,
      id: i.id,
      authPattern: i.authPattern,
      type: i.type,
      title: { 'zh-CN': i.name, 'en-US': i.description },
      screens: i.type === 2 ? screens : [],
      // Capabilities (no page) are in force today.
      built: screens.length === 0 || screens.some((x) => x.built),
      children: [],
    };
  };
  const pages = new Map<string, PermissionTreeNode>();
  for (const i of items) if (i.type === 2) pages.set(i.authPattern, node(i));
  const groups = new Map<string, PermissionTreeNode[]>();
  const push = (g: string, n: PermissionTreeNode) => groups.set(g, [...(groups.get(g) ?? []), n]);
  for (const i of items) {
    if (i.type === 2) push(i.groupCode, pages.get(i.authPattern) as PermissionTreeNode);
    else if (i.parentPattern && pages.has(i.parentPattern)) pages.get(i.parentPattern)?.children.push(node(i));
    else push(i.groupCode, node(i));
  }
  return ROUTE_GROUPS.filter((g) => groups.has(g)).map((g: RouteGroup) => ({
    key: `group:${g}`,
    id: null,
    authPattern: null,
    type: null,
    title: GROUP_TITLES[g],
    screens: [],
    built: (groups.get(g) ?? []).some((n) => n.built),
    children: groups.get(g) ?? [],
  }));
}

async function checkGrantable(ctx: AppContext, actor: RequestActor, permissionIds: number[]) {
  const unique = [...new Set(permissionIds)];
  const items = await repo.activeItemsByIds(ctx.db, unique);
  if (items.length !== unique.length) {
    const known = new Set(items.map((i) => i.id));
    const ids = unique.filter((i) => !known.has(i)).join(', ');
    throw codedFieldError('permissionIds', 'access.unknownPermissions', { ids }, { message: 'unknown permission ids' });
  }
  const notHeld = items.filter((i) => !actor.permissions.has(i.authPattern)).map((i) => i.authPattern);
  if (notHeld.length) throw forbidden(`you cannot grant permissions you do not hold: ${notHeld.join(', ')}`);
  return { ids: unique, patterns: items.map((i) => i.authPattern).sort() };
}

export async function create(
  ctx: AppContext,
  actor: RequestActor,
  body: { name: string; description: string; permissionIds: number[] },
) {
  const grant = await checkGrantable(ctx, actor, body.permissionIds);
  return ctx.db.transaction(async (tx) => {
    if (await repo.roleNameTaken(tx, actor.accountId, body.name)) throw conflict(`a role named ${body.name} exists`);
    const r = await tx.execute<{ id: number }>(sql`
      INSERT INTO roles (account_id, name, description) VALUES (${actor.accountId}, ${body.name}, ${body.description}) RETURNING id`);
    const id = Number(r.rows[0]?.id);
    await repo.replaceRolePermissions(tx, id, grant.ids);
    await audit(tx, actor, {
      action: 'role.create',
      entity: 'role',
      entityId: id,
      after: { name: body.name, description: body.description, permissions: grant.patterns },
    });
    return { id };
  });
}

async function guardEditable(ctx: AppContext, actor: RequestActor, role: { id: number; builtin: boolean }) {
  if (role.builtin) throw forbidden('the administrator role is kept in step with the catalogue and cannot be changed');
  if (await repo.actorHoldsRole(ctx.db, actor.userId, role.id)) throw forbidden('you cannot change a role you hold');
}

export async function update(
  ctx: AppContext,
  actor: RequestActor,
  body: { id: number; version: number; name: string; description: string; permissionIds: number[] },
) {
  const role = await roleOr404(ctx, actor, body.id);
  await guardEditable(ctx, actor, role);
  const grant = await checkGrantable(ctx, actor, body.permissionIds);
  return ctx.db.transaction(async (tx) => {
    const current = await repo.findRole(tx, actor.accountId, body.id, true);
    if (!current) throw notFound(`no role ${body.id}`);
    if (current.version !== body.version) throw staleVersion();
    if (await repo.roleNameTaken(tx, actor.accountId, body.name, body.id)) throw conflict(`a role named ${body.name} exists`);
    const before = {
      name: current.name,
      description: current.description,
      permissions: (await repo.permissionsOfRole(tx, body.id)).map((p) => p.authPattern).sort(),
    };
    await tx.execute(sql`
      UPDATE roles SET name = ${body.name}, description = ${body.description}, version = version + 1, updated_at = now()
       WHERE id = ${body.id}`);
    await repo.replaceRolePermissions(tx, body.id, grant.ids);
    await audit(tx, actor, {
      action: 'role.update',
      entity: 'role',
      entityId: body.id,
      before,
      after: { name: body.name, description: body.description, permissions: grant.patterns },
    });
    return { id: body.id, version: current.version + 1 };
  });
}

export async function remove(ctx: AppContext, actor: RequestActor, id: number, force: boolean) {
  const role = await roleOr404(ctx, actor, id);
  await guardEditable(ctx, actor, role);
  await ctx.db.transaction(async (tx) => {
    const holders = await repo.usersOfRole(tx, id);
    if (holders.length && !force) {
      throw conflict(`${holders.length} user(s) hold this role and would lose its permissions`, { users: holders });
    }
    const permissions = (await repo.permissionsOfRole(tx, id)).map((p) => p.authPattern).sort();
    await tx.execute(sql`DELETE FROM user_roles WHERE role_id = ${id}`);
    await tx.execute(sql`DELETE FROM roles WHERE id = ${id}`);
    await audit(tx, actor, {
      action: 'role.delete',
      entity: 'role',
      entityId: id,
      before: { name: role.name, permissions, users: holders.map((h) => h.loginName) },
    });
  });
  return null;
}
