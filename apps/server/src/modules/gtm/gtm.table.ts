import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountRow, version, writtenAt } from '../../db/columns';

/**
 * The account's go-to-market playbook (docs/gtm.md "Playbook"): ordered step templates with
 * names zh/en (unique per account, case-insensitively), a phase, a day offset from the launch
 * day, the responsible department, whether the step is required. Edited in place.
 */
export const gtmPlaybookSteps = pgTable(
  'gtm_playbook_steps',
  {
    ...accountRow(),
    sort: smallint('sort').notNull(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    phase: text('phase').notNull(),
    offsetDays: smallint('offset_days').notNull(),
    deptId: integer('dept_id'),
    required: boolean('required').notNull().default(true),
    description: text('description').notNull().default(''),
    updatedBy: integer('updated_by'),
    ...writtenAt(),
    version: version(),
  },
  (t) => [
    uniqueIndex('gtm_playbook_name_zh_uq').on(t.accountId, sql`lower(${t.nameZh})`),
    uniqueIndex('gtm_playbook_name_en_uq').on(t.accountId, sql`lower(${t.nameEn})`),
    index('gtm_playbook_sort_idx').on(t.accountId, t.sort),
  ],
);

/**
 * A GTM project's steps (docs/gtm.md "Project steps"): copies of the playbook's steps made when it
 * is applied (`playbook_step_id` remembers which, so applying again adds only new ones). The
 * planned day is the project's launch day + `offset_days` while the step is open; `planned_on`
 * keeps the day it had once the step is done or skipped. `state` follows GTM_STEP_MACHINE.
 */
export const gtmProjectSteps = pgTable(
  'gtm_project_steps',
  {
    ...accountRow(),
    projectId: integer('project_id').notNull(),
    playbookStepId: integer('playbook_step_id'),
    sort: smallint('sort').notNull(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    phase: text('phase').notNull(),
    offsetDays: smallint('offset_days').notNull(),
    deptId: integer('dept_id'),
    ownerId: integer('owner_id'),
    required: boolean('required').notNull().default(true),
    description: text('description').notNull().default(''),
    state: text('state').notNull().default('pending'),
    plannedOn: date('planned_on', { mode: 'string' }),
    startedOn: date('started_on', { mode: 'string' }),
    actualOn: date('actual_on', { mode: 'string' }),
    skipReason: text('skip_reason'),
    ...writtenAt(),
    version: version(),
  },
  (t) => [
    index('gtm_project_steps_project_idx').on(t.projectId, t.sort),
    uniqueIndex('gtm_project_steps_playbook_uq').on(t.projectId, t.playbookStepId),
    index('gtm_project_steps_owner_idx').on(t.accountId, t.ownerId),
  ],
);
