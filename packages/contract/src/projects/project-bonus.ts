/**
 * Nodes and bonuses, and the development projects' gate review and documents (spec §7:
 * project/node/bonus, project/result/bonus, project/node/report, project/bonus-export,
 * research project/upload, project/download; docs/projects.md "Nodes and
 * bonuses"). A node is one stage gate (DB … D5) with its plan day, its bonus and the day it was
 * reached; the RESULT node carries the result bonus, earned when the project completes.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idParam, idValue, isoDate } from '../envelope';
import { PROJECT_TYPES, RUN_STATUSES, STAGES } from './project-rules';

const tags = ['projects'];
const SPEC = 'digitize/rest/v1';
const PAGE = 'digitize:projectborard' as const;

export const NODE_KEYS = [...STAGES, 'RESULT'] as const;
export type NodeKey = (typeof NODE_KEYS)[number];

const person = z.object({ id: z.number().int(), name: z.string() });
const money = z.number().min(0).max(1e9);

export const nodeSchema = z.object({
  stage: z.enum(STAGES),
  planDate: z.string().nullable(),
  reachedDate: z.string().nullable(),
  bonus: z.number(),
  /** The bonus once the node is reached, else 0. */
  earned: z.number(),
  /** Planned, not reached, and its plan day has passed. */
  overdue: z.boolean(),
  remark: z.string(),
  reportedBy: person.nullable(),
  /** 0: nothing recorded yet. */
  version: z.number().int(),
});
export type ProjectNode = z.infer<typeof nodeSchema>;

export const nodeBonus = defineEndpoint({
  method: 'GET',
  path: `${SPEC}/project/node/bonus/{id}`,
  access: PAGE,
  summary: 'The nodes of project {id} (every stage gate) with their plan, bonus and what is earned',
  tags,
  params: z.object({ id: idParam }),
  data: z.object({
    nodes: z.array(nodeSchema),
    planned: z.number(),
    earned: z.number(),
    /** Spec §9's expected node-bonus issue day. */
    issueDate: z.string().nullable(),
  }),
});

export const RESULT_STATES = ['pending', 'earned', 'forfeited'] as const;
export const resultBonusSchema = z.object({
  planned: z.number(),
  earned: z.number(),
  /** earned: the project completed; forfeited: closed or canceled; pending: still running. */
  state: z.enum(RESULT_STATES),
  runStatus: z.enum(RUN_STATUSES),
  reachedDate: z.string().nullable(),
  remark: z.string(),
  version: z.number().int(),
});
export const resultBonus = defineEndpoint({
  method: 'GET',
  path: `${SPEC}/project/result/bonus/{id}`,
  access: PAGE,
  summary: 'The result bonus of project {id}: earned when it completes, forfeited when closed or canceled',
  tags,
  params: z.object({ id: idParam }),
  data: resultBonusSchema,
});

export const nodeReportBody = z
  .object({
    projectId: idValue,
    node: z.enum(NODE_KEYS),
    /** The node's version seen (0 when nothing was recorded yet). */
    version: z.number().int().min(0),
    planDate: isoDate.nullable().default(null),
    bonus: money.default(0),
    /** The day it was reached (not for RESULT: the project's completion reaches it). */
    reachedDate: isoDate.nullable().default(null),
    remark: z.string().trim().max(1000).default(''),
  })
  .strict();
export const nodeReport = defineEndpoint({
  method: 'POST',
  path: `${SPEC}/project/node/report`,
  access: PAGE,
  summary:
    "Plan a node (plan day, bonus: who may edit the project) or report it reached (only up to the project's stage, once released)",
  tags,
  write: true,
  body: nodeReportBody,
  data: nodeBonus.data,
});

export const bonusExport = defineEndpoint({
  method: 'GET',
  path: `${SPEC}/project/bonus-export`,
  access: 'digitize:projectborard:export',
  summary:
    'The earned bonuses (nodes reached, results of completed projects) of the filtered projects, for finance (xlsx, streamed)',
  tags,
  binary: true,
  query: z.object({
    type: z.enum(PROJECT_TYPES).optional(),
    keyword: z.string().trim().max(100).optional(),
    /** Reached on or after / before (yyyy-MM-dd). */
    from: isoDate.optional(),
    to: isoDate.optional(),
  }),
});

export const projectFileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  size: z.number().int(),
  contentType: z.string(),
  uploadedBy: person,
  at: z.string(),
});
export type ProjectFile = z.infer<typeof projectFileSchema>;

/** Multipart: `projectId` (a field) and one `file`; the file store judges it (purpose `research`: type by content, 100 MB). */
export const upload = defineEndpoint({
  method: 'POST',
  path: `${SPEC}/project/upload`,
  access: PAGE,
  summary: 'Attach a document to a development project (multipart `projectId`, `file`; whoever may work on it)',
  tags,
  write: true,
  data: projectFileSchema,
});

export const files = defineEndpoint({
  method: 'GET',
  path: `${SPEC}/project/files/{id}`,
  access: PAGE,
  summary: 'The documents of project {id}, newest first',
  tags,
  params: z.object({ id: idParam }),
  data: z.array(projectFileSchema),
});

export const download = defineEndpoint({
  method: 'GET',
  path: `${SPEC}/project/download`,
  access: PAGE,
  summary: 'Download a document of a project (streamed; the file must be that project’s)',
  tags,
  query: z.object({ projectId: idParam, fileId: idParam }),
  binary: true,
  keep: false,
});
