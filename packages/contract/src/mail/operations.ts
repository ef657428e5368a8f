/**
 * Customer-service operations on the mail tree: related problems of a dialogue (spec §7
 * "Other mail"), assignment of dialogues to agents (/mail/assignment, filter 1 assigned /
 * 0 unassigned of spec §3) and the CS board (/mail/csBoard) with the reply-due timer.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idParam, idValue } from '../envelope';
import { fieldCode } from '../validation';
import { dialogueRowSchema } from './dialogues';

const tags = ['mail operations'];

/** A buyer's mail is due for a reply 24 hours after it came in, weekends and holidays included. */
export const REPLY_DUE_HOURS = 24;
/** The board lists what falls due within this many hours as "about to breach". */
export const DUE_SOON_HOURS = 4;
/** The longest period the board reads at once. */
export const BOARD_MAX_DAYS = 366;

/** When a dialogue awaiting a reply since `awaitingSince` falls due (calendar hours, no business-day skipping). */
export function replyDueAt(awaitingSince: string | Date): Date {
  return new Date(new Date(awaitingSince).getTime() + REPLY_DUE_HOURS * 3_600_000);
}

/** breached, dueSoon (within DUE_SOON_HOURS) or ok, at `now`. */
export function dueState(awaitingSince: string | Date, now: Date = new Date()): 'breached' | 'dueSoon' | 'ok' {
  const left = replyDueAt(awaitingSince).getTime() - now.getTime();
  if (left <= 0) return 'breached';
  return left <= DUE_SOON_HOURS * 3_600_000 ? 'dueSoon' : 'ok';
}

// ---- related problems -----------------------------------------------------------------

export const relatedProblemSchema = z.object({
  nodeId: z.number().int(),
  name: z.string(),
  nameEn: z.string(),
  /** Names from the root down to the node, in Chinese and English. */
  path: z.array(z.string()),
  pathEn: z.array(z.string()),
  enabled: z.boolean(),
});
export type RelatedProblem = z.infer<typeof relatedProblemSchema>;

const problemOption = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  nameEn: z.string(),
});

const relatedData = z.object({
  dialogueId: z.number().int(),
  problems: z.array(relatedProblemSchema),
  /** The enabled nodes of the account's problem tree, parents first: what may be linked. */
  options: z.array(problemOption),
});
export type RelatedProblems = z.infer<typeof relatedData>;

const RP = 'email/rest/v1/mail-trees/related-problems';

export const listRelatedProblems = defineEndpoint({
  method: 'GET',
  path: RP,
  access: 'email:emails',
  summary: 'Problem-tree nodes linked to a dialogue, and the enabled nodes that may be linked',
  tags,
  query: z.object({ dialogueId: idParam }),
  data: relatedData,
});

export const addRelatedProblems = defineEndpoint({
  method: 'POST',
  path: RP,
  access: 'email:emails',
  summary: 'Link problem-tree nodes to a dialogue (enabled nodes of the caller’s account; linking twice is a no-op)',
  tags,
  write: true,
  body: z.object({ dialogueId: idValue, nodeIds: z.array(idValue).min(1).max(20) }).strict(),
  data: relatedData,
});

export const removeRelatedProblem = defineEndpoint({
  method: 'DELETE',
  path: RP,
  access: 'email:emails',
  summary: 'Unlink one problem-tree node from a dialogue (404 when it was not linked)',
  tags,
  write: true,
  query: z.object({ dialogueId: idParam, nodeId: idParam }),
  data: relatedData,
});

// ---- assignment ------------------------------------------------------------------------

export const agentSchema = z.object({
  userId: z.number().int(),
  userName: z.string(),
  loginName: z.string(),
  /** Open (not archived) dialogues assigned to the agent. */
  open: z.number().int(),
  /** Of those, awaiting a reply. */
  awaiting: z.number().int(),
  /** Of those, past the 24-hour reply timer. */
  breached: z.number().int(),
});
export type MailAgent = z.infer<typeof agentSchema>;

export const assignmentAgents = defineEndpoint({
  method: 'GET',
  path: 'email/rest/v1/mail-trees/assignment/agents',
  access: 'email:assignment',
  summary:
    'Agents of the account who may answer mail (they hold the reply permission), with their open, awaiting and overdue counts; also the open unassigned count',
  tags,
  query: z.object({ type: z.coerce.number().int().min(0).max(4).default(0) }),
  data: z.object({
    agents: z.array(agentSchema),
    unassigned: z.object({ open: z.number().int(), awaiting: z.number().int(), breached: z.number().int() }),
  }),
});

export const assignDialogues = defineEndpoint({
  method: 'PUT',
  path: 'email/rest/v1/mail-trees/assignment',
  access: 'email:assignment:edit',
  summary:
    'Assign dialogues to an agent (null: unassign), one or many; every dialogue carries the version read (409 and nothing changed when one is stale)',
  tags,
  write: true,
  body: z
    .object({
      items: z
        .array(z.object({ dialogueId: idValue, version: idValue }))
        .min(1)
        .max(500)
        .refine((a) => new Set(a.map((x) => x.dialogueId)).size === a.length, fieldCode('listedTwice')),
      assigneeId: idValue.nullable(),
    })
    .strict(),
  data: z.object({
    updated: z.number().int(),
    items: z.array(z.object({ dialogueId: z.number().int(), version: z.number().int() })),
  }),
});

// ---- CS board --------------------------------------------------------------------------

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, fieldCode('notADate'));

export const boardQuery = z
  .object({
    from: day,
    to: day,
    mailBoxId: idParam.optional(),
    marketId: z.coerce.number().int().min(-1).max(12).default(-1),
  })
  .refine((q) => q.from <= q.to, { path: ['to'], message: fieldCode('endBeforeStart') })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < BOARD_MAX_DAYS, {
    path: ['from'],
    message: fieldCode('atMostDays'),
    params: { max: BOARD_MAX_DAYS },
  });
export type BoardQuery = z.input<typeof boardQuery>;

const duration = z.object({
  /** How many dialogues the figure is over. */
  count: z.number().int(),
  avgHours: z.number().nullable(),
  medianHours: z.number().nullable(),
  /** Share answered within the 24-hour timer (first response only), 0..1. */
  withinDue: z.number().nullable(),
});

export const dueRowSchema = dialogueRowSchema.extend({ dueAt: z.string() });

export const csBoard = defineEndpoint({
  method: 'GET',
  path: 'email/rest/v1/mail-trees/cs-board',
  access: 'email:csBoard',
  summary:
    'The CS board of a period (UTC days, both ends included): mail per day, first-response and resolution times, backlog per agent and marketplace, and the reply-due timer (24 h, weekends included) with what is about to breach and what breached',
  tags,
  query: boardQuery,
  data: z.object({
    from: z.string(),
    to: z.string(),
    now: z.string(),
    days: z.array(
      z.object({
        date: z.string(),
        received: z.number().int(),
        sent: z.number().int(),
        newDialogues: z.number().int(),
        archived: z.number().int(),
      }),
    ),
    totals: z.object({ received: z.number().int(), sent: z.number().int(), newDialogues: z.number().int() }),
    firstResponse: duration,
    resolution: duration,
    backlog: z.object({
      open: z.number().int(),
      awaiting: z.number().int(),
      dueSoon: z.number().int(),
      breached: z.number().int(),
    }),
    perAgent: z.array(
      z.object({
        userId: z.number().int().nullable(),
        userName: z.string().nullable(),
        awaiting: z.number().int(),
        dueSoon: z.number().int(),
        breached: z.number().int(),
        sent: z.number().int(),
      }),
    ),
    perMarket: z.array(
      z.object({
        marketId: z.number().int().nullable(),
        awaiting: z.number().int(),
        dueSoon: z.number().int(),
        breached: z.number().int(),
        received: z.number().int(),
      }),
    ),
    /** Oldest first, at most 50 each. */
    dueSoon: z.array(dueRowSchema),
    breached: z.array(dueRowSchema),
  }),
});
export type DueRow = z.infer<typeof dueRowSchema>;
