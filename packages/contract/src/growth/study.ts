/**
 * Study records (spec §2.3 /study, docs/growth.md "Study records"): what an employee learns
 * (courses, books, trainings, certifications, conferences) with its hours. The employee plans,
 * starts, completes or drops a record (STUDY_MACHINE); a leader up their chain, HR or the
 * administrator confirms a completed record, and only confirmed hours count into the year's
 * learning hours. `studyActions` says who may take which step; the server applies the same rule.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idParam, isoDate, pageSchema, pagingQuery, sortOrderSchema } from '../envelope';
import { defineStateMachine } from '../state-machine';
import { fieldCode } from '../validation';
import { GROWTH_BASE } from './values';

const tags = ['growth'];

export const STUDY_KINDS = ['course', 'book', 'training', 'certification', 'conference'] as const;
export type StudyKind = (typeof STUDY_KINDS)[number];
export const STUDY_KIND_LABEL: Readonly<Record<StudyKind, { zh: string; en: string }>> = {
  course: { zh: '课程', en: 'Course' },
  book: { zh: '读书', en: 'Book' },
  training: { zh: '培训', en: 'Training' },
  certification: { zh: '认证', en: 'Certification' },
  conference: { zh: '会议', en: 'Conference' },
};

export const STUDY_STATES = ['planned', 'inProgress', 'completed', 'confirmed', 'dropped'] as const;
export type StudyState = (typeof STUDY_STATES)[number];
export const STUDY_ACTIONS = ['start', 'complete', 'drop', 'confirm', 'return'] as const;
export type StudyAction = (typeof STUDY_ACTIONS)[number];

/**
 * planned → inProgress → completed → confirmed; completed straight from planned (a one-day
 * training); planned or in progress → dropped; the confirmer may return a completed record to in
 * progress with a remark. confirmed and dropped are final.
 */
export const STUDY_MACHINE = defineStateMachine<StudyState, StudyAction>({
  entity: { zh: '学习记录', en: 'Study record' },
  states: {
    planned: { label: { zh: '计划中', en: 'Planned' }, tone: 'default' },
    inProgress: { label: { zh: '学习中', en: 'In progress' }, tone: 'processing' },
    completed: { label: { zh: '待确认', en: 'To confirm' }, tone: 'warning' },
    confirmed: { label: { zh: '已确认', en: 'Confirmed' }, tone: 'success', final: true },
    dropped: { label: { zh: '已放弃', en: 'Dropped' }, tone: 'error', final: true },
  },
  transitions: [
    { action: 'start', from: ['planned'], to: 'inProgress', label: { zh: '开始学习', en: 'Start' } },
    {
      action: 'complete',
      from: ['planned', 'inProgress'],
      to: 'completed',
      label: { zh: '完成', en: 'Complete' },
      destructive: false,
      confirm: {
        zh: '完成后交给上级确认，确认后学时计入本年度。',
        en: 'Your leader then confirms it; confirmed hours count into the year.',
      },
    },
    {
      action: 'drop',
      from: ['planned', 'inProgress'],
      to: 'dropped',
      label: { zh: '放弃', en: 'Drop' },
      confirm: { zh: '放弃后记录保留但不能再修改，学时不计入。', en: 'The record stays but is locked; its hours do not count.' },
    },
    {
      action: 'confirm',
      from: ['completed'],
      to: 'confirmed',
      label: { zh: '确认', en: 'Confirm' },
      destructive: false,
      confirm: { zh: '确认后学时计入员工本年度学习时长。', en: "The hours then count into the employee's year." },
    },
    {
      action: 'return',
      from: ['completed'],
      to: 'inProgress',
      label: { zh: '退回', en: 'Return' },
      confirm: { zh: '退回给员工补充，请写明原因。', en: 'The employee gets it back to add to it; say why.' },
    },
  ],
});

/** Who takes a step: the employee moves their own record, the confirmer (leader chain, HR, administrator) confirms or returns it. */
export const STUDY_ACTION_ROLE: Readonly<Record<StudyAction, 'employee' | 'confirmer'>> = {
  start: 'employee',
  complete: 'employee',
  drop: 'employee',
  confirm: 'confirmer',
  return: 'confirmer',
};

/** The states in which the employee may still change a record, and delete it. */
export const STUDY_EDITABLE: readonly StudyState[] = ['planned', 'inProgress', 'completed'];
export const STUDY_DELETABLE: readonly StudyState[] = ['planned', 'dropped'];

/** The steps the caller may take now: the state allows it and the caller holds the step's role. */
export function studyActions(r: { state: StudyState; isEmployee: boolean; isConfirmer: boolean }): StudyAction[] {
  return STUDY_MACHINE.transitions
    .filter((t) => t.from.includes(r.state))
    .filter((t) => (STUDY_ACTION_ROLE[t.action] === 'employee' ? r.isEmployee : r.isConfirmer))
    .map((t) => t.action);
}

export const MIN_STUDY_HOURS = 0.5;
export const MAX_STUDY_HOURS = 500;

const person = z.object({ id: z.number().int(), name: z.string() });

export const studyRecordSchema = z.object({
  id: z.number().int(),
  employee: person,
  /** The employee's department today (null outside every department). */
  dept: z.string().nullable(),
  title: z.string(),
  kind: z.enum(STUDY_KINDS),
  provider: z.string(),
  hours: z.number(),
  startDay: z.string().nullable(),
  endDay: z.string().nullable(),
  state: z.enum(STUDY_STATES),
  link: z.string().nullable(),
  note: z.string(),
  confirmedBy: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  /** Why the confirmer returned it (the last return), shown to the employee. */
  returnRemark: z.string().nullable(),
  /** What the caller is to this record, and may do now. */
  role: z.enum(['employee', 'confirmer']),
  canEdit: z.boolean(),
  canDelete: z.boolean(),
  actions: z.array(z.enum(STUDY_ACTIONS)),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type StudyRecord = z.infer<typeof studyRecordSchema>;

const httpsLink = z
  .string()
  .trim()
  .max(500)
  .regex(/^https:\/\/[^\s/$.?#][^\s]*$/i, fieldCode('growth.httpsLink'));

const hours = z
  .number()
  .min(MIN_STUDY_HOURS)
  .max(MAX_STUDY_HOURS)
  .refine((h) => Number.isInteger(h * 2), fieldCode('growth.halfHours'));

const studyFields = z.object({
  title: z.string().trim().min(1).max(120),
  kind: z.enum(STUDY_KINDS),
  provider: z.string().trim().max(120).default(''),
  hours,
  startDay: isoDate.nullable().default(null),
  endDay: isoDate.nullable().default(null),
  link: httpsLink.nullable().default(null),
  note: z.string().trim().max(2000).default(''),
});
const endAfterStart = (v: { startDay: string | null; endDay: string | null }, ctx: z.RefinementCtx) => {
  if (v.startDay && v.endDay && v.endDay < v.startDay)
    ctx.addIssue({ code: 'custom', path: ['endDay'], message: fieldCode('growth.endBeforeStart') });
};
export const studyBody = studyFields.superRefine(endAfterStart);
export const studyUpdateBody = studyFields.extend({ version: z.number().int().min(1) }).superRefine(endAfterStart);
export type StudyBody = z.infer<typeof studyBody>;
export type StudyUpdateBody = z.infer<typeof studyUpdateBody>;

export const STUDY_VIEWS = ['mine', 'team', 'all'] as const;
export type StudyView = (typeof STUDY_VIEWS)[number];
export const STUDY_SORT_FIELDS = ['updatedAt', 'startDay', 'endDay', 'hours', 'title'] as const;

const filterQuery = {
  view: z.enum(STUDY_VIEWS).default('mine'),
  /** The year of the record's end day (its start day while it has none). */
  year: z.coerce.number().int().min(2000).max(2100).optional(),
  state: z.enum(STUDY_STATES).optional(),
  kind: z.enum(STUDY_KINDS).optional(),
  keyword: z.string().trim().max(100).optional(),
};
export type StudyFilter = {
  view: StudyView;
  year?: number | undefined;
  state?: StudyState | undefined;
  kind?: StudyKind | undefined;
  keyword?: string | undefined;
};

export const listStudy = defineEndpoint({
  method: 'GET',
  path: `${GROWTH_BASE}/study`,
  access: 'digitize:grow:study',
  summary: "My study records, my team's (as a leader up their chain) or all (HR, administrator)",
  tags,
  query: z.object({
    ...filterQuery,
    sortField: z.enum(STUDY_SORT_FIELDS).default('updatedAt'),
    sortOrder: sortOrderSchema.default('desc'),
    ...pagingQuery,
  }),
  data: pageSchema(studyRecordSchema),
});

export const studySummarySchema = z.object({
  year: z.number().int(),
  /** Confirmed hours of the year: the learning hours that count. */
  confirmedHours: z.number(),
  /** Completed hours waiting for the confirmation. */
  pendingHours: z.number(),
  /** Hours of records planned or in progress. */
  plannedHours: z.number(),
  records: z.number().int(),
  byState: z.record(z.enum(STUDY_STATES), z.number().int()),
  /** Per month of the year (1–12): confirmed and pending hours by the end day. */
  months: z.array(z.object({ month: z.number().int(), confirmed: z.number(), pending: z.number() })),
  /** Whether the caller may open the all view (HR, administrator). */
  canSeeAll: z.boolean(),
});
export type StudySummary = z.infer<typeof studySummarySchema>;

export const studySummary = defineEndpoint({
  method: 'GET',
  path: `${GROWTH_BASE}/study/summary`,
  access: 'digitize:grow:study',
  summary: "A view's learning hours of a year: confirmed, pending, per month (the list's view, kind and keyword)",
  tags,
  query: z.object({
    view: filterQuery.view,
    year: z.coerce.number().int().min(2000).max(2100).optional(),
    kind: filterQuery.kind,
    keyword: filterQuery.keyword,
  }),
  data: studySummarySchema,
});

export const exportStudy = defineEndpoint({
  method: 'GET',
  path: `${GROWTH_BASE}/study/excel`,
  access: 'digitize:grow:study',
  summary: "The view's study records with the list's filters as .xlsx, streamed",
  tags,
  query: z.object(filterQuery),
  binary: true,
});

export const getStudy = defineEndpoint({
  method: 'GET',
  path: `${GROWTH_BASE}/study/{id}`,
  access: 'digitize:grow:study',
  summary: 'One study record (its employee, a leader up their chain, HR, the administrator)',
  tags,
  params: z.object({ id: idParam }),
  data: studyRecordSchema,
});

export const createStudy = defineEndpoint({
  method: 'POST',
  path: `${GROWTH_BASE}/study`,
  access: 'digitize:grow:study',
  summary: 'Add a study record of my own (planned)',
  tags,
  write: true,
  body: studyBody,
  data: studyRecordSchema,
});

export const updateStudy = defineEndpoint({
  method: 'PUT',
  path: `${GROWTH_BASE}/study/{id}`,
  access: 'digitize:grow:study',
  summary: 'Change my study record while planned, in progress or completed (409 on a stale version or a locked state)',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  body: studyUpdateBody,
  data: studyRecordSchema,
});

export const deleteStudy = defineEndpoint({
  method: 'DELETE',
  path: `${GROWTH_BASE}/study/{id}`,
  access: 'digitize:grow:study',
  summary: 'Remove my study record while planned or dropped (409 otherwise)',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  data: z.null(),
});

/** The return dialog's form: why the record goes back (required). */
export const studyReturnBody = z.object({ remark: z.string().trim().min(1).max(1000) });

export const studyActionBody = z
  .object({
    action: z.enum(STUDY_ACTIONS),
    version: z.number().int().min(1),
    remark: z.string().trim().max(1000).default(''),
  })
  .superRefine((v, ctx) => {
    if (v.action === 'return' && v.remark === '')
      ctx.addIssue({ code: 'custom', path: ['remark'], message: fieldCode('growth.remarkRequired') });
  });
export type StudyActionBody = z.infer<typeof studyActionBody>;

export const actOnStudy = defineEndpoint({
  method: 'POST',
  path: `${GROWTH_BASE}/study/{id}/actions`,
  access: 'digitize:grow:study',
  summary:
    'Move a study record (STUDY_MACHINE): start, complete and drop by its employee; confirm and return by a leader up their chain, HR or the administrator',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  body: studyActionBody,
  data: studyRecordSchema,
});
