import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idParam, idValue, instantSchema, pageSchema, pagingQuery, sortOrderSchema } from '../envelope';
import { fieldCode } from '../validation';
import { loginNameSchema, passwordSchema } from './session';

const tags = ['users'];
const id = idParam;
/** An ISO 8601 instant with an offset, as UTC (offsets beyond PostgreSQL's ±15:59 are refused). */
const instant = instantSchema;

export const childUserSchema = z.object({
  id: z.number().int(),
  loginName: z.string(),
  userName: z.string(),
  email: z.string().nullable(),
  cellphone: z.string().nullable(),
  userType: z.number().int(),
  enabled: z.boolean(),
  state: z.string(),
  /** The built-in administrator: never changed through this screen. */
  builtin: z.boolean(),
  roles: z.array(z.object({ id: z.number().int(), name: z.string() })),
  shopIds: z.array(z.number().int()),
  createdAt: z.string(),
  version: z.number().int(),
});
export type ChildUser = z.infer<typeof childUserSchema>;

export const listChildUsers = defineEndpoint({
  method: 'GET',
  path: 'user/rest/v1/users/child',
  access: 'user:child',
  summary: "Users of the caller's account",
  tags,
  query: z.object({
    keyword: z.string().trim().max(64).optional(),
    state: z.enum(['all', 'enabled', 'disabled', 'pending']).default('all'),
    roleId: idParam.optional(),
    sortField: z.enum(['loginName', 'userName', 'createdAt']).default('loginName'),
    sortOrder: sortOrderSchema.default('asc'),
    ...pagingQuery,
  }),
  data: pageSchema(childUserSchema),
});

const editable = {
  userName: z.string().trim().min(1, fieldCode('required')).max(64),
  email: z.email(fieldCode('notAnEmail')).max(254).nullable().default(null),
  cellphone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 -]{6,20}$/, fieldCode('access.phone'))
    .nullable()
    .default(null),
  roleIds: z.array(idValue).max(100).default([]),
  shopIds: z.array(idValue).max(1000).default([]),
};

export const childUserRoleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** False when the role grants a permission the caller does not hold: they may not give it. */
  assignable: z.boolean(),
});
export type ChildUserRole = z.infer<typeof childUserRoleSchema>;

export const childUserRoles = defineEndpoint({
  method: 'GET',
  path: 'user/rest/v1/users/child/role-options',
  access: 'user:child',
  summary:
    "The account's roles for the pickers of /user/child (filter, user form, registration approval), each marked whether the caller may give it; the role editor's list stays under user:role:perms",
  tags,
  data: z.array(childUserRoleSchema),
});

export const createChildUser = defineEndpoint({
  method: 'POST',
  path: 'user/rest/v1/users/child',
  access: 'user:child:create',
  summary: "Create a user in the caller's account with roles and shops of that account",
  tags,
  write: true,
  body: z
    .object({
      loginName: loginNameSchema,
      password: passwordSchema,
      ...editable,
    })
    .strict(),
  data: z.object({ id: z.number().int() }),
});

export const updateChildUser = defineEndpoint({
  method: 'PUT',
  path: 'user/rest/v1/users/child/{id}',
  access: 'user:child:edit',
  summary: 'Change a user: name, contact, roles, shops (409 when the version is stale)',
  tags,
  write: true,
  params: z.object({ id }),
  body: z.object({ version: idValue, ...editable }).strict(),
  data: z.object({ version: z.number().int() }),
});

export const setChildUserState = defineEndpoint({
  method: 'PUT',
  path: 'user/rest/v1/users/child/{id}/state',
  access: 'user:child:edit',
  summary: 'Enable or disable a user (also approves a pending registration); disabling ends their sessions',
  tags,
  write: true,
  params: z.object({ id }),
  body: z.object({ enabled: z.boolean(), version: idValue }).strict(),
  data: z.object({ version: z.number().int() }),
});

export const resetChildUserPassword = defineEndpoint({
  method: 'PUT',
  path: 'user/rest/v1/users/child/{id}/password',
  access: 'user:child:edit',
  summary: "Set a user's password; their sessions end",
  tags,
  write: true,
  params: z.object({ id }),
  body: z.object({ password: passwordSchema }).strict(),
  data: z.null(),
});

export const registrationSchema = z.object({
  id: z.number().int(),
  loginName: z.string(),
  userName: z.string(),
  email: z.string().nullable(),
  /** The company named at registration (the name of the account it made). */
  company: z.string(),
  createdAt: z.string(),
  version: z.number().int(),
});
export type Registration = z.infer<typeof registrationSchema>;

export const listRegistrations = defineEndpoint({
  method: 'GET',
  path: 'user/rest/v1/users/registrations',
  access: 'user:child:approve',
  summary: 'Shop accounts registered through /register and waiting for approval (company account only), oldest first',
  tags,
  query: z.object({ keyword: z.string().trim().max(64).optional(), ...pagingQuery }),
  data: pageSchema(registrationSchema),
});

export const approveRegistration = defineEndpoint({
  method: 'PUT',
  path: 'user/rest/v1/users/registrations/{id}/approve',
  access: 'user:child:approve',
  summary:
    "Approve a pending registration: it can sign in; roles given must grant nothing beyond the approver's (409 when stale)",
  tags,
  write: true,
  params: z.object({ id }),
  body: z.object({ version: idValue, roleIds: z.array(idValue).max(100).default([]) }).strict(),
  data: z.object({ version: z.number().int() }),
});

export const rejectRegistration = defineEndpoint({
  method: 'PUT',
  path: 'user/rest/v1/users/registrations/{id}/reject',
  access: 'user:child:approve',
  summary: 'Reject a pending registration: it is kept as rejected and can never sign in (409 when stale)',
  tags,
  write: true,
  params: z.object({ id }),
  body: z.object({ version: idValue, reason: z.string().trim().max(500).default('') }).strict(),
  data: z.null(),
});

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.string().nullable(),
  impersonator: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
});

export const listAudit = defineEndpoint({
  method: 'GET',
  path: 'user/rest/v1/audit-log',
  access: 'system:audit',
  summary: 'The audit log (the caller’s account only, unless internal)',
  tags: ['audit'],
  query: z.object({
    actor: z.string().trim().max(64).optional(),
    action: z.string().trim().max(64).optional(),
    entity: z.string().trim().max(64).optional(),
    from: instant.optional(),
    to: instant.optional(),
    godViewOnly: z.enum(['true', 'false']).default('false'),
    ...pagingQuery,
  }),
  data: pageSchema(auditEntrySchema),
});

export const userGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  members: z.array(z.object({ id: z.number().int(), loginName: z.string(), userName: z.string() })),
  version: z.number().int(),
});
export type UserGroup = z.infer<typeof userGroupSchema>;

export const listUserGroups = defineEndpoint({
  method: 'GET',
  path: 'user/rest/v1/userGroups',
  access: 'user:child',
  summary: "User groups of the caller's account with their members",
  tags,
  data: z.array(userGroupSchema),
});

const groupFields = {
  name: z.string().trim().min(1, fieldCode('required')).max(64),
  description: z.string().trim().max(500).default(''),
  userIds: z.array(idValue).max(1000).default([]),
};

export const createUserGroup = defineEndpoint({
  method: 'POST',
  path: 'user/rest/v1/userGroups',
  access: 'user:child:create',
  summary: 'Create a user group of users of the account',
  tags,
  write: true,
  body: z.object(groupFields).strict(),
  data: z.object({ id: z.number().int() }),
});

export const updateUserGroup = defineEndpoint({
  method: 'PUT',
  path: 'user/rest/v1/userGroups/{id}',
  access: 'user:child:edit',
  summary: 'Rename a user group or change its members (409 when the version is stale)',
  tags,
  write: true,
  params: z.object({ id }),
  body: z.object({ version: idValue, ...groupFields }).strict(),
  data: z.object({ version: z.number().int() }),
});

export const deleteUserGroup = defineEndpoint({
  method: 'DELETE',
  path: 'user/rest/v1/userGroups/{id}',
  access: 'user:child:delete',
  summary: 'Delete a user group (its users stay)',
  tags,
  write: true,
  params: z.object({ id }),
  data: z.null(),
});
