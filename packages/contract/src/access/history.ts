/**
 * The history of one record: the audit rows of one entity and id, newest first, with the
 * fields each change touched. Who may read it is decided per entity on the server (the
 * entity's screen permission, and whether the caller sees that record at all).
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { pageSchema, pagingQuery } from '../envelope';
import { AUDIT_ENTITIES, type AuditEntity } from './audit-codes';

const entityCodes = Object.keys(AUDIT_ENTITIES) as [AuditEntity, ...AuditEntity[]];

/** One field a change touched; before/after are the stored JSON values (null when absent). */
export const historyChangeSchema = z.object({
  field: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type HistoryChange = z.infer<typeof historyChangeSchema>;

export const historyEntrySchema = z.object({
  id: z.number().int(),
  /** ISO 8601, UTC. */
  at: z.string(),
  /** Login name of who acted; null for the system or for someone the caller may not know. */
  actor: z.string().nullable(),
  actorName: z.string().nullable(),
  /** The real person when the actor was acting in god view. */
  impersonator: z.string().nullable(),
  /** An AUDIT_ACTIONS code. */
  action: z.string(),
  changes: z.array(historyChangeSchema),
  before: z.unknown(),
  after: z.unknown(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const getRecordHistory = defineEndpoint({
  method: 'GET',
  path: 'user/rest/v1/history/{entity}/{entityId}',
  access: 'login',
  summary: 'The change history of one record, newest first (the entity’s own permission applies)',
  tags: ['audit'],
  params: z.object({
    entity: z.enum(entityCodes),
    entityId: z.string().min(1).max(64),
  }),
  query: z.object({ ...pagingQuery }),
  data: pageSchema(historyEntrySchema),
});
