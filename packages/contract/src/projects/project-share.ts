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

/**
 * A project's data view (`/teambition/dataView?share=<token>`): its headline and its figures for
 * people outside the back office. Sales are the project's SKUs (a SKU, or a model and all its
 * SKUs) in the shops of the project's account, over the 90 days before today (marketplace-local
 * days, today being incomplete), in the reporting currency.
 */
export const DATA_VIEW_SHARE_KIND = 'data-view';

const salesFigures = z.object({ units: z.number().int(), amount: z.number() });

export const dataViewShareSchema = z.object({
  code: z.string(),
  name: z.string(),
  type: z.enum(PROJECT_TYPES),
  stage: z.enum(STAGES),
  runStatus: z.enum(RUN_STATUSES),
  ownerName: z.string(),
  /** §9's date types: day (yyyy-MM-dd) or null. */
  dates: z.record(z.string(), z.string().nullable()),
  skus: z.array(z.string()),
  sales: z.object({
    /** The reporting currency of `amount` (ISO 4217). */
    currency: z.string(),
    /** The first and last day of the 90 days (yyyy-MM-dd). */
    from: z.string(),
    to: z.string(),
    last30: salesFigures,
    last90: salesFigures,
    /** Every day of the 90, zeros included, oldest first. */
    daily: z.array(salesFigures.extend({ day: z.string() })),
    /** Per SKU sold in the 90 days, best-selling first. */
    bySku: z.array(z.object({ sku: z.string(), last30: salesFigures, last90: salesFigures })),
  }),
  progress: z.object({
    todosDone: z.number().int(),
    todosTotal: z.number().int(),
    overdue: z.number().int(),
    /** The stage gates planned or reached, in stage order. */
    nodes: z.array(
      z.object({
        node: z.string(),
        planDate: z.string().nullable(),
        reachedDate: z.string().nullable(),
        overdue: z.boolean(),
      }),
    ),
  }),
  /** ISO 8601, UTC. */
  updatedAt: z.string(),
});
export type DataViewShareView = z.infer<typeof dataViewShareSchema>;

/** One project todo as a card opened from a chat message (`/chatTask?share=<token>`). */
export const CHAT_TASK_SHARE_KIND = 'chat-task';

export const chatTaskShareSchema = z.object({
  title: z.string(),
  description: z.string(),
  projectCode: z.string(),
  projectName: z.string(),
  assigneeName: z.string(),
  dueDate: z.string().nullable(),
  done: z.boolean(),
  /** Not done and its due day has passed (the server's day). */
  overdue: z.boolean(),
  /** ISO 8601, UTC: the todo's last change. */
  updatedAt: z.string(),
});
export type ChatTaskShareView = z.infer<typeof chatTaskShareSchema>;
