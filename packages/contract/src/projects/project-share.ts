/**
 * A project's public read-only view (issue #21's share links, issue #23's public
 * `/teambition/project`): what someone holding a link sees without signing in. Nothing about
 * people beyond the owner's name, no approvers' remarks, no log.
 */
import { z } from 'zod';
import { PRIORITIES, PROJECT_TYPES, RUN_STATUSES, SCHEDULE_STATUSES, STAGES } from './project-rules';

/** The share kind's name (platform/share): `POST share/links {kind: 'project', entityId: '<id>'}`. */
export const PROJECT_SHARE_KIND = 'project';

export const projectShareViewSchema = z.object({
  code: z.string(),
  name: z.string(),
  type: z.enum(PROJECT_TYPES),
  priority: z.enum(PRIORITIES),
  stage: z.enum(STAGES),
  scheduleStatus: z.enum(SCHEDULE_STATUSES),
  runStatus: z.enum(RUN_STATUSES),
  /** Spec §4's approval status code, 1-5. */
  approvalStatus: z.number().int(),
  ownerName: z.string(),
  deptName: z.string().nullable(),
  deptNameEn: z.string().nullable(),
  description: z.string(),
  skus: z.array(z.string()),
  /** §9's date types: day (yyyy-MM-dd) or null. */
  dates: z.record(z.string(), z.string().nullable()),
  todos: z.array(z.object({ title: z.string(), dueDate: z.string().nullable(), done: z.boolean(), overdue: z.boolean() })),
  events: z.array(z.object({ title: z.string(), content: z.string(), eventDate: z.string() })),
  /** ISO 8601, UTC. */
  updatedAt: z.string(),
});
export type ProjectShareView = z.infer<typeof projectShareViewSchema>;
