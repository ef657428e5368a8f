import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idParam, idValue, pageSchema, pagingQuery, sortOrderSchema } from '../envelope';
import { fieldCode } from '../validation';

const tags = ['roles'];
const id = idParam;

export const roleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  builtin: z.boolean(),
  userCount: z.number().int(),
  permissionCount: z.number().int(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type Role = z.infer<typeof roleSchema>;

export const listRoles = defineEndpoint({
  method: 'GET',
  path: 'user/rest/v1/roles',
  access: 'user:role:perms',
  summary: "Roles of the caller's account",
  tags,
  query: z.object({
    keyword: z.string().trim().max(64).optional(),
    sortField: z.enum(['name', 'userCount', 'updatedAt']).default('name'),
    sortOrder: sortOrderSchema.default('asc'),
    ...pagingQuery,
  }),
  data: pageSchema(roleSchema),
});

export const rolePermissions = defineEndpoint({
  method: 'GET',
  path: 'user/rest/v1/roles/permissions/{id}',
  access: 'user:role:perms',
  summary: 'The permission items a role holds',
  tags,
  params: z.object({ id }),
  data: z.array(z.object({ id: z.number().int(), authPattern: z.string(), type: z.number().int() })),
});

export type PermissionTreeNode = {
  key: string;
  id: number | null;
  authPattern: string | null;
  type: number | null;
  title: { 'zh-CN': string; 'en-US': string };
  /**
   * A page permission: every menu screen it opens (one pattern may open several, e.g.
   * ppc:report opens the eight advertising boards), so its label can say all of them.
   */
  screens: { path: string; title: { 'zh-CN': string; 'en-US': string }; built: boolean }[];
  /** False when none of the screens it opens is built yet (granting it shows nothing today). */
  built: boolean;
  children: PermissionTreeNode[];
};
export const permissionTreeNodeSchema: z.ZodType<PermissionTreeNode> = z.lazy(() =>
  z.object({
    key: z.string(),
    id: z.number().int().nullable(),
    authPattern: z.string().nullable(),
    type: z.number().int().nullable(),
    title: z.object({ 'zh-CN': z.string(), 'en-US': z.string() }),
    screens: z.array(
      z.object({ path: z.string(), title: z.object({ 'zh-CN': z.string(), 'en-US': z.string() }), built: z.boolean() }),
    ),
    built: z.boolean(),
    children: z.array(permissionTreeNodeSchema),
  }),
);

export const permissionTree = defineEndpoint({
  method: 'GET',
  path: 'user/rest/v1/roles/permissionTree',
  access: 'user:role:perms',
  summary: 'Pages (type 2) grouped by menu group, with their buttons (type 3) beneath; only what the caller may grant',
  tags,
  data: z.array(permissionTreeNodeSchema),
});

const roleFields = {
  name: z.string().trim().min(1, fieldCode('required')).max(64),
  description: z.string().trim().max(500).default(''),
  permissionIds: z.array(idValue).max(5000),
};

export const createRole = defineEndpoint({
  method: 'POST',
  path: 'user/rest/v1/roles',
  access: 'user:role:perms:create',
  summary: 'Create a role with permissions the caller holds',
  tags,
  write: true,
  body: z.object(roleFields).strict(),
  data: z.object({ id: z.number().int() }),
});

export const updateRole = defineEndpoint({
  method: 'PUT',
  path: 'user/rest/v1/roles',
  access: 'user:role:perms:edit',
  summary: 'Update a role; refused when its version is stale (409)',
  tags,
  write: true,
  body: z.object({ id: idValue, version: idValue, ...roleFields }).strict(),
  data: z.object({ id: z.number().int(), version: z.number().int() }),
});

export const deleteRole = defineEndpoint({
  method: 'DELETE',
  path: 'user/rest/v1/roles',
  access: 'user:role:perms:delete',
  summary: 'Delete a role; when users hold it, answers 409 with who would lose it unless force=true',
  tags,
  write: true,
  query: z.object({ id, force: z.enum(['true', 'false']).default('false') }),
  data: z.null(),
});

export const roleUserSchema = z.object({ id: z.number().int(), loginName: z.string(), userName: z.string() });
export const usersOfRole = defineEndpoint({
  method: 'GET',
  path: 'user/rest/v1/users/role/{id}',
  access: 'user:role:perms',
  summary: 'Users who hold a role',
  tags,
  params: z.object({ id }),
  data: z.array(roleUserSchema),
});
