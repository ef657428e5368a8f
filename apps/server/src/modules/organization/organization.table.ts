import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountRow, serialId, updatedAt, version } from '../../db/columns';

/**
 * Departments of a company account, a tree (parent_id). Names are unique among siblings; the
 * leader is a user of the account (null: the parent's leader leads it). Sort is dense per parent.
 */
export const orgDepartments = pgTable(
  'org_departments',
  {
    ...accountRow(),
    parentId: integer('parent_id'),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull().default(''),
    leaderUserId: integer('leader_user_id'),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    version: version(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('org_departments_sibling_name_uq').on(t.accountId, sql`coalesce(${t.parentId}, 0)`, sql`lower(${t.name})`),
    index('org_departments_parent_idx').on(t.parentId),
  ],
);

/**
 * Employees of a company account. `employee_id` is the company's employee number: the user
 * whose users.employee_id holds it is this person. `leader_user_id` overrides the department's leader.
 */
export const orgEmployees = pgTable(
  'org_employees',
  {
    ...accountRow(),
    employeeId: text('employee_id').notNull(),
    name: text('name').notNull(),
    position: text('position').notNull().default(''),
    leaderUserId: integer('leader_user_id'),
    version: version(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('org_employees_employee_id_uq').on(t.accountId, sql`lower(${t.employeeId})`)],
);

/**
 * Which department an employee belongs to, from a day to a day (inclusive; open while
 * effective_to is null). A move closes the open row and opens the next in one transaction;
 * reads take the row that holds today.
 */
export const orgMemberships = pgTable(
  'org_memberships',
  {
    id: serialId(),
    employeeId: integer('employee_id').notNull(),
    deptId: integer('dept_id').notNull(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    effectiveTo: date('effective_to', { mode: 'string' }),
  },
  (t) => [
    index('org_memberships_employee_idx').on(t.employeeId, t.effectiveFrom),
    index('org_memberships_dept_idx').on(t.deptId),
    uniqueIndex('org_memberships_open_uq').on(t.employeeId).where(sql`${t.effectiveTo} IS NULL`),
    check('org_memberships_dates_ck', sql`${t.effectiveTo} IS NULL OR ${t.effectiveTo} >= ${t.effectiveFrom}`),
  ],
);
