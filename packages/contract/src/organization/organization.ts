/**
 * The organisation (issue #21): departments of a company account in a tree, employees
 * (linked to sign-in users through users.employee_id), who leads whom, and memberships with
 * effective dates (a move closes the current membership and opens the next one).
 *
 * Spec §7 names four reads under the projects prefix (digitize/rest/v1): organization/dept,
 * organization/emp, organizationTree and deptTree. Their clients read status 200 and
 * `data.data`, so each answers its list or tree directly in the envelope's `data`. They take
 * the spec's fixed argument as `status`: '1' (what the clients send) means enabled
 * departments only and the employees in them; '0' or no argument means every department.
 * Any signed-in user may read them (projects, approvals and reviews show people and teams).
 *
 * The maintenance calls live under user/rest/v1/organization, guarded by the /organization
 * screen's permission and its buttons. Edits carry the record's version (409 when stale).
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idParam, idValue, isoDate, pageSchema, pagingQuery, sortOrderSchema } from '../envelope';
import { fieldCode } from '../validation';

const tags = ['organisation'];
const SPEC = 'digitize/rest/v1';
const API = 'user/rest/v1/organization';

export const departmentSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  nameEn: z.string(),
  /** The department's leader (a user of the account), null when it has none of its own. */
  leaderUserId: z.number().int().nullable(),
  leaderName: z.string().nullable(),
  /** Position among its siblings, from 0. */
  sort: z.number().int(),
  enabled: z.boolean(),
  version: z.number().int(),
  /** Employees whose membership today is in this department (not its sub-departments). */
  memberCount: z.number().int(),
});
export type Department = z.infer<typeof departmentSchema>;

export const employeeSchema = z.object({
  id: z.number().int(),
  /** The company's employee number; a user with the same users.employee_id is this person. */
  employeeId: z.string(),
  name: z.string(),
  position: z.string(),
  /** Today's department (null for an employee with no membership today). */
  deptId: z.number().int().nullable(),
  deptName: z.string().nullable(),
  deptNameEn: z.string().nullable(),
  /** The first day of today's membership. */
  since: z.string().nullable(),
  /** The employee's own leader, overriding the department's. */
  leaderUserId: z.number().int().nullable(),
  leaderName: z.string().nullable(),
  /** The linked sign-in user. */
  userId: z.number().int().nullable(),
  userLoginName: z.string().nullable(),
  version: z.number().int(),
});
export type Employee = z.infer<typeof employeeSchema>;

export type DeptTreeNode = Department & { children: DeptTreeNode[] };
export const deptTreeNodeSchema: z.ZodType<DeptTreeNode> = departmentSchema.extend({
  get children() {
    return z.array(deptTreeNodeSchema);
  },
});

export type OrgTreeNode = Department & { members: Employee[]; children: OrgTreeNode[] };
export const orgTreeNodeSchema: z.ZodType<OrgTreeNode> = departmentSchema.extend({
  members: z.array(employeeSchema),
  get children() {
    return z.array(orgTreeNodeSchema);
  },
});

/** The spec's fixed argument: '1' enabled departments only, '0' (or none) all of them. */
const statusQuery = { status: z.enum(['0', '1']).optional() };

export const listDepartments = defineEndpoint({
  method: 'GET',
  path: `${SPEC}/organization/dept`,
  access: 'login',
  summary: 'The departments of the caller’s account, parents before children (status=1: enabled only)',
  tags,
  query: z.object(statusQuery),
  data: z.array(departmentSchema),
});

export const listEmployees = defineEndpoint({
  method: 'GET',
  path: `${SPEC}/organization/emp`,
  access: 'login',
  summary: 'The employees as of today, optionally of one department and its sub-departments (status=1: in enabled ones)',
  tags,
  query: z.object({ ...statusQuery, deptId: idParam.optional() }),
  data: z.array(employeeSchema),
});

export const organizationTree = defineEndpoint({
  method: 'GET',
  path: `${SPEC}/organizationTree`,
  access: 'login',
  summary: 'The department tree with each department’s members as of today',
  tags,
  query: z.object(statusQuery),
  data: z.array(orgTreeNodeSchema),
});

export const deptTree = defineEndpoint({
  method: 'GET',
  path: `${SPEC}/deptTree`,
  access: 'login',
  summary: 'The department tree',
  tags,
  query: z.object(statusQuery),
  data: z.array(deptTreeNodeSchema),
});

export const EMPLOYEE_SORT_FIELDS = ['employeeId', 'name', 'since'] as const;

export const employeePage = defineEndpoint({
  method: 'GET',
  path: `${API}/employees`,
  access: 'user:organization',
  summary: 'A page of employees as of today: of a department (with its sub-departments unless recursive=false), or all',
  tags,
  query: z.object({
    deptId: idParam.optional(),
    recursive: z.enum(['true', 'false']).default('true'),
    /** Part of the employee id, the name, the position or the linked user's login name. */
    keyword: z.string().trim().max(100).optional(),
    sortField: z.enum(EMPLOYEE_SORT_FIELDS).default('employeeId'),
    sortOrder: sortOrderSchema.default('asc'),
    ...pagingQuery,
  }),
  data: pageSchema(employeeSchema),
});

export const userOptionSchema = z.object({
  id: z.number().int(),
  loginName: z.string(),
  userName: z.string(),
  /** The employee the user is linked to, if any. */
  employeeId: z.string().nullable(),
});
export type UserOption = z.infer<typeof userOptionSchema>;

export const userOptions = defineEndpoint({
  method: 'GET',
  path: `${API}/users`,
  access: 'user:organization',
  summary: 'The enabled users of the caller’s account, to pick a leader or the user an employee is',
  tags,
  data: z.array(userOptionSchema),
});

export const membershipSchema = z.object({
  id: z.number().int(),
  deptId: z.number().int(),
  deptName: z.string(),
  deptNameEn: z.string(),
  effectiveFrom: z.string(),
  /** The last day; null while open. */
  effectiveTo: z.string().nullable(),
});
export type Membership = z.infer<typeof membershipSchema>;

export const employeeMemberships = defineEndpoint({
  method: 'GET',
  path: `${API}/employees/{id}/memberships`,
  access: 'user:organization',
  summary: 'An employee’s departments over time, newest first',
  tags,
  params: z.object({ id: idParam }),
  data: z.array(membershipSchema),
});

const deptName = z.string().trim().min(1, fieldCode('org.nameDept')).max(60);
const deptNameEn = z.string().trim().max(80).default('');
const leaderUserId = idValue.nullable().default(null);

export const createDepartment = defineEndpoint({
  method: 'POST',
  path: `${API}/departments`,
  access: 'user:organization:create',
  summary: 'Add a department under a parent (null: a top department), last among its siblings',
  tags,
  write: true,
  body: z.object({ parentId: idValue.nullable(), name: deptName, nameEn: deptNameEn, leaderUserId }).strict(),
  data: departmentSchema,
});

export const updateDepartment = defineEndpoint({
  method: 'PUT',
  path: `${API}/departments`,
  access: 'user:organization:edit',
  summary: 'Rename a department, set its leader, enable or disable it (disabling disables its sub-departments)',
  tags,
  write: true,
  body: z
    .object({ id: idValue, version: idValue, name: deptName, nameEn: deptNameEn, leaderUserId, enabled: z.boolean() })
    .strict(),
  data: departmentSchema,
});

export const moveDepartment = defineEndpoint({
  method: 'PUT',
  path: `${API}/departments/move`,
  access: 'user:organization:edit',
  summary: 'Move a department under another parent (never under itself or a sub-department: 400)',
  tags,
  write: true,
  body: z
    .object({ id: idValue, version: idValue, parentId: idValue.nullable(), index: z.number().int().min(0).max(10000) })
    .strict(),
  data: departmentSchema,
});

export const deleteDepartment = defineEndpoint({
  method: 'DELETE',
  path: `${API}/departments/{id}`,
  access: 'user:organization:delete',
  summary: 'Delete a department without sub-departments or members (409 naming them)',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  data: z.null(),
});

const employeeIdText = z
  .string()
  .trim()
  .min(1)
  .max(32)
  .regex(/^[A-Za-z0-9._-]+$/, fieldCode('org.employeeIdChars'));
const employeeName = z.string().trim().min(1, fieldCode('org.nameEmployee')).max(60);
const position = z.string().trim().max(60).default('');
const userId = idValue.nullable().default(null);

export const createEmployee = defineEndpoint({
  method: 'POST',
  path: `${API}/employees`,
  access: 'user:organization:create',
  summary: 'Add an employee to a department from a day (today when absent), optionally linked to a user',
  tags,
  write: true,
  body: z
    .object({
      employeeId: employeeIdText,
      name: employeeName,
      position,
      deptId: idValue,
      leaderUserId,
      userId,
      effectiveFrom: isoDate.optional(),
    })
    .strict(),
  data: employeeSchema,
});

export const updateEmployee = defineEndpoint({
  method: 'PUT',
  path: `${API}/employees`,
  access: 'user:organization:edit',
  summary: 'Edit an employee: name, position, own leader, the linked user (moves are a separate call)',
  tags,
  write: true,
  body: z.object({ id: idValue, version: idValue, name: employeeName, position, leaderUserId, userId }).strict(),
  data: employeeSchema,
});

export const moveEmployee = defineEndpoint({
  method: 'PUT',
  path: `${API}/employees/move`,
  access: 'user:organization:edit',
  summary: 'Move an employee to another department from a day: the current membership ends the day before',
  tags,
  write: true,
  body: z.object({ id: idValue, version: idValue, deptId: idValue, effectiveFrom: isoDate }).strict(),
  data: employeeSchema,
});
